package replay

import (
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

// TestRunMoveNotation plays FreeCell's deal 1 to the first run moved as
// one (7♦ 6♠ from t7 onto the 8♠ in t2) and writes that move in each of
// its forms: with the run's bottom card, without a card (the one run that
// goes), and wrongly.
func TestRunMoveNotation(t *testing.T) {
	prefix := `game: freecell
deal: 1
result: stopped

1. t6:3D c1
2. t6:2C c2
3. t6:AC f1
4. t6:AS f2
5. c2:2C f1
6. t1:6S c2
7. t1:6D c3
8. t1:3S c4
9. c1:3D t1
10. t8:TC c1
11. t8:7D t7
12. c2:6S t7
13. c3:6D t8
14. t2:9C c3
`
	tests := []struct {
		move, err string
	}{
		{"t7:7D t2", ""},
		{"t7 t2", ""},
		{"t7:6S t2", "step 15 (t7:6S t2): 6S cannot go on 8S: t2 builds down in alternate colours"},
		{"t7:8C t2", "step 15 (t7:8C t2): 8C cannot go on 8S: t2 builds down in alternate colours"},
		{"t7:JH t2", "step 15 (t7:JH t2): JH cannot move with the 3 cards on it: 8C is not built on JH (t7 builds down in alternate colours)"},
	}
	for _, tc := range tests {
		t.Run(tc.move, func(t *testing.T) {
			r, err := Parse("x.replay", 1, []byte(prefix+"15. "+tc.move+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			v, err := Verify(r)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Verify: %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			last := v.Export().Steps[len(v.Steps)-1]
			if got := strings.Join(last.Cards, " "); got != "7D 6S" || last.From != "t7" || last.To != "t2" {
				t.Errorf("exported step: %+v", last)
			}
			if want := "The run 7♦ 6♠ from column 7 onto 8♠ in column 2; uncovers 8♣"; last.Caption != want {
				t.Errorf("caption %q, want %q", last.Caption, want)
			}
			// The solver's notation writes the bottom card.
			w := FromMoves(v.Game, "1", "", []engine.Move{v.Steps[len(v.Steps)-1].Move}).Moves[0]
			if w.Text() != "t7:7D t2" {
				t.Errorf("FromMoves writes %q", w.Text())
			}
		})
	}
}
