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
// estimate with its 95% interval.
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
			b.Fatal("not a talon family position")
		}
		if playForced(t) {
			won++
		}
		n++
	}
	p := float64(won) / float64(n)
	// With millions of shuffles the normal approximation is as good as
	// the Wilson interval the surveys use (package survey, which imports
	// this one).
	half := 1.959963984540054 * math.Sqrt(p*(1-p)/float64(n))
	lo, hi := p-half, p+half
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

// TestForcedPlayCapturedQueens checks the simulation against the solver
// on real deals.
func TestForcedPlayCapturedQueens(t *testing.T) {
	for n := uint64(1); n <= 60; n++ {
		s := deal(t, "captured-queens", n)
		want := solve(t, s, Options{MaxNodes: 100_000, Timeout: -1, off: switches{noTalon: true}}).Verdict
		if got := playForced(talonOf(t, s)); (want == Won) != got || want == Unknown {
			t.Errorf("deal %d: forced play wins %v, the generic solver says %s", n, got, want)
		}
	}
}

// TestContradanceNotForced shows why Contradance, unlike Captured
// Queens, is not a forced game whose odds a simulation could give:
// playing a card home as soon as it can go is sometimes wrong. Clubs
// from the Six: f9 holds 6-J, f10 only the 6; off the foundations are
// the T, J and two Queens of clubs, every other pile is complete, and
// no redeal is left. The waste shows a QC; the stock will deal JC, QC,
// TC. Playing the QC on f9 at once loses (the second QC then lies on
// the JC that f10 needs first); keeping it wins: the second QC goes on
// f9, the TC, the JC and the kept QC on f10.
func TestContradanceNotForced(t *testing.T) {
	g := lookup(t, "contradance")
	in := infoFor(g)
	piles := make([][]engine.Card, len(g.Piles))
	for _, f := range in.foundations {
		piles[f] = append(piles[f], in.seq[f]...)
	}
	f9, f10 := g.PileIndex("f9"), g.PileIndex("f10")
	piles[f9] = piles[f9][:6]   // 6C..JC
	piles[f10] = piles[f10][:4] // 6C..9C
	qc, jc, tc := engine.NewCard(engine.Queen, engine.Clubs), engine.NewCard(engine.Jack, engine.Clubs), engine.NewCard(10, engine.Clubs)
	piles[in.waste] = []engine.Card{qc, jc, qc, tc}
	s, err := g.NewStateFromLayout(piles)
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(engine.Move{Action: engine.ActRedeal, From: int8(in.waste), To: int8(in.stock)})
	s.Apply(engine.Move{Action: engine.ActDeal, From: int8(in.stock), To: int8(in.waste), Card: qc})
	if r := solve(t, s, testOptions(10000)); r.Verdict != Won {
		t.Fatalf("the solver says %s, want won", r.Verdict)
	}
	// Play every card home as soon as it can go.
	p := s.Clone()
	for {
		moved := false
		for _, m := range p.Legal(nil) {
			if m.Action == engine.ActMove {
				p.Apply(m)
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		if len(p.Pile(in.stock)) == 0 {
			break
		}
		p.Apply(engine.Move{Action: engine.ActDeal, From: int8(in.stock), To: int8(in.waste), Card: p.Top(in.stock)})
	}
	if p.Won() {
		t.Fatal("playing every card home at once won; the example is wrong")
	}
}
