package solver

import "slices"

// The beam search's jumps. The beam search moves its one position around
// its tree: from the node it stands on to the next it takes up, undoing
// moves up to their common ancestor and applying them down (goTo). Two
// positions of a layer usually part many layers back, so in the talon
// games a jump undid and applied 60 to 90 moves, about 1.6 jumps a
// position, nearly half of the search's time (Odd and Even deal 145).
//
// A position that can save itself whole (snapshotter) is saved where it
// enters a layer (snapshots); a jump then restores the saved entry of the
// target's layer and applies only the moves played within the layer, a
// few foundation moves. The position restored is the one the route would
// reach, so the search, and every count it reports, is the same.

// snapshotter is a position the beam search can save and restore whole.
type snapshotter interface {
	// snapshotSize is the bytes a snapshot takes, the same for every
	// position of one search; 0: the position cannot be saved, or is
	// not to be in the beam's mode now (asked at each beam's start).
	snapshotSize() int
	save(dst []byte)
	// restore sets the position to the one saved in src. Moves applied
	// before it may not be undone after it.
	restore(src []byte)
}

// snapshots are the saved entries of the beam's layers: entries sent to
// a layer are saved when made and dropped when the layer is done, so they
// take about width snapshots a layer waiting (the best of each layer
// deal into the next). They are kept in chunks of snapChunk bytes, which
// the layers done give back for reuse: the storage never moves, and one
// beam's is the next one's.
type snapshots struct {
	s    snapshotter
	size int        // bytes a snapshot
	per  int        // snapshots a chunk
	root []byte     // the root's, kept to the end
	byL  [][][]byte // by layer: its entries' chunks
	slot []int32    // by tree node: the index of its snapshot in its layer's (-1 or past the end: none)
	free [][]byte   // chunks of the layers done
	used int        // chunks in use
}

// snapChunk is the bytes of a chunk; maxSnapChunks bounds the chunks in
// use (256 MB), as maxTree bounds the tree: the beam stops if it is
// reached.
const (
	snapChunk     = 1 << 16
	maxSnapChunks = 1 << 12
)

// full reports whether the snapshots have reached their bound.
func (sn *snapshots) full() bool { return sn != nil && sn.used >= maxSnapChunks }

// snapshots returns the beam's snapshots, ready for a search with layers
// layers and the root saved, or nil if the position cannot be saved.
func (sr *searcher[M, P]) snapshots(layers int) *snapshots {
	s, ok := any(sr.p).(snapshotter)
	if !ok || s.snapshotSize() == 0 {
		return nil
	}
	if sr.snaps == nil {
		size := s.snapshotSize()
		sr.snaps = &snapshots{s: s, size: size, per: max(1, snapChunk/size), root: make([]byte, size)}
	}
	sn := sr.snaps
	for l := range sn.byL {
		sn.done(l)
	}
	sn.byL = slices.Grow(sn.byL[:0], layers)[:layers]
	sn.slot = sn.slot[:0]
	sn.s.save(sn.root)
	return sn
}

// save saves the position, which is at node n, as an entry of layer l.
func (sn *snapshots) save(n int32, l int) {
	chunks := sn.byL[l]
	if k := len(chunks) - 1; k < 0 || len(chunks[k]) == sn.per*sn.size {
		var c []byte
		if f := len(sn.free) - 1; f >= 0 {
			c, sn.free = sn.free[f], sn.free[:f]
		} else {
			c = make([]byte, 0, sn.per*sn.size)
		}
		chunks = append(chunks, c)
		sn.byL[l] = chunks
		sn.used++
	}
	k := len(chunks) - 1
	off := len(chunks[k])
	chunks[k] = chunks[k][:off+sn.size]
	sn.s.save(chunks[k][off:])
	for int(n) >= len(sn.slot) {
		sn.slot = append(sn.slot, -1)
	}
	sn.slot[n] = int32(k*sn.per + off/sn.size)
}

// done drops the snapshots of layer l.
func (sn *snapshots) done(l int) {
	for _, c := range sn.byL[l] {
		sn.free = append(sn.free, c[:0])
	}
	sn.used -= len(sn.byL[l])
	sn.byL[l] = sn.byL[l][:0]
}

// at returns the snapshot of node n, an entry of layer l.
func (sn *snapshots) at(n int32, l int) []byte {
	i := int(sn.slot[n])
	off := i % sn.per * sn.size
	return sn.byL[l][i/sn.per][off : off+sn.size]
}

// jump moves the position from the tree's current node to node n, of
// layer l (the layer the beam is in, or n the root). Without snapshots it
// takes the route through the tree. With them it walks up from n to the
// current node or to the saved entry of n's layer, whichever comes first,
// restores the entry if it came to that, and applies the moves down to n.
func (sr *searcher[M, P]) jump(t *bfTree[M], sn *snapshots, n int32, l int) {
	if sn == nil {
		sr.goTo(t, n)
		return
	}
	t.down = t.down[:0]
	a := n
	for a != t.cur && a != 0 && (int(a) >= len(sn.slot) || sn.slot[a] < 0) {
		t.down = append(t.down, a)
		a = t.nodes[a].parent
	}
	switch {
	case a == t.cur:
	case a == 0:
		sn.s.restore(sn.root)
	default:
		sn.s.restore(sn.at(a, l))
	}
	for i := len(t.down) - 1; i >= 0; i-- {
		sr.p.apply(&t.nodes[t.down[i]].move)
	}
	t.cur = n
}
