//go:build !wasm

package solver

// The one-pass family's position (Napoleon at St Helena) saves the
// engine's position whole (engine.State.SaveSnapshot) in its beam by
// deals, unless the beam counts misfits (byFits: a count kept outside
// the engine's position). There a layer is a card dealt, two positions
// of a layer part many deals back, and the snapshots pay: the beam by
// deals is 1.2 times as fast with them (BenchmarkBeamOnePass). Beams
// layered by cards home (the same game's generic beam, House in the
// Woods, Shamrocks) jump a few moves, and a snapshot at every foundation
// move made them slower (1.33 and 1.08 times for House in the Woods'
// and Shamrocks'; TUNING.md, "Session 13"): they take the route.
//
// The WebAssembly module (the reader's browser) leaves these out: it
// must stay under 1.25 MB gzipped, and a first version of them took it
// to 1,249,944 bytes. A browser solve is budgeted in positions, so they
// would change its speed, not its verdict or its line.

func (p *dpos) snapshotSize() int {
	if !p.byDeal || p.byFits {
		return 0
	}
	return p.s.SnapshotSize()
}

func (p *dpos) save(dst []byte) { p.s.SaveSnapshot(dst) }

func (p *dpos) restore(src []byte) { p.s.RestoreSnapshot(src) }
