package engine

import "github.com/patience-solitaire/patience/engine/pysolrand"

// Deal returns the starting position of deal number d, the same layout
// PySolFC shows for that game number.
//
// The cards are shuffled as card ids (0..Size-1 in PySolFC's creation
// order, pack 0 first), so that a shuffle hook can tell the two copies of
// a card apart as PySolFC's does (Patriarchs takes pack 0's Aces and
// Kings); the last id of the list is dealt first.
func (g *Game) Deal(d pysolrand.Deal) *State {
	r := pysolrand.New(d)
	pack := g.Pack.Cards()
	ids := make([]int, len(pack))
	for i := range ids {
		ids[i] = i
	}
	pysolrand.ShuffleCards(r, ids)
	if g.shuffleHook != nil {
		ids = g.shuffleHook(g, ids)
	}
	cards := make([]Card, len(ids))
	for i, id := range ids {
		cards[i] = pack[id]
	}
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

// moveToTop is PySolFC's Game._shuffleHookMoveToTop: the ids that sel
// selects are taken out and put on top of the talon (the end of the list)
// so that they are dealt first, the one with the smallest key first; of
// two with equal keys, the one nearer the top is dealt first.
func moveToTop(ids []int, sel func(id int) (bool, int)) []int {
	rest, picked := moveSorter(ids, sel)
	return append(rest, picked...)
}

// moveToBottom is PySolFC's Game._shuffleHookMoveToBottom: the ids that
// sel selects go to the bottom of the talon (the start of the list), so
// that they are dealt last, in the order moveToTop would deal them first.
func moveToBottom(ids []int, sel func(id int) (bool, int)) []int {
	rest, picked := moveSorter(ids, sel)
	return append(picked, rest...)
}

// moveSorter is PySolFC's Game._shuffleHookMoveSorter: the ids that sel
// does not select, in their order, and those it selects, ordered as
// PySolFC orders them (the smallest key last).
func moveSorter(ids []int, sel func(id int) (bool, int)) (rest, picked []int) {
	type item struct{ key, i, id int }
	var items []item
	for pos, id := range ids {
		if ok, key := sel(id); ok {
			items = append(items, item{key, len(ids) - pos, id})
		} else {
			rest = append(rest, id)
		}
	}
	// PySolFC sorts (key, i) ascending and reverses: the list ends with
	// the smallest.
	for a := 1; a < len(items); a++ {
		for b := a; b > 0; b-- {
			x, y := items[b-1], items[b]
			if x.key < y.key || x.key == y.key && x.i < y.i {
				items[b-1], items[b] = y, x
			}
		}
	}
	for _, it := range items {
		picked = append(picked, it.id)
	}
	return rest, picked
}
