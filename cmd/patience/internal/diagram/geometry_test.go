package diagram

import (
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

// TestLayout checks the geometry the viewer draws from: every pile at its
// declared place and fan, right fans with room before the next pile,
// columns with no pile below them growing the board, and the board as
// wide as its piles.
func TestLayout(t *testing.T) {
	for _, g := range engine.Games() {
		t.Run(g.Key(), func(t *testing.T) {
			geo := Layout(g)
			if len(geo.Places) != len(g.Piles) {
				t.Fatalf("%d places for %d piles", len(geo.Places), len(g.Piles))
			}
			for i, p := range g.Piles {
				q := geo.Places[i]
				if q.ID != p.ID || q.X != float64(p.X) || q.Y != float64(p.Y) || q.Fan != p.Fan {
					t.Errorf("pile %s: place %+v, declared (%g, %g) fan %q", p.ID, q, p.X, p.Y, p.Fan)
				}
				switch {
				case p.Fan == 'r' && (q.Slot < 1 || q.X+q.Slot > geo.W+eps):
					t.Errorf("right fan %s: slot %g on a board %g wide", p.ID, q.Slot, geo.W)
				case p.Fan == 0 && q.Slot != 0:
					t.Errorf("squared pile %s: slot %g", p.ID, q.Slot)
				}
				if q.X+1 > geo.W+eps || q.Y+1 > geo.H+eps {
					t.Errorf("pile %s at (%g, %g) outside the board %g×%g", p.ID, q.X, q.Y, geo.W, geo.H)
				}
			}
		})
	}
	// Napoleon at St Helena: ten columns spread down, none below another.
	g, err := engine.Lookup("napoleon-at-st-helena", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range Layout(g).Places {
		if q.ID[0] == 't' && (q.Fan != 'd' || q.Slot != 0) {
			t.Errorf("napoleon-at-st-helena %s: fan %q slot %g, want a column growing the board", q.ID, q.Fan, q.Slot)
		}
	}
}
