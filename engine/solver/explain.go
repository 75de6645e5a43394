package solver

import "github.com/patience-solitaire/patience/engine"

// Blocked is why the check at the start of Solve condemns a position: the
// relaxed game of the dead-end test (deadend.go) leaves cards it cannot
// bring home, or the suit-lock test (suitlock.go) finds a suit whose
// cards, played on their own, cannot all go home.
type Blocked struct {
	// SuitLock: the suit-lock test found it; Suit is the locked suit and
	// Cards its cards off the foundations, pile by pile, bottom first.
	// Otherwise the dead-end test found it, and Cards holds the top card
	// of each pile that the relaxed game cannot clear.
	SuitLock bool
	Suit     engine.Suit
	Cards    []BlockedCard
}

// BlockedCard is a card of a Blocked explanation: the pile it is in, and
// the number of cards under it there.
type BlockedCard struct {
	Pile  int
	Card  engine.Card
	Under int
}

// Explain reports whether the dead-end or the suit-lock test proves
// position s lost as it stands (as Solve's check at the start does, with
// the same large cap for the suit-lock test), and which cards block it.
func Explain(s *engine.State) (Blocked, bool) {
	in := infoFor(s.Game())
	if !in.static(s, ruleDeadEnd) {
		return Blocked{}, false
	}
	r := newRelax(in, s.Game().Cards())
	if !in.deadEnd(s, r) {
		// deadEnd ran the suit-lock test with its small cap; the root
		// check gives it the large one.
		if !in.suitLock || !in.suitLocked(s, r, suitLockRootCap) {
			return Blocked{}, false
		}
	}
	var b Blocked
	for i := 0; i < in.n; i++ {
		if in.kind[i] == engine.Foundation {
			continue
		}
		p := s.Pile(i)
		for j := len(p) - 1; j >= 0; j-- {
			if r.st[i][j] != rHomed {
				b.Cards = append(b.Cards, BlockedCard{Pile: i, Card: p[j], Under: j})
				break
			}
		}
	}
	if len(b.Cards) > 0 {
		return b, true
	}
	// Every card came home in the relaxed game: the suit-lock test
	// condemned the position.
	b.SuitLock, b.Suit = true, r.sl.locked
	for _, t := range in.tableau {
		for j, c := range s.Pile(t) {
			if c.Suit() == b.Suit {
				b.Cards = append(b.Cards, BlockedCard{Pile: t, Card: c, Under: j})
			}
		}
	}
	return b, true
}
