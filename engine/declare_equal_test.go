package engine

import (
	"reflect"
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// TestDeclaredEqualsGo (temporary) compares every declared built-in game
// with the one its Go constructor builds.
func TestDeclaredEqualsGo(t *testing.T) {
	decl, err := parseBuiltin()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, d := range decl {
		t.Run(d.Key(), func(t *testing.T) {
			seen[d.Key()] = true
			g, err := Lookup(d.Slug, d.Variant)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := d.RulesText(), g.RulesText(); a != b {
				t.Errorf("rules text:\n%s\nwant\n%s", a, b)
			}
			if d.Name != g.Name || d.Pack != g.Pack || d.Redeals != g.Redeals || d.RedealKind != g.RedealKind ||
				d.goal != g.goal || d.allForced != g.allForced || !reflect.DeepEqual(d.rules, g.rules) || !reflect.DeepEqual(d.limited, g.limited) {
				t.Errorf("game fields differ")
			}
			if !reflect.DeepEqual(d.Piles, g.Piles) {
				for i := range d.Piles {
					if d.Piles[i] != g.Piles[i] {
						t.Errorf("pile %d: %+v\nwant %+v", i, d.Piles[i], g.Piles[i])
					}
				}
			}
			if !reflect.DeepEqual(d.class, g.class) || !reflect.DeepEqual(d.index, g.index) ||
				!reflect.DeepEqual(d.foundations, g.foundations) || !reflect.DeepEqual(d.tableau, g.tableau) ||
				!reflect.DeepEqual(d.cells, g.cells) || d.stock != g.stock || d.waste != g.waste {
				t.Errorf("derived fields differ")
			}
			if !reflect.DeepEqual(d.Motions(), g.Motions()) {
				t.Errorf("motions %v, want %v", d.Motions(), g.Motions())
			}
			for n := 1; n <= 200; n++ {
				dn := pysolrand.Deal{N: uint64(n)}
				if n > 100 {
					dn.N += 1 << 33
				}
				a, b := d.Deal(dn), g.Deal(dn)
				for i := range d.Piles {
					if !reflect.DeepEqual(a.Pile(i), b.Pile(i)) {
						t.Fatalf("deal %d pile %s: %v, want %v", n, d.Piles[i].ID, a.Pile(i), b.Pile(i))
					}
				}
				if a.Hash() != b.Hash() {
					t.Fatalf("deal %d: hash %x, want %x", n, a.Hash(), b.Hash())
				}
				// Play a little: the redeals and forced moves too.
				for k := 0; k < 300; k++ {
					if m, ok := a.Forced(); ok {
						m2, ok2 := b.Forced()
						if !ok2 || m != m2 {
							t.Fatalf("deal %d step %d: forced %v, want %v", n, k, m, m2)
						}
						a.Apply(m)
						b.Apply(m)
					} else {
						la, lb := a.Legal(nil), b.Legal(nil)
						if !reflect.DeepEqual(la, lb) {
							t.Fatalf("deal %d step %d: legal moves differ", n, k)
						}
						if len(la) == 0 {
							break
						}
						m := la[(n*7+k*13)%len(la)]
						a.Apply(m)
						b.Apply(m)
					}
					if a.Hash() != b.Hash() || a.Won() != b.Won() {
						t.Fatalf("deal %d step %d: hash or won differ", n, k)
					}
				}
			}
		})
	}
	for _, g := range Games() {
		if !seen[g.Key()] {
			t.Errorf("%s is not declared", g.Key())
		}
	}
}
