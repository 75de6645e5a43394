package engine

import (
	"regexp"
	"strings"
	"testing"
)

// TestDeclarations checks every game's declaration: pile names as the
// design fixes them, one pile per place in the diagram, captions' names,
// a won position that is Won.
func TestDeclarations(t *testing.T) {
	names := regexp.MustCompile(`^([tfrlqc][1-9][0-9]*|s|w)$`)
	for _, g := range Games() {
		t.Run(g.Key(), func(t *testing.T) {
			at := map[[2]float32]string{}
			described := map[string]string{}
			for _, p := range g.Piles {
				if !names.MatchString(p.ID) {
					t.Errorf("pile name %q is not one of t1.., f1.., r1.., l1.., q1.., c1.., s, w", p.ID)
				}
				if p.X < 0 || p.Y < 0 || p.X > 16 || p.Y > 10 {
					t.Errorf("pile %s at (%g, %g): outside the diagram", p.ID, p.X, p.Y)
				}
				key := [2]float32{p.X, p.Y}
				if other, dup := at[key]; dup {
					t.Errorf("piles %s and %s are both at (%g, %g)", other, p.ID, p.X, p.Y)
				}
				at[key] = p.ID
				d := p.Describe()
				if d == "" || strings.Contains(d, "?") || d == p.ID {
					t.Errorf("pile %s is described as %q", p.ID, d)
				}
				if other, dup := described[d]; dup {
					t.Errorf("piles %s and %s are both described as %q", other, p.ID, d)
				}
				described[d] = p.ID
				if p.Kind == Foundation {
					if s := p.Found.Describe(); strings.Contains(s, "?") {
						t.Errorf("foundation %s is described as %q", p.ID, s)
					}
				}
			}
			// Every card on a foundation wins (Herz zu Herz: the hearts).
			var total int
			for _, f := range g.foundations {
				total += int(g.Piles[f].Found.Len)
			}
			if total < g.Goal() {
				t.Errorf("the foundations hold %d cards, the game needs %d", total, g.Goal())
			}
		})
	}
}
