package solver

import (
	"runtime/debug"
	"slices"
	"testing"
)

// treePos is a position for testing the framework's searches: a node of
// a complete tree whose inner nodes have fanout children (moves 0 to
// fanout-1, tried in that order) down to depth height; the leaf at path
// win (if any) is won, and the nodes in condemned (by hash) are condemned.
type treePos struct {
	path      []int
	hs        []uint64 // the hash at each depth of path, from the root's
	fanout    int
	height    int
	win       []int
	condemned map[uint64]bool
}

// key returns the hash of the node at path.
func (p *treePos) key(path []int) uint64 {
	h := uint64(0)
	for _, m := range path {
		h = treeStep(h, m)
	}
	return h
}

func treeStep(h uint64, m int) uint64 { return mix(h*31 + uint64(m) + 1) }

func (p *treePos) won() bool { return p.win != nil && slices.Equal(p.path, p.win) }
func (p *treePos) hash() uint64 {
	if len(p.hs) == 0 {
		return 0
	}
	return p.hs[len(p.hs)-1]
}

func (p *treePos) apply(m *int) {
	p.hs = append(p.hs, treeStep(p.hash(), *m))
	p.path = append(p.path, *m)
}

func (p *treePos) undo(*int) {
	p.path = p.path[:len(p.path)-1]
	p.hs = p.hs[:len(p.hs)-1]
}
func (p *treePos) setMode(mode)              {}
func (p *treePos) perturb(uint64)            {}
func (p *treePos) autoMove() (int, bool)     { return 0, false }
func (p *treePos) dead() bool                { return p.condemned[p.hash()] }
func (p *treePos) rootLost() bool            { return false }
func (p *treePos) layer() int                { return 0 }
func (p *treePos) layers() int               { return 1 }
func (p *treePos) evaluate() int32           { return 0 }
func (p *treePos) dealLayers() bool          { return false }
func (p *treePos) advance() (int, bool)      { return 0, false }
func (p *treePos) beamMoves(buf []int) []int { return p.moves(buf) }

func (p *treePos) moves(buf []int) []int {
	if len(p.path) < p.height {
		for m := range p.fanout {
			buf = append(buf, m)
		}
	}
	return buf
}

// refDFS is the depth-first search as the framework's was written before
// it kept its line in slices (recursion): the reference for the order in
// which positions are tried.
func refDFS(p *treePos, seen map[uint64]bool, nodes *int, limit int) bool {
	if p.won() {
		return true
	}
	if *nodes >= limit {
		return false
	}
	*nodes++
	if seen[p.hash()] {
		return false
	}
	seen[p.hash()] = true
	if p.dead() {
		return false
	}
	for _, m := range p.moves(nil) {
		p.apply(&m)
		if refDFS(p, seen, nodes, limit) {
			return true
		}
		p.undo(&m)
		if *nodes >= limit {
			break
		}
	}
	return false
}

// TestDFSOrder checks that the depth-first search tries positions in the
// order of the recursive search: the same verdict, positions and line.
func TestDFSOrder(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fanout int
		height int
		win    []int
		dead   [][]int
		limit  int
	}{
		{name: "lost", fanout: 3, height: 6, limit: 1 << 20},
		{name: "won late", fanout: 3, height: 6, win: []int{2, 1, 0, 2, 2, 1}, limit: 1 << 20},
		{name: "won first", fanout: 2, height: 5, win: []int{0, 0, 0, 0, 0}, limit: 1 << 20},
		{name: "condemned", fanout: 3, height: 5, win: []int{1, 2, 0, 0, 1}, dead: [][]int{{0}, {1, 1}, {1, 2, 0, 0}}, limit: 1 << 20},
		{name: "win under a condemned node", fanout: 2, height: 4, win: []int{1, 0, 1, 1}, dead: [][]int{{1, 0}}, limit: 1 << 20},
		{name: "budget", fanout: 3, height: 6, win: []int{2, 2, 2, 2, 2, 2}, limit: 500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mk := func() *treePos {
				p := &treePos{fanout: tc.fanout, height: tc.height, win: tc.win, condemned: map[uint64]bool{}}
				for _, d := range tc.dead {
					p.condemned[p.key(d)] = true
				}
				return p
			}
			ref := mk()
			refNodes := 0
			refWon := refDFS(ref, map[uint64]bool{}, &refNodes, tc.limit)

			p := mk()
			sr := &searcher[int, *treePos]{budget: &budget{limit: int64(tc.limit), mask: 255}, p: p, tt: newHashSet(0)}
			won := sr.run()
			if won != refWon || sr.nodes != int64(refNodes) {
				t.Fatalf("won %v in %d positions, the recursive search %v in %d", won, sr.nodes, refWon, refNodes)
			}
			if won && (!slices.Equal(sr.path, tc.win) || !slices.Equal(p.path, tc.win)) {
				t.Errorf("line %v (position %v), want %v", sr.path, p.path, tc.win)
			}
			if !won && len(p.path) != 0 {
				t.Errorf("the search left the position at %v, not at the start", p.path)
			}
		})
	}
}

// TestDFSDeepLine: a line of 300,000 positions, with the goroutine
// stacks limited to 8 MiB; the recursive search took about 160 bytes of
// stack a position (it overflowed on Shamrocks' deal 65 in the exact
// phase), the search now keeps its line in slices.
func TestDFSDeepLine(t *testing.T) {
	const n = 300_000
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	win := make([]int, n)
	p := &treePos{fanout: 1, height: n, win: win}
	sr := &searcher[int, *treePos]{budget: &budget{limit: 1 << 30, mask: 255}, p: p, tt: newHashSet(0)}
	if !sr.run() || len(sr.path) != n {
		t.Fatalf("not won, or a line of %d moves", len(sr.path))
	}
}
