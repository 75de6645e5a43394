package engine

import (
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// SamePosition tells positions apart pile by pile: a move, a move taken
// back, the same cards reached by other moves, and piles that hold each
// other's cards (which Hash does not tell apart where the piles are
// interchangeable).
func TestSamePosition(t *testing.T) {
	g, err := Lookup("freecell", "")
	if err != nil {
		t.Fatal(err)
	}
	start := g.Deal(pysolrand.Deal{N: 1})
	first := start.Legal(nil)[0]
	moved := start.Clone()
	moved.Apply(first)
	back := moved.Clone()
	back.Undo(first)
	// Two cards put into cells 1 and 2, and into cells 2 and 1.
	c1, c2 := g.PileIndex("c1"), g.PileIndex("c2")
	t1, t2 := g.PileIndex("t1"), g.PileIndex("t2")
	a, b := start.Clone(), start.Clone()
	a.Apply(Move{Action: ActMove, From: int8(t1), To: int8(c1), Card: a.Top(t1)})
	a.Apply(Move{Action: ActMove, From: int8(t2), To: int8(c2), Card: a.Top(t2)})
	b.Apply(Move{Action: ActMove, From: int8(t2), To: int8(c2), Card: b.Top(t2)})
	b.Apply(Move{Action: ActMove, From: int8(t1), To: int8(c1), Card: b.Top(t1)})
	swapped := start.Clone()
	swapped.Apply(Move{Action: ActMove, From: int8(t2), To: int8(c1), Card: swapped.Top(t2)})
	swapped.Apply(Move{Action: ActMove, From: int8(t1), To: int8(c2), Card: swapped.Top(t1)})
	other := g.Deal(pysolrand.Deal{N: 2})
	for _, tc := range []struct {
		name string
		s, t *State
		want bool
	}{
		{"a clone", start, start.Clone(), true},
		{"after a move", start, moved, false},
		{"the move taken back", start, back, true},
		{"the same cells filled in another order", a, b, true},
		{"cells holding each other's cards", a, swapped, false},
		{"another deal", start, other, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.s.SamePosition(tc.t); got != tc.want {
				t.Errorf("SamePosition = %v, want %v", got, tc.want)
			}
			if got := tc.t.SamePosition(tc.s); got != tc.want {
				t.Errorf("the other way round: %v, want %v", got, tc.want)
			}
		})
	}
	if a.Hash() != swapped.Hash() {
		t.Error("the cells holding each other's cards hash apart: the case this test is for is gone")
	}
}
