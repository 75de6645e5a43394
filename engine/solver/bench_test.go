package solver

import (
	"context"
	"testing"
	"time"

	"github.com/patience-solitaire/patience/engine"
)

func benchSolve(b *testing.B, game string, n uint64, opt Options) {
	s := deal(b, game, n)
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		res, err := Solve(context.Background(), s, opt)
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// Wins found by the heuristic phases.
func BenchmarkSolveWoodsWin(b *testing.B) {
	benchSolve(b, "house-in-the-woods", 8, testOptions(100000))
}

func BenchmarkSolveHillWin(b *testing.B) {
	benchSolve(b, "house-on-the-hill", 11, testOptions(100000))
}

// A win found by the restarts.
func BenchmarkSolveWoodsRestart(b *testing.B) {
	benchSolve(b, "house-in-the-woods", 24, testOptions(300000))
}

// A proof by the suit-lock test at the start.
func BenchmarkSolveWoodsSuitLock(b *testing.B) {
	benchSolve(b, "house-in-the-woods", 14, testOptions(100000))
}

// A proof by the dead-end test at the start.
func BenchmarkSolveWoodsDead(b *testing.B) {
	benchSolve(b, "house-in-the-woods", 199, testOptions(100000))
}

// The exact phase's speed: a fixed number of nodes of an undecided deal.
func BenchmarkExactNodes(b *testing.B) {
	benchSolve(b, "house-in-the-woods", 2, Options{MaxNodes: 20000, Timeout: -1, off: switches{noHeuristic: true}})
}

// The beam search's speed: a fixed number of nodes of an undecided deal.
func BenchmarkBeamNodes(b *testing.B) {
	s := deal(b, "house-in-the-woods", 2)
	in := infoFor(s.Game())
	b.ReportAllocs()
	for b.Loop() {
		sr := newEngineSearcher(in, s.Clone(), &budget{limit: 5000}, switches{})
		sr.tt = newHashSet(1 << 16)
		sr.p.setMode(mode{auto: autoNatural})
		sr.beam(64)
	}
}

func BenchmarkDeadEnd(b *testing.B) {
	s := deal(b, "house-in-the-woods", 2)
	in := infoFor(s.Game())
	rx := newRelax(in, s.Game().Cards())
	b.ReportAllocs()
	for b.Loop() {
		in.deadEnd(s, rx)
	}
}

// The whole schedule's speed on deals the survey leaves undecided at the
// default budget, a fixed number of nodes per deal, one per game of the
// six with the most such deals: the generic family (two-way foundations
// in House on the Hill, the seat test in Shamrocks, one pass in Napoleon
// at St Helena) and the talon family (Odd and Even, Royal Cotillion).
func BenchmarkUnknownNodes(b *testing.B) {
	for _, tc := range []struct {
		game string
		n    uint64
	}{
		{"house-in-the-woods", 2},
		{"house-on-the-hill", 49},
		{"shamrocks", 41},
		{"napoleon-at-st-helena", 743},
		{"odd-and-even", 34},
		{"royal-cotillion", 8},
	} {
		b.Run(tc.game, func(b *testing.B) {
			benchSolve(b, tc.game, tc.n, testOptions(100000))
		})
	}
}

// FreeCell deals 1-20 (Microsoft's), solved one after the other: what
// the comparison with Freecell Solver times (scripts/freecell-vs-fcsolve.sh).
func BenchmarkSolveFreeCell(b *testing.B) {
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		for n := uint64(1); n <= 20; n++ {
			res, err := Solve(context.Background(), deal(b, "freecell", n), testOptions(1_000_000))
			if err != nil || res.Verdict != Won {
				b.Fatalf("deal %d: %v %v", n, res.Verdict, err)
			}
			nodes += res.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// Baker's Game deals 1-100 at the survey's budget, solved one after the
// other: what the comparison with Freecell Solver times
// (scripts/freecell-ms.sh with GAME=bakers-game). Most are won, about a
// quarter proved lost.
func BenchmarkSolveBakersGame(b *testing.B) {
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		for n := uint64(1); n <= 100; n++ {
			res, err := Solve(context.Background(), deal(b, "bakers-game", n), Options{MaxNodes: 16_000_000, Timeout: -1})
			if err != nil || res.Verdict == Unknown {
				b.Fatalf("deal %d: %v %v", n, res.Verdict, err)
			}
			nodes += res.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// The cheap passes of Shorten (budget 0, as every Solve runs them) on
// the raw wins of Eight Off deals 1-20, whose search takes a median of
// about 100 positions: there the passes cost more than the search.
func BenchmarkShortenCheap(b *testing.B) {
	type line struct {
		s     *engine.State
		moves []engine.Move
	}
	var lines []line
	for n := uint64(1); n <= 20; n++ {
		s := deal(b, "eight-off", n)
		in := infoFor(s.Game())
		sr := newEngineSearcher(in, s.Clone(), &budget{limit: 16_000_000}, switches{})
		if sr.solve(switches{}.schedule(enginePhases(in)), time.Now(), -1) != Won {
			b.Fatalf("deal %d not won", n)
		}
		lines = append(lines, line{s, append([]engine.Move(nil), sr.path...)})
	}
	for b.Loop() {
		for _, l := range lines {
			if _, err := Shorten(context.Background(), l.s, l.moves, 0); err != nil {
				b.Fatal(err)
			}
		}
	}
}
