package satmodel

import (
	"context"
	"testing"
	"time"

	"github.com/patience-solitaire/patience/engine"
)

// TestGuidedModelReplays checks soundness on a model cadical finds, not
// one read off a line: Odd and Even's deal 10 (won by the solver), its
// line grouped into as few steps as the clauses allow, the foundations'
// heights (S) of that grouping fixed by unit clauses, the rest (deals,
// redeal, refills, which copy goes where) left to cadical; its model
// must decode into a line the engine replays, through the redeal.
func TestGuidedModelReplays(t *testing.T) {
	if testing.Short() || !Available("cadical") {
		t.Skip("needs cadical")
	}
	s, _, full, val := wonLine(t, "odd-and-even", 10)
	val, steps, _ := full.group(val)
	m, err := BuildSteps(s, steps)
	if err != nil {
		t.Fatal(err)
	}
	for si := range m.S {
		for u := range m.S[si] {
			l := m.S[si][u]
			if !value(val, full.S[si][u]) {
				l = -l
			}
			m.Add(l)
		}
	}
	path := writeCNF(t, &m.CNF)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	a, model, cpu, err := Run(ctx, "cadical", path, m.Vars)
	if err != nil {
		t.Fatal(err)
	}
	if a != Sat {
		t.Fatalf("%s at %d steps with the heights fixed, want sat", a, steps)
	}
	line, err := m.Decode(model)
	if err != nil {
		t.Fatal(err)
	}
	redeals := 0
	for _, mv := range line {
		if mv.Action == engine.ActRedeal {
			redeals++
		}
	}
	if redeals == 0 {
		// The heights are those of the solver's line, which redeals;
		// cadical's model (Debian's cadical, sc2021) redeals too.
		t.Errorf("the line does not redeal: the test no longer checks the redeal")
	}
	t.Logf("%d steps: cadical %v, a line of %d moves", steps, cpu, len(line))
}
