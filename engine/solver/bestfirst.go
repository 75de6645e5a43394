package solver

import (
	"math/bits"

	"github.com/patience-solitaire/patience/engine"
)

// The best-first machinery of the heuristic searches that keep a
// frontier (the beam search of framework.go): a priority queue ordered by an estimate
// of progress, and a tree of the positions seen, between which the one
// position worked on moves by undoing up to the common ancestor and
// applying down (nodes store only their parent and their move). Such
// searches find wins in deals where depth-first search sinks into a huge
// subtree below an early mistake, and prove nothing.

// bfNode is a position a best-first search has seen: the move that led
// to it from its parent, with moves of type M.
type bfNode[M any] struct {
	parent int32
	depth  int32
	move   M
}

// bfTree is the tree of positions of a best-first search and the node
// its position is at.
type bfTree[M any] struct {
	nodes []bfNode[M]
	cur   int32   // node the position is at
	up    []int32 // route: nodes whose moves to undo, in order
	down  []int32 // and nodes whose moves to apply, last first
}

// add makes a child of node parent, reached by move m, and returns it.
func (t *bfTree[M]) add(parent int32, m M) int32 {
	t.nodes = append(t.nodes, bfNode[M]{parent: parent, depth: t.nodes[parent].depth + 1, move: m})
	return int32(len(t.nodes) - 1)
}

// route sets up and down to the nodes whose moves lead from node cur to
// node n (through their common ancestor) and makes n the current node;
// the caller undoes up's moves and applies down's, in the nodes
// themselves (applying a move again writes what it wrote before: the
// position before it is the same).
func (t *bfTree[M]) route(n int32) {
	a, b := t.cur, n
	t.up, t.down = t.up[:0], t.down[:0]
	for t.nodes[a].depth > t.nodes[b].depth {
		t.up = append(t.up, a)
		a = t.nodes[a].parent
	}
	for t.nodes[b].depth > t.nodes[a].depth {
		t.down = append(t.down, b)
		b = t.nodes[b].parent
	}
	for a != b {
		t.up = append(t.up, a)
		a = t.nodes[a].parent
		t.down = append(t.down, b)
		b = t.nodes[b].parent
	}
	t.cur = n
}

// path returns the moves from the root to node n, in p's storage.
func (t *bfTree[M]) path(n int32, p []M) []M {
	p = p[:0]
	for ; n > 0; n = t.nodes[n].parent {
		p = append(p, t.nodes[n].move)
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

type bfItem struct {
	score int32
	node  int32
}

// maxBFNodes bounds the memory of a beam search of the generic family
// (16 bytes a node).
const maxBFNodes = 1 << 22

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
func (p *epos) evaluate() int32 {
	in, s := p.in, p.s
	ev := &p.ev
	for _, f := range in.foundations {
		ev.height[f] = int8(len(s.Pile(f)))
	}
	// The top cards of the piles in play (NoCard: none), and a set that
	// holds them all (and maybe cards that were tops): while it meets
	// no card the foundations need, a pass would change nothing.
	var tops engine.CardSet
	for k, i := range in.plays {
		p := s.Pile(i)
		ev.length[i] = int8(len(p))
		ev.top[k] = engine.NoCard
		if len(p) > 0 {
			ev.top[k] = p[len(p)-1]
			tops |= 1 << p[len(p)-1]
		}
	}
	homed := 0
	need := ev.needs(in)
	for changed := true; changed && need&tops != 0; {
		changed = false
		for k, i := range in.plays {
			c := ev.top[k]
			if !need.Has(c) {
				continue
			}
			p := s.Pile(i)
			for need.Has(c) {
				need = ev.home(in, need, c)
				ev.length[i]--
				homed++
				changed = true
				c = engine.NoCard
				if ev.length[i] > 0 {
					c = p[ev.length[i]-1]
					tops |= 1 << c
				}
			}
			ev.top[k] = c
		}
	}
	score := int32(1000 * (s.OnFoundations() + homed))
	urg := ev.urgency(in)
	for _, i := range in.plays {
		p := s.Pile(i)[:ev.length[i]]
		for j, c := range p[:max(len(p)-1, 0)] {
			if u := int(urg[c]); u < 8 {
				score -= int32((8 - u) * (len(p) - 1 - j) * 10)
			}
		}
	}
	return score
}

// urgency returns, by card, how soon a foundation at the heights of ev
// needs it: the least distance from a foundation's height to the card in
// its sequence, or 8 for 8 or more (or never).
func (ev *evalScratch) urgency(in *info) *[53]int8 {
	u := &ev.urg
	// The heights mostly repeat from one call to the next (the beam
	// evaluates every child of a position, most of them tableau moves):
	// with at most eight foundations they key the last result.
	if len(in.foundations) <= 8 {
		key := uint64(1) << 63
		for k, f := range in.foundations {
			key |= uint64(uint8(ev.height[f])) << (7 * k)
		}
		if key == ev.urgKey {
			return u
		}
		ev.urgKey = key
	}
	for c := range u {
		u[c] = 8
	}
	for _, f := range in.foundations {
		h := int(ev.height[f])
		if in.anyRank[f] {
			// Every card of the suit lies at position 0.
			if h == 0 {
				for cs := in.suitSet[f]; cs != 0; cs &= cs - 1 {
					u[bits.TrailingZeros64(uint64(cs))] = 0
				}
			}
			continue
		}
		seq := in.seq[f]
		for d := 0; d < 8 && h+d < len(seq); d++ {
			if c := seq[h+d]; int8(d) < u[c] {
				u[c] = int8(d)
			}
		}
	}
	return u
}

// evalScratch is the evaluation's scratch space.
type evalScratch struct {
	height [64]int8
	length [64]int8
	top    [64]engine.Card // by index in info.plays
	urg    [53]int8        // urgency's result
	urgKey uint64          // and the heights it is for (0: none)
}

// needs returns the cards that some foundation takes next at the
// heights of ev (some home h of the card has h.pos == height[h.f]): a
// test of a bit tells the evaluation whether a card can go home.
func (ev *evalScratch) needs(in *info) engine.CardSet {
	var need engine.CardSet
	for _, f := range in.foundations {
		h := int(ev.height[f])
		switch {
		case in.anyRank[f]:
			if h == 0 {
				need |= in.suitSet[f]
			}
		case h < len(in.seq[f]):
			need |= 1 << in.seq[f][h]
		}
	}
	return need
}

// home puts card c, which need holds, on the first foundation that
// takes it next, and returns need updated.
func (ev *evalScratch) home(in *info, need engine.CardSet, c engine.Card) engine.CardSet {
	f, again := -1, false
	for _, h := range in.homes[c] {
		if h.pos == ev.height[h.f] {
			if f < 0 {
				f = h.f
				ev.height[f]++
			} else {
				again = true // c is needed next there too
			}
		}
	}
	if in.anyRank[f] {
		return ev.needs(in)
	}
	if !again {
		need &^= 1 << c
	}
	if h := int(ev.height[f]); h < len(in.seq[f]) {
		need |= 1 << in.seq[f][h]
	}
	return need
}
