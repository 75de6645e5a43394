package engine

import "fmt"

// The FreeCell family: every card dealt face up into columns, free cells
// that hold one card each, runs moved as one as the cells and empty
// columns allow (PileSpec.Runs).

func init() {
	register(freeCell("freecell", "FreeCell", BuildDownAltColour))
	register(freeCell("bakers-game", "Baker's Game", BuildDownInSuit))
}

// freeCell declares FreeCell (PySolFC 8) and, with build BuildDownInSuit,
// Baker's Game (PySolFC 45, BakersGame in bakersgame.py: FreeCell's layout
// and deal, SuperMoveSS_RowStack): one pack dealt into eight columns, four free
// cells, four foundations up in suit from the Ace, columns built down
// (in alternate colours, or in suit) with runs moved as one as the free
// cells and the empty columns allow, an emptied column filled by any
// card. PySolFC deals row by row from the left (FreeCell.startGame: six
// rows of eight, then one card to each of the first four columns), so
// columns 1-4 hold seven cards and 5-8 six. Deals below 32000 and those
// written "ms<N>" use the Microsoft generator: deal ms<N> is Windows
// FreeCell's game N.
func freeCell(slug, name string, build Build) *Game {
	g := &Game{Slug: slug, Name: name, Pack: OnePack}
	for i := range 4 {
		g.Piles = append(g.Piles, PileSpec{ID: fmt.Sprintf("c%d", i+1), Kind: Cell, X: float32(i) * 1.125, Y: 0})
	}
	g.Piles = append(g.Piles, suitFoundations(1, Ace, 1, false, 13, 4.75, 0)...)
	for i := range g.Piles[4:] {
		g.Piles[4+i].X = 4.5 + float32(i)*1.125
	}
	for i, id := range seq("t", 8) {
		g.Piles = append(g.Piles, PileSpec{ID: id, Kind: Tableau, Build: build, Fill: FillAnyCard, Runs: true,
			X: 0.5 + float32(i)*1.125, Y: 1.25, Fan: 'd'})
	}
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		dealRounds(g, cards, put, 8, 8, 8, 8, 8, 8, 4)
	}
	return g
}
