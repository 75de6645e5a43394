package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// TestSnapshotRoundTrip plays random games of every game and variant
// that can be saved (SnapshotSize), saves the position now and then,
// plays on, and restores it: the position must be the one saved, its
// kept hash the recomputed one, and moves played after the restore must
// undo back to it. Games whose redeals shuffle cannot be saved.
func TestSnapshotRoundTrip(t *testing.T) {
	saved := 0
	for _, g := range Games() {
		t.Run(g.Key(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(13, uint64(len(g.Key()))))
			s := g.Deal(pysolrand.Deal{N: 5})
			size := s.SnapshotSize()
			shuffles := g.Redeals > 0 && (g.RedealKind == ShuffleFans || g.RedealKind == ShuffleStock)
			if size == 0 {
				if !shuffles {
					t.Fatal("cannot be saved")
				}
				return
			}
			if shuffles {
				t.Fatal("its redeals shuffle, yet it can be saved")
			}
			saved++
			snap := make([]byte, size)
			var want *State
			var buf []Move
			for i := range 400 {
				if i%9 == 0 {
					s.SaveSnapshot(snap)
					want = s.Clone()
				}
				buf = s.Legal(buf[:0])
				if len(buf) == 0 {
					break
				}
				s.Apply(buf[rng.IntN(len(buf))])
				if rng.IntN(6) != 0 {
					continue
				}
				s.RestoreSnapshot(snap)
				samePosition(t, "restored", s, want)
				if h := s.RecomputeHash(); h != s.hash {
					t.Fatalf("move %d: restored hash %x, recomputed %x", i, s.hash, h)
				}
				var after []Move
				for range 30 {
					buf = s.Legal(buf[:0])
					if len(buf) == 0 {
						break
					}
					m := buf[rng.IntN(len(buf))]
					s.Apply(m)
					after = append(after, m)
				}
				for j := len(after) - 1; j >= 0; j-- {
					s.Undo(after[j])
				}
				samePosition(t, "undone after a restore", s, want)
			}
		})
	}
	if saved == 0 {
		t.Error("no game could be saved")
	}
}

// TestCommonPrefix: the restore's comparison, eight cards at a time,
// against the plain loop, at every length around the word's size and
// every place of the first difference.
func TestCommonPrefix(t *testing.T) {
	plain := func(a []Card, b []byte) int {
		k := 0
		for k < len(a) && k < len(b) && a[k] == Card(b[k]) {
			k++
		}
		return k
	}
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 40} {
		for _, extra := range []int{0, 1, 9} {
			for diff := -1; diff < n; diff++ {
				t.Run(fmt.Sprintf("len%d+%d/diff%d", n, extra, diff), func(t *testing.T) {
					a := make([]Card, n+extra)
					b := make([]byte, n)
					for i := range a {
						a[i] = Card(i%52 + 1)
					}
					for i := range b {
						b[i] = byte(a[i])
					}
					if diff >= 0 {
						b[diff] ^= 0x40
					}
					if got, want := commonPrefix(a, b), plain(a, b); got != want {
						t.Errorf("commonPrefix = %d, want %d", got, want)
					}
					if got, want := commonPrefix(a[:n], b[:0]), 0; got != want {
						t.Errorf("against nothing: %d, want %d", got, want)
					}
				})
			}
		}
	}
}
