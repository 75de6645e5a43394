package engine

import (
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// BenchmarkHouseInTheWoodsLegalApplyUndo measures the solver's inner
// loop on House in the Woods: list the legal moves, then apply and undo
// each, walking one move deeper (the first move) each iteration and
// starting over from a fresh deal when the game is stuck.
func BenchmarkHouseInTheWoodsLegalApplyUndo(b *testing.B) {
	g, err := Lookup("house-in-the-woods", "")
	if err != nil {
		b.Fatal(err)
	}
	deal := uint64(1)
	s := g.Deal(pysolrand.Deal{N: deal})
	var buf []Move
	depth := 0
	for b.Loop() {
		buf = s.Legal(buf[:0])
		if len(buf) == 0 || depth > 200 {
			deal++
			s = g.Deal(pysolrand.Deal{N: deal})
			depth = 0
			continue
		}
		for _, m := range buf {
			s.Apply(m)
			s.Undo(m)
		}
		s.Apply(buf[0])
		depth++
	}
}
