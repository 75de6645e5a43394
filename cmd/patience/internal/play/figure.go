package play

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/replay"
)

// The replay viewer's markup comes from package viewer (viewer.Render),
// whose html/template would double the size of the WebAssembly file (1.0
// MB gzipped without it, 1.9 MB with it). So `go generate` renders with
// viewer.Render, for every game, two skeletons: a replay of two steps (a
// move and a forced move) and a position (no steps), their variable parts
// being the placeholders below (Skeleton), into skeletons.txt, and Figure
// fills them in: the ids, the title, the deal, the steps and the result,
// the JSON, and the cards of each pile of the board (cards below, the one
// part of the markup written here). TestFigure checks that the result is
// viewer.Render's output, byte for byte, for every game. The JSON is
// replay.Export.AppendJSON's in both, which writes what encoding/json
// would without its 80 KB (gzipped) in the WebAssembly file.

//go:embed skeletons.txt
var skeletonsText string

// skeletons reads skeletons.txt: for every skeleton a line "## NAME" and
// its lines (encoding/json's decoder would add 165 KB, gzipped, to the
// WebAssembly file). NAME is the game's key, and for a position the key
// and " position".
var skeletons = sync.OnceValues(func() (map[string]string, error) { return parseSkeletons(skeletonsText) })

// parseSkeletons reads skeletons in the format of skeletons.txt.
func parseSkeletons(text string) (map[string]string, error) {
	m := map[string]string{}
	if text != "" && !strings.HasPrefix(text, skeletonMark) {
		return nil, errors.New("play: bad skeletons")
	}
	for _, part := range strings.Split(text, skeletonMark)[1:] {
		name, html, ok := strings.Cut(part, "\n")
		if !ok {
			return nil, errors.New("play: bad skeletons")
		}
		m[name] = strings.TrimSuffix(html, "\n")
	}
	return m, nil
}

// skeletonMark starts each skeleton of skeletons.txt.
const skeletonMark = "## "

// SkeletonName names the skeleton of game key for a replay of n steps.
func SkeletonName(key string, n int) string {
	if n == 0 {
		return key + " position"
	}
	return key
}

// WriteSkeletons writes skeletons.txt: the skeletons in html, in the
// order of names.
func WriteSkeletons(w io.Writer, names []string, html map[string]string) error {
	for _, k := range names {
		if strings.Contains(html[k], "\n"+skeletonMark) {
			return fmt.Errorf("the viewer of %s has a line starting with %q", k, skeletonMark)
		}
		if _, err := fmt.Fprintf(w, "%s%s\n%s\n", skeletonMark, k, html[k]); err != nil {
			return err
		}
	}
	return nil
}

// The placeholders of a skeleton.
const (
	phID      = "PLAYID"
	phTitle   = "PLAYTITLE"
	phDeal    = "PLAYDEAL"
	phResult  = "PLAYRESULT"
	phCaption = "PLAYCAPTION"
)

// Skeleton returns the replay that `go generate` renders for game g and a
// replay of n steps (0, or 2: a move and a forced move): the game's
// piles, empty, with placeholders for everything Figure fills in.
func Skeleton(g *engine.Game, n int) *replay.Export {
	e := &replay.Export{
		Format: replay.ExportFormat, ID: phID, Game: g.Slug, Variant: g.Variant,
		Deal: phDeal, Title: phTitle, Result: phResult, Steps: []replay.ExportStep{},
	}
	if n > 0 {
		e.Steps = []replay.ExportStep{
			{Cards: []string{}, Action: "move", Caption: phCaption},
			{Cards: []string{}, Action: "refill", Auto: true, Caption: phCaption},
		}
	}
	for _, p := range g.Piles {
		e.Piles = append(e.Piles, replay.ExportPile{ID: p.ID, Kind: p.Kind.String(), Cards: []string{}})
	}
	return e
}

// Lines of a skeleton that Figure rewrites.
const (
	pileLine  = `<div class="pile" data-pile="`
	cardsSpan = `<span class="cards"`
	stepLine  = `<li id="` + phID + `/`
	dataLine  = `<script type="application/json"`
)

// Figure returns the replay viewer of e as viewer.Render writes it. The
// replays of play have no notes, and the viewer's of the build are
// rendered without downloads (a generated replay has no file to
// download).
func Figure(e *replay.Export) (string, error) {
	all, err := skeletons()
	if err != nil {
		return "", err
	}
	key := e.Game
	if e.Variant != "" {
		key += "/" + e.Variant
	}
	n := len(e.Steps)
	sk, ok := all[SkeletonName(key, n)]
	if !ok {
		sk, ok = declared.skeletons[SkeletonName(key, n)]
	}
	if !ok {
		return "", fmt.Errorf("no viewer for game %s: run go generate ./cmd/patience/internal/play", key)
	}
	if e.Note != "" {
		return "", errors.New("play: a figure has no notes")
	}
	data := e.AppendJSON(nil) // as viewer.Render writes it
	piles := map[string]replay.ExportPile{}
	for _, p := range e.Piles {
		piles[p.ID] = p
	}
	marked := map[string]bool{}
	for _, c := range e.Mark {
		marked[c] = true
	}
	id := escape(e.ID)
	steps := strconv.Itoa(n) + " steps"
	if n == 1 {
		steps = "1 step"
	}
	meta := strings.NewReplacer(
		" · deal "+phDeal, dealMeta(e.Deal),
		"2 steps", steps,
		" · "+phResult, resultMeta(e.Result),
	)
	fill := strings.NewReplacer(
		phID, id,
		phTitle, escape(title(e)),
		`max="2"`, `max="`+strconv.Itoa(n)+`"`,
		"0 / 2<", "0 / "+strconv.Itoa(n)+"<",
	)
	var b strings.Builder
	// The skeleton, the data and about 64 bytes a card on the board: one
	// allocation for most figures (the play panel draws one a move).
	size := len(sk) + len(data)
	for _, p := range e.Piles {
		size += 64 * len(p.Cards)
	}
	b.Grow(size)
	for _, line := range strings.SplitAfter(sk, "\n") {
		switch {
		case strings.HasPrefix(line, stepLine+"1\""):
			for i, st := range e.Steps {
				if st.Note != "" {
					return "", errors.New("play: a figure has no notes")
				}
				pat, k := line, "1"
				if st.Auto {
					pat, k = autoLine(sk), "2"
				}
				b.WriteString(strings.NewReplacer(
					phID+"/"+k+`"`, id+"/"+strconv.Itoa(i+1)+`"`,
					`data-step="`+k+`"`, `data-step="`+strconv.Itoa(i+1)+`"`,
					phCaption, escape(st.Caption),
				).Replace(pat))
			}
			continue
		case strings.HasPrefix(line, stepLine+"2\""):
			continue
		case strings.HasPrefix(line, dataLine):
			b.WriteString(`<script type="application/json" data-replay="` + id + `">`)
			b.Write(data)
			b.WriteString("</script>")
			if strings.HasSuffix(line, "\n") {
				b.WriteByte('\n')
			}
			continue
		case strings.HasPrefix(line, pileLine):
			pid, _, _ := strings.Cut(line[len(pileLine):], `"`)
			i := strings.Index(line, cardsSpan)
			j := strings.LastIndex(line, "</div>")
			if i < 0 || j < i {
				return "", errors.New("play: bad skeletons.txt")
			}
			b.WriteString(line[:i])
			cards(&b, piles[pid], marked)
			b.WriteString(line[j:])
			continue
		case strings.Contains(line, `class="replay-meta"`):
			line = meta.Replace(line)
		}
		b.WriteString(fill.Replace(line))
	}
	return b.String(), nil
}

// cards writes the cards of pile p on the board as viewer.Render does
// (the skeleton's piles are empty): a stock as a card back with its count,
// the top card of another stacked pile with the count, every card of a
// spread pile, and the marked ones marked.
func cards(b *strings.Builder, p replay.ExportPile, marked map[string]bool) {
	n := len(p.Cards)
	num := strconv.Itoa(n)
	b.WriteString(`<span class="cards" data-n="` + num + `" style="--n:` + num + `">`)
	switch {
	case p.Kind == "stock" && n > 0:
		b.WriteString(`<span class="card back">` + num + `<span class="vh"> cards</span></span>`)
	case n == 0:
		b.WriteString(`<span class="vh">empty</span>`)
	default:
		shown := p.Cards
		stacked := p.Kind == "foundation" || p.Kind == "stock" || p.Kind == "waste"
		if stacked {
			shown = shown[n-1:]
		}
		for _, c := range shown {
			rank, sym, suit := cardText(c)
			b.WriteString(`<span class="card ` + escape(suit))
			if marked[c] {
				b.WriteString(" mark")
			}
			b.WriteString(`">` + escape(rank) + `<span class="suit">` + escape(sym) + `</span>`)
			if marked[c] {
				b.WriteString(`<span class="vh"> (marked)</span>`)
			}
			b.WriteString("</span>")
		}
		if stacked && n > 1 {
			b.WriteString(`<span class="count">` + num + `</span>`)
		}
	}
	b.WriteString("</span>")
}

// cardText is viewer.Card's text of a card code, split as the viewer
// shows it: "7H" is rank "7", symbol "♥" and suit class "h"; an unknown
// code is its own rank.
func cardText(code string) (rank, sym, suit string) {
	if len(code) < 2 {
		return code, "", ""
	}
	i := strings.IndexByte("CSHD", code[len(code)-1])
	if i < 0 {
		return code, "", ""
	}
	rank = code[:len(code)-1]
	if rank == "T" {
		rank = "10"
	}
	_, size := utf8.DecodeRuneInString("♣")
	return rank, "♣♠♥♦"[i*size : (i+1)*size], "cshd"[i : i+1]
}

// title is the viewer's title of e.
func title(e *replay.Export) string {
	switch {
	case e.Title != "":
		return e.Title
	case e.Deal != "":
		return "Deal " + e.Deal
	}
	return "Replay " + e.ID
}

// autoLine is the skeleton's line of a forced step.
func autoLine(sk string) string {
	i := strings.Index(sk, stepLine+`2"`)
	j := strings.IndexByte(sk[i:], '\n')
	if j < 0 {
		return sk[i:]
	}
	return sk[i : i+j+1]
}

func dealMeta(deal string) string {
	if deal == "" {
		return ""
	}
	return " · deal " + escape(deal)
}

func resultMeta(result string) string {
	if result == "" {
		return ""
	}
	return " · " + escape(result)
}

// escape is html.EscapeString, which html/template's escaping of text and
// attributes matches; package html itself would bring its table of 2,000
// entities into the WebAssembly file.
var escape = strings.NewReplacer(`&`, "&amp;", `'`, "&#39;", `<`, "&lt;", `>`, "&gt;", `"`, "&#34;").Replace
