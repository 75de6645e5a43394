package solver

import (
	"fmt"
	"testing"
)

// TestBeam runs the beam searches of framework.go alone: on House on the Hill
// deals that the earlier phases left unknown at 10 s they win, and the
// win replays; on a deal the dead-end test condemns, every mode is
// exhausted at once and the widening stops by itself.
func TestBeam(t *testing.T) {
	for _, c := range []struct {
		slug string
		deal uint64
		won  bool
	}{{"house-on-the-hill", 7, true}, {"house-on-the-hill", 14, true}, {"house-in-the-woods", 199, false}} {
		t.Run(fmt.Sprintf("%s/%d", c.slug, c.deal), func(t *testing.T) {
			s := deal(t, c.slug, c.deal)
			in := infoFor(s.Game())
			sr := newEngineSearcher(in, s.Clone(), &budget{limit: 2_000_000}, switches{})
			won := sr.widen(phaseOf(enginePhases(in), beamPhase))
			if won != c.won || sr.stopped {
				t.Fatalf("won %v (stopped %v), want %v", won, sr.stopped, c.won)
			}
			if won {
				if err := Verify(s, sr.path); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// phaseOf returns the first phase of kind k in sched.
func phaseOf(sched []phase, k phaseKind) phase {
	for _, ph := range sched {
		if ph.kind == k {
			return ph
		}
	}
	panic("no such phase")
}

// BenchmarkBeamWin times a win that the beam search finds and the
// phases before it did not.
func BenchmarkBeamWin(b *testing.B) {
	benchSolve(b, "house-on-the-hill", 7, testOptions(1_500_000))
}
