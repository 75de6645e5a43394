package engine

import "fmt"

// The fan family: open games in which every card is dealt face up into
// fans of three, and only the top card of a fan plays.

func init() {
	register(houseInTheWoods("house-in-the-woods", "House in the Woods", false))
	register(houseInTheWoods("house-on-the-hill", "House on the Hill", true))
	register(laBelleLucie("", false, 2))
	register(laBelleLucie("three-shuffles-and-a-draw", true, 2))
	register(laBelleLucie("no-redeal", false, 0))
	register(shamrocks("", true))
	register(shamrocks("no-king-rule", false))
	register(fan())
}

// fan declares Fan (PySolFC 56, fan.py FanGame(Fan)): La Belle Lucie's
// deal (two rounds to the first 17 fans, then one to all 18: startGame),
// fans built down in suit one card at a time (KingSS_RowStack,
// max_move=1), an emptied fan filled only by a King, no redeal. PySolFC
// lays the fans out in rows of 5, 5, 5 and 3.
func fan() *Game {
	g := &Game{Slug: "fan", Name: "Fan", Pack: OnePack}
	g.Piles = append(g.Piles, suitFoundations(1, Ace, 1, false, 13, 2.5, 0)...)
	for _, p := range fanRows(18, 5, BuildDownInSuit, 0, 1.5) {
		p.Fill = FillKings
		g.Piles = append(g.Piles, p)
	}
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		dealRounds(g, cards, put, 17, 17, 18)
	}
	return g
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
	return fanRows(n, 7, b, maxLen, y)
}

// fanRows declares n tableau fans t1..tn, perRow to a row, from row y on;
// each fan is spread to the right and given two card widths.
func fanRows(n, perRow int, b Build, maxLen int, y float32) []PileSpec {
	out := make([]PileSpec, n)
	for i, id := range seq("t", n) {
		out[i] = PileSpec{ID: id, Kind: Tableau, Build: b, MaxLen: maxLen,
			X: float32(i%perRow) * 2, Y: y + float32(i/perRow)*1.25, Fan: 'r'}
	}
	return out
}

// suitFoundations declares four foundations f<first>..f<first+3>, one of
// each suit in the order clubs, spades, hearts, diamonds, built from base
// by step, side by side from (x, y).
func suitFoundations(first int, base Rank, step int8, wrap bool, n int8, x, y float32) []PileSpec {
	out := make([]PileSpec, 4)
	for i := range out {
		out[i] = PileSpec{ID: fmt.Sprintf("f%d", first+i), Kind: Foundation,
			Found: FoundationRule{Suit: Suit(i), Base: base, Step: step, Wrap: wrap, Len: n},
			X:     x + float32(i)*1.25, Y: y}
	}
	return out
}

// laBelleLucie declares La Belle Lucie (PySolFC 901): one pack in 17 fans
// of three and one of one, four foundations up in suit from the Ace, fans
// built down in suit, never refilled; two shuffling redeals, taken at any
// time. A redeal gathers the fans in pile order (each bottom card first,
// as PySolFC's LaBelleLucie_Talon.redealCards1 moves every fan onto the
// talon as a block), shuffles them by continuing the deal's random stream
// (Game.shuffleStackMove, pysolrand.Shuffle, no Microsoft reordering), and
// deals them in rounds of n/3, (n+1)/3 and (n+2)/3 fans from t1 on
// (redealCards3): threes, and the one or two odd cards in the last fan.
//
// With merci it is the variant "Three Shuffles and a Draw": once, after
// the last redeal, one buried card of a fan may be pulled out and played
// to a foundation or onto the top card of a fan (its own fan included),
// the cards above it closing up. Sources differ on when it may come; we
// allow it only after the last redeal, as the name says (three shuffles,
// then a draw), so it cannot be spent on a layout about to be reshuffled.
// PySolFC's ThreeShufflesAndADraw allows its "draw" at any time, but only
// of the card directly under a top card; any buried card may be drawn
// here.
//
// The variant "no-redeal" is the first deal alone: the game is lost when
// it is stuck. It is here so that the site can show a deal proved lost:
// with the redeals (whose shuffles the solver, seeing everything, plays
// toward) it has found none among the deals surveyed (content/odds).
func laBelleLucie(variant string, merci bool, redeals int) *Game {
	g := &Game{Slug: "la-belle-lucie", Variant: variant, Name: "La Belle Lucie", Pack: OnePack, Redeals: redeals}
	if merci {
		withRules(g, Merci)
	}
	if redeals > 0 {
		g.RedealKind = ShuffleFans
	}
	g.Piles = append(g.Piles, suitFoundations(1, Ace, 1, false, 13, 3.5, 0)...)
	g.Piles = append(g.Piles, fanRows(18, 6, BuildDownInSuit, 0, 1.5)...)
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		dealRounds(g, cards, put, 17, 17, 18)
	}
	g.redeal = func(g *Game, cards []Card, put func(int, Card)) {
		n := min(len(cards), 3*len(g.tableau))
		dealRounds(g, cards, put, n/3, (n+1)/3, (n+2)/3)
	}
	return g
}

// shamrocks declares Shamrocks: La Belle Lucie's layout, fans built up or
// down regardless of suit, at most three cards to a fan, no refill, no
// redeal, no wrap.
//
// With kingRule (the default) the king rule is applied once at the deal:
// a King lying above other cards of its fan goes to the bottom. It is done
// exactly as PySolFC 714 "Shamrocks II" does it (ShamrocksII._shuffleHook),
// so that a deal number gives PySolFC's layout: there the shuffled list is
// read from its start (the hook reverses it), card i going to fan i%17 for
// i < 51 and card 51 forming the 18th fan; each King, in list order, is
// swapped with the lowest card of its fan that is not a King. For a fan
// of three with the King on top that puts the bottom card on top (K b a
// from a b K), where Wikipedia's wording would slide the others up (K a
// b): the deal stays PySolFC's, the rule (Kings at the bottom) is the
// same. Layouts given card by card are taken as they are. Without the
// king rule it is PySolFC 57 "Shamrocks", dealt like La Belle Lucie.
func shamrocks(variant string, kingRule bool) *Game {
	g := &Game{Slug: "shamrocks", Variant: variant, Name: "Shamrocks", Pack: OnePack}
	g.Piles = append(g.Piles, suitFoundations(1, Ace, 1, false, 13, 3.5, 0)...)
	g.Piles = append(g.Piles, fanRows(18, 6, BuildUpOrDownAnySuit, 3, 1.5)...)
	if kingRule {
		g.shuffleHook = kingsToBottom(17, 51)
	}
	g.deal = func(g *Game, cards []Card, put func(int, Card)) {
		dealRounds(g, cards, put, 17, 17, 18)
	}
	return g
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

// Merci is the rule of La Belle Lucie's variant "Three Shuffles and a
// Draw": once, after the last redeal, one buried card of a fan may be
// pulled out and played to a foundation or onto the top card of a fan
// (its own fan included), the cards above it closing up. A replay writes
// it "merci t4:TH t9".
var Merci Rule = merci{}

// ActMerci is the merci's kind of move: Move.Depth is the index, from the
// bottom, of the card pulled out of From.
var ActMerci = newAction(Merci)

type merci struct{ ruleBase }

func (merci) Name() string    { return "merci" }
func (merci) motion() Motion  { return MotionBuried } // a buried card pulled out
func (merci) keyword() string { return "merci" }
func (merci) limit() int      { return 1 }

func (merci) summary(g *Game, row SummaryRow) []string {
	if row != RowSpecial {
		return nil
	}
	return []string{"merci: once, after the last redeal, one buried card of a fan may be pulled out and played"}
}

func (merci) fingerprint() string { return "merci=true" }

func (merci) requires(g *Game) string {
	if len(g.PilesOf(Tableau)) == 0 {
		return "the merci pulls a card out of a tableau pile, and the game has none"
	}
	return ""
}

// legal appends every merci: a buried card of a fan pulled out and
// played to a foundation or onto a fan (its own fan included).
func (merci) legal(s *State, buf []Move) []Move {
	if merciRefusal(s) != "" {
		return buf
	}
	g := s.g
	for _, from := range g.tableau {
		p := s.piles[from]
		for d := 0; d < len(p)-1; d++ {
			c := p[d]
			for _, to := range g.foundations {
				if s.canPlace(c, from, to) && !s.sameAsEarlier(to, g.foundations) {
					buf = append(buf, Move{Action: ActMerci, From: int8(from), To: int8(to), Card: c, Depth: uint8(d)})
				}
			}
			for _, to := range g.tableau {
				if len(s.piles[to]) > 0 && s.canPlace(c, from, to) {
					buf = append(buf, Move{Action: ActMerci, From: int8(from), To: int8(to), Card: c, Depth: uint8(d)})
				}
			}
		}
	}
	return buf
}

// merciRefusal says why no merci may be played now, or "" if one may.
func merciRefusal(s *State) string {
	g := s.g
	switch {
	case s.usedOf(Merci) > 0:
		return "the merci has already been played"
	case s.redeals < g.Redeals:
		return fmt.Sprintf("the merci comes only after the last redeal (%d of %d redeals taken so far)", s.redeals, g.Redeals)
	}
	return ""
}

func (merci) check(s *State, m Move) string {
	if why := merciRefusal(s); why != "" {
		return why
	}
	g := s.g
	if !s.valid(m.From) || !s.valid(m.To) {
		return "no such pile"
	}
	from, to := int(m.From), int(m.To)
	fs := &g.Piles[from]
	p := s.piles[from]
	switch {
	case fs.Kind != Tableau:
		return fmt.Sprintf("the merci pulls a card out of a fan, not out of %s", fs.Describe())
	case int(m.Depth) >= len(p):
		return fmt.Sprintf("%s holds only %d cards", fs.ID, len(p))
	case int(m.Depth) == len(p)-1:
		return fmt.Sprintf("the merci pulls out a buried card; %s is the top card of %s and plays as usual", p[len(p)-1], fs.ID)
	case p[m.Depth] != m.Card:
		return fmt.Sprintf("%s is not at that place in %s", m.Card, fs.ID)
	}
	if k := g.Piles[to].Kind; k != Foundation && k != Tableau {
		return fmt.Sprintf("the merci card plays to a foundation or onto a fan, not to %s", g.Piles[to].Describe())
	}
	if g.Piles[to].Kind == Tableau && len(s.piles[to]) == 0 {
		return fmt.Sprintf("%s cannot go to %s: an emptied fan is never refilled", m.Card, g.Piles[to].ID)
	}
	if !s.canPlace(m.Card, from, to) {
		return s.reason(m.Card, from, to)
	}
	return ""
}

func (merci) apply(s *State, m Move) {
	s.takeFrom(int(m.From), int(m.Depth))
	s.push(int(m.To), m.Card)
}

func (merci) undo(s *State, m Move) {
	s.pop(int(m.To))
	s.putAt(int(m.From), int(m.Depth), m.Card)
}

func (merci) describe(s *State, m Move) string {
	buried := len(s.Pile(int(m.From))) - 1 - int(m.Depth)
	src := fmt.Sprintf("pulled out from under %d %s in %s", buried, plural(buried, "card"), s.g.Piles[m.From].Describe())
	return "Merci: " + s.describeCard(m, src)
}

// outcome: the merci uncovers nothing, unless it empties its fan.
func (merci) outcome(s *State, m Move) string {
	if s.Top(int(m.From)) != NoCard {
		return ""
	}
	return s.uncovered(m)
}

// take finds the buried card c in pile from, the lowest of its copies
// being the last found from the top.
func (merci) take(s *State, from int, c Card) (Move, string) {
	id := s.g.Piles[from].ID
	if c == NoCard {
		return Move{}, fmt.Sprintf("a merci names the card it pulls out: merci %s:7H TO", id)
	}
	p := s.piles[from]
	for d := len(p) - 2; d >= 0; d-- {
		if p[d] == c {
			return Move{From: int8(from), Card: c, Depth: uint8(d)}, ""
		}
	}
	return Move{}, fmt.Sprintf("%s is not buried in %s", c, id)
}
