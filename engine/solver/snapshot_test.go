package solver

import (
	"math/rand"
	"slices"
	"testing"
)

// tstateCopy is the part of a tstate that moves change.
type tstateCopy struct {
	foundHeight, wingHeight []int8
	res                     []byte
	loc                     []uint8
	held                    []bool
	waste, stock            []int16
	redeals, home           int
	hash                    uint64
}

func copyOf(t *tstate) tstateCopy {
	res := make([]byte, len(t.res))
	for i, c := range t.res {
		res[i] = byte(c)
	}
	return tstateCopy{slices.Clone(t.foundHeight), slices.Clone(t.wingHeight), res, slices.Clone(t.loc), slices.Clone(t.held),
		slices.Clone(t.waste), slices.Clone(t.stock), t.redeals, t.home, t.hash}
}

func (a tstateCopy) equal(b tstateCopy) bool {
	return slices.Equal(a.foundHeight, b.foundHeight) && slices.Equal(a.wingHeight, b.wingHeight) && slices.Equal(a.res, b.res) &&
		slices.Equal(a.loc, b.loc) && slices.Equal(a.held, b.held) && slices.Equal(a.waste, b.waste) &&
		slices.Equal(a.stock, b.stock) && a.redeals == b.redeals && a.home == b.home && a.hash == b.hash
}

// TestSnapshotRoundTrip plays random moves of the talon family on
// deals of every game it takes, saves the position now and then, plays
// on, and restores it: the position must be the one saved. Moves played
// after the restore (redeals included) must then undo back to it.
func TestSnapshotRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	for _, slug := range []string{"contradance", "captured-queens", "royal-cotillion", "odd-and-even", "picture-patience", "patriarchs"} {
		t.Run(slug, func(t *testing.T) {
			restores := 0
			for n := uint64(1); n <= 10; n++ {
				ts := talonOf(t, deal(t, slug, n))
				size := ts.snapshotSize()
				if size == 0 {
					t.Fatalf("deal %d: cannot be saved", n)
				}
				snap := make([]byte, size)
				var saved tstateCopy
				have := false
				for i := range 300 {
					if i%7 == 0 {
						ts.save(snap)
						saved, have = copyOf(ts), true
					}
					if _, ok := playRandom(ts, rng); !ok {
						break
					}
					if have && rng.Intn(5) == 0 {
						ts.restore(snap)
						restores++
						if got := copyOf(ts); !got.equal(saved) {
							t.Fatalf("deal %d, move %d: restored %+v, saved %+v", n, i, got, saved)
						}
						var after []tmove
						for range 40 {
							m, ok := playRandom(ts, rng)
							if !ok {
								break
							}
							after = append(after, m)
						}
						for j := len(after) - 1; j >= 0; j-- {
							ts.undo(&after[j])
						}
						if got := copyOf(ts); !got.equal(saved) {
							t.Fatalf("deal %d, move %d: undoing %d moves after a restore gives %+v, want %+v", n, i, len(after), got, saved)
						}
					}
				}
			}
			if restores == 0 {
				t.Error("nothing restored")
			}
		})
	}
}

// routedPos is the talon family's position without its snapshots: the
// beam search takes its routes through the tree.
type routedPos struct{ *talonPos }

func (routedPos) snapshotSize() int { return 0 }

// TestSnapshotSameSearch runs the beam phase with and without snapshots
// on deals of the games with reserves, on a node budget: the searches
// must be the same (verdict, positions, line), and one that does not win
// must leave the position at the deal.
func TestSnapshotSameSearch(t *testing.T) {
	ph := phaseOf(talonReservePhases, beamPhase)
	for _, c := range []struct {
		slug  string
		deals []uint64
	}{
		{"odd-and-even", []uint64{1, 3, 145}},
		{"royal-cotillion", []uint64{2, 45}},
		{"picture-patience", []uint64{1, 2}},
		{"patriarchs", []uint64{1}},
	} {
		t.Run(c.slug, func(t *testing.T) {
			for _, n := range c.deals {
				s := deal(t, c.slug, n)
				snapped := newTalonSearcher(talonOf(t, s), &budget{limit: 200_000}, switches{})
				won := snapped.widen(ph)
				if snapped.snaps == nil {
					t.Fatalf("deal %d: no snapshots", n)
				}
				ts := newTalonSearcher(talonOf(t, s), &budget{limit: 200_000}, switches{})
				routed := &searcher[tmove, routedPos]{budget: ts.budget, p: routedPos{ts.p}, tt: ts.tt, maxTree: ts.maxTree}
				wonRouted := routed.widen(ph)
				if routed.snaps != nil {
					t.Fatalf("deal %d: snapshots where none were wanted", n)
				}
				if won != wonRouted || snapped.nodes != routed.nodes || !slices.Equal(snapped.path, routed.path) {
					t.Errorf("deal %d: with snapshots won %v in %d positions (%d moves), with routes %v in %d (%d moves)",
						n, won, snapped.nodes, len(snapped.path), wonRouted, routed.nodes, len(routed.path))
				}
				if want := copyOf(talonOf(t, s)); !won && (!copyOf(snapped.p.tstate).equal(want) || !copyOf(routed.p.tstate).equal(want)) {
					t.Errorf("deal %d: the beam does not leave the position at the deal", n)
				}
			}
		})
	}
}
