package engine

// zobrist holds the random keys of a game's position hash. A position's
// hash is the sum (mod 2^64) of one key per card, chosen by the card, its
// depth in its pile and the pile's class. Interchangeable piles share a
// class, so two positions that differ only by a permutation of such piles
// hash alike: the solver's symmetry reduction comes for free. A sum (not a
// xor) keeps two identical piles from cancelling out.
type zobrist struct {
	depth int
	keys  []uint64 // [class][depth][card]
	// extra are the keys of the counts of a position, each added once per
	// unit: 0 redeals taken, 2 cards drawn this round, 3 cards shuffled
	// (State.extraHash), and 1 and 4 for the counts of a game's limited
	// kinds of move, in the order of its rules (ruleHashKeys).
	extra [8]uint64
}

func newZobrist(g *Game, classes int) *zobrist {
	z := &zobrist{depth: g.Pack.Size() + 1}
	z.keys = make([]uint64, classes*z.depth*53)
	// splitmix64 from a seed fixed per game: deterministic across runs.
	x := uint64(0x9e3779b97f4a7c15)
	for _, b := range []byte(g.Key()) {
		x = x*31 + uint64(b)
	}
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for i := range z.keys {
		z.keys[i] = next()
	}
	for i := range z.extra {
		z.extra[i] = next()
	}
	return z
}

func (z *zobrist) key(class uint8, depth int, c Card) uint64 {
	return z.keys[(int(class)*z.depth+depth)*53+int(c)]
}
