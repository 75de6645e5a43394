package browsertest

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play"
	"github.com/patience-solitaire/patience/replay"
)

// BenchmarkPlayMove measures, in Chromium, the time from the click that
// completes a legal move to the board showing it (the page's
// "patience-move" measures, from the click event to the next animation
// frame after the board changed), over the first moves of a won line of
// one deal of each family, on the desktop and with the CPU slowed 4×
// (DevTools throttling). It reports the median and the 90th percentile;
// it is a measurement, not a test: nothing fails on time. Run it with
//
//	PATIENCE_BROWSER=required go test -run '^$' -bench PlayMove -benchtime 1x ./cmd/patience/internal/browsertest
//
// and report the figures in scripts/SPEED.md with the machine's load.
func BenchmarkPlayMove(b *testing.B) {
	f := playFixture(b)
	for _, rate := range []float64{1, 4} {
		for _, tc := range []playCase{
			{game: "house-in-the-woods", deal: "44"},
			{game: "royal-cotillion", deal: "296"},
			{game: "napoleon-at-st-helena", deal: "2"},
		} {
			b.Run(fmt.Sprintf("cpu%gx/%s", rate, tc.game), func(b *testing.B) {
				for range b.N {
					ms := f.moveTimes(b, tc, rate, 40)
					slices.Sort(ms)
					b.ReportMetric(ms[len(ms)/2], "ms/median")
					b.ReportMetric(ms[len(ms)*9/10], "ms/p90")
					b.ReportMetric(float64(len(ms)), "moves")
				}
			})
		}
	}
}

// moveTimes plays up to n moves of a won line of the deal by clicks,
// the CPU slowed rate times, and returns the time each took to show.
func (f *fixture) moveTimes(b *testing.B, tc playCase, rate float64, n int) []float64 {
	res := play.Handle(&play.Request{Op: "solve", Game: tc.game, Deal: tc.deal, Nodes: quickWin, MS: -1}, nil)
	if res.Verdict != "won" {
		b.Fatalf("%s deal %s: %s", tc.game, tc.deal, res.Verdict)
	}
	r, err := replay.Parse("solution", 1, []byte(res.Replay))
	if err != nil {
		b.Fatal(err)
	}
	tb := f.openSlow(b)
	defer chromedp.Cancel(tb.ctx)
	f.goTo(tb, "games/"+tc.game+"/index.html")
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), tc.deal))
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=show]`))) })
	if err := call(tb.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i, m := range r.Moves {
		if i == n {
			break
		}
		switch m.Action {
		case "":
			tb.act(func() { tb.clickPile(m.From) }, func() { tb.clickPile(m.To) })
		case "deal":
			tb.act(func() { tb.clickPile("s") })
		default:
			b.Fatalf("move %d: %s is not a click or two", i+1, m.Text())
		}
		// The next animation frame has measured the move.
		tb.wait(fmt.Sprintf(`performance.getEntriesByName('patience-move').length > %d`, i), 30*time.Second)
	}
	b.StopTimer()
	return eval[[]float64](tb, `performance.getEntriesByName('patience-move').map(e => e.duration)`)
}
