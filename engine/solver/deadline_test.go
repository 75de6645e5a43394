package solver

import (
	"context"
	"testing"
	"time"
)

// TestDeadline: with a negative Timeout the node budget alone divides
// the search, and Deadline only stops it, saying so (TimeUp); a search
// the node budget ends is not stopped by time.
func TestDeadline(t *testing.T) {
	s := deal(t, "napoleon-at-st-helena", 456)
	for _, tc := range []struct {
		name     string
		opt      Options
		timeUp   bool
		verdicts []Verdict
	}{
		{"the clock stops it", Options{MaxNodes: 4_000_000, Timeout: -1, Deadline: time.Millisecond}, true, []Verdict{Unknown}},
		{"the positions end it", Options{MaxNodes: 2_000, Timeout: -1, Deadline: time.Hour}, false, []Verdict{Unknown, Won, Lost}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Solve(context.Background(), s, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			ok := false
			for _, v := range tc.verdicts {
				ok = ok || res.Verdict == v
			}
			if res.TimeUp != tc.timeUp || !ok {
				t.Errorf("verdict %v, time up %v, want %v and %v", res.Verdict, res.TimeUp, tc.verdicts, tc.timeUp)
			}
		})
	}
}
