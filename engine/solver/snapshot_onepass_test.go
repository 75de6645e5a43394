//go:build !wasm

package solver

import (
	"slices"
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

// routedDeals is the one-pass family's position without its snapshots.
type routedDeals struct{ *dpos }

func (routedDeals) snapshotSize() int { return 0 }

// TestSnapshotSameSearchOnePass: as TestSnapshotSameSearch, for the
// one-pass family's beam by deals (Napoleon at St Helena), whose
// positions save the engine's position whole; its generic beam takes no
// snapshots.
func TestSnapshotSameSearchOnePass(t *testing.T) {
	for _, c := range []struct {
		name  string
		deals []uint64
		ph    phase
	}{
		{"by-deals", []uint64{1, 6, 178}, phaseOf(onePassPhases, beamPhase)},
		{"generic", []uint64{2}, onePassPhases[2]},
	} {
		t.Run(c.name, func(t *testing.T) {
			byDeals := c.ph.modes[0].deals
			for _, n := range c.deals {
				s := deal(t, "napoleon-at-st-helena", n)
				in := newInfo(s.Game())
				snapped := newDealSearcher(in, s.Clone(), &budget{limit: 200_000}, switches{})
				won := snapped.widen(c.ph)
				if (snapped.snaps != nil) != byDeals {
					t.Fatalf("deal %d: snapshots %v, want %v", n, snapped.snaps != nil, byDeals)
				}
				rs := newDealSearcher(in, s.Clone(), &budget{limit: 200_000}, switches{})
				routed := &searcher[engine.Move, routedDeals]{budget: rs.budget, p: routedDeals{rs.p}, tt: rs.tt, maxTree: rs.maxTree}
				wonRouted := routed.widen(c.ph)
				if routed.snaps != nil {
					t.Fatalf("deal %d: snapshots where none were wanted", n)
				}
				if won != wonRouted || snapped.nodes != routed.nodes || !slices.Equal(snapped.path, routed.path) {
					t.Errorf("deal %d: with snapshots won %v in %d positions (%d moves), with routes %v in %d (%d moves)",
						n, won, snapped.nodes, len(snapped.path), wonRouted, routed.nodes, len(routed.path))
				}
				if !won && (!snapped.p.s.SamePosition(s) || !routed.p.s.SamePosition(s)) {
					t.Errorf("deal %d: the beam does not leave the position at the deal", n)
				}
			}
		})
	}
}

// BenchmarkBeamOnePass times the one-pass family's beam by deals on a
// node budget, with snapshots (the search's own) and with routes through
// the tree (routedDeals): the same search, so the times compare the
// jumps.
func BenchmarkBeamOnePass(b *testing.B) {
	for _, routes := range []bool{false, true} {
		name := "snapshots"
		if routes {
			name = "routes"
		}
		b.Run(name, func(b *testing.B) {
			s := deal(b, "napoleon-at-st-helena", 6)
			in := newInfo(s.Game())
			for range b.N {
				sr := newDealSearcher(in, s.Clone(), &budget{limit: 200_000}, switches{})
				if routes {
					(&searcher[engine.Move, routedDeals]{budget: sr.budget, p: routedDeals{sr.p}, tt: sr.tt, maxTree: sr.maxTree}).widen(phaseOf(onePassPhases, beamPhase))
				} else {
					sr.widen(phaseOf(onePassPhases, beamPhase))
				}
			}
		})
	}
}
