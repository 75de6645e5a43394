package solver

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
)

// The trace reports each phase's end and each beam's, and tracing does
// not change the search.
func TestTrace(t *testing.T) {
	line := regexp.MustCompile(`^(  beam width \d+, [a-z' ]+(, [a-z ]+ \d+|, by deals)*|check|dfs|beam|restarts|exact): [a-z (),']+: \d+ positions, [0-9.]+m?s$`)
	for _, tc := range []struct {
		game  string
		n     uint64
		nodes int64
		want  []string // lines that must appear, up to the colon after the outcome
	}{
		{"house-in-the-woods", 14, 20000, []string{"check: lost (the position's own test)"}},
		{"odd-and-even", 5, 200000, []string{"dfs: stopped by its share of the budget", "  beam width 16, waste's top home: left positions out", "beam: won"}},
		{"shamrocks", 41, 40000, []string{"check: nothing found", "  beam width 16, natural: left positions out", "restarts: ", "exact: stopped by its share of the budget"}},
		{"napoleon-at-st-helena", 1, 20000, []string{"  beam width 16, natural, by deals: ", "  beam width 16, natural, by deals, spread 1, lines back 4: "}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			s := deal(t, tc.game, tc.n)
			var buf bytes.Buffer
			traced, err := Solve(context.Background(), s, Options{MaxNodes: tc.nodes, Timeout: -1, Trace: &buf})
			if err != nil {
				t.Fatal(err)
			}
			plain, err := Solve(context.Background(), s, testOptions(tc.nodes))
			if err != nil {
				t.Fatal(err)
			}
			if traced.Verdict != plain.Verdict || traced.Nodes != plain.Nodes {
				t.Errorf("traced %v at %d positions, untraced %v at %d", traced.Verdict, traced.Nodes, plain.Verdict, plain.Nodes)
			}
			text := buf.String()
			for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
				if !line.MatchString(l) {
					t.Errorf("line %q is not of the trace's form", l)
				}
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("no line %q in the trace:\n%s", w, text)
				}
			}
		})
	}
}
