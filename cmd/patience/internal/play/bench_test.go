package play

import (
	"testing"

	"github.com/patience-solitaire/patience/replay"
)

// BenchmarkHandleMove measures the engine's side of a move in the play
// panel, natively: the first 40 moves of a won line, each one request
// "move" after the line before it, as the page sends them (the answer's
// board drawn as a figure). BenchmarkPlayMove (browsertest) measures the
// whole click-to-board time in Chromium.
func BenchmarkHandleMove(b *testing.B) {
	for _, tc := range []struct{ game, deal string }{
		{"napoleon-at-st-helena", "2"},
		{"house-in-the-woods", "44"},
		{"royal-cotillion", "296"},
	} {
		b.Run(tc.game, func(b *testing.B) {
			res := Handle(&Request{Op: "solve", Game: tc.game, Deal: tc.deal, Nodes: 4_000_000, MS: -1}, nil)
			if res.Verdict != "won" {
				b.Fatalf("deal %s: %s", tc.deal, res.Verdict)
			}
			r, err := replay.Parse("solution", 1, []byte(res.Replay))
			if err != nil {
				b.Fatal(err)
			}
			moves := r.Moves[:min(40, len(r.Moves))]
			b.ResetTimer()
			for range b.N {
				var line []string
				for _, m := range moves {
					res := Handle(&Request{Op: "move", Game: tc.game, Deal: tc.deal, Moves: line, Action: m.Action, From: m.From, Card: m.Card, To: m.To}, nil)
					if res.Illegal != "" || res.Error != "" {
						b.Fatal(res.Illegal, res.Error)
					}
					line = append(line[:len(line):len(line)], m.Text())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(moves)), "µs/move")
		})
	}
}
