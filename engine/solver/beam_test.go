package solver

import (
	"fmt"
	"testing"
	"time"
)

// TestBeam runs the beam searches of beam.go alone: on House on the Hill
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
			sr := newSearch(infoFor(s.Game()), s.Clone(), newHashSet(1<<14))
			sr.limit = 2_000_000
			sr.safe, sr.deadEnds = true, true
			won := sr.beamWiden(time.Time{})
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

// BenchmarkBeamWin times a win that the beam search finds and the
// phases before it did not.
func BenchmarkBeamWin(b *testing.B) {
	benchSolve(b, "house-on-the-hill", 7, testOptions(1_500_000))
}
