package solver

import "slices"

// Beam search on the dedicated position (talon.go), to find wins: the
// positions are grouped into layers by how far play has gone through the
// talon (the redeals taken, then the cards dealt from or taken off the
// stock), which only ever grows. Within a layer, a best-first search
// (the order of talonbf.go) plays the moves that stay in it: foundation
// moves and reversals, a refill from the stock moving the position on to
// a later layer. Then the width best positions of the layer each deal
// (or turn the waste over) into the next. Comparing positions only with
// others as far through the talon keeps the search from spending itself
// on the many ways to play the same few cards early, which is where the
// plain best-first search goes in the games with reserves. It proves
// nothing; the exhaustive search follows it.

// beam returns whether it found a win (then in ts.path), searching with
// the given width, and whether the width left out any position (if not,
// a wider beam would search the same positions).
func (ts *tsearch) beam(width int) (won, cut bool) {
	t := ts.t
	tg := t.tg
	bf := newTBF(ts)
	n := len(t.talon)
	progress := func() int { return t.redeals*(n+1) + n - len(t.stock) }
	layers := make([][]int32, (tg.redeals+1)*(n+1))
	ts.tt.insert(t.hash)
	layers[progress()] = []int32{0}
	var (
		buf  []tmove
		heap bfHeap
		seen []bfItem
	)
	// queue puts the child just made at the position t holds into its
	// layer, or on the heap if that is layer p.
	queue := func(p int, child int32) {
		if q := progress(); q != p {
			layers[q] = append(layers[q], child)
			return
		}
		heap.push(bf.evaluate(), child)
	}
	for p := range layers {
		seeds := layers[p]
		if len(seeds) == 0 {
			continue
		}
		heap, seen = heap[:0], seen[:0]
		for _, s := range seeds {
			bf.goTo(s)
			heap.push(bf.evaluate(), s)
		}
		for expanded := 0; len(heap) > 0 && expanded < 4*width; {
			if ts.out() || len(bf.nodes) > 2*maxTBFNodes {
				ts.stopped = true
				bf.goTo(0)
				return false, true
			}
			ts.nodes++
			it := heap.pop()
			bf.goTo(it.node)
			nd := bf.autoPlay(it.node)
			if t.home == tg.total {
				bf.pathTo(nd)
				return true, cut
			}
			if nd != it.node {
				if !ts.tt.insert(t.hash) {
					continue
				}
				if progress() != p {
					queue(p, nd)
					continue
				}
			}
			if ts.deadEnds && ts.dead.test(t) {
				continue
			}
			expanded++
			seen = append(seen, bfItem{bf.evaluate(), nd})
			buf = t.legal(buf[:0])
			for _, m := range buf {
				if m.kind == tmDeal || m.kind == tmRedeal {
					continue
				}
				t.apply(&m)
				if ts.tt.insert(t.hash) {
					child := bf.add(nd, m)
					if t.home == tg.total {
						bf.cur = child
						bf.pathTo(child)
						return true, cut
					}
					queue(p, child)
				}
				t.undo(&m)
			}
		}
		// The best positions of the layer, expanded or not, go on.
		cut = cut || len(heap) > 0 || len(seen)+len(heap) > width
		seen = append(seen, heap...)
		slices.SortFunc(seen, func(a, b bfItem) int {
			if better(a, b) {
				return -1
			}
			if better(b, a) {
				return 1
			}
			return 0
		})
		for _, it := range seen[:min(width, len(seen))] {
			bf.goTo(it.node)
			var m tmove
			switch {
			case len(t.stock) > 0:
				m = tmove{kind: tmDeal, card: t.talon[t.stock[len(t.stock)-1]]}
			case len(t.waste) > 0 && t.redeals < tg.redeals:
				m = tmove{kind: tmRedeal}
			default:
				continue
			}
			t.apply(&m)
			if ts.tt.insert(t.hash) {
				layers[progress()] = append(layers[progress()], bf.add(it.node, m))
			}
			t.undo(&m)
		}
		layers[p] = nil
	}
	bf.goTo(0)
	return false, cut
}
