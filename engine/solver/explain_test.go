package solver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// TestExplain checks the explanations of deals the check at the start of
// Solve proves lost, and that a deal it does not condemn gets none.
func TestExplain(t *testing.T) {
	g, err := engine.Lookup("house-in-the-woods", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		deal string
		want string // "" when Explain finds nothing
	}{
		// The two Kings of spades each lie on a Queen of spades.
		{"199", "dead end: KS over 2, KS over 2"},
		{"14", "suit lock H"},
		{"1", ""},
	} {
		t.Run(tc.deal, func(t *testing.T) {
			d, err := pysolrand.ParseDeal(tc.deal)
			if err != nil {
				t.Fatal(err)
			}
			b, ok := Explain(g.Deal(d))
			got := ""
			if ok {
				var parts []string
				for _, c := range b.Cards {
					parts = append(parts, fmt.Sprintf("%s over %d", c.Card, c.Under))
				}
				got = "dead end: " + strings.Join(parts, ", ")
				if b.SuitLock {
					got = "suit lock " + b.Suit.String()
				}
			}
			if got != tc.want {
				t.Errorf("Explain = %q, want %q", got, tc.want)
			}
		})
	}
}
