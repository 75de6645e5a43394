package solver

import (
	"context"
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

// TestDeadEndNeverOnWinningLine replays won deals of the reserve games
// and checks that the generic dead-end test calls no position of the
// winning line lost (it did in Royal Cotillion, whose waste loses cards
// to refills, before the waste was treated as floated there).
func TestDeadEndNeverOnWinningLine(t *testing.T) {
	for _, c := range []struct {
		slug string
		deal uint64
	}{{"royal-cotillion", 2}, {"royal-cotillion", 4}, {"patriarchs", 2}} {
		if c.deal == 0 {
			continue
		}
		s := deal(t, c.slug, c.deal)
		r, err := Solve(context.Background(), s, Options{MaxNodes: 8_000_000, Timeout: -1})
		if err != nil || r.Verdict != Won {
			t.Fatalf("%s %d: %v %v", c.slug, c.deal, r.Verdict, err)
		}
		in := infoFor(s.Game())
		rx := newRelax(in, s.Game().Cards())
		e := s.Clone()
		for i, m := range r.Moves {
			if in.static(e) && in.deadEnd(e, rx) {
				t.Fatalf("%s %d: the dead-end test calls the position after %d moves of a won line lost", c.slug, c.deal, i)
			}
			e.Apply(m)
		}
	}
}

var _ = engine.NoCard
