package solver

import "github.com/patience-solitaire/patience/engine"

// The solver keeps its own position hash. State.Hash sums one key per
// (pile class, depth, card), which is invariant under permutations of
// interchangeable piles, as wanted, but also under any exchange of two
// cards lying at the same depth of two piles of one class: t1 = [A X],
// t2 = [B Y] and t1 = [A Y], t2 = [B X] hash alike though they are
// different positions, and a transposition table keyed by it prunes
// positions it has never seen (a House in the Woods deal with a
// three-move win was "proved" lost that way).
//
// Here each pile gets a hash of its own, the sum of keys by (class,
// depth, card), which identifies its sequence of cards; the position's
// hash is the sum of a non-linear mix of the pile hashes, so that piles of
// one class can be permuted but cards cannot move between piles unseen.
// It is kept incrementally for moves between two piles and recomputed
// for moves that rearrange more (redeals, the merci).
type hasher struct {
	in    *info
	class []int
	depth int
	keys  []uint64
	pile  []uint64 // hash of each pile
	ex    uint64   // extras(s) included in h
	h     uint64
}

func newHasher(in *info, g *engine.Game) *hasher {
	hs := &hasher{in: in, class: make([]int, in.n), depth: g.Cards() + 1}
	classes := 0
	for i := range hs.class {
		hs.class[i] = -1
		for j := 0; j < i; j++ {
			if in.same[i][j] {
				hs.class[i] = hs.class[j]
				break
			}
		}
		if hs.class[i] < 0 {
			hs.class[i] = classes
			classes++
		}
	}
	hs.keys = make([]uint64, classes*hs.depth*53)
	x := uint64(0x243f6a8885a308d3)
	for i := range hs.keys {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		hs.keys[i] = z ^ (z >> 31)
	}
	hs.pile = make([]uint64, in.n)
	return hs
}

func (hs *hasher) key(i, d int, c engine.Card) uint64 {
	return hs.keys[(hs.class[i]*hs.depth+d)*53+int(c)]
}

// pileMix is the non-linear map applied to a pile's hash (a bijection,
// so that distinct piles stay distinct).
func pileMix(h uint64) uint64 {
	h ^= h >> 31
	h *= 0x7fb5d329728ea185
	h ^= h >> 27
	h *= 0x81dadef4bc2dd44d
	h ^= h >> 33
	return h
}

func (hs *hasher) pileHash(s *engine.State, i int) uint64 {
	var h uint64
	for d, c := range s.Pile(i) {
		h += hs.key(i, d, c)
	}
	return h + 1 // an empty pile is not 0
}

func extras(s *engine.State) uint64 {
	h := uint64(s.Redeals())*0x9e3779b97f4a7c15 + uint64(s.Drawn())*0xc2b2ae3d27d4eb4f
	if s.MerciUsed() {
		h ^= 0x165667b19e3779f9
	}
	return h
}

// reset computes the hash of s from scratch.
func (hs *hasher) reset(s *engine.State) {
	hs.ex = extras(s)
	hs.h = hs.ex
	for i := range hs.pile {
		hs.pile[i] = hs.pileHash(s, i)
		hs.h += pileMix(hs.pile[i])
	}
}

// update brings the hash up to date after m was applied to s or undone.
func (hs *hasher) update(s *engine.State, m engine.Move) {
	switch m.Action {
	case engine.ActMove, engine.ActDeal, engine.ActRefill, engine.ActReversal, engine.ActLayoff:
		if m.From >= 0 && m.To >= 0 && extras(s) == hs.ex {
			hs.fix(s, int(m.From))
			hs.fix(s, int(m.To))
			return
		}
	}
	hs.reset(s)
}

func (hs *hasher) fix(s *engine.State, i int) {
	hs.h -= pileMix(hs.pile[i])
	hs.pile[i] = hs.pileHash(s, i)
	hs.h += pileMix(hs.pile[i])
}
