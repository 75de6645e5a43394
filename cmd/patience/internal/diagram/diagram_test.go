package diagram

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"html"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

var update = flag.Bool("update", false, "rewrite the golden diagrams in testdata")

func game(t *testing.T, slug, variant string) *engine.Game {
	t.Helper()
	g, err := engine.Lookup(slug, variant)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSVGGolden compares the diagrams of two games with different shapes
// (fans in rows; columns, wings and a reserve grid) with testdata.
func TestSVGGolden(t *testing.T) {
	for _, slug := range []string{"la-belle-lucie", "royal-cotillion"} {
		t.Run(slug, func(t *testing.T) {
			got := SVG(game(t, slug, ""), "")
			file := "testdata/" + slug + ".svg"
			if *update {
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from %s (go test ./cmd/patience/internal/diagram -update to accept):\n%s", slug, file, got)
			}
		})
	}
}

// TestSVGEveryGame checks every game's diagram: well-formed XML, one
// labelled group per pile, accessible, no colours of its own.
func TestSVGEveryGame(t *testing.T) {
	for _, g := range engine.Games() {
		t.Run(g.Key(), func(t *testing.T) {
			svg := SVG(g, "x")
			dec := xml.NewDecoder(bytes.NewReader(svg))
			for {
				_, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("not well-formed: %v\n%s", err, svg)
				}
			}
			s := string(svg)
			for _, want := range []string{`role="img"`, `aria-labelledby="x-title x-desc"`, `<title id="x-title">Layout of ` + html.EscapeString(g.Name),
				`<desc id="x-desc">` + Describe(g) + `</desc>`} {
				if !strings.Contains(s, want) {
					t.Errorf("lacks %q", want)
				}
			}
			for _, p := range g.Piles {
				if !strings.Contains(s, fmt.Sprintf(`data-pile="%s"`, p.ID)) || !strings.Contains(s, ">"+p.ID+"</text>") {
					t.Errorf("pile %s is not drawn and labelled", p.ID)
				}
			}
			// (A name's apostrophe is written &#39;.)
			if strings.Contains(strings.ReplaceAll(s, "&#39;", ""), "#") || strings.Contains(s, "style=") {
				t.Errorf("the diagram has colours or styles of its own: use classes")
			}
		})
	}
}

func TestDescribe(t *testing.T) {
	tests := []struct{ slug, want string }{
		{"house-in-the-woods", "8 foundations f1–f8 from the Aces; below them, 35 fans t1–t35."},
		{"la-belle-lucie", "4 foundations f1–f4 from the Aces; below them, 18 fans t1–t18."},
		{"napoleon-at-st-helena", "The stock s (63 cards); to its right, the waste w (1 card); to its right, 8 foundations f1–f8 from the Aces; below them, 10 columns t1–t10."},
		{"patriarchs", "4 foundations f1–f4 from the Aces; to their right, 9 reserves r1–r9; to their right, 4 foundations f5–f8 from the Kings; below r1–r9, the stock s (86 cards); to its right, the waste w (1 card)."},
		{"royal-cotillion", "4 left wing columns l1–l4; to their right, 4 foundations f1–f4 from the Aces; to their right, 4 foundations f5–f8 from the Twos; to their right, 16 reserves r1–r16 (right wing); below l1–l4, the stock s (75 cards); to its right, the waste w (1 card)."},
		{"herz-zu-herz", "The stock s (29 cards); to its right, 3 piles t1–t3; below s, a foundation f1 for the hearts (the hearts laid off)."},
		{"captured-queens", "4 foundations f1–f4 from the Fives; to their right, the stock s (51 cards); below f1–f4, 4 foundations q1–q4 for the Queens (the centre); to their right, the waste w (1 card); below q1–q4, 4 foundations f5–f8 from the Sixes."},
	}
	for _, tt := range tests {
		if got := Describe(game(t, tt.slug, "")); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.slug, got, tt.want)
		}
	}
}

// TestSummary checks the rules summary of games that differ in each row.
func TestSummary(t *testing.T) {
	row := func(rows []Row, label string) string {
		for _, r := range rows {
			if r.Label == label {
				return strings.Join(r.Items, " | ")
			}
		}
		return "(no row " + label + ")"
	}
	tests := []struct {
		slug, variant, label, want string
	}{
		{"la-belle-lucie", "", "Cards", "one pack (52 cards)"},
		{"la-belle-lucie", "", "Deal", "t1–t17: 3 cards each; t18: 1 card"},
		{"la-belle-lucie", "", "Fans t1–t18", "built down in suit, one card at a time | only the exposed card plays | an emptied one is never refilled"},
		{"la-belle-lucie", "", "Foundations f1–f4", "f1: A♣ up to K | f2: A♠ up to K | f3: A♥ up to K | f4: A♦ up to K"},
		{"la-belle-lucie", "", "Redeals", "two: gather the fans, shuffle and deal them again in threes"},
		{"la-belle-lucie", "", "Special rules", "none"},
		{"la-belle-lucie", "three-shuffles-and-a-draw", "Special rules", "merci: once, after the last redeal, one buried card of a fan may be pulled out and played"},
		{"shamrocks", "", "Fans t1–t18", "built up or down regardless of suit, one card at a time | at most 3 cards to a pile | only the exposed card plays | an emptied one is never refilled"},
		{"shamrocks", "", "Special rules", "the shuffled cards are rearranged by a rule of the game before they are dealt (see the rules in full)"},
		{"shamrocks", "no-king-rule", "Special rules", "none"},
		{"house-in-the-woods", "", "Foundations f1–f8", "f1, f5: A♣ up to K | f2, f6: A♠ up to K | f3, f7: A♥ up to K | f4, f8: A♦ up to K"},
		{"napoleon-at-st-helena", "", "Columns t1–t10", "built down in suit, one card at a time | only the exposed card plays | an emptied one is filled with any available card"},
		{"napoleon-at-st-helena", "cadogan", "Columns t1–t10", "built down in suit, one card at a time | only the exposed card plays | an emptied one is filled only from the waste"},
		{"napoleon-at-st-helena", "", "Stock s", "turned one card at a time onto the waste w"},
		{"patriarchs", "", "Special rules", "the base cards are taken out of the pack and dealt to the foundations first | reversal: a card may move between the two foundations of its suit when their top cards are in sequence, never a base card"},
		{"picture-patience", "no-redeal", "Redeals", "none"},
		{"odd-and-even", "", "Reserves r1–r9", "each space holds one card, available at once | its cards play only to the foundations | an emptied space is refilled at once from the waste, or from the stock while the waste is empty"},
		{"odd-and-even", "", "Foundations f5–f8", "f5: 2♣ up by twos to K | f6: 2♠ up by twos to K | f7: 2♥ up by twos to K | f8: 2♦ up by twos to K"},
		{"royal-cotillion", "", "Left wing columns l1–l4", "nothing is built on them | only the exposed card plays, and only to the foundations | an emptied one is never refilled"},
		{"captured-queens", "", "Foundations q1–q4", "q1: Q♣ alone | q2: Q♠ alone | q3: Q♥ alone | q4: Q♦ alone"},
		{"contradance", "", "Foundations f1–f8", "f1, f2: 5♣ down to K | f3, f4: 5♠ down to K | f5, f6: 5♥ down to K | f7, f8: 5♦ down to K"},
		{"herz-zu-herz", "", "Stock s", "each draw turns one card onto each of t1, t2, t3; 5 draws make a round"},
		{"herz-zu-herz", "draws-4", "Stock s", "each draw turns one card onto each of t1, t2, t3; 4 draws make a round"},
		{"herz-zu-herz", "", "Redeals", "3 rounds in all: after each round but the last, gather the piles and the stock and shuffle them into a new stock"},
		{"herz-zu-herz", "", "Goal", "8 cards on the foundations"},
		{"herz-zu-herz", "", "Piles t1–t3", "nothing is built on them | only the exposed card plays, and only to the foundations | an emptied one gets a card at the next draw"},
		{"herz-zu-herz", "", "Foundation f1", "f1: any hearts, in any order"},
		{"beleaguered-castle", "", "Deal", "f1–f4: 1 card each; t1–t8: 6 cards each"},
		{"beleaguered-castle", "", "Columns t1–t8", "built down regardless of suit; a run so built moves as one, as many cards as the empty columns allow: 2^(empty columns), half that into an empty column | an emptied one is filled with any available card"},
		{"freecell", "", "Columns t1–t8", "built down in alternate colours; a run so built moves as one, as many cards as the free cells and empty columns allow: (cells + 1) × 2^(empty columns), half that into an empty column | an emptied one is filled with any available card"},
		{"fan", "", "Fans t1–t18", "built down in suit, one card at a time | only the exposed card plays | an emptied one is filled only by a King"},
		{"bakers-dozen", "", "Columns t1–t13", "built down regardless of suit, one card at a time | only the exposed card plays | an emptied one is never refilled"},
	}
	for _, tt := range tests {
		if got := row(Summary(game(t, tt.slug, tt.variant)), tt.label); got != tt.want {
			t.Errorf("%s/%s %s:\n got %s\nwant %s", tt.slug, tt.variant, tt.label, got, tt.want)
		}
	}
	// Every game has the fixed rows, in order, and every pile in a row.
	for _, g := range engine.Games() {
		rows := Summary(g)
		if rows[0].Label != "Cards" || rows[1].Label != "Deal" || rows[len(rows)-1].Label != "Goal" {
			t.Errorf("%s: rows %v", g.Key(), rows)
		}
	}
}
