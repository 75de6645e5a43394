package solver

import (
	"math/rand"
	"testing"
)

// TestHashSet checks the transposition table against a map, through its
// growth, a reset and the hash 0.
func TestHashSet(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	s := newHashSet(0)
	for round := range 2 {
		want := map[uint64]bool{}
		for i := range 50_000 {
			h := rng.Uint64() % 20_000 // repeats
			if i == 0 {
				h = 0
			}
			key := max(h, 1) // 0 is stored as 1
			if got := s.insert(h); got == want[key] {
				t.Fatalf("round %d: insert(%d) = %v, already in: %v", round, h, got, want[key])
			}
			want[key] = true
			if !s.has(h) {
				t.Fatalf("round %d: %d inserted but not in", round, h)
			}
		}
		if s.n != len(want) {
			t.Errorf("round %d: %d in the set, want %d", round, s.n, len(want))
		}
		s.reset()
	}
}

// TestLayerSets: each layer's set answers alone, and a layer's set once
// done is empty when reused (by the same layer of the next beam or by
// another layer).
func TestLayerSets(t *testing.T) {
	var ls layerSets
	for beam := range 3 {
		ls.reset(4)
		for l := range 4 {
			for h := uint64(1); h <= 100; h++ {
				if !ls.insert(l, h) {
					t.Fatalf("beam %d, layer %d: %d not new", beam, l, h)
				}
			}
			if ls.insert(l, 7) {
				t.Fatalf("beam %d, layer %d: 7 new twice", beam, l)
			}
			if l > 0 {
				ls.done(l - 1)
			}
		}
		if len(ls.free) == 0 {
			t.Fatalf("beam %d: no set given back", beam)
		}
	}
}

// TestStampSet checks the suit-lock test's set against a map, through its
// growth, resets (among them the wrap of the round number) and the hash
// 0.
func TestStampSet(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	s := newStampSet(0)
	s.round = 1<<32 - 2 // wraps at the second reset
	for round := range 4 {
		want := map[uint64]bool{}
		for i := range 20_000 {
			h := rng.Uint64() % 8_000 // repeats, and keys of the rounds before
			if i == 0 {
				h = 0
			}
			if got := s.insert(h); got == want[h] {
				t.Fatalf("round %d: insert(%d) = %v, already in: %v", round, h, got, want[h])
			}
			want[h] = true
		}
		if s.n != len(want) {
			t.Errorf("round %d: %d in the set, want %d", round, s.n, len(want))
		}
		s.reset()
	}
}
