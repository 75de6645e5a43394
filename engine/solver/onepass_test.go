package solver

import (
	"fmt"
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

func TestOnePass(t *testing.T) {
	for _, c := range []struct {
		game, variant string
		want          bool
	}{
		{"napoleon-at-st-helena", "", true},
		{"napoleon-at-st-helena", "cadogan", true},
		{"house-in-the-woods", "", false},
		{"la-belle-lucie", "", false},
	} {
		g, err := engine.Lookup(c.game, c.variant)
		if err != nil {
			t.Fatal(err)
		}
		if got := infoFor(g).onePass(); got != c.want {
			t.Errorf("%s %s: onePass %v, want %v", c.game, c.variant, got, c.want)
		}
	}
}

// TestDealBeam runs the beam by deals (onepass.go) alone on Napoleon at
// St Helena deals: it wins deal 32, which the generic family's schedule
// left unknown at 4,000,000 nodes, and deal 13 in about 15,000
// positions (solver 33); each win replays.
func TestDealBeam(t *testing.T) {
	for _, c := range []struct {
		deal   uint64
		budget int64
	}{{13, 20_000}, {32, 100_000}} {
		t.Run(fmt.Sprint(c.deal), func(t *testing.T) {
			s := deal(t, "napoleon-at-st-helena", c.deal)
			in := infoFor(s.Game())
			sr := newDealSearcher(in, s.Clone(), &budget{limit: c.budget}, switches{})
			if !sr.widen(phaseOf(onePassPhases, beamPhase)) {
				t.Fatalf("not won in %d nodes (stopped %v)", sr.nodes, sr.stopped)
			}
			if err := Verify(s, sr.path); err != nil {
				t.Error(err)
			}
		})
	}
}
