package engine

// The fan family: open games in which every card is dealt face up into
// fans of three, and only the top card of a fan plays.

func init() {
	register(houseInTheWoods("house-in-the-woods", "House in the Woods", false))
	register(houseInTheWoods("house-on-the-hill", "House on the Hill", true))
}

// houseInTheWoods declares House in the Woods (PySolFC 268): two packs in
// 34 fans of three and one of two, eight foundations built up in suit from
// the Ace, fans built up or down in suit, no refill, no redeal. With
// kingFoundations it is House on the Hill (PySolFC 317): one foundation of
// each suit builds up from the Ace and one down from the King.
func houseInTheWoods(slug, name string, kingFoundations bool) *Game {
	g := &Game{Slug: slug, Name: name, Pack: TwoPacks}
	for i, id := range seq("f", 8) {
		f := FoundationRule{Suit: Suit(i % 4), Base: Ace, Step: 1, Len: 13}
		if kingFoundations && i >= 4 {
			f.Base, f.Step = King, -1
		}
		g.Piles = append(g.Piles, PileSpec{ID: id, Kind: Foundation, Found: f, X: float32(i) * 1.25, Y: 0})
	}
	g.Piles = append(g.Piles, fans(35, BuildUpOrDownInSuit, 0, 1.5)...)
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		dealRounds(g, cards, put, 34, 35, 35)
	}
	return g
}

// fans declares n tableau fans t1..tn, seven to a row, from row y on.
func fans(n int, b Build, maxLen int, y float32) []PileSpec {
	out := make([]PileSpec, n)
	for i, id := range seq("t", n) {
		out[i] = PileSpec{ID: id, Kind: Tableau, Build: b, MaxLen: maxLen,
			X: float32(i%7) * 2, Y: y + float32(i/7)*1.25, Fan: 'r'}
	}
	return out
}

// dealRounds deals the cards to the first tableau piles, round by round:
// counts[k] piles get a card in round k, from t1 on. The last card of the
// list is dealt first.
func dealRounds(g *Game, cards []Card, put func(int, Card), counts ...int) {
	next := len(cards) - 1
	for _, n := range counts {
		for _, p := range g.tableau[:n] {
			put(p, cards[next])
			next--
		}
	}
}
