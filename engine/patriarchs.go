package engine

import "fmt"

// The Patriarchs family: foundations fed from a reserve that the rules
// refill at once from the waste (or from the stock while the waste is
// empty), and a stock turned one card at a time. Foundations that are
// "placed when they come free" are declared empty, with their suit and
// base card fixed: the base card is the only card they accept first.

func init() {
	register(patriarchs("patriarchs", "", "Patriarchs", true, 1))
	register(patriarchs("picture-patience", "", "Picture Patience", false, 1))
	register(patriarchs("picture-patience", "no-redeal", "Picture Patience", false, 0))
	register(oddAndEven())
	register(royalCotillion())
	register(contradance())
	register(capturedQueens())
}

// reserveGrid declares n reserve spaces r<first>.. in rows of cols from
// (x, y); each plays only to the foundations and is refilled by the rules.
func reserveGrid(first, n, cols int, x, y float32, label string) []PileSpec {
	out := make([]PileSpec, n)
	for i := range out {
		id := fmt.Sprintf("r%d", first+i)
		out[i] = PileSpec{ID: id, Kind: Reserve, Refill: true, ToFoundationOnly: true,
			X: x + float32(i%cols)*1.125, Y: y + float32(i/cols)*1.125}
		if label != "" {
			out[i].Label = fmt.Sprintf("%s %d", label, first+i)
		}
	}
	return out
}

// turnWaste sets the number of redeals by turning the waste over.
func turnWaste(g *Game, redeals int) {
	g.Redeals = redeals
	if redeals > 0 {
		g.RedealKind = TurnWaste
	}
}

// patriarchs declares Patriarchs (PySolFC 429) and, without reversal and
// starting cards, Picture Patience (PySolFC 598): two packs; one Ace
// foundation of each suit (f1-f4, clubs, spades, hearts, diamonds) built
// up to the King on the left, one King foundation of each suit (f5-f8)
// built down to the Ace on the right; a reserve of nine (r1-r9, three rows
// of three) playing only to the foundations and refilled at once; stock
// and waste; one redeal by turning the waste over (Picture Patience's
// variant "no-redeal": none, as in PySolFC and Pretty Good Solitaire).
//
// Patriarchs' deal follows PySolFC's Patriarchs._shuffleHook: pack 0's
// AC AS AH AD KC KS KH KD go to the top of the talon sorted by (rank,
// suit) and are dealt first, onto f1..f8; then r1..r9, then one card to
// the waste. Picture Patience deals r1..r9 and one card to the waste.
//
// Reversal (Patriarchs only): when the tops of a suit's Ace and King
// foundations are in sequence, the top card of either may move onto the
// other, never a base card (see the Reversal rule below).
func patriarchs(slug, variant, name string, reversal bool, redeals int) *Game {
	g := &Game{Slug: slug, Variant: variant, Name: name, Pack: TwoPacks}
	if reversal {
		withRules(g, Reversal)
	}
	turnWaste(g, redeals)
	for i := range 4 {
		g.Piles = append(g.Piles, PileSpec{ID: fmt.Sprintf("f%d", i+1), Kind: Foundation,
			Found: FoundationRule{Suit: Suit(i), Base: Ace, Step: 1, Len: 13}, X: 0, Y: float32(i) * 1.125})
	}
	for i := range 4 {
		g.Piles = append(g.Piles, PileSpec{ID: fmt.Sprintf("f%d", i+5), Kind: Foundation,
			Found: FoundationRule{Suit: Suit(i), Base: King, Step: -1, Len: 13}, X: 5, Y: float32(i) * 1.125})
	}
	g.Piles = append(g.Piles, reserveGrid(1, 9, 3, 1.375, 0, "")...)
	g.Piles = append(g.Piles, stockAndWaste(1.875, 3.375)...)
	if reversal {
		g.shuffleHook = func(g *Game, ids []int) []int {
			pack := g.Pack.Cards()
			return moveToTop(ids, func(id int) (bool, int) {
				c := pack[id]
				if id >= 52 || c.Rank() != Ace && c.Rank() != King {
					return false, 0
				}
				return true, int(c.Rank())*4 + int(c.Suit())
			})
		}
	}
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		d := newDealer(cards, put)
		if reversal {
			for _, f := range g.foundations {
				d.one(f)
			}
		}
		for _, r := range g.PilesOf(Reserve) {
			d.one(r)
		}
		d.one(g.waste)
		d.rest(g.stock)
	}
	return g
}

// byTwos declares foundations f<first>.. of each suit from base, built up
// in suit by twos and wrapping (A-3-5-7-9-J-K-2-4-6-8-T-Q, or from the
// Deuce 2-4-6-8-T-Q-A-3-5-7-9-J-K), side by side from (x, y).
func byTwos(first int, base Rank, x, y float32) []PileSpec {
	return suitFoundations(first, base, 2, true, 13, x, y)
}

// oddAndEven declares Odd and Even (PySolFC 55): two packs; an Ace (f1-f4)
// and a Deuce (f5-f8) foundation of each suit, placed when they come
// free, built up in suit by twos, wrapping; a reserve of nine (r1-r9,
// three rows of three as the books show it; PySolFC lays out 4 and 5)
// refilled at once; stock and waste; one redeal. PySolFC's deal: r1..r9,
// one card to the waste (OddAndEven.startGame).
func oddAndEven() *Game {
	g := &Game{Slug: "odd-and-even", Name: "Odd and Even", Pack: TwoPacks}
	turnWaste(g, 1)
	g.Piles = append(g.Piles, byTwos(1, Ace, 0, 0)...)
	g.Piles = append(g.Piles, byTwos(5, 2, 5, 0)...)
	g.Piles = append(g.Piles, reserveGrid(1, 9, 3, 3, 1.375, "")...)
	g.Piles = append(g.Piles, stockAndWaste(0, 1.375)...)
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		d := newDealer(cards, put)
		for _, r := range g.PilesOf(Reserve) {
			d.one(r)
		}
		d.one(g.waste)
		d.rest(g.stock)
	}
	return g
}

// royalCotillion declares Royal Cotillion (PySolFC 54): two packs;
// foundations as Odd and Even (f1-f4 from the Aces, f5-f8 from the
// Deuces, by twos, wrapping, placed when they come free); a left wing of
// four overlapping columns of three (l1-l4: only the exposed card plays,
// only to the foundations, gaps never refilled) and a right wing of 16
// (r1-r16, four rows of four, all available, only to the foundations,
// refilled at once from the waste, or from the stock while the waste is
// empty); stock and waste; no redeal. PySolFC's deal
// (RoyalCotillion.startGame): r1..r16, then three rounds of l1..l4, then
// one card to the waste. (PySolFC also deals to an emptied waste at
// once; here the player deals, which changes nothing that matters.)
func royalCotillion() *Game {
	g := &Game{Slug: "royal-cotillion", Name: "Royal Cotillion", Pack: TwoPacks}
	for i, id := range seq("l", 4) {
		g.Piles = append(g.Piles, PileSpec{ID: id, Kind: Tableau, Build: BuildNone, Fill: FillNever,
			ToFoundationOnly: true, Label: fmt.Sprintf("left wing column %d", i+1),
			X: float32(i) * 1.125, Y: 0, Fan: 'd'})
	}
	for k, base := range []Rank{Ace, 2} {
		for i := range 4 {
			g.Piles = append(g.Piles, PileSpec{ID: fmt.Sprintf("f%d", i+1+4*k), Kind: Foundation,
				Found: FoundationRule{Suit: Suit(i), Base: base, Step: 2, Wrap: true, Len: 13},
				X:     4.75 + float32(k)*1.125, Y: float32(i) * 1.125})
		}
	}
	g.Piles = append(g.Piles, reserveGrid(1, 16, 4, 7.25, 0, "right wing")...)
	g.Piles = append(g.Piles, stockAndWaste(0, 3.375)...)
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		d := newDealer(cards, put)
		for _, r := range g.PilesOf(Reserve) {
			d.one(r)
		}
		for range 3 {
			for _, t := range g.tableau {
				d.one(t)
			}
		}
		d.one(g.waste)
		d.rest(g.stock)
	}
	return g
}

// fivesAndSixes declares n foundations of each suit from the Five down
// (5-4-3-2-A-K) from f<first> on and as many from the Six up to top from
// f<first+4n> on: the suits in the order clubs, spades, hearts, diamonds,
// each repeated n times (PySolFC: suit=i/2 for two packs).
func fivesAndSixes(n int, top Rank, y float32) []PileSpec {
	var out []PileSpec
	for k, base := range []Rank{5, 6} {
		for i := range 4 * n {
			f := FoundationRule{Suit: Suit(i / n), Base: base, Step: 1, Len: int8(top - 5)}
			if base == 5 {
				f.Step, f.Wrap, f.Len = -1, true, 6
			}
			out = append(out, PileSpec{ID: fmt.Sprintf("f%d", k*4*n+i+1), Kind: Foundation, Found: f,
				X: float32(i) * 1.125, Y: y + float32(k)*1.25})
		}
	}
	return out
}

// contradance declares Contradance, or Cotillion (PySolFC 418): two packs;
// all sixteen Fives and Sixes start as foundations, the Fives (f1-f8:
// clubs, clubs, spades, spades, ...) built down in suit 5-4-3-2-A-K, the
// Sixes (f9-f16) up in suit to the Queen; stock and waste, one redeal.
// PySolFC's Contradance._shuffleHook puts every 5 and 6 on top of the
// talon sorted by (rank, suit), so they are dealt onto f1..f16 in order;
// then one card goes to the waste.
func contradance() *Game {
	g := &Game{Slug: "contradance", Name: "Contradance", Pack: TwoPacks}
	turnWaste(g, 1)
	g.Piles = append(g.Piles, fivesAndSixes(2, Queen, 0)...)
	g.Piles = append(g.Piles, stockAndWaste(3, 3)...)
	g.shuffleHook = func(g *Game, ids []int) []int {
		pack := g.Pack.Cards()
		return moveToTop(ids, func(id int) (bool, int) {
			c := pack[id]
			if c.Rank() != 5 && c.Rank() != 6 {
				return false, 0
			}
			return true, int(c.Rank())*4 + int(c.Suit())
		})
	}
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		d := newDealer(cards, put)
		for _, f := range g.foundations {
			d.one(f)
		}
		d.one(g.waste)
		d.rest(g.stock)
	}
	return g
}

// capturedQueens declares Captured Queens, or Quadrille (PySolFC 410
// "Captive Queens"): one pack; the Fives (f1-f4) built down in suit
// 5-4-3-2-A-K and the Sixes (f5-f8) up in suit to the Jack, each placed
// when it comes free; the four Queens go to the centre (q1-q4, one pile
// of one per suit, kind foundation: PySolFC's AbstractFoundationStack
// with max_cards=1, base_rank=QUEEN). A Queen is played there by the
// player like any foundation card, whenever it is the waste's top card;
// nothing else may go there, and a card there stays. (Playing it at once
// is always safe, and the solver does.) Stock and waste, two redeals.
// PySolFC deals one card to the waste.
func capturedQueens() *Game {
	g := &Game{Slug: "captured-queens", Name: "Captured Queens", Pack: OnePack}
	turnWaste(g, 2)
	piles := fivesAndSixes(1, Jack, 0)
	g.Piles = append(g.Piles, piles[:4]...)
	for i := range 4 {
		g.Piles = append(g.Piles, PileSpec{ID: fmt.Sprintf("q%d", i+1), Kind: Foundation,
			Found: FoundationRule{Suit: Suit(i), Base: Queen, Len: 1},
			Label: "the centre, " + Suit(i).Name(),
			X:     float32(i) * 1.125, Y: 1.25})
	}
	for i := range 4 {
		p := piles[4+i]
		p.Y = 2.5
		g.Piles = append(g.Piles, p)
	}
	g.Piles = append(g.Piles, PileSpec{ID: "s", Kind: Stock, X: 5, Y: 0},
		PileSpec{ID: "w", Kind: Waste, X: 5, Y: 1.25})
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		d := newDealer(cards, put)
		d.one(g.waste)
		d.rest(g.stock)
	}
	return g
}

// Reversal is Patriarchs' rule: when the tops of a suit's two foundations
// are in sequence, the top card of either may move onto the other, never
// a base card. A replay writes it as a plain move ("f1 f5").
var Reversal Rule = reversal{}

// ActReversal is the reversal's kind of move.
var ActReversal = newAction(Reversal)

type reversal struct{ ruleBase }

func (reversal) Name() string            { return "reversal" }
func (reversal) motion() Motion          { return MotionOffFoundation } // a card from one foundation onto another
func (reversal) fingerprint() string     { return "reversal=true" }
func (reversal) leavesFoundations() bool { return true }

func (reversal) requires(g *Game) string {
	if len(g.PilesOf(Foundation)) < 2 {
		return "a reversal moves a card between two foundations, and the game has fewer"
	}
	return ""
}
func (reversal) plain(g *Game, from, to int) bool {
	return g.Piles[from].Kind == Foundation && g.Piles[to].Kind == Foundation
}

func (reversal) absent(g *Game) string {
	return fmt.Sprintf("%s has no reversal: a card on a foundation stays there", g.Name)
}

func (reversal) summary(g *Game, row SummaryRow) []string {
	if row != RowSpecial {
		return nil
	}
	return []string{"reversal: a card may move between the two foundations of its suit when their top cards are in sequence, never a base card"}
}

// legal appends the reversals: the top card of a foundation (never its
// base card) onto the other foundation of its suit when the two tops are
// in sequence.
func (reversal) legal(s *State, buf []Move) []Move {
	for _, from := range s.g.foundations {
		if len(s.piles[from]) < 2 {
			continue
		}
		c := s.Top(from)
		for _, to := range s.g.foundations {
			if to != from && s.canPlace(c, from, to) {
				buf = append(buf, Move{Action: ActReversal, From: int8(from), To: int8(to), Card: c})
			}
		}
	}
	return buf
}

func (reversal) check(s *State, m Move) string {
	g := s.g
	if !s.valid(m.From) || !s.valid(m.To) {
		return "no such pile"
	}
	from, to := int(m.From), int(m.To)
	fs, ts := &g.Piles[from], &g.Piles[to]
	switch {
	case fs.Kind != Foundation || ts.Kind != Foundation:
		return "a reversal moves a card from one foundation to another"
	case from == to:
		return fmt.Sprintf("a card cannot move from %s onto itself", fs.ID)
	case len(s.piles[from]) == 0:
		return fmt.Sprintf("%s is empty", fs.ID)
	case len(s.piles[from]) == 1:
		return fmt.Sprintf("%s is the base card of %s and never moves", s.Top(from), fs.ID)
	case s.Top(from) != m.Card:
		return fmt.Sprintf("the top card of %s is %s, not %s", fs.ID, s.Top(from), m.Card)
	}
	if !s.canPlace(m.Card, from, to) {
		return s.reason(m.Card, from, to)
	}
	return ""
}

func (reversal) describe(s *State, m Move) string {
	return ruleBase{}.describe(s, m) + " (reversal)"
}
