package solver

import (
	"github.com/patience-solitaire/patience/engine"
)

// Best-first search for the heuristic phase: it keeps the frontier in a
// priority queue ordered by an estimate of progress, and moves the one
// position it works on between frontier nodes by undoing up to their
// common ancestor and applying down (nodes store only their parent and
// their move). It finds wins in deals where depth-first search sinks
// into a huge subtree below an early mistake, and proves nothing.

type bfNode struct {
	parent int32
	depth  int32
	move   engine.Move
}

type bfItem struct {
	score int32
	node  int32
}

type bestFirst struct {
	sr    *search
	nodes []bfNode
	heap  bfHeap
	cur   int32 // node the position is at
	up    []engine.Move
	down  []engine.Move
}

// maxBFNodes bounds the memory of the heuristic phase (16 bytes a node).
const maxBFNodes = 1 << 22

// bestFirst runs the heuristic phase with sr's budget and options; it
// reports whether it found a win, whose moves are then in sr.path.
func (sr *search) bestFirst() bool {
	bf := &bestFirst{sr: sr}
	s := sr.s
	sr.path = sr.path[:0]
	sr.stopped = false
	bf.nodes = append(bf.nodes, bfNode{parent: -1})
	sr.tt.insert(sr.s.Hash())
	bf.heap.push(0, 0)
	var buf []engine.Move
	for len(bf.heap) > 0 {
		if sr.out() || len(bf.nodes) > maxBFNodes {
			sr.stopped = true
			break
		}
		sr.nodes++
		it := bf.heap.pop()
		bf.goTo(it.node)
		// Automatic moves become a chain of nodes.
		n := it.node
		for {
			mark := len(sr.path)
			if sr.autoplayOne() == 0 {
				break
			}
			m := sr.path[mark]
			sr.path = sr.path[:mark]
			bf.nodes = append(bf.nodes, bfNode{parent: n, depth: bf.nodes[n].depth + 1, move: m})
			n = int32(len(bf.nodes) - 1)
			bf.cur = n
		}
		if s.Won() {
			bf.pathTo(n)
			return true
		}
		if n != it.node && !sr.tt.insert(sr.s.Hash()) {
			continue
		}
		buf = s.Legal(buf[:0])
		static := sr.in.static(s)
		if sr.deadEnds && static && sr.in.deadEnd(s, sr.rx) {
			continue
		}
		for _, m := range buf {
			if m.Action == engine.ActMove && sr.dominated(m, static) {
				continue
			}
			sr.apply(m)
			if sr.tt.insert(sr.s.Hash()) {
				bf.nodes = append(bf.nodes, bfNode{parent: n, depth: bf.nodes[n].depth + 1, move: m})
				child := int32(len(bf.nodes) - 1)
				if s.Won() {
					bf.cur = child
					bf.pathTo(child)
					return true
				}
				bf.heap.push(sr.evaluate(), child)
			}
			sr.undo(m)
		}
	}
	bf.goTo(0)
	return false
}

// goTo moves the position from node cur to node n.
func (bf *bestFirst) goTo(n int32) {
	a, b := bf.cur, n
	bf.up, bf.down = bf.up[:0], bf.down[:0]
	for bf.nodes[a].depth > bf.nodes[b].depth {
		bf.up = append(bf.up, bf.nodes[a].move)
		a = bf.nodes[a].parent
	}
	for bf.nodes[b].depth > bf.nodes[a].depth {
		bf.down = append(bf.down, bf.nodes[b].move)
		b = bf.nodes[b].parent
	}
	for a != b {
		bf.up = append(bf.up, bf.nodes[a].move)
		a = bf.nodes[a].parent
		bf.down = append(bf.down, bf.nodes[b].move)
		b = bf.nodes[b].parent
	}
	sr := bf.sr
	for _, m := range bf.up {
		sr.undo(m)
	}
	for i := len(bf.down) - 1; i >= 0; i-- {
		sr.apply(bf.down[i])
	}
	bf.cur = n
}

// pathTo puts the moves from the root to node n in sr.path; the position
// must be at n.
func (bf *bestFirst) pathTo(n int32) {
	p := bf.sr.path[:0]
	for ; n > 0; n = bf.nodes[n].parent {
		p = append(p, bf.nodes[n].move)
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	bf.sr.path = p
}

// bfHeap is the open list of a best-first search: a binary heap, best
// item (see better) first.
type bfHeap []bfItem

func (hp *bfHeap) push(score int32, node int32) {
	h := append(*hp, bfItem{score, node})
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !better(h[i], h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	*hp = h
}

func (hp *bfHeap) pop() bfItem {
	h := *hp
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h) && better(h[l], h[m]) {
			m = l
		}
		if r < len(h) && better(h[r], h[m]) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	*hp = h
	return top
}

// better orders the queue: higher score first, then the newer node.
func better(a, b bfItem) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.node > b.node
}

// evaluate estimates the progress of the position: the cards that are on
// the foundations or could get there by foundation moves alone count
// most; then cards that the foundations will soon need cost for every
// card lying on them.
func (sr *search) evaluate() int32 {
	in, s := sr.in, sr.s
	ev := &sr.ev
	for _, f := range in.foundations {
		ev.height[f] = int8(len(s.Pile(f)))
	}
	for _, i := range in.plays {
		ev.length[i] = int8(len(s.Pile(i)))
	}
	homed := 0
	for changed := true; changed; {
		changed = false
		for _, i := range in.plays {
			p := s.Pile(i)
			for ev.length[i] > 0 {
				c := p[ev.length[i]-1]
				ok := false
				for _, f := range in.foundations {
					if in.pos[f][c] == ev.height[f] {
						ev.height[f]++
						ok = true
						break
					}
				}
				if !ok {
					break
				}
				ev.length[i]--
				homed++
				changed = true
			}
		}
	}
	score := int32(1000 * (s.OnFoundations() + homed))
	for _, i := range in.plays {
		p := s.Pile(i)[:ev.length[i]]
		for j, c := range p {
			above := len(p) - 1 - j
			if above == 0 {
				continue
			}
			u := 99
			for _, f := range in.foundations {
				if q := in.pos[f][c]; q >= ev.height[f] && int(q-ev.height[f]) < u {
					u = int(q - ev.height[f])
				}
			}
			if u < 8 {
				score -= int32((8 - u) * above * 10)
			}
		}
	}
	return score
}

// evalScratch is the evaluation's scratch space.
type evalScratch struct {
	height [64]int8
	length [64]int8
}
