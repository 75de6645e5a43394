package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// TestMotionsDeclared plays every game at random and tells each move's
// motion from what it did to the piles, not from its declaration: a move
// whose motion the game does not declare (Game.Motions) fails the test,
// so a new kind of move, pile or rule cannot leave the solver's sound
// rules believing their proofs hold.
func TestMotionsDeclared(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Key(), func(t *testing.T) {
			declared := g.Motions()
			rng := rand.New(rand.NewPCG(11, uint64(len(g.Key()))))
			var seen Motion
			for _, n := range []uint64{1, 2, 617, 32001} {
				s := g.Deal(pysolrand.Deal{N: n})
				for range 400 {
					legal := s.Legal(nil)
					if len(legal) == 0 {
						break
					}
					m := legal[rng.IntN(len(legal))]
					if rng.IntN(2) == 0 {
						// Runs' moves are few among the legal ones: prefer them.
						for _, r := range legal {
							if r.Action == ActMove && r.Card != s.Top(int(r.From)) {
								m = r
								break
							}
						}
					}
					before := s.Clone()
					s.Apply(m)
					got := observedMotion(before, s, m)
					seen |= got
					if got&^declared != 0 {
						t.Fatalf("deal %d: move %v moves cards by %s, which %s does not declare (it declares %s)",
							n, m, got&^declared, g.Key(), declared)
					}
				}
			}
			t.Logf("declared %s; seen %s", declared, seen)
		})
	}
}

// observedMotion tells the motion of move m, played from before to
// after, from the piles that changed.
func observedMotion(before, after *State, m Move) Motion {
	g := before.g
	var mo Motion
	if before.IsForced(m) && m.Action != ActRefill {
		mo |= MotionForced
	}
	switch m.Action {
	case ActDeal:
		return mo | MotionDeal
	case ActRefill:
		return mo | MotionRefill
	case ActRedeal:
		if g.RedealKind == TurnWaste {
			return mo | MotionTurnWaste
		}
		return mo | MotionShuffle
	}
	for i := range before.piles {
		b, a := before.piles[i], after.piles[i]
		if len(a) >= len(b) {
			continue
		}
		// Pile i lost cards: were they its top ones, how many, and
		// from what kind of pile?
		lost := len(b) - len(a)
		if !slices.Equal(b[:len(a)], a) {
			mo |= MotionBuried
		}
		if lost > 1 {
			mo |= MotionRun
		}
		switch g.Piles[i].Kind {
		case Foundation:
			mo |= MotionOffFoundation
		case Cell:
			mo |= MotionCell
		}
	}
	for i := range after.piles {
		if len(after.piles[i]) <= len(before.piles[i]) {
			continue
		}
		switch p := &g.Piles[i]; {
		case p.Kind == Cell:
			mo |= MotionCell
		case p.Kind == Tableau && len(before.piles[i]) == 0 && p.Fill == FillKings:
			mo |= MotionKingFill
		}
	}
	if mo == 0 {
		mo = MotionOne
	}
	return mo
}

// TestRuleMotions: every rule of every game says how its moves move
// cards.
func TestRuleMotions(t *testing.T) {
	for _, g := range Games() {
		for _, r := range g.Rules() {
			if r.motion() == 0 {
				t.Errorf("%s: rule %s declares no motion", g.Key(), r.Name())
			}
		}
	}
}
