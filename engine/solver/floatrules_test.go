package solver

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// TestFloatRulesVerdicts: the dead-end test's float rules of solver 28
// (deadend.go: a card floats into an empty pile only once a pile that
// takes it is empty or emptied, and onto a card only if a copy of it has
// been on the tableau; the stock's cards are loose, not floated) change
// no verdict of the exact phase, here on Napoleon at St Helena deals,
// one proved lost; switched off (noFloatRules), the rules are those of
// before. The lost deal's search is much smaller with them.
func TestFloatRulesVerdicts(t *testing.T) {
	tests := []struct {
		deal uint64
		want Verdict
	}{
		{393, Lost}, {2, Won}, {178, Won},
	}
	g := lookup(t, "napoleon-at-st-helena")
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.deal), func(t *testing.T) {
			var nodes [2]int64
			for k, off := range []bool{false, true} {
				opt := testOptions(3_000_000)
				opt.off.noHeuristic, opt.off.noFloatRules = true, off
				res, err := Solve(context.Background(), g.Deal(pysolrand.Deal{N: tc.deal}), opt)
				if err != nil {
					t.Fatal(err)
				}
				if res.Verdict != tc.want {
					t.Fatalf("noFloatRules %t: %s after %d positions, want %s", off, res.Verdict, res.Nodes, tc.want)
				}
				nodes[k] = res.Nodes
			}
			t.Logf("%d positions with the float rules, %d without", nodes[0], nodes[1])
			if tc.want == Lost && nodes[0] >= nodes[1] {
				t.Errorf("with the float rules the search took %d positions, as many as without them (%d)", nodes[0], nodes[1])
			}
		})
	}
}

// TestFloatRulesWinningLines: the dead-end test, with the float rules
// of solver 28, condemns no position on a winning line, in Napoleon at
// St Helena and its Cadogan variant (an empty column takes the waste's
// card only). A sound test cannot: each of those positions can be won.
// (The same check on the wins of deals 1-150 at 400,000 positions, 61
// wins and 18 of the Cadogan variant, 19,657 positions, found none.)
func TestFloatRulesWinningLines(t *testing.T) {
	tests := []struct {
		variant string
		deals   []uint64
	}{
		{"", []uint64{2, 111, 139, 142, 143, 151, 155, 169, 178, 195, 200}},
		{"cadogan", []uint64{2, 13, 23, 27, 37, 53}},
	}
	for _, tc := range tests {
		g, err := engine.Lookup("napoleon-at-st-helena", tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		in := infoFor(g)
		rx := newRelax(in, g.Cards())
		checked, won := 0, 0
		for _, n := range tc.deals {
			s := g.Deal(pysolrand.Deal{N: n})
			res, err := Solve(context.Background(), s, testOptions(100_000))
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != Won {
				continue
			}
			won++
			s = s.Clone()
			for i, m := range res.Moves {
				if in.static(s, ruleDeadEnd) {
					checked++
					if in.deadEnd(s, rx) {
						t.Fatalf("%s deal %d: the dead-end test condemns the position after %d moves of a win", g.Key(), n, i)
					}
				}
				if err := s.Check(m); err != nil {
					t.Fatalf("%s deal %d, move %d: %v", g.Key(), n, i+1, err)
				}
				s.Apply(m)
			}
		}
		if won < 3 {
			t.Errorf("%s: %d deals won, too few to check", g.Key(), won)
		}
		t.Logf("%s: %d positions of %d wins checked", g.Key(), checked, won)
	}
}

// TestFloatRulesCondemnLost: positions of random lines of play that the
// float rules call lost, where the test without them finds nothing,
// searched by the exact phase without the float rules (sound before
// them): none may be won, and some must be proved lost, or the test
// condemns too little to be checked here.
func TestFloatRulesCondemnLost(t *testing.T) {
	rng := rand.New(rand.NewSource(28))
	g := lookup(t, "napoleon-at-st-helena")
	in := infoFor(g)
	with, without := newRelax(in, g.Cards()), newRelax(in, g.Cards())
	without.noFloatRules = true
	var buf []engine.Move
	tried, lost, most := 0, 0, int64(0)
	for n := uint64(1); n <= 200 && tried < 12; n++ {
		s := g.Deal(pysolrand.Deal{N: n})
		for range 300 {
			if in.static(s, ruleDeadEnd) && in.deadEnd(s, with) && !in.deadEnd(s, without) {
				isLost, nodes := searchCondemned(t, s, switches{noFloatRules: true}, 300_000, fmt.Sprintf("deal %d: the float rules", n))
				tried++
				if isLost {
					lost++
					most = max(most, nodes)
				}
				break
			}
			buf = s.Legal(buf[:0])
			if len(buf) == 0 {
				break
			}
			// Deal only one time in ten while other moves remain, home
			// whenever possible: lines that get somewhere.
			m := buf[rng.Intn(len(buf))]
			for _, c := range buf {
				if in.kind[c.To] == engine.Foundation {
					m = c
				}
			}
			if m.Action == engine.ActDeal && len(buf) > 1 && rng.Intn(10) > 0 {
				for m.Action == engine.ActDeal {
					m = buf[rng.Intn(len(buf))]
				}
			}
			s.Apply(m)
		}
	}
	t.Logf("%d positions lost only by the float rules: %d proved lost without them (the largest search %d positions), the rest undecided", tried, lost, most)
	if lost < 3 {
		t.Errorf("only %d of %d positions decided without the float rules: the test sees too little", lost, tried)
	}
}
