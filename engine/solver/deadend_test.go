package solver

import (
	"math/rand"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// TestAllFloat checks allFloat's claim on random play: in the games it
// holds for, the dead-end test, played in full, never finds a dead end
// in a position where a tableau pile that takes any card is empty; and
// it holds for Napoleon at St Helena, so the check is not empty.
func TestAllFloat(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	checked := 0
	for _, g := range engine.Games() {
		in := infoFor(g)
		if g.Slug == "napoleon-at-st-helena" && g.Variant == "" && !in.allFloat {
			t.Errorf("%s: allFloat does not hold", g.Key())
		}
		if !in.allFloat {
			continue
		}
		t.Run(g.Key(), func(t *testing.T) {
			rx := newRelax(in, g.Cards())
			rx.noAllFloat = true
			var buf []engine.Move
			for n := uint64(1); n <= 20; n++ {
				s := g.Deal(pysolrand.Deal{N: n})
				for step := 0; step < 300; step++ {
					if in.static(s, ruleDeadEnd) && emptyAnyFill(in, s) {
						checked++
						if in.deadEnd(s, rx) {
							t.Fatalf("deal %d after %d random moves: the dead-end test found a dead end", n, step)
						}
					}
					buf = s.Legal(buf[:0])
					if len(buf) == 0 {
						break
					}
					s.Apply(buf[rng.Intn(len(buf))])
				}
			}
		})
	}
	t.Logf("%d positions checked", checked)
}

// emptyAnyFill reports whether a tableau pile of s that takes any card
// when empty is empty.
func emptyAnyFill(in *info, s *engine.State) bool {
	for _, t := range in.tableau {
		if in.spec[t].Fill == engine.FillAnyCard && len(s.Pile(t)) == 0 {
			return true
		}
	}
	return false
}
