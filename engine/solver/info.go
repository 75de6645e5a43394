package solver

import (
	"github.com/patience-solitaire/patience/engine"
)

// info holds the facts about a game declaration that the search uses in
// its hot path, computed once per game.
type info struct {
	g           *engine.Game
	n           int // piles
	kind        []engine.PileKind
	spec        []*engine.PileSpec
	foundations []int
	tableau     []int
	plays       []int // piles whose top card may be played
	stock       int   // pile index or -1
	waste       int

	// seq[f] is the sequence of cards foundation f is built with;
	// pos[f][c] is the index of card c in it, or -1.
	seq [][]engine.Card
	pos [][53]int8
	// homes[c] lists the foundations whose sequence holds card c (pos
	// not -1), in the order of foundations, with c's index there: the
	// loops over the foundations that could take a card look only at
	// these.
	homes [53][]home
	// anyRank[f]: foundation f takes any card of its suit (pos is then 0
	// for the suit's cards).
	anyRank []bool
	// suitSet[f] is the set of cards foundation f's sequence holds (pos
	// not -1).
	suitSet []engine.CardSet
	// pruning: the rules allow the stuck-card rule and the dead-end
	// test at all (every card ends on the foundations, which never give
	// a card back).
	pruning bool
	// sound[r]: the proof of sound rule r covers the game's motions
	// (sound.go).
	sound [numSoundRules]bool

	copies [53]int8 // copies of each card in the pack

	// onTop[b][x] lists the cards that build rule b accepts on x;
	// targets[x] lists the cards on which x may be built in some
	// tableau pile of the game.
	onTop   [engine.NumBuilds][53][]engine.Card
	targets [53][]engine.Card
	// targetSet[x] is targets[x] as a set.
	targetSet [53]engine.CardSet
	// builtOn[x] lists the cards that some tableau pile of the game
	// could ever accept on x (the union of onTop over the build rules
	// in use).
	builtOn [53][]engine.Card
	// refill: some reserve is refilled automatically when empty.
	refill bool

	anyFill   bool // some tableau pile takes any card when empty
	wasteFill bool // some tableau pile takes the waste's card when empty
	// capacity is whether the foundations hold exactly the pack, so that
	// in a won position every foundation is complete.
	capacity bool
	// same[i][j]: piles i and j are declared alike apart from name and
	// place (see the lone-card rule in search.go).
	same [][]bool
	// allFloat: in the dead-end test's relaxed game every card floats
	// once a tableau pile that takes any card is empty, so the test
	// finds no dead end in such a position (deadend.go, allFloat).
	allFloat bool
	// suitLock: the suit-lock test applies (suitlock.go).
	suitLock bool
	// seats: the seat test applies (seats.go), with piles of at most
	// this many cards (0: it does not).
	seats int
	// twoWay: some suit has foundations built from different bases (House
	// on the Hill's Ace piles up and King piles down). The natural rule
	// then rarely plays anything (a card waits for both copies of the
	// card below it, one of which arrives from the other direction only
	// when the two piles meet), so half of the restarts play every
	// foundation move at once instead (search.greedy).
	twoWay bool
	// fits: no move lays a card on one it could not be built on (every
	// pile is a tableau pile or a foundation, and no redeal gathers the
	// cards), so the cards lying on such a card only fall (epos.misfits).
	fits bool
	// spaces: the game has free cells or moves runs as one (the FreeCell
	// family), whose moves the search orders by the free spaces they
	// keep (cells.go).
	spaces bool
	// homeFrom lists the piles whose top card may go home: plays and the
	// free cells.
	homeFrom []int
}

func newInfo(g *engine.Game) *info {
	in := &info{g: g, n: len(g.Piles), stock: -1, waste: -1}
	in.kind = make([]engine.PileKind, in.n)
	in.spec = make([]*engine.PileSpec, in.n)
	in.seq = make([][]engine.Card, in.n)
	in.pos = make([][53]int8, in.n)
	in.anyRank = make([]bool, in.n)
	in.suitSet = make([]engine.CardSet, in.n)
	total := 0
	for i := range g.Piles {
		p := &g.Piles[i]
		in.spec[i] = p
		in.kind[i] = p.Kind
		for c := range in.pos[i] {
			in.pos[i][c] = -1
		}
		switch p.Kind {
		case engine.Foundation:
			in.foundations = append(in.foundations, i)
			total += int(p.Found.Len)
			if p.Found.AnyRank {
				in.anyRank[i] = true
				for r := engine.Ace; r <= engine.King; r++ {
					in.pos[i][engine.NewCard(r, p.Found.Suit)] = 0
				}
				break
			}
			r := p.Found.Base
			for k := 0; k < int(p.Found.Len) && r != 0; k++ {
				c := engine.NewCard(r, p.Found.Suit)
				if in.pos[i][c] >= 0 {
					// The card sets of the relaxed games (deadend.go,
					// talondead.go) read a position of a sequence
					// as the card there, and back.
					panic("solver: foundation " + p.ID + " of " + g.Key() + " takes a card twice")
				}
				in.pos[i][c] = int8(k)
				in.seq[i] = append(in.seq[i], c)
				r = p.Found.Next(r)
			}
		case engine.Tableau:
			in.tableau = append(in.tableau, i)
			in.plays = append(in.plays, i)
			switch p.Fill {
			case engine.FillAnyCard:
				in.anyFill = true
			case engine.FillFromWaste:
				in.wasteFill = true
			}
		case engine.Reserve:
			in.plays = append(in.plays, i)
			if p.Refill {
				in.refill = true
			}
		case engine.Waste:
			in.plays = append(in.plays, i)
			in.waste = i
		case engine.Stock:
			in.stock = i
		}
	}
	for _, c := range g.Pack.Cards() {
		in.copies[c]++
	}
	for _, f := range in.foundations {
		for c := engine.Card(1); c <= 52; c++ {
			if in.pos[f][c] >= 0 {
				in.homes[c] = append(in.homes[c], home{f, in.pos[f][c]})
				in.suitSet[f] |= 1 << c
			}
		}
	}
	in.capacity = total == g.Cards()
	in.pruning = !g.CardsLeaveFoundations() && !g.AllForced() && g.Goal() == g.Cards()
	for r := range in.sound {
		in.sound[r] = covered(g, soundRule(r))
	}
	var builds [engine.NumBuilds]bool
	for _, t := range in.tableau {
		builds[in.spec[t].Build] = true
	}
	for b := range builds {
		for x := engine.Card(1); x <= 52; x++ {
			for c := engine.Card(1); c <= 52; c++ {
				if in.copies[c] == 0 || in.copies[x] == 0 {
					continue
				}
				if engine.Build(b).Accepts(x, c) {
					in.onTop[b][x] = append(in.onTop[b][x], c)
					if builds[b] && !contains(in.targets[c], x) {
						in.targets[c] = append(in.targets[c], x)
						in.targetSet[c] |= 1 << x
					}
					if builds[b] && !contains(in.builtOn[x], c) {
						in.builtOn[x] = append(in.builtOn[x], c)
					}
				}
			}
		}
	}
	in.suitLock = in.sound[ruleSuitLock] && suitLockOK(in)
	if in.sound[ruleSeat] && in.sound[ruleSeatless] {
		in.seats = seatsOK(in)
	}
	in.allFloat = allFloat(in)
	for _, f := range in.foundations {
		for _, h := range in.foundations {
			a, b := in.spec[f].Found, in.spec[h].Found
			if !a.AnyRank && !b.AnyRank && a.Suit == b.Suit && a.Base != b.Base {
				in.twoWay = true
			}
		}
	}
	in.spaces = g.Motions()&(engine.MotionCell|engine.MotionRun) != 0
	in.homeFrom = append(append([]int(nil), in.plays...), g.PilesOf(engine.Cell)...)
	in.fits = g.Redeals == 0 && len(in.tableau)+len(in.foundations) == in.n
	in.same = make([][]bool, in.n)
	for i := range in.same {
		in.same[i] = make([]bool, in.n)
		for j := range in.same[i] {
			a, b := *in.spec[i], *in.spec[j]
			a.ID, a.X, a.Y, a.Fan = "", 0, 0, 0
			b.ID, b.X, b.Y, b.Fan = "", 0, 0, 0
			in.same[i][j] = a == b
		}
	}
	return in
}

// home is a foundation f that holds a card at index pos of its sequence.
type home struct {
	f   int
	pos int8
}

func contains(cs []engine.Card, c engine.Card) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// accepts reports whether foundation f takes card c now.
func (in *info) accepts(s *engine.State, f int, c engine.Card) bool {
	p := in.pos[f][c]
	if in.anyRank[f] {
		return p >= 0 && len(s.Pile(f)) < int(in.spec[f].Found.Len)
	}
	return p >= 0 && int(p) == len(s.Pile(f))
}

// takesNow returns the set of cards that some foundation accepts now.
func (in *info) takesNow(s *engine.State) engine.CardSet {
	var t engine.CardSet
	for _, f := range in.foundations {
		h := len(s.Pile(f))
		switch {
		case in.anyRank[f]:
			if h < int(in.spec[f].Found.Len) {
				t |= in.suitSet[f]
			}
		case h < len(in.seq[f]):
			t |= 1 << in.seq[f][h]
		}
	}
	return t
}

// need returns how many cards foundation f needs before it takes card c,
// or -1 if it never will.
func (in *info) need(s *engine.State, f int, c engine.Card) int {
	p := int(in.pos[f][c])
	if p < 0 {
		return -1
	}
	h := len(s.Pile(f))
	if in.anyRank[f] {
		if h < int(in.spec[f].Found.Len) {
			return 0
		}
		return -1
	}
	if p < h {
		return -1
	}
	return p - h
}

// urgency says how soon card c could go to a foundation: the fewest cards
// some foundation still needs below it (0: it could go now), or 99 if no
// foundation will ever take it.
func (in *info) urgency(s *engine.State, c engine.Card) int {
	best := 99
	for _, h := range in.homes[c] {
		if d := in.need(s, h.f, c); d >= 0 && d < best {
			best = d
		}
	}
	return best
}

// mostUrgent returns the least urgency of the cards (99 for none).
func (in *info) mostUrgent(s *engine.State, cards []engine.Card) int {
	best := 99
	for _, c := range cards {
		best = min(best, in.urgency(s, c))
	}
	return best
}

// static reports whether the position's future is free of shuffles and
// of the merci (cards change piles only by single-card moves and never
// leave the foundations, and every card must end there), and whether the
// proof of sound rule r covers the game (sound.go): the precondition of
// the generic family's sound rules.
func (in *info) static(s *engine.State, r soundRule) bool {
	g := in.g
	if !in.pruning || !in.sound[r] {
		return false
	}
	if s.Redeals() < g.Redeals && g.RedealKind == engine.ShuffleFans {
		return false
	}
	return s.RulesSpent()
}
