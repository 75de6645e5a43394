package engine

import "fmt"

// The FreeCell family: every card dealt face up into columns, free cells
// that hold one card each, runs moved as one as the cells and empty
// columns allow (PileSpec.Runs).

func init() {
	// FreeCell (PySolFC 8, freecell.py FreeCell) and Baker's Game
	// (PySolFC 45, bakersgame.py BakersGame(FreeCell)): eight columns,
	// four cells, six rows of eight dealt and then one card to each of the
	// first four columns (FreeCell.startGame), runs moved with
	// SuperMoveAC_RowStack and SuperMoveSS_RowStack.
	fc := cellGame{columns: 8, cells: 4, rows: 6, lastRow: 4, fill: FillAnyCard}
	fc.cellX = []float32{0, 1.125, 2.25, 3.375}
	fc.foundX = []float32{4.5, 5.625, 6.75, 7.875}
	fc.columnX, fc.columnY = 0.5, 1.25
	register(fc.game("freecell", "FreeCell", BuildDownAltColour))
	register(fc.game("bakers-game", "Baker's Game", BuildDownInSuit))

	// Eight Off (PySolFC 258, bakersgame.py EightOff(KingOnlyBakersGame)):
	// eight columns and eight cells, six rows of eight dealt and then one
	// card to cells 1, 3, 5 and 7 (EightOff.startGame), built down in
	// suit, an emptied column filled only by a King, runs of at most
	// free cells + 1 cards (FreeCell_SS_RowStack: empty columns never
	// help, as only a King goes there).
	eo := cellGame{columns: 8, cells: 8, rows: 6, dealtCells: []int{0, 2, 4, 6}, fill: FillKings}
	for i := range 8 {
		eo.cellX = append(eo.cellX, float32(i)*1.125)
	}
	eo.foundX = []float32{9.25, 10.375, 11.5, 12.625}
	eo.columnX, eo.columnY = 0, 1.25
	register(eo.game("eight-off", "Eight Off", BuildDownInSuit))

	// Seahaven Towers (PySolFC 9, bakersgame.py
	// SeahavenTowers(KingOnlyBakersGame)): ten columns and four cells,
	// five rows of ten dealt and then one card to cells 2 and 3
	// (SeahavenTowers.startGame), built down in suit, an emptied column
	// filled only by a King. PySolFC's top row, in slots of one card:
	// spades, hearts, the four cells at 3-6, diamonds, clubs.
	st := cellGame{columns: 10, cells: 4, rows: 5, dealtCells: []int{1, 2}, fill: FillKings}
	st.cellX = []float32{3 * 1.125, 4 * 1.125, 5 * 1.125, 6 * 1.125}
	st.foundX = []float32{9 * 1.125, 0, 1.125, 8 * 1.125} // clubs, spades, hearts, diamonds
	st.columnX, st.columnY = 0, 1.25
	register(st.game("seahaven-towers", "Seahaven Towers", BuildDownInSuit))

	// Beleaguered Castle (PySolFC 34, beleagueredcastle.py
	// BeleagueredCastle(StreetsAndAlleys)): no cells, eight rows built
	// down regardless of suit, any card fills a space. The Aces go to the
	// bottom of the talon (_shuffleHookMoveToBottom, by suit), six rows of
	// eight are dealt and then the Aces to the foundations. PySolFC moves
	// runs with SuperMoveRK_RowStack: with no cells, only as many cards as
	// the empty rows would let one carry one by one.
	bc := cellGame{columns: 8, rows: 6, acesOut: true, fill: FillAnyCard}
	bc.foundX = []float32{2.25, 3.375, 4.5, 5.625}
	bc.columnX, bc.columnY = 0, 1.25
	register(bc.game("beleaguered-castle", "Beleaguered Castle", BuildDownAnySuit))

	// Streets and Alleys (PySolFC 146, beleagueredcastle.py
	// StreetsAndAlleys): Beleaguered Castle with the Aces shuffled in,
	// six rows of eight dealt and then the last four cards to the first
	// four rows (startGame: _startDealNumRows(4), dealRowAvail() three
	// times).
	sa := bc
	sa.acesOut, sa.lastRow = false, 4
	register(sa.game("streets-and-alleys", "Streets and Alleys", BuildDownAnySuit))

	register(bakersDozen())
}

// bakersDozen declares Baker's Dozen (PySolFC 31, bakersdozen.py
// BakersDozen(CastlesInSpain)): thirteen columns of four cards, every
// King moved under the other cards of its column at the deal
// (BakersDozen._shuffleHook), built down regardless of suit one card at a
// time (RK_RowStack, max_move=1), an emptied column never refilled
// (base_rank=NO_RANK). PySolFC lays the columns out in rows of seven and
// six; here they stand in one row under the foundations.
func bakersDozen() *Game {
	g := &Game{Slug: "bakers-dozen", Name: "Baker's Dozen", Pack: OnePack}
	g.Piles = append(g.Piles, suitFoundations(1, Ace, 1, false, 13, 4.5, 0)...)
	for i, id := range seq("t", 13) {
		g.Piles = append(g.Piles, PileSpec{ID: id, Kind: Tableau, Build: BuildDownAnySuit, Fill: FillNever,
			X: float32(i) * 1.125, Y: 1.25, Fan: 'd'})
	}
	g.shuffleHook = kingsToBottom(13, -1)
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		dealRounds(g, cards, put, 13, 13, 13, 13)
	}
	return g
}

// cellGame is the shape of a game of the FreeCell family: its columns
// and cells, how PySolFC deals it, and where its piles lie.
type cellGame struct {
	columns, cells int
	rows           int   // full rows dealt to the columns, left to right
	lastRow        int   // then one card to each of the first lastRow columns
	dealtCells     []int // then one card to each of these cells (from 0)
	acesOut        bool  // the Aces dealt last, to the foundations
	fill           Fill  // what an emptied column takes

	cellX, foundX    []float32 // the cells' and foundations' places, top row
	columnX, columnY float32   // the first column's place
}

// game declares the game slug of the shape c, its columns built by
// build: cells c1.., foundations f1-f4 up in suit from the Ace (clubs,
// spades, hearts, diamonds), columns t1.. that move runs as one.
func (c cellGame) game(slug, name string, build Build) *Game {
	g := &Game{Slug: slug, Name: name, Pack: OnePack}
	for i := range c.cells {
		g.Piles = append(g.Piles, PileSpec{ID: fmt.Sprintf("c%d", i+1), Kind: Cell, X: c.cellX[i], Y: 0})
	}
	for i, f := range suitFoundations(1, Ace, 1, false, 13, 0, 0) {
		f.X = c.foundX[i]
		g.Piles = append(g.Piles, f)
	}
	for i, id := range seq("t", c.columns) {
		g.Piles = append(g.Piles, PileSpec{ID: id, Kind: Tableau, Build: build, Fill: c.fill, Runs: true,
			X: c.columnX + float32(i)*1.125, Y: c.columnY, Fan: 'd'})
	}
	if c.acesOut {
		g.shuffleHook = func(g *Game, ids []int) []int {
			pack := g.Pack.Cards()
			return moveToBottom(ids, func(id int) (bool, int) {
				return pack[id].Rank() == Ace, int(pack[id].Suit())
			})
		}
	}
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		d := newDealer(cards, put)
		for range c.rows {
			for _, t := range g.tableau {
				d.one(t)
			}
		}
		for _, t := range g.tableau[:c.lastRow] {
			d.one(t)
		}
		for _, k := range c.dealtCells {
			d.one(g.cells[k])
		}
		if c.acesOut {
			for _, f := range g.foundations {
				d.one(f)
			}
		}
	}
	return g
}
