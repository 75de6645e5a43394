package pysolrand

// Microsoft-compatible generator: pysol_cards/random.py class LCRandom31
// (used by pysollib/pysolrandom.py construct_random).
//
// The state x starts at the seed (seed - 2^32 for seeds >= 2^32) and each
// draw does x = (x*214013 + 2531011) mod 2^33 (LCRandom31.MAX_SEED is
// 2^33-1 and serves as the mask). The output is then
//
//	seed <  2^31:        (x >> 16) & 0x7fff            (classic rand())
//	2^31 <= seed < 2^32: ((x >> 16) & 0x7fff) | 0x8000
//	2^32 <= seed < 2^33: ((x >> 16) & 0xffff) + 1
//
// and randint(a, b) = a + output mod (b - a + 1). Because only bits 16..31
// of x are ever read, the modulus 2^33 gives the same outputs as the 2^31
// (or 2^32) of the Microsoft C runtime.

const (
	msMul  = 214013
	msAdd  = 2531011
	msMask = 1<<33 - 1
)

type msRandom struct {
	seed uint64 // the deal number, selects the output variant
	x    uint64 // LCG state, < 2^33
}

func newMS(seed uint64) *msRandom {
	r := &msRandom{seed: seed, x: seed}
	if seed >= 1<<32 {
		r.x = seed - 1<<32
	}
	return r
}

// next returns LCRandom31.random(): a value in [0, 0xffff] (or
// [1, 0x10000] for seeds >= 2^32).
func (r *msRandom) next() uint64 {
	r.x = (r.x*msMul + msAdd) & msMask
	if r.seed < 1<<32 {
		v := (r.x >> 16) & 0x7fff
		if r.seed >= 1<<31 {
			v |= 0x8000
		}
		return v
	}
	return (r.x>>16)&0xffff + 1
}

// Randint implements [Source]: LCRandom31.randint.
func (r *msRandom) Randint(a, b int) int {
	span := checkRange(a, b)
	v := r.next()
	if span != 0 {
		v %= span
	}
	return a + int(v)
}

// Clone implements [Source].
func (r *msRandom) Clone() Source {
	c := *r
	return &c
}
