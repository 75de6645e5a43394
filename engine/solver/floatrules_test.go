package solver

import (
	"context"
	"fmt"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// TestFloatRulesVerdicts: the dead-end test's float rules of solver 25
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
// of solver 25, condemns no position on a winning line, in Napoleon at
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
