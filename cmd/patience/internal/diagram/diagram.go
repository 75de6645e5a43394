// Package diagram draws the layout diagram of a game, an inline SVG made
// from the engine's declaration (engine.Game): every pile at its X/Y place
// (in card widths and card heights), drawn as card outlines, fanned piles
// as overlapping outlines in their fan direction, each labelled with its
// notation name (t1, f1, r1, l1, q1, s, w) and foundations with their base
// card. Nothing is drawn by hand, so the diagram cannot drift from the
// rules the engine plays.
//
// The SVG carries no colours or fonts of its own: it uses CSS classes
// (diagram; dg-pile with dg-tableau, dg-foundation, ... for each pile;
// dg-card, dg-empty, dg-stock for the outlines; dg-id, dg-base, dg-red for
// the labels: prefixed, so as not to meet the viewer's) and currentColor, so
// that the site's stylesheet (templates/assets/games.css) styles it in
// light and dark schemes. It is accessible: role="img", a <title> and a
// <desc> describing the layout in words (see Describe).
package diagram

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// Size of a card in SVG units, and the margin around the layout.
const (
	cardW  = 60
	cardH  = 84
	margin = 6
	radius = 5
)

// wide is the width above which a diagram gets the class dg-wide.
const wide = 480

// Overlap of fanned cards, as a fraction of a card width ('r') or height
// ('d'), and the most cards drawn in a fan.
const (
	fanRight = 0.3
	fanDown  = 0.22
	maxShown = 4
)

// StartCounts returns the number of cards on each pile of g at the start
// of a deal (the same for every deal number).
func StartCounts(g *engine.Game) []int {
	s := g.Deal(pysolrand.Deal{N: 1})
	out := make([]int, len(g.Piles))
	for i := range g.Piles {
		out[i] = len(s.Pile(i))
	}
	return out
}

// SVG returns the diagram of g as an <svg> element to put inline in a
// page. id makes the element's ids unique in the page ("layout" if
// empty).
func SVG(g *engine.Game, id string) []byte {
	if id == "" {
		id = "layout"
	}
	counts := StartCounts(g)
	var body bytes.Buffer
	maxX, maxY := 0.0, 0.0
	for i, p := range g.Piles {
		x := margin + float64(p.X)*cardW
		y := margin + float64(p.Y)*cardH
		n := shown(p, counts[i])
		dx, dy := 0.0, 0.0
		switch p.Fan {
		case 'r':
			dx = fanRight * cardW
		case 'd':
			dy = fanDown * cardH
		}
		class := "dg-card"
		switch {
		case counts[i] == 0:
			class += " dg-empty"
		case p.Kind == engine.Stock:
			class += " dg-stock"
		}
		fmt.Fprintf(&body, "<g class=\"dg-pile dg-%s\" data-pile=\"%s\">", p.Kind, p.ID)
		fmt.Fprintf(&body, "<title>%s</title>", html.EscapeString(title(p, counts[i])))
		for k := range n {
			fmt.Fprintf(&body, "<rect class=\"%s\" x=\"%s\" y=\"%s\" width=\"%d\" height=\"%d\" rx=\"%d\" fill=\"none\" stroke=\"currentColor\"/>",
				class, num(x+float64(k)*dx), num(y+float64(k)*dy), cardW, cardH, radius)
		}
		// The label goes on the card that shows: the last of a fan.
		lx, ly := x+float64(n-1)*dx, y+float64(n-1)*dy
		fmt.Fprintf(&body, "<text class=\"dg-id\" x=\"%s\" y=\"%s\">%s</text>", num(lx+5), num(ly+15), p.ID)
		if p.Kind == engine.Foundation {
			text, red := baseCard(p.Found)
			cl := "dg-base"
			if red {
				cl += " dg-red"
			}
			fmt.Fprintf(&body, "<text class=\"%s\" x=\"%s\" y=\"%s\" text-anchor=\"middle\">%s</text>",
				cl, num(lx+cardW/2), num(ly+cardH/2+8), html.EscapeString(text))
		}
		body.WriteString("</g>\n")
		maxX = max(maxX, lx+cardW)
		maxY = max(maxY, ly+cardH)
	}
	w, h := maxX+margin, maxY+margin
	class := "diagram"
	if w > wide {
		class += " dg-wide" // for a stylesheet that treats big layouts apart
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "<svg class=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %s %s\" width=\"%s\" height=\"%s\" fill=\"currentColor\" role=\"img\" aria-labelledby=\"%s-title %s-desc\">\n",
		class, num(w), num(h), num(w), num(h), id, id)
	fmt.Fprintf(&b, "<title id=\"%s-title\">Layout of %s%s</title>\n", id, html.EscapeString(g.Name), variantSuffix(g))
	fmt.Fprintf(&b, "<desc id=\"%s-desc\">%s</desc>\n", id, html.EscapeString(Describe(g)))
	b.Write(body.Bytes())
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func variantSuffix(g *engine.Game) string {
	if g.Variant == "" {
		return ""
	}
	return " (variant " + g.Variant + ")"
}

// shown is the number of outlines drawn for a pile holding count cards at
// the start: one for a squared pile or an empty one, up to maxShown for a
// fan.
func shown(p engine.PileSpec, count int) int {
	if p.Fan == 0 || count <= 1 {
		return 1
	}
	return min(count, maxShown)
}

// title is the tooltip of a pile: how captions name it, and its cards at
// the start.
func title(p engine.PileSpec, count int) string {
	s := p.ID + ": " + p.Describe()
	if p.Kind == engine.Foundation {
		s += ", " + p.Found.Describe()
	}
	switch count {
	case 0:
		return s + " (empty at the start)"
	case 1:
		return s + " (1 card at the start)"
	}
	return fmt.Sprintf("%s (%d cards at the start)", s, count)
}

// baseCard is what a foundation shows: its base card ("A♣"), or the suit
// alone for a foundation that takes any rank.
func baseCard(f engine.FoundationRule) (text string, red bool) {
	if f.AnyRank {
		return f.Suit.Symbol(), f.Suit.Red()
	}
	r := f.Base.String()
	if f.Base == 10 {
		r = "10"
	}
	return r + f.Suit.Symbol(), f.Suit.Red()
}

// num formats an SVG coordinate: at most two decimals, no trailing zeros.
func num(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}
