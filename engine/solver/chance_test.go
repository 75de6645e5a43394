package solver

import (
	"math"
	"math/rand"
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

// BenchmarkCapturedQueensOdds estimates Captured Queens' win probability
// by simulation over uniformly shuffled packs (b.N of them), for the
// game page; run it with many deals, e.g.
//
//	go test -run - -bench CapturedQueensOdds -benchtime 4000000x ./engine/solver
//
// With one pack every card has one copy and one foundation, so the
// dead-base rule (safe.go) plays every card that can go home as soon as
// it can: the best play is forced (deal when nothing goes home, turn the
// waste over when the stock is out), and the simulation plays it. The
// exact probability would need the 52! orders of the pack (or an
// analysis of the game this code does not have), so the figure is an
// estimate with its 95% Wilson interval.
func BenchmarkCapturedQueensOdds(b *testing.B) {
	g := lookup(b, "captured-queens")
	in := infoFor(g)
	tg := in.talonGame()
	pack := g.Pack.Cards()
	rng := rand.New(rand.NewSource(1))
	piles := make([][]engine.Card, len(g.Piles))
	won := 0
	n := 0
	for b.Loop() {
		cards := append([]engine.Card(nil), pack...)
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		for i := range piles {
			piles[i] = piles[i][:0]
		}
		// The last card is the stock's top; one card goes to the waste.
		piles[in.waste] = append(piles[in.waste], cards[len(cards)-1])
		piles[in.stock] = append(piles[in.stock], cards[:len(cards)-1]...)
		s, err := g.NewStateFromLayout(piles)
		if err != nil {
			b.Fatal(err)
		}
		t, ok := tg.newTState(s)
		if !ok {
			b.Fatal("not a dedicated position")
		}
		if playForced(t) {
			won++
		}
		n++
	}
	p := float64(won) / float64(n)
	lo, hi := wilson(won, n)
	b.ReportMetric(p, "win-rate")
	b.Logf("captured-queens: %d of %d shuffles won: %.5f (95%% interval %.5f - %.5f)", won, n, p, lo, hi)
}

// playForced plays a game whose best play is forced (see above) to its
// end and reports whether it is won.
func playForced(t *tstate) bool {
	for {
		for {
			m, ok := t.safeMove()
			if !ok {
				break
			}
			t.apply(&m)
		}
		if t.home == t.tg.total {
			return true
		}
		switch {
		case len(t.stock) > 0:
			m := tmove{kind: tmDeal}
			t.apply(&m)
		case len(t.waste) > 0 && t.redeals < t.tg.redeals:
			m := tmove{kind: tmRedeal}
			t.apply(&m)
		default:
			return false
		}
	}
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (float64, float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p := float64(k) / float64(n)
	nf := float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return c - h, c + h
}

// TestForcedPlayCapturedQueens checks the simulation against the solver
// on real deals.
func TestForcedPlayCapturedQueens(t *testing.T) {
	for n := uint64(1); n <= 60; n++ {
		s := deal(t, "captured-queens", n)
		want := solve(t, s, Options{MaxNodes: 100_000, Timeout: -1, NoTalon: true}).Verdict
		if got := playForced(talonOf(t, s)); (want == Won) != got || want == Unknown {
			t.Errorf("deal %d: forced play wins %v, the generic solver says %s", n, got, want)
		}
	}
}
