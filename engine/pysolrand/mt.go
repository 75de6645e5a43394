package pysolrand

// Mersenne Twister generator: pysol_cards/random.py class MTRandom, which
// is random2.Random, whose seeding and random() are those of CPython's
// _random module (Modules/_randommodule.c): MT19937 by Matsumoto and
// Nishimura, seeded with init_by_array on the 32-bit words of abs(seed),
// least significant word first (seed 0 gives the one-word key [0]);
// random() is genrand_res53; randint is pysol_cards' RandomBase.randint,
// a + int(random() * (b - a + 1)).

const (
	mtN         = 624
	mtM         = 397
	mtMatrixA   = 0x9908b0df
	mtUpperMask = 0x80000000
	mtLowerMask = 0x7fffffff
)

type mtRandom struct {
	mt  [mtN]uint32
	mti int
}

func newMT(seed uint64) *mtRandom {
	r := &mtRandom{}
	key := []uint32{uint32(seed)}
	if hi := uint32(seed >> 32); hi != 0 {
		key = append(key, hi)
	}
	r.initByArray(key)
	return r
}

func (r *mtRandom) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < mtN; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.mti = mtN
}

func (r *mtRandom) initByArray(key []uint32) {
	r.initGenrand(19650218)
	i, j := 1, 0
	for k := max(mtN, len(key)); k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= mtN {
			r.mt[0] = r.mt[mtN-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := mtN - 1; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= mtN {
			r.mt[0] = r.mt[mtN-1]
			i = 1
		}
	}
	r.mt[0] = 0x80000000 // MSB is 1, assuring a non-zero initial array
}

func mtMag(y uint32) uint32 {
	return (y >> 1) ^ (mtMatrixA * (y & 1))
}

// genrand returns the next 32-bit output (genrand_uint32).
func (r *mtRandom) genrand() uint32 {
	if r.mti >= mtN {
		kk := 0
		for ; kk < mtN-mtM; kk++ {
			y := (r.mt[kk] & mtUpperMask) | (r.mt[kk+1] & mtLowerMask)
			r.mt[kk] = r.mt[kk+mtM] ^ mtMag(y)
		}
		for ; kk < mtN-1; kk++ {
			y := (r.mt[kk] & mtUpperMask) | (r.mt[kk+1] & mtLowerMask)
			r.mt[kk] = r.mt[kk+mtM-mtN] ^ mtMag(y)
		}
		y := (r.mt[mtN-1] & mtUpperMask) | (r.mt[0] & mtLowerMask)
		r.mt[mtN-1] = r.mt[mtM-1] ^ mtMag(y)
		r.mti = 0
	}
	y := r.mt[r.mti]
	r.mti++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// random returns Python's random.random(): a 53-bit float in [0, 1).
func (r *mtRandom) random() float64 {
	a := r.genrand() >> 5
	b := r.genrand() >> 6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// Randint implements [Source]: a + int(random() * (b - a + 1)). For spans
// above 2^53 the product is rounded as in Python; the result is then
// clamped to b.
func (r *mtRandom) Randint(a, b int) int {
	span := checkRange(a, b)
	fspan := float64(span)
	if span == 0 {
		fspan = 1 << 64
	}
	f := r.random() * fspan
	if f >= 1<<64 {
		return b
	}
	off := uint64(f)
	if span != 0 && off >= span {
		return b
	}
	return a + int(off)
}

// Clone implements [Source].
func (r *mtRandom) Clone() Source {
	c := *r
	return &c
}
