package engine

import "github.com/patience-solitaire/patience/engine/pysolrand"

// Deal returns the starting position of deal number d, the same layout
// PySolFC shows for that game number.
func (g *Game) Deal(d pysolrand.Deal) *State {
	r := pysolrand.New(d)
	cards := g.Pack.Cards()
	pysolrand.ShuffleCards(r, cards)
	piles := make([][]Card, len(g.Piles))
	for i := range piles {
		piles[i] = make([]Card, 0, g.Cards())
	}
	g.deal(g, cards, func(i int, c Card) { piles[i] = append(piles[i], c) })
	return g.newState(piles, shuffler{r})
}

// shuffler continues a deal's random stream for shuffling redeals.
type shuffler struct{ r pysolrand.Source }

func (s shuffler) ShuffleCards(cards []Card) { pysolrand.Shuffle(s.r, cards) }
func (s shuffler) Clone() Shuffler           { return shuffler{s.r.Clone()} }
