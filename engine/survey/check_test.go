package survey

import (
	"fmt"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// TestCheckLines is issue 41, item 14: survey files published in
// content/odds were barely checked; an unknown game or variant, deal 0,
// negative counts and format 99 were all published.
func TestCheckLines(t *testing.T) {
	const header = `{"survey":1,"game":"shamrocks","variant":"","engine":"x","solver":"1","budget":4,"timeout_ms":10}`
	const deal = `{"deal":1,"result":"won","ms":0.5,"nodes":100,"moves":52}`
	many := header + "\n"
	for d := 1; d <= 12; d++ {
		many += fmt.Sprintf(`{"deal":%d,"result":"won","ms":-1,"nodes":1,"moves":1}`, d) + "\n"
	}
	for _, tt := range []struct {
		name, text string
		want       string // the errors, one a line; "" for none
	}{
		{"good", header + "\n" + deal + "\n" + `{"deal":2,"result":"lost","ms":3,"nodes":9,"moves":0}` + "\n", ""},
		{"a cut last line is Read's", header + "\n" + deal + "\n" + `{"deal":2,"res`, ""},
		{"a cut header line is Read's", header + "\n" + deal + "\n" + `{"survey":1,"ga`, ""},
		{"format 99", strings.Replace(header, `"survey":1`, `"survey":99`, 1) + "\n" + deal + "\n",
			"f:1:1: survey format 99: this program reads format 1"},
		{"unknown game", strings.Replace(header, "shamrocks", "klondike", 1) + "\n",
			`f:1:1: unknown game "klondike" (known: ` + knownGames() + `)`},
		{"unknown variant", strings.Replace(header, `"variant":""`, `"variant":"easy"`, 1) + "\n",
			`f:1:1: unknown variant "easy" of shamrocks (known: no-king-rule)`},
		{"negative budget", strings.Replace(header, `"budget":4`, `"budget":-4`, 1) + "\n",
			"f:1:1: budget -4, timeout_ms 10: neither may be negative"},
		{"unknown header field", strings.Replace(header, `"budget"`, `"budgets"`, 1) + "\n",
			`f:1:1: json: unknown field "budgets"`},
		{"deal 0", header + "\n" + strings.Replace(deal, `"deal":1`, `"deal":0`, 1) + "\n",
			"f:2:1: deal 0: deals are numbered from 1"},
		{"negative nodes", header + "\n\n" + strings.Replace(deal, `"nodes":100`, `"nodes":-100`, 1) + "\n",
			"f:3:1: ms 0.5, nodes -100, moves 52: none may be negative"},
		{"search time", header + "\n" + strings.Replace(deal, `"moves":52`, `"moves":52,"search_ms":0.25`, 1) + "\n", ""},
		{"search longer than the solve", header + "\n" + strings.Replace(deal, `"moves":52`, `"moves":52,"search_ms":0.75`, 1) + "\n",
			"f:2:1: search_ms 0.75: part of ms 0.5, so not negative and not more"},
		{"moves of a loss", header + "\n" + `{"deal":2,"result":"lost","ms":3,"nodes":9,"moves":7}` + "\n",
			"f:2:1: moves 7 for a deal lost: only a win has moves"},
		{"a bad line a later one replaces", header + "\n" + `{"deal":1,"result":"unknown","ms":3,"nodes":-9,"moves":0}` + "\n" + deal + "\n",
			"f:2:1: ms 3, nodes -9, moves 0: none may be negative"},
		{"unknown result", header + "\n" + strings.Replace(deal, `"won"`, `"draw"`, 1) + "\n",
			`f:2:1: unknown result "draw" (want won, lost or unknown)`},
		{"at most ten problems", many, strings.Join([]string{
			"f:2:1: ms -1, nodes 1, moves 1: none may be negative",
			"f:3:1: ms -1, nodes 1, moves 1: none may be negative",
			"f:4:1: ms -1, nodes 1, moves 1: none may be negative",
			"f:5:1: ms -1, nodes 1, moves 1: none may be negative",
			"f:6:1: ms -1, nodes 1, moves 1: none may be negative",
			"f:7:1: ms -1, nodes 1, moves 1: none may be negative",
			"f:8:1: ms -1, nodes 1, moves 1: none may be negative",
			"f:9:1: ms -1, nodes 1, moves 1: none may be negative",
			"f:10:1: ms -1, nodes 1, moves 1: none may be negative",
			"f:11:1: ms -1, nodes 1, moves 1: none may be negative (and 2 more lines with problems)",
		}, "\n")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := errorLines(CheckLines([]byte(tt.text), "f"))
			if got != tt.want {
				t.Errorf("errors:\n%s\nwant:\n%s", got, tt.want)
			}
			// File.Check says the same of a file that Read reads.
			if f, err := Read(strings.NewReader(tt.text), "f"); err == nil {
				if got := errorLines(f.Check([]byte(tt.text), "f")); got != tt.want {
					t.Errorf("File.Check:\n%s\nwant:\n%s", got, tt.want)
				}
			}
		})
	}
}

// errorLines returns the messages of a srcpos.ErrorList, one a line.
func errorLines(err error) string {
	var lines []string
	if err != nil {
		for _, e := range err.(srcpos.ErrorList) {
			lines = append(lines, e.Error())
		}
	}
	return strings.Join(lines, "\n")
}

// FuzzCheckLines checks that any text is checked without a panic and that
// every problem is at a line of the text.
func FuzzCheckLines(f *testing.F) {
	f.Add(`{"survey":1,"game":"shamrocks","variant":"","engine":"x","solver":"1","budget":4,"timeout_ms":10}` + "\n" + `{"deal":0,"result":"won","ms":-1,"nodes":1,"moves":1}`)
	f.Add(`{"survey":99}` + "\n\n" + `{"deal":1,"x":2}`)
	f.Fuzz(func(t *testing.T, text string) {
		err := CheckLines([]byte(text), "f")
		if err == nil {
			return
		}
		lines := strings.Count(text, "\n") + 1
		for _, e := range err.(srcpos.ErrorList) {
			if e.Pos.File != "f" || e.Pos.Line < 1 || e.Pos.Line > lines {
				t.Fatalf("problem at %v, outside the text of %d lines", e.Pos, lines)
			}
		}
	})
}

// knownGames lists the games as the engine's error does.
func knownGames() string {
	var slugs []string
	for _, g := range engine.Games() {
		if g.Variant == "" {
			slugs = append(slugs, g.Slug)
		}
	}
	return strings.Join(slugs, ", ")
}
