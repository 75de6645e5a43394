package solver

import "github.com/patience-solitaire/patience/engine"

// The search tree of the beam search on the dedicated position
// (talonbeam.go), and its order: the cards on the foundations and those
// that could follow them at once from the reserve, the wing and the
// waste's top.

type tbf struct {
	ts *tsearch
	bfTree[tmove]
	fh   []int8
	used []bool
}

const maxTBFNodes = 1 << 22

// newTBF returns a search tree whose root is ts's position.
func newTBF(ts *tsearch) *tbf {
	t := ts.t
	bf := &tbf{ts: ts, fh: make([]int8, len(t.fh)), used: make([]bool, len(t.res)+len(t.wing))}
	ts.path = ts.path[:0]
	bf.nodes = append(bf.nodes, bfNode[tmove]{parent: -1})
	return bf
}

// autoPlay plays the automatic moves from node n, the current one, as a
// chain of nodes, and returns the last.
func (bf *tbf) autoPlay(n int32) int32 {
	t := bf.ts.t
	for {
		m, ok := bf.ts.autoMove()
		if !ok {
			return n
		}
		t.apply(&m)
		n = bf.add(n, m)
		bf.cur = n
	}
}

// evaluate scores the position: cards home, plus those that could follow
// at once by foundation moves from the reserve, the wing tops and the
// waste's top (each card once).
func (bf *tbf) evaluate() int32 {
	t := bf.ts.t
	tg := t.tg
	copy(bf.fh, t.fh)
	for i := range bf.used {
		bf.used[i] = false
	}
	extra := 0
	wh := 0
	for changed := true; changed; {
		changed = false
		for k := range tg.found {
			for bf.fh[k] < tg.flen[k] {
				c := tg.seq[k][bf.fh[k]]
				ok := false
				for j, r := range t.res {
					if r == c && !bf.used[j] {
						bf.used[j] = true
						ok = true
						break
					}
				}
				if !ok {
					for j := range t.wing {
						if !bf.used[len(t.res)+j] && t.wingTop(j) == c {
							bf.used[len(t.res)+j] = true
							ok = true
							break
						}
					}
				}
				if !ok && wh < len(t.waste) && t.talon[t.waste[len(t.waste)-1-wh]] == c {
					wh++
					ok = true
				}
				if !ok {
					break
				}
				bf.fh[k]++
				extra++
				changed = true
			}
		}
	}
	score := int32(1000 * (t.home + extra))
	// Cards the foundations need soon cost for every card above them in
	// the waste or a wing column.
	urg := func(c engine.Card) int {
		u := 99
		for _, k := range tg.fOf[c] {
			if q := tg.pos[k][c]; q >= bf.fh[k] && int(q-bf.fh[k]) < u {
				u = int(q - bf.fh[k])
			}
		}
		return u
	}
	w := t.waste[:len(t.waste)-wh]
	for j, idx := range w {
		above := len(w) - 1 - j
		if above == 0 {
			continue
		}
		if u := urg(t.talon[idx]); u < 8 {
			score -= int32((8 - u) * above * 10)
		}
	}
	// A reserve card that no foundation wants soon holds its space: with
	// ts.clog set, it costs by how far off it is.
	if w := bf.ts.clog; w > 0 {
		for j, c := range t.res {
			if c == engine.NoCard || bf.used[j] {
				continue
			}
			score -= int32(min(urg(c), 13) * w)
		}
	}
	for k := range t.wing {
		n := int(t.wh[k])
		if bf.used[len(t.res)+k] {
			n--
		}
		for j := 0; j < n-1; j++ {
			if u := urg(t.wing[k][j]); u < 8 {
				score -= int32((8 - u) * (n - 1 - j) * 10)
			}
		}
	}
	return score
}

func (bf *tbf) goTo(n int32) {
	bf.route(n)
	t := bf.ts.t
	for i := range bf.up {
		t.undo(&bf.up[i])
	}
	for i := len(bf.down) - 1; i >= 0; i-- {
		m := bf.down[i]
		t.apply(&m)
	}
}

func (bf *tbf) pathTo(n int32) {
	bf.ts.path = bf.path(n, bf.ts.path)
}
