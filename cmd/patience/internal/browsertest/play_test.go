package browsertest

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play"
	"github.com/patience-solitaire/patience/cmd/patience/internal/replayblock"
	"github.com/patience-solitaire/patience/cmd/patience/internal/site"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/engine/solver"
)

// TestPlay drives the "Play or solve any deal" panel of the bundled
// site's game pages (one game of each family) in Chromium: the engine
// compiled to WebAssembly, in Web Workers.
func TestPlay(t *testing.T) {
	f := playFixture(t)

	for _, tc := range []playCase{
		// Deals the solver wins in a few thousand positions or less
		// (testPlay checks it): the check and the hint must end on the
		// node budget, not on their 2 s clock, to be the native
		// solver's even on a loaded machine.
		{family: "fan", game: "house-in-the-woods", deal: "44"},
		{family: "patriarchs", game: "royal-cotillion", deal: "296"},
		{family: "forty-thieves", game: "napoleon-at-st-helena", deal: "2"},
	} {
		t.Run(tc.family, func(t *testing.T) { f.testPlay(t, tc) })
	}
	t.Run("ToTheEnd", f.testPlayToTheEnd)
	t.Run("ByTheRules", f.testPlayByTheRules)
	t.Run("Win", f.testPlayWin)
	t.Run("RefusalOnPhone", f.testPlayRefusalOnPhone)
	t.Run("SameSolve", f.testPlaySameSolve)
	t.Run("Home", f.testPlayHome)
	t.Run("Drag", f.testPlayDrag)
	t.Run("Keys", f.testPlayKeys)
	t.Run("BrokenLink", f.testPlayBrokenLink)
	t.Run("AutoMove", f.testPlayAutoMove)
	t.Run("Announcements", f.testPlayAnnouncements)
	t.Run("Download", f.testPlayDownload)
	t.Run("TypedDeal", f.testPlayTypedDeal)
	t.Run("Lost", f.testPlayLost)
	t.Run("FromFile", f.testPlayFromFile)
}

// playFixture builds the bundled site, serves it and starts Chromium.
func playFixture(t testing.TB) *fixture {
	exe := needChromium(t)
	dir := t.TempDir()
	f := &fixture{dest: filepath.Join(dir, "public")}
	if _, err := site.Build(site.Options{Source: filepath.Join("..", "..", "..", ".."), Destination: f.dest, Replay: replayblock.Render}); err != nil {
		t.Fatalf("building the bundled site: %v", err)
	}
	srv := httptest.NewServer(siteHandler(f.dest))
	t.Cleanup(srv.Close)
	f.base = srv.URL + "/"
	f.browser = startBrowser(t, exe, filepath.Join(dir, "profile"))
	return f
}

// testPlayLost solves a lost deal: the panel names the blocked cards.
func (f *fixture) testPlayLost(t *testing.T) {
	tb := f.open(t)
	f.goTo(tb, "games/house-in-the-woods/index.html")
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), "199"))
	tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=solve]`)))
	tb.wait(`/^Lost/.test(document.querySelector('.play-status').textContent)`, 90*time.Second)
	if st := tb.panel().Status; !strings.Contains(st, "K♠ in") {
		t.Errorf("status %q does not name the blocked Kings of spades", st)
	}
	if n := eval[int](tb, `document.querySelectorAll('.play-solution .card.mark').length`); n == 0 {
		t.Error("the board does not mark the blocked cards")
	}
}

// openSlow opens a tab with four minutes, not open's 90 seconds, for its
// steps: loading the engine takes seconds of CPU, and the tests run with
// the other packages' on two cores.
func (f *fixture) openSlow(t testing.TB) *tab {
	tb := f.open(t)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(tb.ctx), 4*time.Minute)
	t.Cleanup(cancel)
	tb.ctx = ctx
	return tb
}

// axe runs axe-core on the page and reports serious and critical
// problems.
func (tb *tab) axe(what string) {
	tb.t.Helper()
	axe, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		tb.t.Fatal(err)
	}
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[chromedp.Void](string(axe)+"\n;0")); err != nil && !errors.Is(err, chromedp.ErrJSUndefined) {
		tb.t.Fatalf("loading axe-core: %v", err)
	}
	found, err := chromedp.Run(tb.ctx, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ['violations']}).then(r => r.violations
		.filter(v => v.impact === 'serious' || v.impact === 'critical')
		.map(v => v.id + ' (' + v.impact + '): ' + v.help + ': ' + v.nodes.slice(0, 4).map(n => n.target.join(' ')).join('; ')))`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("axe: %v", err)
	}
	for _, v := range found {
		tb.t.Errorf("axe, %s: %s", what, v)
	}
}

// testPlayFromFile opens a game page from file://: the panel says why it
// cannot play there.
func (f *fixture) testPlayFromFile(t *testing.T) {
	tb := f.open(t)
	tb.allowFile = true
	tb.do(chromedp.Navigate("file://" + filepath.ToSlash(filepath.Join(f.dest, "games", "shamrocks", "index.html"))))
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), "1"))
	tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=show]`)))
	tb.wait(`/http\(s\)/.test(document.querySelector('.play-status').textContent)`, 10*time.Second)
}

type playCase struct{ family, game, variant, deal string }

// panel is what the play panel shows.
type panel struct {
	Status, Check, Live, Hash string
	Moves                     []string
	Board                     map[string]string
	Hint                      []string
}

func (tb *tab) panel() panel {
	tb.t.Helper()
	return eval[panel](tb, `(() => {
		const s = document.querySelector('section.play'), board = {};
		s.querySelectorAll('.play-board .pile').forEach(p => board[p.dataset.pile] = p.querySelector('.cards').textContent);
		const text = q => { const e = s.querySelector(q); return e ? e.textContent : ''; };
		return {
			Status: text('.play-status'), Check: text('.play-check'), Live: text('.play-out > .vh'),
			Hash: decodeURIComponent(location.hash),
			Moves: [...s.querySelectorAll('.play-moves li')].map(li => li.textContent),
			Board: board,
			Hint: [...s.querySelectorAll('.play-hint')].map(e => e.dataset.pile),
		};
	})()`)
}

// idle waits until the panel is not waiting for the engine.
func (tb *tab) idle() {
	tb.t.Helper()
	tb.wait(`!document.querySelector('section.play').hasAttribute('aria-busy')`, 60*time.Second)
}

func (tb *tab) clickPile(id string) {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`.play-board .pile[data-pile=%q]`, id))))
}

// quickWin is the most positions a deal of TestPlay may take to win.
const quickWin = 10_000

func (f *fixture) testPlay(t *testing.T, tc playCase) {
	g, err := engine.Lookup(tc.game, tc.variant)
	if err != nil {
		t.Fatal(err)
	}
	d, err := pysolrand.ParseDeal(tc.deal)
	if err != nil {
		t.Fatal(err)
	}
	start := g.Deal(d)
	if res, err := solver.Solve(context.Background(), start, solver.Options{MaxNodes: quickWin, Timeout: -1}); err != nil || res.Verdict != solver.Won {
		t.Fatalf("deal %s is not won within %d positions (%v, %v): choose a quicker deal", tc.deal, quickWin, res.Verdict, err)
	}
	tb := f.openSlow(t)
	f.goTo(tb, "games/"+tc.game+"/index.html")

	// Show the deal.
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), tc.deal))
	tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=show]`)))
	tb.wait(`document.querySelector('.play-board .replay.js')`, 60*time.Second)
	tb.idle()
	p := tb.panel()
	for i, spec := range g.Piles {
		if spec.Kind == engine.Stock {
			continue
		}
		want := ""
		for _, c := range start.Pile(i) {
			want += c.String()
		}
		if got := p.Board[spec.ID]; spec.Kind == engine.Tableau && cardCodes(got) != want {
			t.Errorf("pile %s shows %q, want %s", spec.ID, got, want)
		}
	}

	// Still winnable? The background solve finds the win.
	tb.wait(`document.querySelector('.play-check[data-verdict]')`, 60*time.Second)
	if v := eval[string](tb, `document.querySelector('.play-check').dataset.verdict`); v != "won" {
		t.Errorf("still winnable: %q, want won", v)
	}

	// Hint: the native solver's first move from the start.
	tb.do(chromedp.Click(chromedp.CSS(`.play-bar button:nth-child(3)`)))
	tb.wait(`/^Hint/.test(document.querySelector('.play-status').textContent) && !/Looking/.test(document.querySelector('.play-status').textContent)`, 60*time.Second)
	sol, err := solver.Solve(context.Background(), start, play.Options(&play.Request{Op: "hint"}))
	if err != nil {
		t.Fatal(err)
	}
	p = tb.panel()
	if sol.Verdict == solver.Won {
		m := sol.Moves[0]
		want := []string{}
		for _, i := range []int8{m.From, m.To} {
			if i >= 0 {
				want = append(want, g.Piles[i].ID)
			}
		}
		slices.Sort(want)
		slices.Sort(p.Hint)
		if strings.Join(p.Hint, " ") != strings.Join(want, " ") {
			t.Errorf("hint highlights %q, the native solver plays %s (status %q)", p.Hint, m, p.Status)
		}
	}

	// A legal move, by clicks: the first the engine lists.
	var legal engine.Move
	for _, m := range start.Legal(nil) {
		if m.Action == engine.ActMove {
			legal = m
			break
		}
	}
	tb.clickPile(g.Piles[legal.From].ID)
	tb.clickPile(g.Piles[legal.To].ID)
	tb.idle()
	tb.wait(`document.querySelectorAll('.play-moves li').length > 0 || /Not allowed/.test(document.querySelector('.play-refusal').textContent)`, 20*time.Second)
	p = tb.panel()
	if len(p.Moves) == 0 {
		t.Fatalf("the legal move %s did not play: %q", legal, p.Status)
	}
	if !strings.HasPrefix(p.Live, "Move 1: ") || !strings.HasPrefix(p.Hash, "#play="+tc.deal) {
		t.Errorf("after a legal move: announced %q, fragment %q", p.Live, p.Hash)
	}
	after := start.Clone()
	after.Apply(legal)
	for {
		fm, ok := after.Forced()
		if !ok {
			break
		}
		after.Apply(fm)
	}

	// An illegal one, by keys: the engine's reason.
	var bad engine.Move
	why := ""
	after.SetWords(true) // the reasons in the board's words
	for _, from := range g.PilesOf(engine.Tableau) {
		for _, to := range append(g.PilesOf(engine.Tableau), g.PilesOf(engine.Foundation)...) {
			m := engine.Move{Action: engine.ActMove, From: int8(from), To: int8(to), Card: after.Top(from)}
			if err := after.Check(m); why == "" && from != to && m.Card != engine.NoCard && err != nil {
				bad, why = m, err.Error()
			}
		}
	}
	if why != "" {
		for _, i := range []int8{bad.From, bad.To} {
			tb.do(chromedp.Focus(chromedp.CSS(fmt.Sprintf(`.play-board .pile[data-pile=%q]`, g.Piles[i].ID))), chromedp.KeyEvent(kb.Enter))
		}
		tb.idle()
		tb.wait(`/^Not allowed/.test(document.querySelector('.play-refusal').textContent)`, 20*time.Second)
		if got := eval[string](tb, `document.querySelector('.play-refusal').textContent`); got != "Not allowed: "+why {
			t.Errorf("illegal move %s: refusal %q, want the engine's reason in the board's words %q", bad, got, why)
		}
	}

	// Share: the link restores the position in a new tab.
	link := eval[string](tb, `location.href`)
	shown := tb.panel()
	tb2 := f.openSlow(t)
	tb2.do(chromedp.Navigate(link))
	tb2.wait(`document.querySelector('.play-board .replay.js') && document.querySelectorAll('.play-moves li').length > 0`, 60*time.Second)
	tb2.idle()
	if got := tb2.panel(); fmt.Sprint(got.Board) != fmt.Sprint(shown.Board) || strings.Join(got.Moves, "|") != strings.Join(shown.Moves, "|") {
		t.Errorf("the shared link shows\n%v %q\nwant\n%v %q", got.Board, got.Moves, shown.Board, shown.Moves)
	}

	if r := eval[[]float64](tb2, `(r => [r.top, r.bottom, innerHeight])(document.querySelector('section.play').getBoundingClientRect())`); r[0] >= r[2] || r[1] <= 0 {
		t.Errorf("the shared link leaves the panel out of the window (top %v, bottom %v, window %v)", r[0], r[1], r[2])
	}
	if tc.family == "fan" {
		tb2.axe("a position being played")
	}
	if err := chromedp.Cancel(tb2.ctx); err != nil {
		t.Fatal(err)
	}

	// Undo.
	tb.do(chromedp.Click(chromedp.CSS(`.play-bar button:nth-child(1)`)))
	tb.idle()
	tb.wait(`document.querySelectorAll('.play-moves li').length === 0`, 20*time.Second)
	if p := tb.panel(); !strings.HasPrefix(p.Live, "Undone: ") || fmt.Sprint(p.Board) == fmt.Sprint(shown.Board) {
		t.Errorf("after undo: announced %q", p.Live)
	}

	// Redo, and undo again.
	tb.do(chromedp.Click(chromedp.CSS(`.play-bar button:nth-child(2)`)))
	tb.idle()
	tb.wait(`document.querySelectorAll('.play-moves li').length > 0`, 20*time.Second)
	if p := tb.panel(); !strings.HasPrefix(p.Live, "Redone: ") || fmt.Sprint(p.Board) != fmt.Sprint(shown.Board) {
		t.Errorf("after redo: announced %q", p.Live)
	}
	tb.do(chromedp.Click(chromedp.CSS(`.play-bar button:nth-child(1)`)))
	tb.idle()
	tb.wait(`document.querySelectorAll('.play-moves li').length === 0`, 20*time.Second)

	// Solve (in a new tab: each has 90 s), with the main thread watched for long tasks while the
	// engine works: between the click's task (which posts the request)
	// and the answer's (which draws the solution). Only the page's own
	// tasks count ("self"): on a loaded machine the browser's own work
	// (style and layout after a progress line, garbage collection,
	// attributed "unknown") can take 50 ms of wall time however little
	// the page does.
	tb = f.openSlow(t)
	f.goTo(tb, "games/"+tc.game+"/index.html")
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), tc.deal))
	eval[bool](tb, `(window.longTasks = [], new PerformanceObserver(l => l.getEntries().forEach(e => longTasks.push([e.startTime, e.duration, e.attribution.map(a => a.name + ':' + a.containerType).join()]))).observe({entryTypes: ['longtask']}), true)`)
	tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=solve]`)))
	id := play.SolutionID(tc.variant, tc.deal)
	tb.wait(fmt.Sprintf(`document.getElementById(%q) && document.getElementById(%q).classList.contains('js')`, id, id), 90*time.Second)
	if lt := eval[[]string](tb, `(m => longTasks.filter(([s, d, a]) => s > m.startTime && s + d < m.startTime + m.duration && /^self/.test(a)).map(([s, d, a]) => d + ' ms (' + a + ')'))(performance.getEntriesByName('patience-solve').pop())`); len(lt) > 0 {
		t.Errorf("long tasks on the main thread during the solve: %q", lt)
	}
	if st := tb.panel().Status; !strings.HasPrefix(st, "Won: ") {
		t.Errorf("after the solve: %q", st)
	}
	// Step through the solution: the viewer's keys and #id/step links.
	tb.do(chromedp.Focus(chromedp.ID(id)), chromedp.KeyEvent(kb.ArrowRight))
	tb.wait(fmt.Sprintf(`document.querySelector('#%s .replay-pos').textContent.startsWith('1 / ')`, id), 10*time.Second)
	if h := eval[string](tb, `decodeURIComponent(location.hash)`); !strings.HasPrefix(h, "#"+id+"/1&line=") {
		t.Errorf("after a step of the solution: fragment %q, want the step and the line", h)
	}
	if tc.family == "fan" {
		tb.axe("a solution")
	}
	if tc.family != "fan" {
		return
	}
	// The step's link opens the solution at that step.
	tb3 := f.openSlow(t)
	tb3.do(chromedp.Navigate(f.base + "games/" + tc.game + "/index.html#" + id + "/2"))
	tb3.wait(fmt.Sprintf(`document.getElementById(%q) && document.querySelector('#%s .replay-pos').textContent.startsWith('2 / ')`, id, id), 90*time.Second)
}

// cardCodes turns the viewer's card text ("10♥K♠") into codes ("THKS").
func cardCodes(s string) string {
	r := strings.NewReplacer("10", "T", "♣", "C", "♠", "S", "♥", "H", "♦", "D")
	return r.Replace(s)
}
