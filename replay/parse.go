package replay

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// maxErrors is how many errors Parse collects before it gives up.
const maxErrors = 10

// MaxMoves is the most moves a replay may have. The longest solutions of
// our games have a few hundred moves; the bound keeps a runaway file (a
// million moves would make a page of some 150 MB) from exhausting memory.
const MaxMoves = 20000

// headerKeys are the keys a replay header may hold, in printing order.
var headerKeys = []string{"game", "variant", "deal", "layout", "title", "id", "result", "mark", "note"}

// Parse reads a replay. The file name is used in error positions; line
// is the line number of src's first line in that file (1 for a file of its
// own, more for a block inside a Markdown page). The error, if any, is an
// srcpos.ErrorList sorted by position.
func Parse(file string, line int, src []byte) (*Replay, error) {
	p := &parser{r: &Replay{File: file, Pos: map[string]srcpos.Pos{}}, file: file}
	p.parse(line, src)
	if len(p.errs) > 0 {
		p.errs.Sort()
		return nil, p.errs
	}
	return p.r, nil
}

// ParseMove reads one move written as in a replay's body, with no number
// and no note ("t12:7H t3", "deal", "merci t4:9S t4"), for a program that
// builds a Replay itself (the play panel's engine) rather than writing a
// header out to parse it back. The error is an srcpos.ErrorList.
func ParseMove(file string, line int, text string) (Move, error) {
	p := &parser{r: &Replay{File: file}, file: file}
	if strings.ContainsAny(text, "\r\n#") || strings.Contains(text, "--") {
		p.errorf(p.pos(line, 1), "it is not one move")
	} else {
		p.move(line, 0, text)
		if len(p.errs) == 0 && (len(p.r.Moves) != 1 || p.r.Moves[0].Number != 0) {
			p.errorf(p.pos(line, 1), "it is not one move")
		}
	}
	if len(p.errs) > 0 {
		return Move{}, p.errs
	}
	return p.r.Moves[0], nil
}

type parser struct {
	r      *Replay
	file   string
	errs   srcpos.ErrorList
	inBody bool // a move has been read: no more header lines
	moves  int  // move lines read, good or bad: the number the next one has
	layout bool // inside a "layout:" block
	done   bool // stop reading
}

func (p *parser) errorf(pos srcpos.Pos, format string, args ...any) {
	if len(p.errs) < maxErrors {
		p.errs.Add(pos, fmt.Sprintf(format, args...))
	}
}

func (p *parser) pos(line, col int) srcpos.Pos { return srcpos.Pos{File: p.file, Line: line, Col: col} }

func (p *parser) parse(first int, src []byte) {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	n := first
	for len(src) > 0 && len(p.errs) < maxErrors && !p.done {
		var text []byte
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			text, src = src[:i], src[i+1:]
		} else {
			text, src = src, nil
		}
		text = bytes.TrimSuffix(text, []byte("\r"))
		if !utf8.Valid(text) {
			col := 1
			for len(text) > 0 {
				r, size := utf8.DecodeRune(text)
				if r == utf8.RuneError && size <= 1 {
					break
				}
				text = text[size:]
				col += size
			}
			// One error for the file: the lines after the first bad
			// one (a binary file has many) would repeat it.
			p.errorf(p.pos(n, col), "invalid UTF-8 text")
			p.done = true
		} else {
			p.line(n, string(text))
		}
		n++
	}
}

// line reads one line of text, numbered n.
func (p *parser) line(n int, text string) {
	trimmed := strings.TrimLeft(text, " \t")
	indent := len(text) - len(trimmed)
	trimmed = strings.TrimRight(trimmed, " \t")
	switch {
	case trimmed == "":
		p.layout = false
		return
	case trimmed[0] == '#':
		return
	case strings.HasPrefix(trimmed, "--"):
		p.continueNote(n, indent, trimmed)
		return
	}
	if p.layout && indent > 0 {
		p.layoutLine(n, indent, trimmed)
		return
	}
	p.layout = false
	if key, val, ok := headerLine(trimmed); ok && indent == 0 {
		p.header(n, key, val, len(key)+1+len(val)-len(strings.TrimLeft(val, " \t")))
		return
	}
	p.inBody = true
	if len(p.r.Moves) >= MaxMoves {
		p.errorf(p.pos(n, indent+1), "too many moves: a replay may have at most %d", MaxMoves)
		p.done = true
		return
	}
	p.move(n, indent, trimmed)
}

// headerLine splits "key: value"; the key is lower-case letters and the
// colon is followed by a space or the end of the line (so "w:7H f1", a
// move with a card asserted, is not a header).
func headerLine(s string) (key, val string, ok bool) {
	i := strings.IndexByte(s, ':')
	if i <= 0 {
		return "", "", false
	}
	for _, c := range s[:i] {
		if c < 'a' || c > 'z' {
			return "", "", false
		}
	}
	if i+1 < len(s) && s[i+1] != ' ' && s[i+1] != '\t' {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

func (p *parser) header(n int, key, val string, valCol int) {
	pos := p.pos(n, 1)
	vpos := p.pos(n, valCol+1)
	val = strings.TrimSpace(val)
	if p.inBody {
		p.errorf(pos, "header line %q after the first move: the header comes first", key+":")
		return
	}
	known := false
	for _, k := range headerKeys {
		known = known || k == key
	}
	if !known {
		p.errorf(pos, "unknown header key %q (known: %s)", key, strings.Join(headerKeys, ", "))
		return
	}
	if _, dup := p.r.Pos[key]; dup {
		p.errorf(pos, "%s given twice", key)
		return
	}
	p.r.Pos[key] = vpos
	if key != "layout" && key != "variant" && key != "note" && key != "title" && val == "" {
		p.errorf(vpos, "%s: missing value", key)
		return
	}
	switch key {
	case "game":
		p.r.Game = val
	case "variant":
		p.r.Variant = val
	case "deal":
		p.r.Deal = val
	case "title":
		p.r.Title = val
	case "id":
		if !validID(val) {
			p.errorf(vpos, "id %q: use letters, digits, '-' and '_' only", val)
		}
		p.r.ID = val
	case "result":
		switch val {
		case "won", "stuck", "stopped":
			p.r.Result = val
		default:
			p.errorf(vpos, "result %q: want won, stuck or stopped", val)
		}
	case "note":
		p.r.Note = oneLine(val)
	case "mark":
		p.mark(n, valCol+1, val)
	case "layout":
		if val != "" {
			p.errorf(vpos, "layout: put each pile on its own indented line below, like \"  t1: 3D 4D 6C\"")
		}
		p.layout = true
	}
}

func validID(s string) bool {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return s != ""
}

// mark reads the cards of a "mark:" header, whose value starts at column
// col.
func (p *parser) mark(n, col int, val string) {
	for _, f := range fields(val) {
		c, err := engine.ParseCard(f.text)
		if err != nil {
			p.errorf(p.pos(n, col+f.col), "mark: %v", err)
			continue
		}
		p.r.Mark = append(p.r.Mark, c.String())
	}
}

// layoutLine reads "t1: 3D 4D 6C" inside a layout block.
func (p *parser) layoutLine(n, indent int, s string) {
	i := strings.IndexByte(s, ':')
	if i <= 0 || !validPile(s[:i]) {
		p.errorf(p.pos(n, indent+1), "layout line: want a pile and its cards, bottom first, like \"t1: 3D 4D 6C\"")
		return
	}
	lp := LayoutPile{Pos: p.pos(n, indent+1), Pile: s[:i]}
	for _, f := range fields(s[i+1:]) {
		c, err := engine.ParseCard(f.text)
		if err != nil {
			p.errorf(p.pos(n, indent+i+2+f.col), "%v", err)
			continue
		}
		lp.Cards = append(lp.Cards, c.String())
	}
	p.r.Layout = append(p.r.Layout, lp)
}

// continueNote adds a "-- text" line to the note of the last move (or
// of the start, before the first move).
func (p *parser) continueNote(n, indent int, s string) {
	text := oneLine(s[2:])
	target := &p.r.Note
	if len(p.r.Moves) > 0 {
		target = &p.r.Moves[len(p.r.Moves)-1].Note
	} else if p.inBody {
		p.errorf(p.pos(n, indent+1), "note continuation before any move")
		return
	}
	if *target == "" {
		*target = text
	} else if text != "" {
		*target += " " + text
	}
}

type field struct {
	text string
	col  int // byte offset in the string it came from
}

func fields(s string) []field {
	var out []field
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		if j > i {
			out = append(out, field{s[i:j], i})
		}
		i = j
	}
	return out
}

// validPile reports whether s has the form of a pile name: lower-case
// letters and then digits ("t12", "f1", "w", "s").
func validPile(s string) bool {
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == 0 {
		return false
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return j == len(s) && (j == i || s[i] != '0')
}

// move reads a move line: [N.] (deal | redeal | [KEYWORD] FROM[:CARD] TO)
// [-- note], where KEYWORD is that of a game's own kind of move ("merci",
// engine.KeywordAction).
func (p *parser) move(n, indent int, s string) {
	m := Move{}
	body := s
	if i := strings.Index(s, "--"); i >= 0 && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') {
		m.Note = oneLine(s[i+2:])
		body = s[:i]
	}
	fs := fields(body)
	col := func(f field) srcpos.Pos { return p.pos(n, indent+f.col+1) }
	// A bad move still counts as a move, so that the numbers of the
	// moves after it are not reported as wrong too.
	p.moves++
	if len(fs) > 0 && strings.HasSuffix(fs[0].text, ".") {
		num, err := strconv.Atoi(strings.TrimSuffix(fs[0].text, "."))
		if err != nil || num <= 0 || num > 1e8 {
			p.errorf(col(fs[0]), "bad move number %q", fs[0].text)
			return
		}
		if want := p.moves; num != want {
			p.errorf(col(fs[0]), "move number %d, but this is move %d", num, want)
			return
		}
		m.Number = num
		fs = fs[1:]
	}
	if len(fs) == 0 {
		p.errorf(p.pos(n, indent+1), "a move is missing: want \"FROM TO\", \"deal\" or \"redeal\"")
		return
	}
	m.Pos = col(fs[0])
	switch fs[0].text {
	case "deal", "redeal":
		m.Action = fs[0].text
		if len(fs) > 1 {
			p.errorf(col(fs[1]), "%s takes no piles; a note goes after \"--\"", m.Action)
			return
		}
		p.r.Moves = append(p.r.Moves, m)
		return
	}
	if _, ok := engine.KeywordAction(fs[0].text); ok {
		m.Action = fs[0].text
		fs = fs[1:]
		if len(fs) == 0 {
			p.errorf(m.Pos, "%s: want \"%s FROM:CARD TO\"", m.Action, m.Action)
			return
		}
	}
	if len(fs) != 2 {
		at := m.Pos
		if len(fs) > 2 {
			at = col(fs[2])
		}
		p.errorf(at, "want a move \"FROM TO\" (like \"t12 t3\" or \"t12:7H t3\"), got %q", strings.TrimSpace(body))
		return
	}
	src, dst := fs[0], fs[1]
	from, card, hasCard := strings.Cut(src.text, ":")
	m.From, m.FromPos = from, col(src)
	if !validPile(from) {
		p.errorf(m.FromPos, "bad pile %q: want a name like t12, f1, w or s", from)
		return
	}
	if hasCard {
		m.CardPos = p.pos(n, indent+src.col+len(from)+2)
		c, err := engine.ParseCard(card)
		if err != nil {
			p.errorf(m.CardPos, "%v", err)
			return
		}
		m.Card = c.String()
	}
	m.To, m.ToPos = dst.text, col(dst)
	if !validPile(dst.text) {
		p.errorf(m.ToPos, "bad pile %q: want a name like t3, f1 or f", dst.text)
		return
	}
	p.r.Moves = append(p.r.Moves, m)
}
