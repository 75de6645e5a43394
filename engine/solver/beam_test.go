package solver

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// TestBeam runs the beam searches of framework.go alone: on House on the Hill
// deals that the earlier phases left unknown at 10 s they win, and the
// win replays; on a deal the dead-end test condemns, every mode is
// exhausted at once and the widening stops by itself.
func TestBeam(t *testing.T) {
	for _, c := range []struct {
		slug string
		deal uint64
		won  bool
	}{{"house-on-the-hill", 7, true}, {"house-on-the-hill", 14, true}, {"house-in-the-woods", 199, false}} {
		t.Run(fmt.Sprintf("%s/%d", c.slug, c.deal), func(t *testing.T) {
			s := deal(t, c.slug, c.deal)
			in := infoFor(s.Game())
			sr := newEngineSearcher(in, s.Clone(), &budget{limit: 2_000_000}, switches{})
			won := sr.widen(phaseOf(enginePhases(in), beamPhase))
			if won != c.won || sr.stopped {
				t.Fatalf("won %v (stopped %v), want %v", won, sr.stopped, c.won)
			}
			if won {
				if err := Verify(s, sr.path); err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestBeamByFits runs the beam by fits alone on House on the Hill deals
// that the beam by cards home leaves unknown at 5,000,000 positions: it
// wins them at width 16, and the wins replay.
func TestBeamByFits(t *testing.T) {
	for _, d := range []uint64{387, 706} {
		t.Run(fmt.Sprint(d), func(t *testing.T) {
			s := deal(t, "house-on-the-hill", d)
			in := infoFor(s.Game())
			var ph phase
			for _, p := range enginePhases(in) {
				if p.kind == beamPhase && p.modes[0].fits {
					ph = p
				}
			}
			if ph.modes == nil {
				t.Fatal("no beam by fits in the schedule")
			}
			sr := newEngineSearcher(in, s.Clone(), &budget{limit: 500_000}, switches{})
			if !sr.widen(ph) {
				t.Fatalf("not won (stopped %v)", sr.stopped)
			}
			if err := Verify(s, sr.path); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestFitsForward checks what the beam by fits rests on: in the games
// where info.fits holds, along random lines of play the misfits never
// rise, so the layer never falls, and apply and undo keep their count;
// the games with a stock or redeals are left out.
func TestFitsForward(t *testing.T) {
	for _, c := range []struct {
		slug string
		fits bool
	}{{"house-on-the-hill", true}, {"house-in-the-woods", true}, {"shamrocks", true}, {"la-belle-lucie", false}, {"napoleon-at-st-helena", false}} {
		t.Run(c.slug, func(t *testing.T) {
			g := lookup(t, c.slug)
			in := infoFor(g)
			if in.fits != c.fits {
				t.Fatalf("info.fits %v, want %v", in.fits, c.fits)
			}
			if !c.fits {
				return
			}
			rng := rand.New(rand.NewSource(1))
			var buf []engine.Move
			for d := uint64(1); d <= 20; d++ {
				s := g.Deal(pysolrand.Deal{N: d})
				p := newEngineSearcher(in, s, &budget{}, switches{}).p
				p.setMode(mode{auto: autoNatural, fits: true})
				for step := 0; step < 200; step++ {
					buf = s.Legal(buf[:0])
					if len(buf) == 0 {
						break
					}
					mis, layer := p.misfits(), p.layer()
					m := buf[rng.Intn(len(buf))]
					p.apply(&m)
					if p.misfits() > mis || p.layer() < layer || p.layer() >= p.layers() {
						t.Fatalf("deal %d: %s: misfits %d to %d, layer %d to %d of %d", d, m, mis, p.misfits(), layer, p.layer(), p.layers())
					}
					// apply and undo keep the count that misfits makes.
					if p.mis != p.misfits() {
						t.Fatalf("deal %d: %s: kept %d misfits, counted %d", d, m, p.mis, p.misfits())
					}
					p.undo(&m)
					if p.mis != mis || p.layer() != layer {
						t.Fatalf("deal %d: %s undone: %d misfits, layer %d; were %d, %d", d, m, p.mis, p.layer(), mis, layer)
					}
					p.apply(&m)
				}
			}
		})
	}
}

// phaseOf returns the first phase of kind k in sched.
func phaseOf(sched []phase, k phaseKind) phase {
	for _, ph := range sched {
		if ph.kind == k {
			return ph
		}
	}
	panic("no such phase")
}

// BenchmarkBeamWin times a win that the beam search finds and the
// phases before it did not.
func BenchmarkBeamWin(b *testing.B) {
	benchSolve(b, "house-on-the-hill", 7, testOptions(1_500_000))
}

// TestSendOn checks the choice of the positions a beam by deals sends on:
// the best first, at most spread from one line of the layer (the
// position dealt into it that they descend from), the others filling
// the width in order of merit.
func TestSendOn(t *testing.T) {
	// Node 0 is the root; 1 and 2 were dealt into the layer (entered =
	// 2); 3 and 4 descend from 1, 5 from 2, 6 from 3 (so from 1).
	parents := []int32{-1, 0, 0, 1, 1, 2, 3}
	seen := []int32{6, 3, 4, 1, 5, 2} // best first
	for _, c := range []struct {
		spread, width int
		want          []int32
	}{
		{0, 4, []int32{6, 3, 4, 1}},
		{1, 4, []int32{6, 5, 3, 4}},
		{2, 4, []int32{6, 3, 5, 2}},
		{2, 3, []int32{6, 3, 5}},
		{3, 5, []int32{6, 3, 4, 5, 2}},
		{1, 6, []int32{6, 3, 4, 1, 5, 2}}, // no more than the width: all
	} {
		t.Run(fmt.Sprintf("spread %d width %d", c.spread, c.width), func(t *testing.T) {
			var sr searcher[engine.Move, *dpos]
			for _, p := range parents {
				sr.tree.nodes = append(sr.tree.nodes, bfNode[engine.Move]{parent: p})
			}
			sr.spread = c.spread
			items := make([]bfItem, len(seen))
			for i, n := range seen {
				items[i] = bfItem{score: int32(100 - i), node: n}
			}
			var got []int32
			for _, it := range sr.sendOn(items, c.width, 2) {
				got = append(got, it.node)
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("sent on %v, want %v", got, c.want)
			}
		})
	}
}

// TestBeamSpread runs the beam by deals with a spread of 1 alone on
// Napoleon at St Helena deals it wins in 200,000 positions that way:
// deal 694 (after 133,777 positions, solver 33), which the beam by deals
// without a spread leaves unknown at 2,000,000 positions, and deal 879
// with lines four layers back, which it wins after 31,706 positions
// (with lines of the layer itself, after 682,344; TUNING.md, "The beam
// by deals spread"). The wins replay.
func TestBeamSpread(t *testing.T) {
	for _, c := range []struct {
		deal             uint64
		spread, lineBack int
	}{
		{694, 1, 0},
		{879, 1, 4},
	} {
		t.Run(fmt.Sprintf("deal %d spread %d lines %d back", c.deal, c.spread, c.lineBack), func(t *testing.T) {
			s := deal(t, "napoleon-at-st-helena", c.deal)
			in := newInfo(s.Game())
			ph := phaseOf(onePassPhases, beamPhase)
			md := ph.modes[0]
			md.spread, md.lineBack = c.spread, c.lineBack
			ph.modes = []mode{md}
			sr := newDealSearcher(in, s.Clone(), &budget{limit: 200_000}, switches{})
			if !sr.widen(ph) {
				t.Fatalf("not won in %d positions", sr.nodes)
			}
			if err := Verify(s, sr.path); err != nil {
				t.Error(err)
			}
		})
	}
}
