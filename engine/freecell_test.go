package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// TestFreeCellMicrosoftDeals compares FreeCell's deals "ms<N>" with
// testdata/deals/fc-solve-ms.txt, the columns that Freecell Solver's
// board generator prints for Windows FreeCell's game N (Debian package
// freecell-solver-bin: for n in 1 617 11982 31999 32000 100000
// 8589934591; do echo "deal ms$n"; make-microsoft-freecell-board -t $n;
// done), one column a line, bottom card first.
func TestFreeCellMicrosoftDeals(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "deals", "fc-solve-ms.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := Lookup("freecell", "")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(data), "deal ")[1:]
	if len(blocks) != 7 {
		t.Fatalf("%d deals in the file, want 7", len(blocks))
	}
	for _, b := range blocks {
		lines := strings.Split(strings.TrimSpace(b), "\n")
		t.Run(lines[0], func(t *testing.T) {
			d, err := pysolrand.ParseDeal(lines[0])
			if err != nil {
				t.Fatal(err)
			}
			s := g.Deal(d)
			cols := lines[1:]
			if len(cols) != 8 {
				t.Fatalf("%d columns", len(cols))
			}
			for i, want := range cols {
				if got := cardsString(s.Pile(g.tableau[i])); got != want {
					t.Errorf("t%d: %s, fc-solve deals %s", i+1, got, want)
				}
			}
		})
	}
}
