package satmodel

import (
	"context"
	"testing"

	"github.com/patience-solitaire/patience/engine/solver"
)

// merge returns the assignment val with steps t-1 and t made one (state
// t dropped, the last state repeated at the end), its defined variables
// evaluated again.
func (m *Model) merge(val []bool, t int) []bool {
	out := make([]bool, len(val))
	copy(out, val)
	set := func(l Lit, b bool) {
		if l < 0 {
			l, b = -l, !b
		}
		out[l] = b
	}
	T := m.steps
	src := func(s int) int { // the old state that new state s reads
		if s >= t {
			s++
		}
		return min(s, T)
	}
	for s := 0; s <= T; s++ {
		for c := range m.H {
			set(m.H[c][s], value(val, m.H[c][src(s)]))
		}
		for i := range m.E {
			set(m.E[i][s], value(val, m.E[i][src(s)]))
		}
		for si := range m.S {
			set(m.S[si][s], value(val, m.S[si][src(s)]))
		}
	}
	for s := 0; s < T; s++ { // step s reads the deals of old step src(s), s ≥ t-1 shifted
		old := s
		if s >= t-1 {
			old = min(s+1, T-1)
		}
		for i := range m.U {
			set(m.U[i][s], value(val, m.U[i][old]))
		}
	}
	get := func(l Lit) bool { return value(out, l) }
	for _, d := range m.defs {
		set(d.v, d.eval(get))
	}
	return out
}

// TestGroupedLine reads the solver's wins as models (Assign), then makes
// as many neighbouring steps one as the clauses allow: the result must
// still decode to a line that wins, which checks Decode's order of a
// step's cards (several from the waste, foundations built by several
// cards in a step, refills below the waste's cards that went home).
func TestGroupedLine(t *testing.T) {
	for _, n := range []int{18, 20, 96} {
		t.Run(itoa(n), func(t *testing.T) {
			s := deal(t, "royal-cotillion", n)
			res, err := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 4_000_000, Timeout: -1})
			if err != nil || res.Verdict != solver.Won {
				t.Fatalf("deal %d: %v %v, want won", n, res.Verdict, err)
			}
			m, err := Build(s)
			if err != nil {
				t.Fatal(err)
			}
			val, err := m.Assign(res.Moves)
			if err != nil {
				t.Fatal(err)
			}
			steps, multi := m.steps, 0
			for k := 1; k < steps; {
				if v := m.merge(val, k); func() bool { ok, _ := m.Satisfied(v); return ok }() {
					val, steps = v, steps-1
					continue
				}
				k++
			}
			for tt := range m.steps {
				moved := 0
				for c := range m.M {
					if value(val, m.M[c][tt]) {
						moved++
					}
				}
				if moved > 1 {
					multi++
				}
			}
			line, err := m.Decode(val)
			if err != nil {
				t.Fatalf("deal %d: the grouped line does not decode: %v", n, err)
			}
			t.Logf("deal %d: %d steps (%d of several cards), line of %d moves", n, steps, multi, len(line))
			if multi == 0 {
				t.Error("no step holds several cards")
			}
		})
	}
}
