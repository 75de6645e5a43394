package satmodel

import (
	"context"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/engine/solver"
)

func deal(t *testing.T, slug string, n int) *engine.State {
	t.Helper()
	g, err := engine.Lookup(slug, "")
	if err != nil {
		t.Fatal(err)
	}
	d, err := pysolrand.ParseDeal(itoa(n))
	if err != nil {
		t.Fatal(err)
	}
	return g.Deal(d)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestLineIsModel checks completeness on the solver's wins: each winning
// line, read as the package comment says, satisfies every clause.
func TestLineIsModel(t *testing.T) {
	for _, n := range []int{18, 20, 96, 99, 1, 2} {
		t.Run(itoa(n), func(t *testing.T) {
			s := deal(t, "royal-cotillion", n)
			res, err := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 400_000, Timeout: -1})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != solver.Won {
				t.Fatalf("deal %d: %s, want won", n, res.Verdict)
			}
			m, err := Build(s)
			if err != nil {
				t.Fatal(err)
			}
			val, err := m.Assign(res.Moves)
			if err != nil {
				t.Fatal(err)
			}
			if ok, i := m.Satisfied(val); !ok {
				t.Fatalf("deal %d: the solver's line breaks clause %d: %v", n, i, m.Clauses[i])
			}
			if _, err := m.Decode(val); err != nil {
				t.Fatalf("deal %d: the line read as a model does not decode: %v", n, err)
			}
		})
	}
}
