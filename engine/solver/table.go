package solver

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
	size := 1 << 12
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
