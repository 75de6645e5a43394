package engine

import (
	"math"
	"math/big"
	"strconv"
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// playHerz plays deal n of Herz zu Herz to its end (every move is forced)
// and reports whether it is won.
func playHerz(g *Game, n uint64) bool {
	s := g.Deal(pysolrand.Deal{N: n})
	for {
		m, ok := s.Forced()
		if !ok {
			return s.Won()
		}
		s.Apply(m)
	}
}

// sampleHerz plays deals first..first+count-1 and returns the share won.
func sampleHerz(g *Game, first, count uint64) float64 {
	won := 0
	for n := first; n < first+count; n++ {
		if playHerz(g, n) {
			won++
		}
	}
	return float64(won) / float64(count)
}

func herzGame(t testing.TB, variant string) *Game {
	g, err := Lookup("herz-zu-herz", variant)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestHerzZuHerzProbability checks the exact win probability against the
// engine's play of deal numbers 1..count (both PySolFC generators), within
// 4.5 standard errors: 100,000 deals of the default rules (about two
// seconds), 20,000 of each variant (2,000 each with -short).
func TestHerzZuHerzProbability(t *testing.T) {
	for _, tc := range []struct {
		variant string
		draws   int
		count   uint64
	}{{"", 5, 100000}, {"draws-4", 4, 20000}, {"draws-6", 6, 20000}} {
		t.Run("draws-"+strconv.Itoa(tc.draws), func(t *testing.T) {
			count := tc.count
			if testing.Short() {
				count = 2000
			}
			p, _ := HerzZuHerzWinProbability(tc.draws).Float64()
			got := sampleHerz(herzGame(t, tc.variant), 1, count)
			se := math.Sqrt(p * (1 - p) / float64(count))
			t.Logf("%d draws a round: exact %.6f, %d deals sampled %.6f (%.1f standard errors)",
				tc.draws, p, count, got, (got-p)/se)
			if math.Abs(got-p) > 4.5*se {
				t.Errorf("sample %.5f is %.1f standard errors from the exact %.5f", got, (got-p)/se, p)
			}
		})
	}
}

// TestHerzZuHerzProbabilityValues pins the exact fractions and checks two
// cases that are easy by hand.
func TestHerzZuHerzProbabilityValues(t *testing.T) {
	// With 11 draws a round the first round draws all 32 cards: a sure win.
	if p := HerzZuHerzWinProbability(11); p.Cmp(newRat(1, 1)) != 0 {
		t.Errorf("11 draws a round draw all 32 cards at once: got %v, want 1", p)
	}
	// With one draw of three cards a round, at most 9 cards are drawn in
	// all: 8 hearts out needs 8 hearts among them.
	if p := HerzZuHerzWinProbability(1); p.Sign() <= 0 || p.Cmp(newRat(1, 1000)) >= 0 {
		t.Errorf("1 draw a round: got %v, want a tiny positive chance", p)
	}
	for draws := 1; draws < 11; draws++ {
		if HerzZuHerzWinProbability(draws).Cmp(HerzZuHerzWinProbability(draws+1)) > 0 {
			t.Errorf("more draws a round must not lower the chance (%d vs %d)", draws, draws+1)
		}
	}
}

// BenchmarkHerzZuHerzDeal plays one deal to its end per iteration.
func BenchmarkHerzZuHerzDeal(b *testing.B) {
	g := herzGame(b, "")
	for i := 0; b.Loop(); i++ {
		playHerz(g, uint64(i%100000)+1)
	}
}

func newRat(a, b int64) *big.Rat { return big.NewRat(a, b) }

// TestHerzZuHerzExactFraction pins the exact probability of the default
// rules, so that a change to the derivation shows.
func TestHerzZuHerzExactFraction(t *testing.T) {
	p := HerzZuHerzWinProbability(5)
	t.Logf("5 draws: %s = %s", p.RatString(), p.FloatString(8))
	if got := p.FloatString(6); got != "0.389956" {
		t.Errorf("5 draws: %s, want 0.389956", got)
	}
}
