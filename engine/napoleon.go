package engine

import "fmt"

// Napoleon at St Helena (PySolFC 13 "Forty Thieves").

func init() {
	register(napoleon("", FillAnyCard))
	register(napoleon("cadogan", FillFromWaste))
}

// napoleon declares Napoleon at St Helena: two packs, ten columns of four
// dealt face up in four rows of ten (PySolFC FortyThieves.startGame: DEAL
// = (0, 4), four dealRow calls, then one card to the waste), eight
// foundations up in suit from the Ace, columns built down in suit one
// card at a time, the stock turned one card at a time to the waste, no
// redeal. An empty column takes any available card (fill FillAnyCard,
// PySolFC's SS_RowStack), or with Cadogan's note only the waste's top
// card (FillFromWaste, variant "cadogan").
func napoleon(variant string, fill Fill) *Game {
	g := &Game{Slug: "napoleon-at-st-helena", Variant: variant, Name: "Napoleon at St Helena", Pack: TwoPacks}
	for i := range 8 {
		g.Piles = append(g.Piles, PileSpec{ID: fmt.Sprintf("f%d", i+1), Kind: Foundation,
			Found: FoundationRule{Suit: Suit(i % 4), Base: Ace, Step: 1, Len: 13},
			X:     2.5 + float32(i)*1.125, Y: 0})
	}
	for i, id := range seq("t", 10) {
		g.Piles = append(g.Piles, PileSpec{ID: id, Kind: Tableau, Build: BuildDownInSuit, Fill: fill,
			X: float32(i) * 1.125, Y: 1.25, Fan: 'd'})
	}
	g.Piles = append(g.Piles, stockAndWaste(0, 0)...)
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		d := newDealer(cards, put)
		for range 4 {
			for _, t := range g.tableau {
				d.one(t)
			}
		}
		d.one(g.waste)
		d.rest(g.stock)
	}
	return g
}

// stockAndWaste declares the stock s at (x, y) and the waste w to its
// right, 1.25 card widths on (both squared: only the top card shows).
func stockAndWaste(x, y float32) []PileSpec {
	return []PileSpec{
		{ID: "s", Kind: Stock, X: x, Y: y},
		{ID: "w", Kind: Waste, X: x + 1.25, Y: y},
	}
}

