package satmodel

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/solver"
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
	s := deal(t, "odd-and-even", 10)
	res, err := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 4_000_000, Timeout: -1})
	if err != nil || res.Verdict != solver.Won {
		t.Fatalf("deal 10: %v %v, want won", res.Verdict, err)
	}
	full, err := Build(s)
	if err != nil {
		t.Fatal(err)
	}
	val, err := full.Assign(res.Moves)
	if err != nil {
		t.Fatal(err)
	}
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
	path := filepath.Join(t.TempDir(), "guided.cnf")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.WriteDIMACS(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
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
		// cadical's model (Debian's 1.9) redeals too.
		t.Errorf("the line does not redeal: the test no longer checks the redeal")
	}
	t.Logf("%d steps: cadical %v, a line of %d moves", steps, cpu, len(line))
}
