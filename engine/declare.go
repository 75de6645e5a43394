package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// A game declaration file (content/docs/declaring-games.md) says
// everything a Game holds, one line a fact:
//
//	# comment
//	game: freecell
//	name: FreeCell
//	pack: one
//	pile c1-c4: cell x=0,1.125,2.25,3.375 y=0
//	pile f1-f4: foundation suit=clubs,spades,hearts,diamonds base=A step=1 len=13 x=4.5 dx=1.125 y=0
//	pile t1-t8: tableau build=down-alternate-colour fill=any runs fan=down x=0.5 dx=1.125 y=1.25
//	deal: 6x t1-t8
//	deal: t1-t4
//	variant: NAME
//	...lines that change the default's
//
// ParseGameFile reads one; the games built into the engine are such files
// (engine/games/*.game), read at init.

// ParseGameFile reads the declaration file name (its text src) and returns
// its game and the game's variants, the default rules first, each
// checked and finished but not registered (Register). Its error is a
// srcpos.ErrorList, the root error first.
func ParseGameFile(name string, src []byte) ([]*Game, error) {
	return parseGameFile(name, src, false)
}

// maxPiles bounds the piles of a declared game (Move.From is an int8).
const maxPiles = 100

// declKeys are the keys of a declaration's lines.
var declKeys = []string{"game", "name", "pack", "pile", "deal", "shuffle", "redeals", "redeal", "rules", "variant"}

// A word is one word of a line and its column (from 1, in bytes).
type word struct {
	s   string
	col int
}

// declPile is a pile as declared: its spec, and what its place and label
// are made from when the game is built.
type declPile struct {
	spec         PileSpec
	pos          srcpos.Pos
	label        string // may hold {n} and {suit}
	x, y, dx, dy float32
	perRow       int // piles to a row; 0: all in one row
	at           int // the pile's index in the line that placed it
}

// dealStep deals one card to each of ids in order, times times; or, with
// rest, the undealt cards to the one pile of ids.
type dealStep struct {
	times int
	ids   []word
	rest  bool
	pos   srcpos.Pos
}

// shuffleProc is a named rearrangement of the shuffled cards before the
// deal (PySolFC's _shuffleHook).
type shuffleProc struct {
	name        string // kings-under, to-top, to-bottom
	every, lone int    // kings-under
	ranks       []Rank // to-top, to-bottom
	firstPack   bool   // to-top, to-bottom: only pack 1's cards
	pos         srcpos.Pos
}

// ruleDecl is a rule named on a rules: line.
type ruleDecl struct {
	rule Rule
	pos  srcpos.Pos
}

// declGame is a game or variant as its lines declare it.
type declGame struct {
	slug, variant, name string
	pos                 srcpos.Pos // the game: or variant: line
	pack                Pack
	packSet             bool
	piles               []*declPile
	deal                []dealStep
	dealReplaced        bool // a variant's first deal: line replaces the default's
	shuffle             *shuffleProc
	redeals             int
	redeal              RedealKind
	redealPos           srcpos.Pos
	rules               []ruleDecl
}

func (d *declGame) clone() *declGame {
	c := *d
	c.piles = make([]*declPile, len(d.piles))
	for i, p := range d.piles {
		q := *p
		c.piles[i] = &q
	}
	c.deal = append([]dealStep(nil), d.deal...)
	c.rules = append([]ruleDecl(nil), d.rules...)
	return &c
}

func (d *declGame) pile(id string) *declPile {
	for _, p := range d.piles {
		if p.spec.ID == id {
			return p
		}
	}
	return nil
}

// declParser reads a declaration file.
type declParser struct {
	file    string
	errs    srcpos.ErrorList
	line    int
	base    *declGame
	cur     *declGame
	vars    []*declGame
	builtin bool
	// pileFailed: a pile line was refused, so a later line naming its
	// piles would only repeat the error.
	pileFailed bool
}

func (p *declParser) pos(col int) srcpos.Pos { return srcpos.Pos{File: p.file, Line: p.line, Col: col} }

func (p *declParser) errorf(col int, format string, args ...any) {
	p.errs.Add(p.pos(col), fmt.Sprintf(format, args...))
}

func parseGameFile(name string, src []byte, builtin bool) ([]*Game, error) {
	p := &declParser{file: name, builtin: builtin}
	for i, line := range strings.Split(string(src), "\n") {
		p.line = i + 1
		p.parseLine(strings.TrimSuffix(line, "\r"))
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	if p.base == nil {
		p.errs.Add(srcpos.Pos{File: name, Line: 1, Col: 1}, "no game: line: a declaration starts with game: SLUG")
		return nil, p.errs
	}
	var games []*Game
	for k, d := range append([]*declGame{p.base}, p.vars...) {
		g, errs := d.build(builtin)
		if len(errs) > 0 {
			// A variant repeats the default's lines: its errors would
			// be the default's again.
			p.errs = append(p.errs, errs...)
			if k == 0 {
				break
			}
			continue
		}
		games = append(games, g)
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return games, nil
}

// splitWords splits s (a line after its key) into words, a word being
// either bare or key="quoted text"; a # outside quotes starts a comment.
// off is the column of s[0], less one.
func (p *declParser) splitWords(s string, off int) ([]word, bool) {
	var out []word
	i := 0
	for i < len(s) {
		c := s[i]
		if c == ' ' || c == '\t' {
			i++
			continue
		}
		if c == '#' {
			break
		}
		start := i
		var b strings.Builder
		for i < len(s) && s[i] != ' ' && s[i] != '\t' {
			if s[i] == '"' {
				end := strings.IndexByte(s[i+1:], '"')
				if end < 0 {
					p.errorf(off+i+1, "unclosed quote")
					return nil, false
				}
				b.WriteString(s[i+1 : i+1+end])
				i += end + 2
				continue
			}
			b.WriteByte(s[i])
			i++
		}
		out = append(out, word{b.String(), off + start + 1})
	}
	return out, true
}

func (p *declParser) parseLine(line string) {
	trim := strings.TrimLeft(line, " \t")
	if trim == "" || trim[0] == '#' {
		return
	}
	indent := len(line) - len(trim)
	colon := strings.IndexByte(trim, ':')
	if colon < 0 {
		p.errorf(indent+1, "a line is KEY: VALUE (keys: %s)", strings.Join(declKeys, ", "))
		return
	}
	head := strings.Fields(trim[:colon])
	if len(head) == 0 {
		p.errorf(indent+1, "a line is KEY: VALUE (keys: %s)", strings.Join(declKeys, ", "))
		return
	}
	key := head[0]
	words, ok := p.splitWords(trim[colon+1:], indent+colon+1)
	if !ok {
		p.pileFailed = p.pileFailed || key == "pile"
		return
	}
	valCol := indent + colon + 2
	if len(words) > 0 {
		valCol = words[0].col
	}
	known := false
	for _, k := range declKeys {
		known = known || k == key
	}
	if !known {
		p.errorf(indent+1, "unknown key %q (keys: %s)", key, strings.Join(declKeys, ", "))
		return
	}
	if key != "pile" && len(head) > 1 {
		p.errorf(indent+1, "%s takes no name before the colon: %s: VALUE", key, key)
		return
	}
	if key == "pile" && len(head) != 2 {
		p.errorf(indent+1, "a pile line is pile IDS: KIND ATTRIBUTES (e.g. pile t1-t8: tableau build=down-in-suit)")
		return
	}
	if key == "game" {
		p.gameLine(words, valCol)
		return
	}
	if p.cur == nil {
		p.errorf(indent+1, "the declaration starts with game: SLUG")
		return
	}
	if key != "pile" && key != "deal" && key != "rules" && key != "shuffle" && len(words) == 0 {
		p.errorf(valCol, "%s: needs a value", key)
		return
	}
	d := p.cur
	switch key {
	case "name":
		// The rest of the line, comment cut.
		var parts []string
		for _, w := range words {
			parts = append(parts, w.s)
		}
		d.name = strings.Join(parts, " ")
	case "pack":
		if p.single(key, words) {
			switch words[0].s {
			case "one":
				d.pack = OnePack
			case "two":
				d.pack = TwoPacks
			case "skat":
				d.pack = SkatPack
			default:
				p.errorf(words[0].col, "unknown pack %q (one, two, skat)", words[0].s)
				return
			}
			d.packSet = true
		}
	case "pile":
		p.pileLine(head[1], indent+4+strings.Index(trim[4:], head[1])+1, words, valCol)
	case "deal":
		p.dealLine(words, valCol)
	case "shuffle":
		p.shuffleLine(words, valCol)
	case "redeals":
		if p.single(key, words) {
			n, ok := p.number(words[0], 0, 100)
			if ok {
				d.redeals = n
			}
		}
	case "redeal":
		if p.single(key, words) {
			k, ok := redealNames[words[0].s]
			if !ok {
				p.errorf(words[0].col, "unknown redeal %q (%s)", words[0].s, strings.Join(redealNameList, ", "))
				return
			}
			d.redeal, d.redealPos = k, p.pos(words[0].col)
		}
	case "rules":
		p.rulesLine(words)
	case "variant":
		if p.single(key, words) && p.slug("variant", words[0]) {
			for _, v := range p.vars {
				if v.variant == words[0].s {
					p.errorf(words[0].col, "variant %s is declared twice (first at line %d)", v.variant, v.pos.Line)
					return
				}
			}
			v := p.base.clone()
			v.variant, v.pos = words[0].s, p.pos(words[0].col)
			v.dealReplaced = false
			p.vars = append(p.vars, v)
			p.cur = v
		}
	}
}

// single reports whether words is one word, saying so if not.
func (p *declParser) single(key string, words []word) bool {
	if len(words) != 1 {
		col := p.pos(1).Col
		if len(words) > 1 {
			col = words[1].col
		}
		p.errorf(col, "%s: takes one value", key)
		return false
	}
	return true
}

// slug checks that w is a lower-case name with hyphens.
func (p *declParser) slug(what string, w word) bool {
	ok := w.s != "" && len(w.s) <= 64
	for _, c := range w.s {
		ok = ok && (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')
	}
	if !ok {
		p.errorf(w.col, "%s %q: a name of lower-case letters, digits and hyphens", what, w.s)
	}
	return ok
}

func (p *declParser) number(w word, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(w.s)
	if err != nil || n < lo || n > hi {
		p.errorf(w.col, "%q: a whole number from %d to %d", w.s, lo, hi)
		return 0, false
	}
	return n, true
}

func (p *declParser) gameLine(words []word, col int) {
	if p.base != nil {
		p.errorf(col, "a file declares one game: game: is already at line %d (variants follow variant: NAME)", p.base.pos.Line)
		return
	}
	if len(words) == 0 {
		p.errorf(col, "game: needs the game's slug, e.g. game: freecell")
		return
	}
	if !p.single("game", words) || !p.slug("game", words[0]) {
		return
	}
	p.base = &declGame{slug: words[0].s, pos: p.pos(words[0].col)}
	p.cur = p.base
}

// pileIDs expands "t1-t8", "c1,c3,c5" or "s" into pile ids.
func (p *declParser) pileIDs(s string, col int) ([]word, bool) {
	var out []word
	for _, item := range strings.Split(s, ",") {
		from, to, isRange := strings.Cut(item, "-")
		pa, na, ok1 := splitID(from)
		if !ok1 {
			p.errorf(col, "pile %q: a pile is named by lower-case letters and a number (t1, f12, s)", from)
			return nil, false
		}
		if !isRange {
			out = append(out, word{item, col})
		} else {
			pb, nb, ok2 := splitID(to)
			switch {
			case !ok2:
				p.errorf(col, "pile %q: a pile is named by lower-case letters and a number (t1, f12, s)", to)
				return nil, false
			case pa != pb || na < 1 || nb < na:
				p.errorf(col, "range %q: from a pile to a later one of the same letters, e.g. t1-t8", item)
				return nil, false
			case nb-na >= maxPiles:
				p.errorf(col, "range %q: more than %d piles", item, maxPiles)
				return nil, false
			}
			for n := na; n <= nb; n++ {
				out = append(out, word{fmt.Sprintf("%s%d", pa, n), col})
			}
		}
		col += len(item) + 1
	}
	return out, true
}

// splitID splits a pile id into its letters and its number (0 if none).
func splitID(id string) (string, int, bool) {
	i := 0
	for i < len(id) && id[i] >= 'a' && id[i] <= 'z' {
		i++
	}
	if i == 0 || i > 8 {
		return "", 0, false
	}
	if i == len(id) {
		return id, 0, true
	}
	if len(id)-i > 3 || id[i] == '0' {
		return "", 0, false
	}
	n, err := strconv.Atoi(id[i:])
	if err != nil {
		return "", 0, false
	}
	return id[:i], n, true
}

var kindNames = map[string]PileKind{"tableau": Tableau, "foundation": Foundation, "reserve": Reserve,
	"stock": Stock, "waste": Waste, "cell": Cell}

var kindNameList = []string{"tableau", "foundation", "reserve", "stock", "waste", "cell"}

func (p *declParser) pileLine(ids string, idCol int, words []word, valCol int) {
	n := len(p.errs)
	p.pileLine1(ids, idCol, words, valCol)
	if len(p.errs) > n {
		p.pileFailed = true
	}
}

func (p *declParser) pileLine1(ids string, idCol int, words []word, valCol int) {
	d := p.cur
	names, ok := p.pileIDs(ids, idCol)
	if !ok {
		return
	}
	kind, hasKind := PileKind(0), false
	if len(words) > 0 && !strings.Contains(words[0].s, "=") {
		if k, ok := kindNames[words[0].s]; ok {
			kind, hasKind = k, true
			words = words[1:]
		} else if pileAttrNamed(words[0].s) == nil {
			p.errorf(words[0].col, "unknown kind of pile %q (%s)", words[0].s, strings.Join(kindNameList, ", "))
			return
		}
	}
	// The piles of the line: all new, or (in a variant) all declared.
	var piles []*declPile
	old := 0
	for _, n := range names {
		if q := d.pile(n.s); q != nil {
			old++
			piles = append(piles, q)
		}
	}
	switch {
	case old > 0 && d == p.base:
		for _, n := range names {
			if q := d.pile(n.s); q != nil {
				p.errorf(idCol, "pile %s is declared twice (first at line %d)", n.s, q.pos.Line)
				return
			}
		}
	case old > 0 && old < len(names):
		p.errorf(idCol, "a variant's pile line names piles of the default's, changing them, or new piles, not both")
		return
	case old == 0:
		if !hasKind && p.pileFailed {
			return // the piles' own line was refused
		}
		if !hasKind {
			p.errorf(valCol, "pile %s: its kind comes first (%s)", ids, strings.Join(kindNameList, ", "))
			return
		}
		if len(d.piles)+len(names) > maxPiles {
			p.errorf(idCol, "more than %d piles", maxPiles)
			return
		}
		seen := map[string]bool{}
		for i, n := range names {
			if seen[n.s] {
				p.errorf(idCol, "pile %s is named twice on the line", n.s)
				return
			}
			seen[n.s] = true
			piles = append(piles, &declPile{spec: PileSpec{ID: n.s, Kind: kind}, pos: p.pos(idCol), at: i})
		}
		d.piles = append(d.piles, piles...)
	}
	if hasKind {
		for _, q := range piles {
			q.spec.Kind = kind
		}
	}
	seenKey := map[string]bool{}
	geometry := false
	for _, w := range words {
		key, val, hasVal := strings.Cut(w.s, "=")
		a := pileAttrNamed(key)
		if a == nil {
			p.errorf(w.col, "unknown pile attribute %q (%s)", key, pileAttrNames())
			return
		}
		if seenKey[key] {
			p.errorf(w.col, "%s is given twice", key)
			return
		}
		seenKey[key] = true
		if !hasVal {
			if a.typ != attrFlag {
				p.errorf(w.col, "%s needs a value: %s=...", key, key)
				return
			}
			val = "yes"
		}
		vals := strings.Split(val, ",")
		if key == "label" {
			vals = []string{val} // a label is one text, commas and all
		}
		if len(vals) > len(piles) {
			p.errorf(w.col, "%s: %d values for %d piles", key, len(vals), len(piles))
			return
		}
		for i, q := range piles {
			if a.kinds != 0 && a.kinds&(1<<q.spec.Kind) == 0 {
				p.errorf(w.col, "%s does not apply to a %s pile (%s)", key, q.spec.Kind, q.spec.ID)
				return
			}
			if why := a.set(q, vals[i%len(vals)]); why != "" {
				p.errorf(w.col+len(key)+1, "%s=%s: %s", key, vals[i%len(vals)], why)
				return
			}
		}
		if a.geometry() {
			geometry = true
		}
	}
	if geometry {
		for i, q := range piles {
			q.at = i
		}
	}
}

// pileAttr is an attribute of a pile line: the kinds of pile it applies
// to (bit k for kind k; 0: all) and the type of its value. (A table and
// one function that sets them, rather than a function each: every
// function is bytes the browser's engine downloads.)
type pileAttr struct {
	name   string
	kinds  uint8
	typ    uint8
	names  []string // attrEnum: the values, in the order of the field's
	lo, hi int      // attrInt
}

// The types of attribute values.
const (
	attrEnum  = iota // one of names
	attrFlag         // yes or no, or the bare name for yes
	attrInt          // a whole number from lo to hi
	attrCoord        // a place (parseCoord)
	attrRank         // a rank (parseRank)
	attrLabel        // a label, with {n} and {suit}
)

const (
	onTableau    = 1 << Tableau
	onFoundation = 1 << Foundation
	onReserve    = 1 << Reserve
)

var buildNameList = []string{"none", "down-in-suit", "up-or-down-in-suit", "up-or-down-any-suit", "down-alternate-colour", "down-any-suit"}
var fillNameList = []string{"never", "any", "from-waste", "kings"}
var suitNameList = []string{"clubs", "spades", "hearts", "diamonds"}

// pileAttrs are the attributes of a pile line, sorted by name.
var pileAttrs = []pileAttr{
	{name: "any-rank", kinds: onFoundation, typ: attrFlag},
	{name: "base", kinds: onFoundation, typ: attrRank},
	{name: "build", kinds: onTableau, typ: attrEnum, names: buildNameList},
	{name: "dx", typ: attrCoord},
	{name: "dy", typ: attrCoord},
	{name: "fan", typ: attrEnum, names: []string{"none", "right", "down"}},
	{name: "fill", kinds: onTableau, typ: attrEnum, names: fillNameList},
	{name: "label", typ: attrLabel},
	{name: "len", kinds: onFoundation, typ: attrInt, lo: 1, hi: 13},
	{name: "max", kinds: onTableau, typ: attrInt, lo: 0, hi: 104},
	{name: "per-row", typ: attrInt, lo: 1, hi: maxPiles},
	{name: "refill", kinds: onReserve, typ: attrFlag},
	{name: "runs", kinds: onTableau, typ: attrFlag},
	{name: "step", kinds: onFoundation, typ: attrInt, lo: -12, hi: 12},
	{name: "suit", kinds: onFoundation, typ: attrEnum, names: suitNameList},
	{name: "to-foundation", kinds: onTableau | onReserve, typ: attrFlag},
	{name: "wrap", kinds: onFoundation, typ: attrFlag},
	{name: "x", typ: attrCoord},
	{name: "y", typ: attrCoord},
}

// pileAttrNamed returns the attribute named key, or nil.
func pileAttrNamed(key string) *pileAttr {
	for i := range pileAttrs {
		if pileAttrs[i].name == key {
			return &pileAttrs[i]
		}
	}
	return nil
}

// pileAttrNames lists the attributes' names.
func pileAttrNames() string {
	var b strings.Builder
	for i, a := range pileAttrs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.name)
	}
	return b.String()
}

// geometry reports whether the attribute places the pile.
func (a *pileAttr) geometry() bool { return a.typ == attrCoord || a.name == "per-row" }

// set gives pile q the value v of attribute a, or says why v is not one.
func (a *pileAttr) set(q *declPile, v string) string {
	n, f := 0, float32(0)
	switch a.typ {
	case attrEnum:
		n = slices.Index(a.names, v)
		if n < 0 {
			return "not one of " + strings.Join(a.names, ", ")
		}
	case attrFlag:
		switch v {
		case "yes":
			n = 1
		case "no":
		default:
			return "yes or no (or the bare name for yes)"
		}
	case attrInt:
		var err error
		n, err = strconv.Atoi(v)
		if err != nil || n < a.lo || n > a.hi {
			return fmt.Sprintf("a whole number from %d to %d", a.lo, a.hi)
		}
	case attrCoord:
		var ok bool
		if f, ok = parseCoord(v); !ok {
			return "a number from 0 to 1000 with at most three decimals, in card widths or heights"
		}
	case attrRank:
		r, ok := parseRank(v)
		if !ok {
			return "a rank: A, 2-9, T, J, Q, K"
		}
		n = int(r)
	case attrLabel:
		if why := checkLabel(q, v); why != "" {
			return why
		}
	}
	s, fd := &q.spec, &q.spec.Found
	switch a.name {
	case "any-rank":
		fd.AnyRank = n == 1
	case "base":
		fd.Base = Rank(n)
	case "build":
		s.Build = Build(n)
	case "dx":
		q.dx = f
	case "dy":
		q.dy = f
	case "fan":
		s.Fan = "\x00rd"[n]
	case "fill":
		s.Fill = Fill(n)
	case "label":
		q.label = v
	case "len":
		fd.Len = int8(n)
	case "max":
		s.MaxLen = n
	case "per-row":
		q.perRow = n
	case "refill":
		s.Refill = n == 1
	case "runs":
		s.Runs = n == 1
	case "step":
		fd.Step = int8(n)
	case "suit":
		fd.Suit = Suit(n)
	case "to-foundation":
		s.ToFoundationOnly = n == 1
	case "wrap":
		fd.Wrap = n == 1
	case "x":
		q.x = f
	case "y":
		q.y = f
	}
	return ""
}

// checkLabel says what is wrong with label v of pile q, or "".
func checkLabel(q *declPile, v string) string {
	rest := v
	for {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			return ""
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return "an unclosed {"
		}
		switch ph := rest[i+1 : i+j]; ph {
		case "n":
		case "suit":
			if q.spec.Kind != Foundation {
				return "{suit} is a foundation's suit"
			}
		default:
			return fmt.Sprintf("unknown placeholder {%s} ({n}: the pile's number, {suit}: a foundation's suit)", ph)
		}
		rest = rest[i+j+1:]
	}
}

// parseCoord reads a place in the layout: a number from 0 to 1000 with
// at most three decimals ("1.125"), as float32(n / 1000) for the whole
// number n of thousandths; the places of a layout are eighths, which it
// reads exactly. (strconv.ParseFloat would add its tables to the
// browser's engine.)
func parseCoord(v string) (float32, bool) {
	whole, frac, _ := strings.Cut(v, ".")
	if whole == "" || len(whole) > 4 || len(frac) > 3 || strings.Contains(v, ".") && frac == "" {
		return 0, false
	}
	n := 0
	for _, c := range whole + frac + "000"[len(frac):] {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if n > 1000_000 {
		return 0, false
	}
	return float32(float64(n) / 1000), true
}

// parseRank reads a rank: A, 2-9, T (or 10), J, Q, K.
func parseRank(s string) (Rank, bool) {
	if s == "10" {
		return 10, true
	}
	if len(s) == 1 {
		if i := strings.IndexByte(rankLetters, s[0]); i > 0 {
			return Rank(i), true
		}
	}
	return 0, false
}

func (p *declParser) dealLine(words []word, col int) {
	d := p.cur
	if d != p.base && !d.dealReplaced {
		d.deal, d.dealReplaced = nil, true
	}
	if len(words) == 0 {
		p.errorf(col, "deal: needs piles: deal: [Nx] PILES (e.g. deal: 6x t1-t8, deal: c1,c3), or deal: rest PILE")
		return
	}
	step := dealStep{times: 1, pos: p.pos(words[0].col)}
	if words[0].s == "rest" {
		if len(words) != 2 {
			p.errorf(words[0].col, "deal: rest names the one pile that takes the undealt cards: deal: rest s")
			return
		}
		step.rest = true
		words = words[1:]
	} else if n, ok := strings.CutSuffix(words[0].s, "x"); ok && len(words) > 1 {
		k, ok := p.number(word{n, words[0].col}, 1, 200)
		if !ok {
			return
		}
		step.times = k
		words = words[1:]
	}
	if len(words) != 1 {
		p.errorf(words[1].col, "deal: lists its piles without spaces: t1-t8,c1")
		return
	}
	ids, ok := p.pileIDs(words[0].s, words[0].col)
	if !ok {
		return
	}
	if step.rest && len(ids) != 1 {
		p.errorf(words[0].col, "deal: rest names one pile")
		return
	}
	step.ids = ids
	if n := len(d.deal); n > 0 && d.deal[n-1].rest {
		p.errorf(words[0].col, "the deal ends with rest (line %d): nothing is left to deal", d.deal[n-1].pos.Line)
		return
	}
	d.deal = append(d.deal, step)
}

func (p *declParser) shuffleLine(words []word, col int) {
	d := p.cur
	if len(words) == 0 {
		p.errorf(col, "shuffle: needs a procedure (kings-under, to-top, to-bottom, none)")
		return
	}
	proc := &shuffleProc{name: words[0].s, pos: p.pos(words[0].col), lone: -1}
	var allowed []string
	switch proc.name {
	case "none":
		if len(words) > 1 {
			p.errorf(words[1].col, "shuffle: none takes nothing more")
			return
		}
		d.shuffle = nil
		return
	case "kings-under":
		allowed = []string{"every", "lone"}
	case "to-top", "to-bottom":
		allowed = []string{"ranks", "first-pack"}
	default:
		p.errorf(words[0].col, "unknown shuffle procedure %q (kings-under, to-top, to-bottom, none)", proc.name)
		return
	}
	seen := map[string]bool{}
	for _, w := range words[1:] {
		key, val, hasVal := strings.Cut(w.s, "=")
		known := false
		for _, a := range allowed {
			known = known || a == key
		}
		if !known {
			p.errorf(w.col, "unknown argument %q of %s (%s)", key, proc.name, strings.Join(allowed, ", "))
			return
		}
		if seen[key] {
			p.errorf(w.col, "%s is given twice", key)
			return
		}
		seen[key] = true
		vw := word{val, w.col + len(key) + 1}
		switch key {
		case "every":
			n, ok := p.number(vw, 1, 104)
			if !ok {
				return
			}
			proc.every = n
		case "lone":
			n, ok := p.number(vw, 0, 103)
			if !ok {
				return
			}
			proc.lone = n
		case "ranks":
			for _, r := range strings.Split(val, ",") {
				k, ok := parseRank(r)
				if !ok {
					p.errorf(vw.col, "rank %q: A, 2-9, T, J, Q, K", r)
					return
				}
				proc.ranks = append(proc.ranks, k)
			}
		case "first-pack":
			if hasVal {
				p.errorf(vw.col, "first-pack takes no value")
				return
			}
			proc.firstPack = true
		}
	}
	switch {
	case proc.name == "kings-under" && proc.every == 0:
		p.errorf(words[0].col, "kings-under needs every=N: the number of piles dealt a card in each round")
		return
	case proc.name != "kings-under" && len(proc.ranks) == 0:
		p.errorf(words[0].col, "%s needs ranks=...: the ranks it moves, e.g. ranks=A,K", proc.name)
		return
	}
	d.shuffle = proc
}

func (p *declParser) rulesLine(words []word) {
	d := p.cur
	d.rules = nil
	if len(words) == 1 && words[0].s == "none" {
		return
	}
	for _, w := range words {
		name, val, hasVal := strings.Cut(w.s, "=")
		mk, ok := namedRules[name]
		if !ok {
			p.errorf(w.col, "unknown rule %q (%s)", name, strings.Join(namedRuleList(), ", "))
			return
		}
		r, why := mk(val, hasVal)
		if why != "" {
			p.errorf(w.col, "%s: %s", name, why)
			return
		}
		for _, o := range d.rules {
			if o.rule.Name() == r.Name() {
				p.errorf(w.col, "rule %s is named twice", name)
				return
			}
		}
		d.rules = append(d.rules, ruleDecl{r, p.pos(w.col)})
	}
}

// build makes the Game that d declares, or says what is wrong with it.
func (d *declGame) build(builtin bool) (*Game, srcpos.ErrorList) {
	var errs srcpos.ErrorList
	bad := func(pos srcpos.Pos, format string, args ...any) {
		errs.Add(pos, fmt.Sprintf(format, args...))
	}
	g := &Game{Slug: d.slug, Variant: d.variant, Name: d.name, Pack: d.pack, Redeals: d.redeals, builtin: builtin, pos: d.pos}
	if g.Name == "" {
		bad(d.pos, "no name: line: the game's name for people, e.g. name: FreeCell")
	}
	if !d.packSet {
		bad(d.pos, "no pack: line (one, two, skat)")
	}
	counts := map[PileKind]int{}
	var lastPos srcpos.Pos
	var lastWhy string
	for _, q := range d.piles {
		s := q.spec
		row, col := 0, q.at
		if q.perRow > 0 {
			row, col = q.at/q.perRow, q.at%q.perRow
		}
		// Explicit conversions: no fused multiply-add, so that the
		// places are the same float32 values on every machine.
		s.X = float32(q.x + float32(float32(col)*q.dx))
		s.Y = float32(q.y + float32(float32(row)*q.dy))
		if q.label != "" {
			_, n, _ := splitID(s.ID)
			s.Label = strings.ReplaceAll(q.label, "{n}", strconv.Itoa(n))
			s.Label = strings.ReplaceAll(s.Label, "{suit}", s.Found.Suit.Name())
		}
		counts[s.Kind]++
		if why := s.check(g.Pack, d); why != "" && !(q.pos == lastPos && why == lastWhy) {
			// Once a line: its other piles have the same fault.
			bad(q.pos, "pile %s: %s", s.ID, why)
			lastPos, lastWhy = q.pos, why
		}
		g.Piles = append(g.Piles, s)
	}
	switch {
	case counts[Foundation] == 0:
		bad(d.pos, "no foundations: a game is won on its foundations (pile f1-f4: foundation ...)")
	case counts[Tableau] > maxTableau:
		bad(d.pos, "%d tableau piles: at most %d", counts[Tableau], maxTableau)
	case counts[Stock] > 1 || counts[Waste] > 1:
		bad(d.pos, "a game has at most one stock and one waste")
	case counts[Waste] == 1 && counts[Stock] == 0:
		bad(d.pos, "a waste with no stock: the waste takes the stock's cards")
	}
	if len(errs) > 0 {
		return nil, errs
	}
	index := map[string]int{}
	for i, s := range g.Piles {
		index[s.ID] = i
	}
	// The redeal.
	if d.redeals > 0 && d.redeal == NoRedeal {
		bad(d.pos, "redeals: %d but no redeal: line saying what a redeal does (%s)", d.redeals, strings.Join(redealNameList, ", "))
	}
	switch d.redeal {
	case TurnWaste:
		if counts[Stock] == 0 || counts[Waste] == 0 {
			bad(d.redealPos, "redeal: turn-waste needs a stock and a waste")
		}
	case ShuffleFans:
		if counts[Tableau] == 0 {
			bad(d.redealPos, "redeal: shuffle-fans needs tableau piles")
		}
		g.redeal = redealInThrees
	case ShuffleStock:
		if counts[Stock] == 0 {
			bad(d.redealPos, "redeal: shuffle-stock needs a stock")
		}
		g.gather, g.redeal = gatherToStock, redealToStock
	}
	if d.redeals > 0 {
		g.RedealKind = d.redeal
	}
	// The deal.
	var plan dealPlan
	dealt := 0
	for _, st := range d.deal {
		ps := dealStepPiles{times: st.times, rest: st.rest}
		for _, id := range st.ids {
			i, ok := index[id.s]
			if !ok {
				bad(st.pos, "deal: no pile %s", id.s)
				continue
			}
			if st.rest && g.Piles[i].Kind != Stock {
				bad(st.pos, "deal: rest puts the undealt cards on the stock, not on %s", g.Piles[i].Describe())
			}
			ps.piles = append(ps.piles, i)
		}
		if !st.rest {
			dealt += st.times * len(st.ids)
		}
		plan.steps = append(plan.steps, ps)
	}
	hasRest := len(d.deal) > 0 && d.deal[len(d.deal)-1].rest
	switch {
	case len(d.deal) == 0:
		bad(d.pos, "no deal: line: deal: [Nx] PILES deals one card to each pile in turn")
	case dealt > g.Cards():
		bad(d.deal[0].pos, "the deal lays out %d cards; the pack holds %d", dealt, g.Cards())
	case dealt < g.Cards() && !hasRest:
		bad(d.deal[len(d.deal)-1].pos, "the deal lays out %d of the pack's %d cards: deal the others, or end with deal: rest s (the stock)", dealt, g.Cards())
	}
	if len(errs) == 0 {
		// The first step that deals a pile more than it holds.
		perPile := make([]int, len(g.Piles))
	steps:
		for k, st := range plan.steps {
			if st.rest {
				continue
			}
			for _, i := range st.piles {
				perPile[i] += st.times
				n, s, pos := perPile[i], &g.Piles[i], d.deal[k].pos
				switch {
				case s.Kind == Cell && n > 1, s.Kind == Reserve && n > 1:
					bad(pos, "the deal puts %d cards on %s, which holds one", n, s.Describe())
				case s.Kind == Foundation && n > int(s.Found.Len):
					bad(pos, "the deal puts %d cards on %s, which holds %d", n, s.Describe(), s.Found.Len)
				case s.Kind == Tableau && s.MaxLen > 0 && n > s.MaxLen:
					bad(pos, "the deal puts %d cards on %s, which holds at most %d", n, s.Describe(), s.MaxLen)
				default:
					continue
				}
				break steps
			}
		}
	}
	g.deal = plan.deal
	g.plan = plan.text(g)
	// The shuffle.
	if sp := d.shuffle; sp != nil {
		for _, r := range sp.ranks {
			if !packHas(g.Pack, r) {
				bad(sp.pos, "shuffle: %s has no %s", g.Pack, r.Name())
			}
		}
		if sp.firstPack && g.Pack != TwoPacks {
			bad(sp.pos, "shuffle: first-pack is for games of two packs")
		}
		g.shuffleHook = sp.hook()
		g.plan += "shuffle " + sp.text() + "\n"
	}
	// The rules: each checks the game it is in, then installs its hooks.
	for _, r := range d.rules {
		withRules(g, r.rule)
	}
	for _, r := range d.rules {
		if rq, ok := r.rule.(requirer); ok {
			if why := rq.requires(g); why != "" {
				bad(r.pos, "rule %s: %s", r.rule.Name(), why)
			}
		}
	}
	if len(errs) == 0 {
		for _, r := range d.rules {
			if in, ok := r.rule.(installer); ok {
				in.install(g)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if why := g.finish(); why != "" {
		bad(d.pos, "%s", why)
		return nil, errs
	}
	return g, nil
}

// check says what is wrong with a pile of a game with pack pk, or "".
func (s *PileSpec) check(pk Pack, d *declGame) string {
	switch s.Kind {
	case Tableau:
		if s.Runs && s.Build == BuildNone {
			return "runs: nothing is built on the pile"
		}
		if s.Fill == FillFromWaste {
			hasWaste := false
			for _, q := range d.piles {
				hasWaste = hasWaste || q.spec.Kind == Waste
			}
			if !hasWaste {
				return "fill=from-waste, but the game has no waste"
			}
		}
	case Foundation:
		f := s.Found
		switch {
		case f.Len == 0:
			return "a foundation needs len=N, the most cards it holds"
		case f.AnyRank:
		case f.Base == 0:
			return "a foundation needs base=RANK, its first card (or any-rank)"
		case !packHas(pk, f.Base):
			return fmt.Sprintf("base=%s: %s has no %s", f.Base, pk, f.Base.Name())
		case f.Len > 1 && f.Step == 0:
			return "a foundation of more than one card needs step=N (1 up, -1 down)"
		}
	}
	return ""
}

func packHas(pk Pack, r Rank) bool {
	for _, k := range pk.Ranks() {
		if k == r {
			return true
		}
	}
	return false
}

var redealNames = map[string]RedealKind{"none": NoRedeal, "turn-waste": TurnWaste, "shuffle-fans": ShuffleFans, "shuffle-stock": ShuffleStock}
var redealNameList = []string{"none", "turn-waste", "shuffle-fans", "shuffle-stock"}

// GameFileExt is the extension of a declaration file: a site declares
// its games in content/games/<slug>.game.
const GameFileExt = ".game"

// ReadGameFiles reads the declaration files dir/*.game of fsys, in the
// order of their names, naming them in messages as show/NAME; each file
// is named after its game (forecell.game declares forecell). A missing
// folder declares nothing. Its error is a srcpos.ErrorList, the root
// errors first; the games of the files without errors are returned with
// it, so that a site with one broken file still knows its other games.
// The games are checked against each other (a slug declared twice), not
// against the registry (Register, SetDeclared).
func ReadGameFiles(fsys fs.FS, dir, show string) ([]*Game, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	var errs srcpos.ErrorList
	if err != nil {
		errs.Add(srcpos.Pos{File: show}, err.Error())
		return nil, errs
	}
	var out []*Game
	slugs := map[string]*Game{}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), GameFileExt) || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		name := path.Join(show, e.Name())
		src, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			errs.Add(srcpos.Pos{File: name}, err.Error())
			continue
		}
		games, err := ParseGameFile(name, src)
		if err != nil {
			var list srcpos.ErrorList
			if errors.As(err, &list) {
				errs = append(errs, list...)
			}
			continue
		}
		if want := strings.TrimSuffix(e.Name(), GameFileExt); games[0].Slug != want {
			errs.Add(games[0].pos, fmt.Sprintf("the file of game %s is %s%s, not %s", games[0].Slug, games[0].Slug, GameFileExt, e.Name()))
			continue
		}
		if o, dup := slugs[games[0].Slug]; dup {
			errs.Add(games[0].pos, fmt.Sprintf("game %s is already declared (declared at %s)", o.Slug, o.pos))
			continue
		}
		slugs[games[0].Slug] = games[0]
		out = append(out, games...)
	}
	return out, errs.Err()
}
