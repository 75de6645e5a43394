package browsertest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/patience-solitaire/patience/engine"
)

// announcements starts recording what the panel's live regions say: each
// change of a region's text (a text set again, even the same, counts:
// screen readers may say it again), as "region: text".
func (tb *tab) announcements() {
	tb.t.Helper()
	eval[bool](tb, `(() => {
		window.heard = [];
		const regions = () => [...document.querySelectorAll('section.play [aria-live], section.play [role=status], section.play [role=alert]')];
		new MutationObserver(ms => {
			const seen = new Set();
			for (const m of ms) {
				const n = m.target.nodeType === 1 ? m.target : m.target.parentNode;
				const r = regions().find(r => r.contains(n));
				if (!r || seen.has(r) || r.closest('[aria-hidden=true]')) continue;
				seen.add(r);
				if (r.textContent.trim()) heard.push((r.className || r.getAttribute('role')) + ': ' + r.textContent);
			}
		}).observe(document.querySelector('section.play'), {subtree: true, childList: true, characterData: true});
		return true;
	})()`)
}

// heard returns what the live regions said since the last call.
func (tb *tab) heard() []string {
	tb.t.Helper()
	return eval[[]string](tb, `heard.splice(0)`)
}

// testPlayAnnouncements: a move, a refusal and a verdict of "Still
// winnable?" are each said once to screen readers.
func (f *fixture) testPlayAnnouncements(t *testing.T) {
	g, s, move := firstMove(t, "house-in-the-woods", "44", toTableau)
	caption := s.Describe(move)
	s.Apply(move)
	s.SetWords(true)
	var bad engine.Move
	why := ""
	for _, from := range g.PilesOf(engine.Tableau) {
		for _, to := range g.PilesOf(engine.Tableau) {
			m := engine.Move{Action: engine.ActMove, From: int8(from), To: int8(to), Card: s.Top(from)}
			if err := s.Check(m); why == "" && from != to && m.Card != engine.NoCard && err != nil {
				bad, why = m, err.Error()
			}
		}
	}
	tb := f.openDeal(t, "house-in-the-woods", "44")
	tb.wait(`document.querySelector('.play-check[data-verdict]')`, time.Minute)
	tb.announcements()
	count := func(said []string, part string) int {
		n := 0
		for _, s := range said {
			if strings.Contains(s, part) {
				n++
			}
		}
		return n
	}
	tb.act(func() { tb.clickPile(g.Piles[move.From].ID) }, func() { tb.clickPile(g.Piles[move.To].ID) })
	tb.wait(`document.querySelector('.play-check[data-verdict]')`, time.Minute)
	said := tb.heard()
	if n := count(said, caption); n != 1 {
		t.Errorf("the move %q is said %d times: %q", caption, n, said)
	}
	if n := count(said, "Still winnable? Yes"); n != 1 {
		t.Errorf("the verdict is said %d times: %q", n, said)
	}
	tb.act(func() { tb.clickPile(g.Piles[bad.From].ID) }, func() { tb.clickPile(g.Piles[bad.To].ID) })
	tb.idle()
	said = tb.heard()
	if n := count(said, why); n != 1 {
		t.Errorf("the refusal %q is said %d times: %q", why, n, said)
	}
	if n := count(said, "Still winnable?"); n != 0 {
		t.Errorf("a refusal says the verdict again: %q", said)
	}
}

// testPlayDownload: the engine's download (1.2 MB) shows its progress
// on a slow network (throttled to 1.5 MB/s, no cache), and the bar goes
// once the engine is there.
func (f *fixture) testPlayDownload(t *testing.T) {
	tb := f.openSlow(t)
	if err := call(tb.ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if err := call(tb.ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	slow := network.EmulateNetworkConditionsByRuleParams{MatchedNetworkConditions: []*network.Conditions{{DownloadThroughput: 1.5e6, UploadThroughput: -1}}}
	if err := call(tb.ctx, network.EmulateNetworkConditionsByRule, slow); err != nil {
		t.Fatal(err)
	}
	f.goTo(tb, "games/house-in-the-woods/index.html")
	eval[bool](tb, `(() => {
		window.loadSeen = [];
		const look = () => { const b = document.querySelector('.play-load'); if (b) loadSeen.push(b.value); requestAnimationFrame(look); };
		look();
		return true;
	})()`)
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=show]`))) })
	seen := eval[[]float64](tb, `loadSeen`)
	between := 0
	for _, v := range seen {
		if v > 0 && v < 1 {
			between++
		}
	}
	if between == 0 {
		t.Errorf("the download's bar showed no progress between 0 and 1: %v", seen)
	}
	if eval[bool](tb, `!!document.querySelector('.play-load')`) {
		t.Error("the download's bar stays after the engine is there")
	}
}

// testPlayTypedDeal: a deal number out of range typed in the field is
// refused with the range, and the game on the board stays.
func (f *fixture) testPlayTypedDeal(t *testing.T) {
	tb := f.openDeal(t, "house-in-the-woods", "44")
	before := tb.panel()
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), "99999999999999999999"))
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=show]`))) })
	p := tb.panel()
	if !strings.Contains(p.Status, "the largest is 18446744073709551615") || eval[bool](tb, `document.querySelector('section.play input[name=deal]').validity.valid`) {
		t.Errorf("a deal out of range: status %q, or the field is not marked", p.Status)
	}
	if p.Hash != before.Hash || len(p.Board) == 0 || fmt.Sprint(p.Board) != fmt.Sprint(before.Board) {
		t.Errorf("the game on the board is gone: fragment %q, was %q", p.Hash, before.Hash)
	}
	// And it still plays.
	tb.clickPile("t1")
	if live := tb.panel().Live; !strings.HasPrefix(live, "Picked ") {
		t.Errorf("a click on the board after the refusal: %q", live)
	}
}
