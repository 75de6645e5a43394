package solver

import "slices"

// hashSet is the transposition table: an open-addressing set of 64-bit
// position hashes with linear probing. Zero marks an empty slot, so the
// hash 0 is stored as 1 (a harmless extra collision). It grows by
// doubling when half full; lookups and inserts never allocate otherwise.
type hashSet struct {
	slots []uint64
	mask  uint64
	n     int
}

func newHashSet(sizeHint int) *hashSet {
	size := 1 << 8
	for size < 2*sizeHint && size < 1<<26 {
		size <<= 1
	}
	return &hashSet{slots: make([]uint64, size), mask: uint64(size - 1)}
}

// insert adds h and reports whether it was new.
func (t *hashSet) insert(h uint64) bool {
	if h == 0 {
		h = 1
	}
	i := mix(h) & t.mask
	for {
		switch t.slots[i] {
		case 0:
			t.slots[i] = h
			t.n++
			if 2*t.n > len(t.slots) {
				t.grow()
			}
			return true
		case h:
			return false
		}
		i = (i + 1) & t.mask
	}
}

// has reports whether h is in the set.
func (t *hashSet) has(h uint64) bool {
	if h == 0 {
		h = 1
	}
	i := mix(h) & t.mask
	for {
		switch t.slots[i] {
		case 0:
			return false
		case h:
			return true
		}
		i = (i + 1) & t.mask
	}
}

func (t *hashSet) grow() {
	old := t.slots
	t.slots = make([]uint64, 2*len(old))
	t.mask = uint64(len(t.slots) - 1)
	for _, h := range old {
		if h == 0 {
			continue
		}
		i := mix(h) & t.mask
		for t.slots[i] != 0 {
			i = (i + 1) & t.mask
		}
		t.slots[i] = h
	}
}

func (t *hashSet) reset() {
	clear(t.slots)
	t.n = 0
}

// mix spreads the bits of a Zobrist sum (which is already random, but
// sums of few keys share low bits less than one would like).
func mix(h uint64) uint64 {
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 32
	return h
}

// layerSets is the beam search's transposition table: one set a layer.
// Play only moves forward through the layers, so once the beam is done
// with a layer no position of it comes up again, and its set is cleared
// for reuse: the sets in use stay small (in Odd and Even about 1/200 of
// the positions a beam meets), where one set for the whole beam grew to
// 128 MB and nearly every lookup missed the cache. The answers are those
// of one set: positions of different layers differ.
type layerSets struct {
	byL  []*hashSet
	free []*hashSet
}

// reset makes the sets empty, for a beam with layers layers.
func (ls *layerSets) reset(layers int) {
	for l := range ls.byL {
		ls.done(l)
	}
	ls.byL = slices.Grow(ls.byL[:0], layers)[:layers]
}

// insert adds h to the set of layer l and reports whether it was new.
func (ls *layerSets) insert(l int, h uint64) bool {
	s := ls.byL[l]
	if s == nil {
		if f := len(ls.free) - 1; f >= 0 {
			s, ls.free = ls.free[f], ls.free[:f]
		} else {
			s = newHashSet(0)
		}
		ls.byL[l] = s
	}
	return s.insert(h)
}

// done empties the set of layer l.
func (ls *layerSets) done(l int) {
	if s := ls.byL[l]; s != nil {
		s.reset()
		ls.free = append(ls.free, s)
		ls.byL[l] = nil
	}
}

// stampSet is a set of 64-bit hashes, as hashSet, that empties in
// constant time: each slot carries the stamp of the round it was filled
// in, and reset starts a new round, so that slots of older rounds count
// as empty. The suit-lock test's projected searches use it: thousands of
// them a second, most of a few positions, some of millions, where
// clearing or growing the table again at each search took a tenth of
// the time.
type stampSet struct {
	slots []uint64
	stamp []uint32
	round uint32
	mask  uint64
	n     int
}

func newStampSet(sizeHint int) *stampSet {
	size := 1 << 10
	for size < 2*sizeHint {
		size <<= 1
	}
	return &stampSet{slots: make([]uint64, size), stamp: make([]uint32, size), round: 1, mask: uint64(size - 1)}
}

// insert adds h and reports whether it was new.
func (t *stampSet) insert(h uint64) bool {
	i := mix(h) & t.mask
	for {
		switch {
		case t.stamp[i] != t.round:
			t.slots[i], t.stamp[i] = h, t.round
			t.n++
			if 2*t.n > len(t.slots) {
				t.grow()
			}
			return true
		case t.slots[i] == h:
			return false
		}
		i = (i + 1) & t.mask
	}
}

func (t *stampSet) grow() {
	old, oldStamp := t.slots, t.stamp
	t.slots, t.stamp = make([]uint64, 2*len(old)), make([]uint32, 2*len(old))
	t.mask = uint64(len(t.slots) - 1)
	for k, h := range old {
		if oldStamp[k] != t.round {
			continue
		}
		i := mix(h) & t.mask
		for t.stamp[i] == t.round {
			i = (i + 1) & t.mask
		}
		t.slots[i], t.stamp[i] = h, t.round
	}
}

// reset empties the set.
func (t *stampSet) reset() {
	t.n = 0
	t.round++
	if t.round == 0 { // wrapped: slots of round 0 would count as full
		clear(t.stamp)
		t.round = 1
	}
}
