package content

import (
	"io/fs"
	"testing"

	"github.com/patience-solitaire/patience/engine/survey"
)

// TestPublishedRatesInsideIntervals checks what the verification page
// and the game pages say of Blake and Gent's published rates (Solvitaire):
// each, to the precision they give it (99.999% is anything from
// 99.9985% to 99.9995%), meets the 95% interval of our survey of the
// game (unknown deals counted both ways). A new survey that moves an
// interval away from their figure makes those pages wrong, and this test
// says so.
func TestPublishedRatesInsideIntervals(t *testing.T) {
	tests := []struct {
		game      string
		published float64
		unit      float64 // of the last digit given
	}{
		{"freecell", 0.99999, 0.00001},
		{"bakers-game", 0.7505, 0.0001},
		{"beleaguered-castle", 0.681, 0.001},
		{"streets-and-alleys", 0.511, 0.001},
		{"fan", 0.4878, 0.0001},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			name := "odds/" + tt.game + ".json"
			data, err := fs.ReadFile(FS, name)
			if err != nil {
				t.Fatal(err)
			}
			all, err := survey.ParseOdds(name, tt.game, data)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range all {
				if r.Variant != "" || !r.Measured() {
					continue
				}
				low, high := r.Interval()
				if tt.published+tt.unit/2 < low || tt.published-tt.unit/2 > high {
					t.Errorf("%s, deals %s: Blake and Gent's %.6g%% lies outside our interval %.6g%% to %.6g%%", tt.game, r.Deals, 100*tt.published, 100*low, 100*high)
				}
				return
			}
			t.Errorf("%s has no survey of the standard rules", name)
		})
	}
}

// TestFreeCellLostDeals checks what the FreeCell page says of our
// survey: of Windows FreeCell's deals, the one proved lost is 11982
// (plain deal N is Windows deal N below 32,000).
func TestFreeCellLostDeals(t *testing.T) {
	f, err := FS.Open("odds/freecell.survey.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sv, err := survey.Read(f, "odds/freecell.survey.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lost := false
	for _, d := range sv.Results {
		switch {
		case d.Deal == 11982:
			lost = d.Result == survey.Lost
		case d.Result == survey.Lost:
			t.Errorf("FreeCell deal %d proved lost: the page says only 11982 is", d.Deal)
		}
	}
	if !lost {
		t.Error("FreeCell deal 11982 not proved lost: the page says it is")
	}
}
