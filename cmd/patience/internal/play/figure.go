package play

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/replay"
)

// The replay viewer's markup comes from package viewer (viewer.Render),
// whose html/template would double the size of the WebAssembly file (1.0
// MB gzipped without it, 1.9 MB with it). So `go generate` renders one
// viewer for every game with viewer.Render, its variable parts being
// the placeholders below (Skeleton), into skeletons.txt, and Figure
// fills them in. TestFigure checks that the result is viewer.Render's
// output, the board aside: its piles are empty here, as viewer.js draws
// every card from the replay's JSON anyway.

//go:embed skeletons.txt
var skeletonsText string

// skeletons reads skeletons.txt: for every game a line "## KEY" and the
// skeleton's lines (encoding/json's decoder would add 165 KB, gzipped, to
// the WebAssembly file).
var skeletons = sync.OnceValues(func() (map[string]string, error) {
	m := map[string]string{}
	for _, part := range strings.Split(skeletonsText, skeletonMark)[1:] {
		key, html, ok := strings.Cut(part, "\n")
		if !ok {
			return nil, errors.New("play: bad skeletons.txt")
		}
		m[key] = strings.TrimSuffix(html, "\n")
	}
	return m, nil
})

// skeletonMark starts each game's part of skeletons.txt.
const skeletonMark = "## "

// WriteSkeletons writes skeletons.txt: the skeleton of each game key.
func WriteSkeletons(w io.Writer, keys []string, html map[string]string) error {
	for _, k := range keys {
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

// Skeleton returns the replay that `go generate` renders for game g: the
// game's piles, empty, and two steps (a move and a forced move), with
// placeholders for everything Figure fills in.
func Skeleton(g *engine.Game) *replay.Export {
	e := &replay.Export{
		Format: replay.ExportFormat, ID: phID, Game: g.Slug, Variant: g.Variant,
		Deal: phDeal, Title: phTitle, Result: phResult,
		Steps: []replay.ExportStep{
			{Cards: []string{}, Action: "move", Caption: phCaption},
			{Cards: []string{}, Action: "refill", Auto: true, Caption: phCaption},
		},
	}
	for _, p := range g.Piles {
		e.Piles = append(e.Piles, replay.ExportPile{ID: p.ID, Kind: p.Kind.String(), Cards: []string{}})
	}
	return e
}

// Figure returns the replay viewer of e, as viewer.Render writes it but
// with empty piles on the board. e may have no notes.
func Figure(e *replay.Export) (string, error) {
	all, err := skeletons()
	if err != nil {
		return "", err
	}
	key := e.Game
	if e.Variant != "" {
		key += "/" + e.Variant
	}
	sk, ok := all[key]
	if !ok {
		return "", fmt.Errorf("no viewer for game %s: run go generate ./cmd/patience/internal/play", key)
	}
	if e.Note != "" {
		return "", errors.New("play: a figure has no notes")
	}
	data, err := json.Marshal(e)
	if err != nil {
		return "", err
	}
	id := escape(e.ID)
	title := e.Title
	if title == "" {
		title = "Deal " + e.Deal
	}
	n := len(e.Steps)
	steps := strconv.Itoa(n) + " steps"
	if n == 1 {
		steps = "1 step"
	}
	meta := strings.NewReplacer(
		" · deal "+phDeal, dealMeta(e.Deal),
		"2 steps", steps,
		" · "+phResult, resultMeta(e.Result),
	)
	var b strings.Builder
	for _, line := range strings.SplitAfter(sk, "\n") {
		switch {
		case strings.HasPrefix(line, `<li id="`+phID+`/1"`):
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
		case strings.HasPrefix(line, `<li id="`+phID+`/2"`):
			continue
		case strings.HasPrefix(line, `<script type="application/json"`):
			b.WriteString(`<script type="application/json" data-replay="` + id + `">`)
			b.Write(data)
			b.WriteString("</script>")
			if strings.HasSuffix(line, "\n") {
				b.WriteByte('\n')
			}
			continue
		case strings.Contains(line, `class="replay-meta"`):
			line = meta.Replace(line)
		}
		line = strings.NewReplacer(
			phID, id,
			phTitle, escape(title),
			`max="2"`, `max="`+strconv.Itoa(n)+`"`,
			"0 / 2<", "0 / "+strconv.Itoa(n)+"<",
		).Replace(line)
		b.WriteString(line)
	}
	return b.String(), nil
}

// autoLine is the skeleton's line of a forced step.
func autoLine(sk string) string {
	i := strings.Index(sk, `<li id="`+phID+`/2"`)
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
