// Package viewer writes the HTML of the step-through replay viewer.
//
// [Render] writes one replay as a <figure class="replay">: a caption, the
// starting layout as plain HTML (so the page reads well without
// JavaScript and in a screen reader), the player controls (hidden until
// templates/assets/viewer.js runs), the numbered and annotated move list,
// and the replay's format 1 JSON in <script type="application/json"
// data-replay="ID">, from which the script computes every later layout.
//
// The markup is a contract with viewer.js and viewer.css:
//
//	figure.replay#ID                        one viewer; the script adds class "js" and tabindex
//	  figcaption .replay-title .replay-meta [.replay-files > a[download]: the .replay and JSON]
//	  .replay-board                         the layout
//	    .replay-group[data-group=G]         G: talon, foundation, reserve, tableau or another kind
//	  .replay-board.geo[style=--bw]         when the game's declared layout is known (package
//	                                        diagram): the board's width in card widths; the script
//	                                        adds --bhu, its height in card widths
//	      .pile[data-pile=P][data-kind=K]   P: t1, f1, s, w ...
//	        [data-fan=r|d][style=--x,--y,--slot]  the declared place, fan direction and the room
//	                                        for the fan (see diagram.Place); only on a .geo board;
//	                                        the script adds --maxn (the fan's longest state),
//	                                        --lines (the lines a right fan needs for it) and --dy
//	                                        (how far the pile moves down below fans that grew)
//	        .pile-id                        the label
//	        .cards[data-n=N][style=--n:N]   the cards, bottom first
//	          .card.c|.s|.h|.d              7<span class=suit>♥</span>; .back for the stock
//	          .count                        size of a stacked pile (foundation, stock, waste)
//	          .card.mark                    a card the replay marks ("mark:" header), with a hidden " (marked)"
//	  .replay-controls[hidden]              only when there are steps: button[data-act=first|prev|play|next|last|copy],
//	                                        input.replay-slider, select.replay-speed, output.replay-pos,
//	                                        p.replay-keys (the keys, for pointer devices)
//	  .replay-now .replay-caption .replay-note   the shown step; the script sets data-shown="Step N of M"
//	  .replay-live[aria-live=polite]        screen-reader announcements
//	  ol.replay-moves > li#ID/N[data-step=N] > a[href="#ID/N"] + p.note   (with .replay-live, only when
//	                                        there are steps: a position alone has no controls)
//	  script[type="application/json"][data-replay=ID]
package viewer

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/patience-solitaire/patience/cmd/patience/internal/diagram"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/replay"
)

// Options are what a viewer shows besides the replay.
type Options struct {
	// Downloads links to <id>.replay and <id>.json beside the page, which
	// the build publishes.
	Downloads bool
}

// Render writes the HTML viewer of the replay e to w. The output depends
// only on e.
func Render(w io.Writer, e *replay.Export) error { return RenderWith(w, e, Options{}) }

// RenderWith is Render with options.
func RenderWith(w io.Writer, e *replay.Export, o Options) error {
	if e == nil {
		return errors.New("viewer: nil replay")
	}
	if e.ID == "" {
		return errors.New("viewer: replay has no id")
	}
	if strings.ContainsAny(e.ID, " \t\r\n\f#") {
		return fmt.Errorf("viewer: replay id %q contains a space or '#'", e.ID)
	}
	// The JSON escapes <, > and & (and U+2028, U+2029) as \u003c and so
	// on, as encoding/json does, so the data can never close its <script>
	// element. It is written as the play panel's figures write it
	// (play.Figure, in the WebAssembly file, which has no encoding/json).
	data := e.AppendJSON(nil)
	places, board := geometry(e)
	marked := map[string]bool{}
	for _, c := range e.Mark {
		marked[c] = true
	}
	v := page{
		ID:     e.ID,
		Title:  title(e),
		Meta:   meta(e),
		Board:  board,
		Groups: groups(e.Piles, places, marked),
		Last:   len(e.Steps),
		JSON:   template.JS(data),
		Opts:   o,
	}
	v.Moves = append(v.Moves, move{N: 0, Caption: "Start: the cards as dealt", Note: e.Note})
	for i, s := range e.Steps {
		v.Moves = append(v.Moves, move{N: i + 1, Caption: Caption(s), Note: s.Note, Auto: s.Auto})
	}
	v.Now = v.Moves[0]
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, v); err != nil {
		return fmt.Errorf("viewer: %s: %w", e.ID, err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

type page struct {
	ID, Title, Meta string
	Board           template.CSS // the board's size in card widths, when the game's layout is known
	Groups          []group
	Moves           []move
	Now             move
	Last            int
	JSON            template.JS
	Opts            Options
}

type group struct {
	Name  string
	Piles []pile
}

type pile struct {
	ID, Kind string
	Place    template.CSS // where the game's declaration puts it
	Fan      string       // "r" or "d" when its cards are spread
	N        int
	Cards    []card // shown cards, bottom first
	Back     bool   // the stock: one card back with the count
	Count    bool   // stacked pile: show N beside the top card
}

// card is a card's rank ("10"), suit symbol ("♥") and suit class ("h"),
// and whether the replay marks it.
type card struct {
	Rank, Sym, Suit string
	Mark            bool
}

type move struct {
	N       int
	Caption string
	Note    string
	Auto    bool
}

func title(e *replay.Export) string {
	if e.Title != "" {
		return e.Title
	}
	if e.Deal != "" {
		return "Deal " + e.Deal
	}
	return "Replay " + e.ID
}

func meta(e *replay.Export) string {
	parts := []string{e.Game}
	if e.Variant != "" {
		parts[0] += " (" + e.Variant + ")"
	}
	if e.Deal != "" {
		parts = append(parts, "deal "+e.Deal)
	}
	n := len(e.Steps)
	if n == 0 {
		parts = append(parts, "a position")
	} else if n == 1 {
		parts = append(parts, "1 step")
	} else {
		parts = append(parts, strconv.Itoa(n)+" steps")
	}
	if e.Result != "" {
		parts = append(parts, e.Result)
	}
	if parts[0] == "" {
		parts = parts[1:]
	}
	return strings.Join(parts, " · ")
}

// groupOf names the board group of a pile kind: viewer.js keeps the same
// mapping.
func groupOf(kind string) string {
	switch kind {
	case "stock", "waste":
		return "talon"
	case "":
		return "other"
	}
	return kind
}

// stacked reports whether a pile of this kind shows only its top card.
func stacked(kind string) bool {
	return kind == "foundation" || kind == "stock" || kind == "waste"
}

// groupOrder is the order of the board's groups; other kinds follow in
// the order they first appear.
var groupOrder = []string{"talon", "foundation", "reserve", "tableau"}

// geometry returns the declared place of each pile of e's game (package
// diagram, which draws the page's layout diagram from the same
// declaration) as CSS custom properties, and the board's width. A game
// the engine does not know, or a pile it does not declare, gives none:
// the board then flows in groups.
func geometry(e *replay.Export) (map[string]diagram.Place, template.CSS) {
	g, err := engine.Lookup(e.Game, e.Variant)
	if err != nil {
		return nil, ""
	}
	geo := diagram.Layout(g)
	places := map[string]diagram.Place{}
	for _, p := range geo.Places {
		places[p.ID] = p
	}
	for _, p := range e.Piles {
		if _, ok := places[p.ID]; !ok {
			return nil, ""
		}
	}
	return places, template.CSS("--bw:" + num(geo.W))
}

func placeCSS(p diagram.Place) template.CSS {
	s := "--x:" + num(p.X) + ";--y:" + num(p.Y)
	if p.Slot > 0 {
		s += ";--slot:" + num(p.Slot)
	}
	return template.CSS(s)
}

// num formats a coordinate in the shortest form.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func groups(piles []replay.ExportPile, places map[string]diagram.Place, marked map[string]bool) []group {
	var gs []group
	index := map[string]int{}
	for _, name := range groupOrder {
		index[name] = len(gs)
		gs = append(gs, group{Name: name})
	}
	for _, p := range piles {
		name := groupOf(p.Kind)
		i, ok := index[name]
		if !ok {
			i = len(gs)
			index[name] = i
			gs = append(gs, group{Name: name})
		}
		q := makePile(p, marked)
		if pl, ok := places[p.ID]; ok {
			q.Place = placeCSS(pl)
			if pl.Fan != 0 {
				q.Fan = string(pl.Fan)
			}
		}
		gs[i].Piles = append(gs[i].Piles, q)
	}
	out := gs[:0]
	for _, g := range gs {
		if len(g.Piles) > 0 {
			out = append(out, g)
		}
	}
	return out
}

func makePile(p replay.ExportPile, marked map[string]bool) pile {
	q := pile{ID: p.ID, Kind: p.Kind, N: len(p.Cards)}
	shown := p.Cards
	switch {
	case p.Kind == "stock":
		q.Back = q.N > 0
		shown = nil
	case stacked(p.Kind) && q.N > 0:
		shown = shown[q.N-1:]
		q.Count = q.N > 1
	}
	for _, c := range shown {
		text, suit := Card(c)
		if suit == "" {
			q.Cards = append(q.Cards, card{Rank: text, Mark: marked[c]})
			continue
		}
		_, n := utf8.DecodeLastRuneInString(text)
		q.Cards = append(q.Cards, card{text[:len(text)-n], text[len(text)-n:], suit, marked[c]})
	}
	return q
}

var suits = map[byte][2]string{
	'C': {"♣", "c"}, 'S': {"♠", "s"}, 'H': {"♥", "h"}, 'D': {"♦", "d"},
}

// Card returns the display text of a card code such as "7H" or "TD"
// ("7♥", "10♦") and its suit class (c, s, h or d). An unknown code is
// returned unchanged with an empty class.
func Card(code string) (text, suit string) {
	if len(code) < 2 {
		return code, ""
	}
	s, ok := suits[code[len(code)-1]]
	if !ok {
		return code, ""
	}
	rank := code[:len(code)-1]
	if rank == "T" {
		rank = "10"
	}
	return rank + s[0], s[1]
}

func cardList(codes []string) string {
	texts := make([]string, len(codes))
	for i, c := range codes {
		texts[i], _ = Card(c)
	}
	return strings.Join(texts, " ")
}

// Caption returns the step's caption, or when the replay has none a
// short one made from the move ("7♥ from t12 to t3"). viewer.js makes the
// same fallback.
func Caption(s replay.ExportStep) string {
	if s.Caption != "" {
		return s.Caption
	}
	cards := cardList(s.Cards)
	switch s.Action {
	case "redeal":
		return "Redeal"
	case "deal":
		if cards == "" {
			return "Deal"
		}
		return "Deal " + cards
	}
	text := cards
	if text == "" {
		text = "Move"
	}
	if s.Action == "merci" {
		text = "Merci: " + text
	}
	if s.From != "" {
		text += " from " + s.From
	}
	if s.To != "" {
		text += " to " + s.To
	}
	return text
}

var tmpl = template.Must(template.New("replay").Parse(strings.TrimSpace(`
<figure class="replay" id="{{.ID}}">
<figcaption><span class="replay-title">{{.Title}}</span> <span class="replay-meta">{{.Meta}}</span>
{{- if .Opts.Downloads}} <span class="replay-files">Download <a href="{{.ID}}.replay" download>.replay</a> <a href="{{.ID}}.json" download>JSON</a></span>{{end}}</figcaption>
{{if .Board}}<div class="replay-board geo" style="{{.Board}}">{{else}}<div class="replay-board">{{end}}
{{- range .Groups}}
<div class="replay-group" data-group="{{.Name}}">
{{- range .Piles}}
<div class="pile" data-pile="{{.ID}}" data-kind="{{.Kind}}"{{with .Fan}} data-fan="{{.}}"{{end}}{{with .Place}} style="{{.}}"{{end}}><span class="pile-id">{{.ID}}</span><span class="cards" data-n="{{.N}}" style="--n:{{.N}}">
{{- if .Back}}<span class="card back">{{.N}}<span class="vh"> cards</span></span>
{{- else if not .N}}<span class="vh">empty</span>
{{- else}}{{range .Cards}}<span class="card {{.Suit}}{{if .Mark}} mark{{end}}">{{.Rank}}<span class="suit">{{.Sym}}</span>{{if .Mark}}<span class="vh"> (marked)</span>{{end}}</span>{{end}}{{if .Count}}<span class="count">{{.N}}</span>{{end}}
{{- end}}</span></div>
{{- end}}
</div>
{{- end}}
</div>
{{- if .Last}}
<div class="replay-controls" hidden>
<button type="button" data-act="first" aria-label="First step">«</button>
<button type="button" data-act="prev" aria-label="Previous step">‹</button>
<button type="button" data-act="play" aria-label="Play">▶︎</button>
<button type="button" data-act="next" aria-label="Next step">›</button>
<button type="button" data-act="last" aria-label="Last step">»</button>
<button type="button" data-act="copy" class="replay-copy">Copy link</button>
<input type="range" class="replay-slider" min="0" max="{{.Last}}" value="0" aria-label="Step">
<output class="replay-pos">0 / {{.Last}}</output>
<label class="replay-speed-label">Speed <select class="replay-speed">
<option value="2000">0.5×</option>
<option value="1000" selected>1×</option>
<option value="500">2×</option>
<option value="250">4×</option>
</select></label>
<p class="replay-keys" aria-hidden="true">Keys: <kbd>←</kbd> <kbd>→</kbd> step, <kbd>Home</kbd> <kbd>End</kbd> first and last, <kbd>Space</kbd> play or pause</p>
</div>
{{- end}}
<div class="replay-now"><p class="replay-caption">{{.Now.Caption}}</p><p class="replay-note">{{.Now.Note}}</p></div>
{{- if .Last}}
<p class="replay-live vh" aria-live="polite"></p>
<ol class="replay-moves" start="0">
{{- range .Moves}}
<li id="{{$.ID}}/{{.N}}" data-step="{{.N}}"{{if .Auto}} class="auto"{{end}}><a href="#{{$.ID}}/{{.N}}">{{.Caption}}</a>{{if .Auto}} <span class="tag">forced</span>{{end}}{{if .Note}}<p class="note">{{.Note}}</p>{{end}}</li>
{{- end}}
</ol>
{{- end}}
<script type="application/json" data-replay="{{.ID}}">{{.JSON}}</script>
</figure>
`)))
