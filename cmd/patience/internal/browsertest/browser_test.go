package browsertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/patience-solitaire/patience/cmd/patience/internal/diagram"
	"github.com/patience-solitaire/patience/cmd/patience/internal/replayblock"
	"github.com/patience-solitaire/patience/cmd/patience/internal/site"
	"github.com/patience-solitaire/patience/cmd/patience/internal/viewer"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/replay"
)

// chromium finds the browser: $PATIENCE_CHROMIUM, else the usual names.
func chromium() string {
	if p := os.Getenv("PATIENCE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// fixture is the built test site, its server and the browser.
type fixture struct {
	dest    string // the built site
	base    string // its address, "http://127.0.0.1:PORT/"
	pages   []string
	browser context.Context
	replays map[string]*replay.Export
}

// needChromium returns the browser, or skips the test (fails it with
// PATIENCE_BROWSER=required) without one, and in -short mode.
func needChromium(t testing.TB) string {
	exe := chromium()
	if exe == "" {
		if os.Getenv("PATIENCE_BROWSER") == "required" {
			t.Fatal("PATIENCE_BROWSER=required, but there is no Chromium: apt-get install chromium")
		}
		t.Skip("no Chromium found, browser tests skipped: apt-get install chromium (or set PATIENCE_CHROMIUM); PATIENCE_BROWSER=required turns this skip into a failure")
	}
	if testing.Short() && os.Getenv("PATIENCE_BROWSER") != "required" {
		t.Skip("browser tests skipped in -short mode")
	}
	return exe
}

func TestBrowser(t *testing.T) {
	exe := needChromium(t)
	start := time.Now()
	dir := t.TempDir()
	f := &fixture{dest: filepath.Join(dir, "public"), replays: map[string]*replay.Export{}}
	res, err := site.Build(site.Options{Source: "testdata/site", Destination: f.dest, Replay: replayblock.Render})
	if err != nil {
		t.Fatalf("building testdata/site: %v", err)
	}
	for _, p := range res.Pages {
		f.pages = append(f.pages, p.URL)
	}
	f.loadReplays(t)

	srv := httptest.NewServer(siteHandler(f.dest))
	t.Cleanup(srv.Close)
	f.base = srv.URL + "/"
	if u, _ := url.Parse(f.base); u.Hostname() != "127.0.0.1" {
		t.Fatalf("test server at %s, want 127.0.0.1", f.base)
	}

	f.browser = startBrowser(t, exe, filepath.Join(dir, "profile"))

	// The subtests run at once, each in its own tab of the one browser.
	t.Cleanup(func() { t.Logf("browser tests took %v", time.Since(start).Round(time.Millisecond)) })
	run := func(name string, test func(t *testing.T)) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			test(t)
		})
	}
	run("Viewer", f.testViewer)
	run("DeepLink", f.testDeepLink)
	run("Autoplay", f.testAutoplay)
	run("Search", f.testSearch)
	run("SearchFromFile", f.testSearchFromFile)
	run("Theme", f.testTheme)
	run("NoJavaScript", f.testNoJS)
	run("NotFound", f.testNotFound)
	run("Narrow", f.testNarrow)
	run("Layout", f.testLayout)
	run("OneScreen", f.testOneScreen)
	run("Links", f.testLinks)
	run("Deck", f.testDeck)
	run("Downloads", f.testDownloads)
	run("Axe/light", func(t *testing.T) { f.testAxe(t, "light") })
	run("Axe/dark", func(t *testing.T) { f.testAxe(t, "dark") })
	if dir := os.Getenv("PATIENCE_SCREENSHOTS"); dir != "" {
		run("Screenshots", func(t *testing.T) { f.screenshots(t, dir) })
	}
}

// startBrowser starts Chromium (exe) with a fresh profile folder for
// every browser test, and stops it when the test ends. A start that
// fails is tried again, twice, each time with a profile of its own:
// once, on a fresh machine under load, Chromium crashed before it was
// up (crashpad: "chrome failed to start"), which says nothing about the
// site.
func startBrowser(t testing.TB, exe, profile string) context.Context {
	t.Helper()
	var err error
	for try := range 3 {
		var browser context.Context
		if browser, err = tryBrowser(t, exe, fmt.Sprintf("%s-%d", profile, try)); err == nil {
			return browser
		}
		t.Logf("starting %s (try %d): %v", exe, try+1, err)
	}
	t.Fatalf("starting %s: %v", exe, err)
	return nil
}

// tryBrowser starts Chromium once; the test's end stops it.
func tryBrowser(t testing.TB, exe, profile string) (context.Context, error) {
	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox, // the tests may run as root, in a container
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-features", "Translate,OptimizationHints,MediaRouter"),
		chromedp.Flag("metrics-recording-only", true),
		chromedp.Flag("safebrowsing-disable-auto-update", true),
		chromedp.Flag("password-store", "basic"),
		chromedp.Flag("use-mock-keychain", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(profile), // fresh
		chromedp.WindowSize(1200, 900),
	)
	t.Cleanup(cancel)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	t.Cleanup(cancelBrowser)
	if err := chromedp.Do(browser); err != nil {
		cancelBrowser()
		cancel()
		return nil, err
	}
	return browser, nil
}

// siteHandler serves the built site like a static host: a missing file
// gets 404.html with status 404.
func siteHandler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := filepath.Join(dir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))
		if fi, err := os.Stat(name); err == nil && (!fi.IsDir() || exists(filepath.Join(name, "index.html"))) {
			files.ServeHTTP(w, r)
			return
		}
		page, err := os.ReadFile(filepath.Join(dir, "404.html"))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		w.Write(page)
	})
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

// loadReplays reads the game page's two replays, to know what the viewer
// must show at each step.
func (f *fixture) loadReplays(t *testing.T) {
	md, err := os.ReadFile("testdata/site/content/games/house-in-the-woods.md")
	if err != nil {
		t.Fatal(err)
	}
	_, inline, ok := strings.Cut(string(md), "```replay\n")
	inline, _, ok2 := strings.Cut(inline, "```")
	if !ok || !ok2 {
		t.Fatal("no inline replay block in house-in-the-woods.md")
	}
	file, err := os.ReadFile("testdata/site/content/games/opening.replay")
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{string(file), inline} {
		r, err := replay.Parse("test.replay", 1, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		v, err := replay.Verify(r)
		if err != nil {
			t.Fatal(err)
		}
		e := v.Export()
		f.replays[r.ID] = e
	}
	if f.replays["opening"] == nil || f.replays["short"] == nil {
		t.Fatalf("replays %v, want opening and short", f.replays)
	}
}

// boards returns what the viewer shows of each pile after every step of
// e: the text of the pile's cards, as in the page.
func boards(e *replay.Export) []map[string]string {
	kind := map[string]string{}
	cur := map[string][]string{}
	for _, p := range e.Piles {
		kind[p.ID] = p.Kind
		cur[p.ID] = append([]string{}, p.Cards...)
	}
	show := func() map[string]string {
		m := map[string]string{}
		for id, cards := range cur {
			n := len(cards)
			switch {
			case n == 0:
				m[id] = "empty"
			case kind[id] == "stock":
				m[id] = fmt.Sprint(n, " cards")
			case kind[id] == "foundation" || kind[id] == "waste":
				m[id], _ = viewer.Card(cards[n-1])
				if n > 1 {
					m[id] += fmt.Sprint(n)
				}
			default:
				var b strings.Builder
				for _, c := range cards {
					s, _ := viewer.Card(c)
					b.WriteString(s)
				}
				m[id] = b.String()
			}
		}
		return m
	}
	out := []map[string]string{show()}
	for _, s := range e.Steps {
		n := len(cur[s.From]) - len(s.Cards)
		cur[s.To] = append(cur[s.To], s.Cards...)
		cur[s.From] = cur[s.From][:n]
		out = append(out, show())
	}
	return out
}

// tab is one browser tab. It records every problem the page reports: a
// console error, an uncaught exception, a failed load, a request to a host
// other than 127.0.0.1. They fail the test when it ends.
type tab struct {
	t         testing.TB
	ctx       context.Context
	allowFile bool     // file:// URLs are fine in this tab
	allow     []string // problems that contain one of these are expected

	mu       sync.Mutex
	problems []string
}

func (f *fixture) open(t testing.TB) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(f.browser)
	tb := &tab{t: t, ctx: ctx}
	if err := chromedp.Listen(ctx, tb.event); err != nil {
		cancel()
		t.Fatal(err)
	}
	for _, err := range []error{
		call(ctx, runtime.Enable, cdp.Empty{}),
		call(ctx, network.Enable, network.EnableParams{}),
		call(ctx, cdplog.Enable, cdp.Empty{}),
	} {
		if err != nil {
			cancel()
			t.Fatal(err)
		}
	}
	tctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	tb.ctx = tctx
	t.Cleanup(func() {
		cancelT()
		cancel()
	})
	t.Cleanup(tb.check) // runs first
	return tb
}

func call[P, R any](ctx context.Context, cmd cdp.Command[P, R], params P) error {
	_, err := chromedp.Call(ctx, cmd, params)
	return err
}

func (tb *tab) event(ev any) {
	var p string
	switch e := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert {
			var args []string
			for _, a := range e.Args {
				if len(a.Value) > 0 {
					args = append(args, string(a.Value))
				} else {
					args = append(args, a.Description)
				}
			}
			p = "console." + string(e.Type) + ": " + strings.Join(args, " ")
		}
	case *runtime.EventExceptionThrown:
		d := e.ExceptionDetails
		p = "uncaught exception: " + d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			p += " " + d.Exception.Description
		}
	case *cdplog.EventEntryAdded:
		if e.Entry.Level == cdplog.EntryLevelError {
			p = "log: " + e.Entry.Text + " " + e.Entry.URL
		}
	case *network.EventRequestWillBeSent:
		if !tb.local(e.Request.URL) {
			p = "request to another host: " + e.Request.URL
		}
	}
	if p != "" {
		tb.mu.Lock()
		tb.problems = append(tb.problems, p)
		tb.mu.Unlock()
	}
}

// local tells whether a URL stays on this machine: the test server on
// 127.0.0.1, data: and blob: URLs.
func (tb *tab) local(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	switch u.Scheme {
	case "data", "blob", "about":
		return true
	case "file":
		return tb.allowFile
	case "http", "https", "ws", "wss":
		return u.Hostname() == "127.0.0.1"
	}
	return false
}

func (tb *tab) check() {
	tb.mu.Lock()
	defer tb.mu.Unlock()
outer:
	for _, p := range tb.problems {
		for _, a := range tb.allow {
			if strings.Contains(p, a) {
				continue outer
			}
		}
		tb.t.Error(p)
	}
}

func (tb *tab) do(steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, steps...); err != nil {
		tb.t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tb.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// wait waits until the expression is true.
func (tb *tab) wait(expr string, timeout time.Duration) {
	tb.t.Helper()
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool]("!!("+expr+")", chromedp.WithPollingTimeout(timeout))); err != nil {
		tb.t.Fatalf("waiting for %s: %v", expr, err)
	}
}

// goTo loads a page of the site (a URL relative to the site's root).
func (f *fixture) goTo(tb *tab, rel string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(f.base + rel))
}

// viewers waits for the page's viewers to start.
func (tb *tab) viewers(n int) {
	tb.t.Helper()
	tb.wait(fmt.Sprintf("document.querySelectorAll('.replay.js').length === %d", n), 15*time.Second)
}

// state is what a viewer shows.
type state struct {
	Board   map[string]string
	Pos     string
	Current []string // data-step of the highlighted move list items
	Caption string
	Note    string
	Live    string
	Hash    string
}

func (tb *tab) state(id string) state {
	tb.t.Helper()
	return eval[state](tb, `(() => {
		const r = document.getElementById(`+"`"+id+"`"+`), board = {};
		r.querySelectorAll('.replay-board .pile').forEach(p => board[p.dataset.pile] = p.querySelector('.cards').textContent);
		return {
			Board: board,
			Pos: r.querySelector('.replay-pos').textContent,
			Current: [...r.querySelectorAll('.replay-moves li.current')].map(li => li.dataset.step),
			Caption: r.querySelector('.replay-caption').textContent,
			Note: r.querySelector('.replay-note').textContent,
			Live: r.querySelector('.replay-live').textContent,
			Hash: decodeURIComponent(location.hash),
		};
	})()`)
}

// expect checks that viewer id shows step n.
func (f *fixture) expect(tb *tab, id string, n int, hash string) {
	tb.t.Helper()
	e := f.replays[id]
	want := boards(e)[n]
	st := tb.state(id)
	if st.Pos != fmt.Sprintf("%d / %d", n, len(e.Steps)) {
		tb.t.Errorf("%s: position %q, want step %d of %d", id, st.Pos, n, len(e.Steps))
	}
	for p, w := range want {
		if st.Board[p] != w {
			tb.t.Errorf("%s step %d: pile %s shows %q, want %q", id, n, p, st.Board[p], w)
		}
	}
	if len(st.Current) != 1 || st.Current[0] != fmt.Sprint(n) {
		tb.t.Errorf("%s step %d: highlighted moves %v, want [%d]", id, n, st.Current, n)
	}
	caption, note := "Start: the cards as dealt", e.Note
	if n > 0 {
		caption, note = viewer.Caption(e.Steps[n-1]), e.Steps[n-1].Note
	}
	if st.Caption != caption || st.Note != note {
		tb.t.Errorf("%s step %d: caption %q and note %q, want %q and %q", id, n, st.Caption, st.Note, caption, note)
	}
	if hash != "-" && st.Hash != hash {
		tb.t.Errorf("%s step %d: fragment %q, want %q", id, n, st.Hash, hash)
	}
}

func (f *fixture) testViewer(t *testing.T) {
	tb := f.open(t)
	f.goTo(tb, "games/house-in-the-woods/index.html")
	tb.viewers(2)
	f.expect(tb, "opening", 0, "")
	f.expect(tb, "short", 0, "")
	if s := tb.state("opening").Board; s["t35"] != "5♣A♣" || s["f1"] != "empty" {
		t.Fatalf("start board: t35 %q, f1 %q", s["t35"], s["f1"])
	}

	// Keys.
	tb.do(chromedp.Focus(chromedp.ID("opening")), chromedp.KeyEvent(kb.ArrowRight))
	f.expect(tb, "opening", 1, "#opening/1")
	if s := tb.state("opening"); s.Board["f1"] != "A♣" || s.Board["t35"] != "5♣" {
		t.Errorf("after step 1: f1 %q, t35 %q", s.Board["f1"], s.Board["t35"])
	}
	if live := tb.state("opening").Live; !strings.HasPrefix(live, "Step 1 of 11: ") {
		t.Errorf("announcement %q", live)
	}
	tb.do(chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	f.expect(tb, "opening", 3, "#opening/3")
	tb.do(chromedp.KeyEvent(kb.ArrowLeft))
	f.expect(tb, "opening", 2, "#opening/2")
	tb.do(chromedp.KeyEvent(kb.End))
	f.expect(tb, "opening", 11, "#opening/11")
	tb.do(chromedp.KeyEvent(kb.ArrowRight)) // past the end: stays
	f.expect(tb, "opening", 11, "#opening/11")
	tb.do(chromedp.KeyEvent(kb.Home))
	f.expect(tb, "opening", 0, "#opening/0")

	// Buttons.
	tb.do(chromedp.Click(chromedp.CSS("#opening [data-act=next]")))
	f.expect(tb, "opening", 1, "#opening/1")
	tb.do(chromedp.Click(chromedp.CSS("#opening [data-act=next]")), chromedp.Click(chromedp.CSS("#opening [data-act=next]")))
	f.expect(tb, "opening", 3, "#opening/3")
	tb.do(chromedp.Click(chromedp.CSS("#opening [data-act=prev]")))
	f.expect(tb, "opening", 2, "#opening/2")
	tb.do(chromedp.Click(chromedp.CSS("#opening [data-act=last]")))
	f.expect(tb, "opening", 11, "#opening/11")
	tb.do(chromedp.Click(chromedp.CSS("#opening [data-act=first]")))
	f.expect(tb, "opening", 0, "#opening/0")

	// The slider.
	eval[bool](tb, `(s => { s.value = 4; s.dispatchEvent(new Event('input', {bubbles: true})); s.dispatchEvent(new Event('change', {bubbles: true})); return true; })(document.querySelector('#opening .replay-slider'))`)
	f.expect(tb, "opening", 4, "#opening/4")

	// The move list, and the browser's back and forward buttons.
	tb.do(chromedp.Click(chromedp.CSS(`#opening .replay-moves li[data-step="7"] a`)))
	f.expect(tb, "opening", 7, "#opening/7")
	tb.do(chromedp.Click(chromedp.CSS(`#opening .replay-moves li[data-step="9"] a`)))
	f.expect(tb, "opening", 9, "#opening/9")
	tb.do(chromedp.NavigateBack())
	tb.wait(`document.querySelector('#opening .replay-pos').textContent === '7 / 11'`, 10*time.Second)
	f.expect(tb, "opening", 7, "#opening/7")
	tb.do(chromedp.NavigateForward())
	tb.wait(`document.querySelector('#opening .replay-pos').textContent === '9 / 11'`, 10*time.Second)
	f.expect(tb, "opening", 9, "#opening/9")

	// The moved card and its two piles are highlighted.
	hl := eval[[]string](tb, `[...document.querySelectorAll('#opening .moved, #opening .src, #opening .dst')].map(e => e.className + ' ' + (e.dataset.pile || e.textContent))`)
	if len(hl) != 3 {
		t.Errorf("highlighted: %q, want the moved card, its source and destination", hl)
	}

	// The second viewer has not moved.
	f.expect(tb, "short", 0, "-")
	tb.do(chromedp.Focus(chromedp.ID("short")), chromedp.KeyEvent(kb.ArrowRight))
	f.expect(tb, "short", 1, "#short/1")
	f.expect(tb, "opening", 9, "-")
}

func (f *fixture) testDeepLink(t *testing.T) {
	tb := f.open(t)
	f.goTo(tb, "games/house-in-the-woods/index.html#opening/5")
	tb.viewers(2)
	f.expect(tb, "opening", 5, "#opening/5")
	f.expect(tb, "short", 0, "-")
	top := eval[float64](tb, `document.getElementById('opening').getBoundingClientRect().top`)
	if top < -1 || top > eval[float64](tb, `innerHeight`) {
		t.Errorf("the linked viewer is not in view: top %v", top)
	}
	// A link to the other viewer, on the same page.
	eval[bool](tb, `(location.hash = '#short/3', true)`)
	tb.wait(`document.querySelector('#short .replay-pos').textContent === '3 / 5'`, 10*time.Second)
	f.expect(tb, "short", 3, "#short/3")
	f.expect(tb, "opening", 5, "-")
	// The moved card flashes, unless the reader asked for less motion.
	motion := func() string {
		return eval[string](tb, `(c => getComputedStyle(c).animationName + ' ' + getComputedStyle(c).transitionDuration)(document.querySelector('#opening .card.moved'))`)
	}
	if m := motion(); !strings.HasPrefix(m, "replay-hl ") || strings.HasSuffix(m, " 0s") {
		t.Errorf("moved card: animation and transition %q", m)
	}
	reduce := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}}
	if err := call(tb.ctx, emulation.SetEmulatedMedia, reduce); err != nil {
		t.Fatal(err)
	}
	tb.do(chromedp.Click(chromedp.CSS("#opening [data-act=next]")))
	if m := motion(); m != "none 0s" {
		t.Errorf("with prefers-reduced-motion, moved card: animation and transition %q", m)
	}
	// A step past the end shows the last step.
	f.goTo(tb, "games/house-in-the-woods/index.html#short/99")
	tb.viewers(2)
	f.expect(tb, "short", 5, "-")
}

func (f *fixture) testAutoplay(t *testing.T) {
	tb := f.open(t)
	f.goTo(tb, "games/house-in-the-woods/index.html")
	tb.viewers(2)
	eval[bool](tb, `(s => { s.value = '250'; s.dispatchEvent(new Event('change', {bubbles: true})); return true; })(document.querySelector('#short .replay-speed'))`)
	started := time.Now()
	tb.do(chromedp.Focus(chromedp.ID("short")), chromedp.KeyEvent(" "))
	if l := eval[string](tb, `document.querySelector('#short [data-act=play]').getAttribute('aria-label')`); l != "Pause" {
		t.Errorf("after space, the play button says %q, want Pause", l)
	}
	// At least two steps played: a poll may come after step 2 has gone
	// by when the machine is busy, so it does not wait for "2 / 5" itself.
	tb.wait(`parseInt(document.querySelector('#short .replay-pos').textContent, 10) >= 2`, 10*time.Second)
	tb.wait(`document.querySelector('#short .replay-pos').textContent === '5 / 5' && document.querySelector('#short [data-act=play]').getAttribute('aria-label') === 'Play'`, 15*time.Second)
	if d := time.Since(started); d < 1000*time.Millisecond {
		t.Errorf("5 steps at 250 ms played in %v", d)
	}
	f.expect(tb, "short", 5, "#short/5")
	time.Sleep(400 * time.Millisecond) // stopped: nothing moves any more
	f.expect(tb, "short", 5, "#short/5")
	f.expect(tb, "opening", 0, "-")

	// Space pauses; the play button plays again from there.
	tb.do(chromedp.KeyEvent(kb.Home), chromedp.KeyEvent(" "))
	// At least one step played (on a busy machine a poll may come after
	// step 1 has gone by, as above).
	tb.wait(`parseInt(document.querySelector('#short .replay-pos').textContent, 10) >= 1`, 10*time.Second)
	tb.do(chromedp.KeyEvent(" "))
	n := eval[string](tb, `document.querySelector('#short .replay-pos').textContent`)
	time.Sleep(600 * time.Millisecond)
	if m := eval[string](tb, `document.querySelector('#short .replay-pos').textContent`); m != n {
		t.Errorf("paused at %s, then moved on to %s", n, m)
	}
}

func (f *fixture) testSearch(t *testing.T) {
	tb := f.open(t)
	f.goTo(tb, "index.html")
	tb.wait(`!document.querySelector('.search').hidden`, 10*time.Second)
	results := func() []string {
		return eval[[]string](tb, `[...document.querySelectorAll('#search-results a')].map(a => a.getAttribute('href'))`)
	}
	search := func(q string) {
		t.Helper()
		eval[bool](tb, `(i => { i.value = ''; i.dispatchEvent(new Event('input')); return true; })(document.getElementById('search-q'))`)
		tb.do(chromedp.Click(chromedp.ID("search-q")), chromedp.SendKeys(chromedp.ID("search-q"), q))
		tb.wait(`!document.getElementById('search-results').hidden && document.getElementById('search-results').dataset.query === `+"`"+q+"`", 10*time.Second)
	}
	search("woods")
	if r := results(); len(r) == 0 || r[0] != "games/house-in-the-woods/index.html" {
		t.Errorf("search for woods: %q", r)
	}
	search("fair lucy") // an alias
	if r := results(); len(r) == 0 || r[0] != "games/la-belle-lucie/index.html" {
		t.Errorf("search for fair lucy: %q", r)
	}
	search("redeals") // a heading
	if r := results(); len(r) == 0 || r[0] != "games/la-belle-lucie/index.html#redeals" {
		t.Errorf("search for redeals: %q", r)
	}
	search("zzyzx")
	if r := results(); len(r) != 0 {
		t.Errorf("search for zzyzx: %q", r)
	}
	search("marmalade") // deep in a page: in its section, marked there
	if r := results(); len(r) != 1 || r[0] != "games/la-belle-lucie/index.html#deep-down" {
		t.Errorf("search for marmalade: %q", r)
	} else {
		tb.do(chromedp.Click(chromedp.CSS("#search-results a")))
		for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			ok, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](`document.readyState === 'complete' && location.hash === '#deep-down' && !!document.querySelector('mark.search-hl')`))
			if err == nil && ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the result did not open its section with the word marked (%v)", err)
			}
		}
		if r := eval[[]float64](tb, `(r => [r.top, r.bottom, innerHeight])(document.querySelector('mark.search-hl').getBoundingClientRect())`); r[0] < 0 || r[1] > r[2] {
			t.Errorf("the marked word at %v, out of the window", r)
		}
		f.goTo(tb, "index.html")
		tb.wait(`!document.querySelector('.search').hidden`, 10*time.Second)
	}
	search("belle")
	tb.do(chromedp.KeyEvent(kb.Enter)) // opens the first result
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		p, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`document.readyState === 'complete' ? location.pathname : ''`))
		if err == nil && (strings.HasSuffix(p, "/games/la-belle-lucie/index.html") || strings.HasSuffix(p, "/games/la-belle-lucie/")) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Enter in the search box did not open the first result: at %q (%v)", p, err)
		}
	}
}

func (f *fixture) testSearchFromFile(t *testing.T) {
	tb := f.open(t)
	tb.allowFile = true
	tb.do(chromedp.Navigate("file://" + filepath.ToSlash(filepath.Join(f.dest, "docs", "notation", "index.html"))))
	tb.wait(`!document.querySelector('.search').hidden`, 10*time.Second)
	tb.do(chromedp.Click(chromedp.ID("search-q")), chromedp.SendKeys(chromedp.ID("search-q"), "double fan"))
	tb.wait(`document.querySelector('#search-results a')`, 10*time.Second)
	href := eval[string](tb, `document.querySelector('#search-results a').href`)
	if !strings.HasPrefix(href, "file://") || !strings.HasSuffix(href, "/games/house-in-the-woods/index.html") {
		t.Errorf("from file://, the first result is %s", href)
	}
}

func (f *fixture) testTheme(t *testing.T) {
	tb := f.open(t)
	light := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}}
	if err := call(tb.ctx, emulation.SetEmulatedMedia, light); err != nil {
		t.Fatal(err)
	}
	f.goTo(tb, "docs/notation/index.html")
	tb.wait(`!document.querySelector('.theme-toggle').hidden`, 10*time.Second)
	bg := func() string { return eval[string](tb, `getComputedStyle(document.body).backgroundColor`) }
	lightBG := bg()
	tb.do(chromedp.Click(chromedp.CSS(".theme-toggle")))
	if th := eval[string](tb, `document.documentElement.dataset.theme || ''`); th != "dark" {
		t.Errorf("after the toggle, data-theme=%q", th)
	}
	if s := eval[string](tb, `localStorage.getItem('patience-theme') || ''`); s != "dark" {
		t.Errorf("stored theme %q", s)
	}
	if p := eval[string](tb, `document.querySelector('.theme-toggle').getAttribute('aria-pressed')`); p != "true" {
		t.Errorf("aria-pressed=%s", p)
	}
	darkBG := bg()
	if darkBG == lightBG {
		t.Errorf("the background stayed %s", darkBG)
	}
	// Kept on the next page, from the first frame.
	f.goTo(tb, "index.html")
	if th := eval[string](tb, `document.documentElement.dataset.theme || ''`); th != "dark" || bg() != darkBG {
		t.Errorf("on the next page: data-theme=%q, background %s", th, bg())
	}
	// Back to the system's scheme: the choice is forgotten.
	tb.do(chromedp.Click(chromedp.CSS(".theme-toggle")))
	if th := eval[string](tb, `(document.documentElement.dataset.theme || '') + (localStorage.getItem('patience-theme') || '')`); th != "" || bg() != lightBG {
		t.Errorf("after the second toggle: theme and storage %q, background %s", th, bg())
	}
}

func (f *fixture) testNoJS(t *testing.T) {
	tb := f.open(t)
	if err := call(tb.ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	f.goTo(tb, "games/house-in-the-woods/index.html#opening/5")
	type noJS struct {
		Moves, Notes, Cards      int
		Controls, Search, Toggle string
		T35                      string
		First, Last              string
		Viewers                  int
	}
	got := eval[noJS](tb, `(() => {
		const r = document.getElementById('opening'), d = e => getComputedStyle(e).display;
		const li = r.querySelectorAll('.replay-moves li');
		return {
			Moves: li.length, Notes: r.querySelectorAll('.replay-moves .note').length,
			Cards: r.querySelectorAll('.replay-board .card').length,
			Controls: d(r.querySelector('.replay-controls')), Search: d(document.querySelector('.search')),
			Toggle: d(document.querySelector('.theme-toggle')),
			T35: r.querySelector('[data-pile=t35] .cards').textContent,
			First: li[0].textContent, Last: li[li.length - 1].textContent,
			Viewers: document.querySelectorAll('.replay.js').length,
		};
	})()`)
	want := noJS{Moves: 12, Notes: 5, Cards: 104, Controls: "none", Search: "none", Toggle: "none", T35: "5♣A♣",
		First: "Start: the cards as dealt" + "Two Aces are free at once.", Viewers: 0}
	want.Last = got.Last
	if !strings.HasPrefix(got.Last, viewer.Caption(f.replays["opening"].Steps[10])) {
		t.Errorf("last move %q", got.Last)
	}
	if got != want {
		t.Errorf("without JavaScript:\n got %+v\nwant %+v", got, want)
	}
}

func (f *fixture) testNotFound(t *testing.T) {
	tb := f.open(t)
	tb.allow = []string{"404 (Not Found)"}
	for _, p := range []string{"nope.html", "games/nope/deeper/"} {
		f.goTo(tb, p)
		tb.wait(`!document.querySelector('.search').hidden`, 10*time.Second)
		got := eval[[]string](tb, `[document.title, getComputedStyle(document.querySelector('.site-header')).display,
			document.querySelector('main a[href$="index.html"]').href, document.querySelector('link[rel=stylesheet]').href]`)
		if got[0] != "Page not found · patience test site" || got[1] != "flex" || got[2] != f.base+"index.html" || got[3] != f.base+"assets/style.css" {
			t.Errorf("404 page at %s: title, header display, home link, stylesheet = %q", p, got)
		}
	}
}

// narrowCheck returns the page's width and the elements that stick out of
// the window, when the page scrolls sideways.
const narrowCheck = `(() => {
	const w = innerWidth, sw = document.documentElement.scrollWidth;
	if (sw <= w) return [];
	const out = [], scrolls = e => { for (; e; e = e.parentElement) { const o = getComputedStyle(e).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; } return false; };
	document.querySelectorAll('body *').forEach(e => {
		const r = e.getBoundingClientRect();
		if (r.right > w + 1 && !scrolls(e.parentElement) && out.length < 5) out.push(e.tagName.toLowerCase() + '.' + e.className + ' right=' + Math.round(r.right));
	});
	return ['scrollWidth ' + sw + ' > innerWidth ' + w].concat(out);
})()`

// clippedCheck lists the layout diagrams, replay boards and games tables
// that do not fit the window, or that scroll in their box.
const clippedCheck = `[...document.querySelectorAll('svg.diagram, .replay-board, table.games')].filter(e => {
	const r = e.getBoundingClientRect(), p = e.parentElement;
	return r.left < -1 || r.right > innerWidth + 1 || e.scrollWidth > e.clientWidth + 1 || p.scrollWidth > p.clientWidth + 1;
}).map(e => e.tagName.toLowerCase() + '.' + e.getAttribute('class'))`

func (f *fixture) testNarrow(t *testing.T) {
	tb := f.open(t)
	pages := append(append([]string{}, f.pages...), "404.html")
	for _, w := range []int64{360, 375} {
		if err := call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: w, Height: 740, DeviceScaleFactor: 1, Mobile: true}); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			rel := p
			if rel == "" || strings.HasSuffix(rel, "/") {
				rel += "index.html"
			}
			f.goTo(tb, rel)
			if strings.Contains(rel, "games/house-in-the-woods/") {
				tb.viewers(2)
			}
			if bad := eval[[]string](tb, narrowCheck); len(bad) > 0 {
				t.Errorf("%s at %d px scrolls sideways: %s", rel, w, strings.Join(bad, "; "))
			}
			if bad := eval[[]string](tb, clippedCheck); len(bad) > 0 {
				t.Errorf("%s at %d px: cut off: %s", rel, w, strings.Join(bad, "; "))
			}
		}
	}
}

func (f *fixture) testAxe(t *testing.T, scheme string) {
	axe, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		t.Fatal(err)
	}
	tb := f.open(t)
	tb.allow = []string{"404 (Not Found)"}
	media := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}
	if err := call(tb.ctx, emulation.SetEmulatedMedia, media); err != nil {
		t.Fatal(err)
	}
	{
		pages := []string{"index.html", "games/house-in-the-woods/index.html#opening/5", "docs/notation/index.html", "games/nope/"}
		if scheme == "dark" {
			pages = pages[1:3] // the other two have no colours of their own
		}
		for _, p := range pages {
			f.goTo(tb, p)
			if strings.Contains(p, "#") {
				tb.viewers(2)
			}
			if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[chromedp.Void](string(axe)+"\n;0")); err != nil && !errors.Is(err, chromedp.ErrJSUndefined) {
				t.Fatalf("loading axe-core: %v", err)
			}
			found, err := chromedp.Run(tb.ctx, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ['violations']}).then(r => r.violations
				.filter(v => v.impact === 'serious' || v.impact === 'critical')
				.map(v => v.id + ' (' + v.impact + '): ' + v.help + ': ' + v.nodes.slice(0, 4).map(n => n.target.join(' ') + (n.failureSummary ? ' [' + n.failureSummary.replace(/\s+/g, ' ') + ']' : '')).join('; ')))`,
				chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("axe on %s: %v", p, err)
			}
			for _, v := range found {
				t.Errorf("axe, %s, %s scheme: %s", p, scheme, v)
			}
		}
	}
}

// screenshots saves full-page screenshots of a few pages into dir.
func (f *fixture) screenshots(t *testing.T, dir string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	tb := f.open(t)
	pages := []struct{ name, rel string }{
		{"home", "index.html"},
		{"game", "games/house-in-the-woods/index.html#opening/5"},
		{"docs", "docs/notation/index.html"},
	}
	for _, scheme := range []string{"light", "dark"} {
		media := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}
		if err := call(tb.ctx, emulation.SetEmulatedMedia, media); err != nil {
			t.Fatal(err)
		}
		for _, w := range []int64{1200, 375} {
			if err := call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: w, Height: 900, DeviceScaleFactor: 1, Mobile: w < 800}); err != nil {
				t.Fatal(err)
			}
			for _, p := range pages {
				f.goTo(tb, p.rel)
				if strings.Contains(p.rel, "#") {
					tb.viewers(2)
				}
				time.Sleep(300 * time.Millisecond) // the highlight animation
				png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, fmt.Sprintf("%s-%d-%s.png", p.name, w, scheme))
				if err := os.WriteFile(name, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// The search box with results, light, at both widths.
	light := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}}
	if err := call(tb.ctx, emulation.SetEmulatedMedia, light); err != nil {
		t.Fatal(err)
	}
	for _, w := range []int64{1200, 375} {
		if err := call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: w, Height: 700, DeviceScaleFactor: 1, Mobile: w < 800}); err != nil {
			t.Fatal(err)
		}
		f.goTo(tb, "docs/notation/index.html")
		tb.do(chromedp.Click(chromedp.ID("search-q")), chromedp.SendKeys(chromedp.ID("search-q"), "fan"))
		tb.wait(`document.querySelector('#search-results a')`, 10*time.Second)
		png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, fmt.Sprintf("search-%d.png", w)), png, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	// The print stylesheet, at about the width of an A4 page.
	media := emulation.SetEmulatedMediaParams{Media: "print"}
	if err := call(tb.ctx, emulation.SetEmulatedMedia, media); err != nil {
		t.Fatal(err)
	}
	if err := call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 720, Height: 1000, DeviceScaleFactor: 1}); err != nil {
		t.Fatal(err)
	}
	f.goTo(tb, "games/house-in-the-woods/index.html")
	tb.viewers(2)
	png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "game-print.png"), png, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// testLayout checks that the viewer draws every pile where the game's
// declaration puts it (as the page's diagram does), scaled: a pile's left
// edge is X times one factor and its top Y times another, at two widths,
// once the rows below a fan that grows past its room have moved down to
// make room (--dy, the same for a whole row, and never less than a row's
// above): in this replay t14 grows to four cards, a line more.
func (f *fixture) testLayout(t *testing.T) {
	tb := f.open(t)
	g, err := engine.Lookup("house-in-the-woods", "")
	if err != nil {
		t.Fatal(err)
	}
	geo := diagram.Layout(g)
	type box struct {
		X, Y, W, D float64
		Fan        string
	}
	for _, w := range []int64{1280, 375} {
		if err := call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: w, Height: 800, DeviceScaleFactor: 1, Mobile: w < 800}); err != nil {
			t.Fatal(err)
		}
		f.goTo(tb, "games/house-in-the-woods/index.html#opening/3")
		tb.viewers(2)
		got := eval[map[string]box](tb, `(() => {
			const b = document.querySelector('#opening .replay-board'), o = b.getBoundingClientRect(), m = {};
			b.querySelectorAll('.pile').forEach(p => {
				const r = p.getBoundingClientRect();
				const d = (parseFloat(p.style.getPropertyValue('--dy')) || 0) * parseFloat(getComputedStyle(p).fontSize);
				m[p.dataset.pile] = {X: r.left - o.left, Y: r.top - o.top - d, W: b.clientWidth, D: d, Fan: p.dataset.fan || ''};
			});
			return m;
		})()`)
		if len(got) != len(geo.Places) {
			t.Fatalf("%d px: %d piles drawn, want %d", w, len(got), len(geo.Places))
		}
		var kx, ky float64
		for _, p := range geo.Places {
			if kx == 0 && p.X > 0 {
				kx = got[p.ID].X / p.X
			}
			if ky == 0 && p.Y > 0 {
				ky = (got[p.ID].Y - got[geo.Places[0].ID].Y) / (p.Y - geo.Places[0].Y)
			}
		}
		if kx < 10 {
			t.Fatalf("%d px: a card is %.1f px wide", w, kx)
		}
		y0 := got[geo.Places[0].ID].Y - geo.Places[0].Y*ky
		for _, p := range geo.Places {
			b := got[p.ID]
			if math.Abs(b.X-p.X*kx) > 1.5 || math.Abs(b.Y-y0-p.Y*ky) > 1.5 {
				t.Errorf("%d px: pile %s at (%.1f, %.1f) px, want (%.1f, %.1f): declared (%g, %g)", w, p.ID, b.X, b.Y, p.X*kx, y0+p.Y*ky, p.X, p.Y)
			}
			if fan := string(rune(p.Fan)); p.Fan != 0 && b.Fan != fan {
				t.Errorf("%d px: pile %s fans %q, want %q", w, p.ID, b.Fan, fan)
			}
		}
		for _, p := range geo.Places {
			for _, q := range geo.Places {
				if dp, dq := got[p.ID].D, got[q.ID].D; p.Y == q.Y && math.Abs(dp-dq) > .5 || p.Y < q.Y && dp > dq+.5 {
					t.Errorf("%d px: pile %s moved down %.1f px, pile %s %.1f px", w, p.ID, dp, q.ID, dq)
				}
			}
		}
		if d := got["t35"].D; d < 10 {
			t.Errorf("%d px: the last row moved down %.1f px for t14's second line", w, d)
		}
		if right := geo.W * kx; right > got["t1"].W+1 {
			t.Errorf("%d px: the board is %.0f px wide in a box of %.0f px", w, right, got["t1"].W)
		}
	}
}

// testOneScreen checks that at 1280×800 a linked viewer shows its board,
// its controls and the shown step's caption and note together, in the
// window, and that on a phone the Next button stays in the window.
func (f *fixture) testOneScreen(t *testing.T) {
	tb := f.open(t)
	if err := call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 1280, Height: 800, DeviceScaleFactor: 1}); err != nil {
		t.Fatal(err)
	}
	f.goTo(tb, "games/house-in-the-woods/index.html#opening/1")
	tb.viewers(2)
	out := eval[[]string](tb, `(() => {
		const bad = [];
		for (const s of ['.replay-board', '.replay-controls', '.replay-caption', '.replay-note', '[data-act=next]']) {
			const r = document.querySelector('#opening ' + s).getBoundingClientRect();
			if (r.height === 0 || r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) bad.push(s + ' at ' + JSON.stringify(r));
		}
		const b = document.querySelector('#opening .replay-board').getBoundingClientRect();
		if (b.width < 500) bad.push('the board is only ' + b.width + ' px wide');
		return bad;
	})()`)
	for _, o := range out {
		t.Errorf("1280×800: not in the window: %s", o)
	}
	if err := call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 375, Height: 812, DeviceScaleFactor: 1, Mobile: true}); err != nil {
		t.Fatal(err)
	}
	f.goTo(tb, "games/house-in-the-woods/index.html#opening/2")
	tb.viewers(2)
	eval[bool](tb, `(document.querySelector('#opening .replay-board').scrollIntoView(), true)`)
	if r := eval[[]float64](tb, `(r => [r.top, r.bottom])(document.querySelector('#opening [data-act=next]').getBoundingClientRect())`); r[0] < 0 || r[1] > 812 {
		t.Errorf("375×812: the Next button at %v, out of the window", r)
	}
}

// testLinks checks the links into a replay: a step past the end becomes
// the last step in the URL too, a replay the page lacks is said so, the
// skip link reaches the first replay, and the copy button is there.
func (f *fixture) testLinks(t *testing.T) {
	tb := f.open(t)
	f.goTo(tb, "games/house-in-the-woods/index.html#short/9999")
	tb.viewers(2)
	f.expect(tb, "short", 5, "#short/5")
	if n := eval[int](tb, `document.querySelectorAll('.replay-missing').length`); n != 0 {
		t.Errorf("%d notices of a missing replay, want none", n)
	}
	f.goTo(tb, "games/house-in-the-woods/index.html#nonexistent/3")
	tb.viewers(2)
	if got := eval[string](tb, `(document.querySelector('.replay-missing') || {}).textContent || ''`); !strings.Contains(got, "no replay \u201cnonexistent\u201d") {
		t.Errorf("a link to a missing replay: notice %q", got)
	}
	eval[bool](tb, `(location.hash = '#opening/2', true)`)
	tb.wait(`!document.querySelector('.replay-missing')`, 10*time.Second)
	if got := eval[string](tb, `[...document.querySelectorAll('.skip-link')].map(a => a.textContent + ' ' + a.getAttribute('href')).join('; ')`); !strings.Contains(got, "Skip to the first replay #opening") {
		t.Errorf("skip links: %q", got)
	}
	if got := eval[string](tb, `document.querySelector('#opening [data-act=copy]').textContent`); got != "Copy link" {
		t.Errorf("copy button: %q", got)
	}
	if got := eval[string](tb, `document.querySelector('#opening .replay-now').dataset.shown`); got != "Step 2 of 11" {
		t.Errorf("the step a printed board shows: %q", got)
	}
	// A swipe to the left across the board shows the next step.
	eval[bool](tb, `(b => {
		const at = (type, x) => b.dispatchEvent(new PointerEvent(type, {pointerType: 'touch', clientX: x, clientY: 200, bubbles: true}));
		at('pointerdown', 300); at('pointerup', 150);
		return true;
	})(document.querySelector('#opening .replay-board'))`)
	f.expect(tb, "opening", 3, "#opening/3")
}

// testDeck checks the four-colour deck: the toggle colours diamonds and
// clubs apart from hearts and spades, and the choice is remembered.
func (f *fixture) testDeck(t *testing.T) {
	tb := f.open(t)
	f.goTo(tb, "games/house-in-the-woods/index.html")
	tb.viewers(2)
	colours := func() []string {
		return eval[[]string](tb, `['h', 'd', 'c', 's'].map(s => getComputedStyle(document.querySelector('#opening .card.' + s)).color)`)
	}
	two := colours()
	if two[0] != two[1] || two[2] != two[3] || two[0] == two[2] {
		t.Errorf("two-colour deck: hearts, diamonds, clubs, spades %v", two)
	}
	tb.wait(`!document.querySelector('.deck-toggle').hidden`, 10*time.Second)
	tb.do(chromedp.Click(chromedp.CSS(".deck-toggle")))
	four := colours()
	seen := map[string]bool{}
	for _, c := range four {
		seen[c] = true
	}
	if len(seen) != 4 {
		t.Errorf("four-colour deck: hearts, diamonds, clubs, spades %v", four)
	}
	f.goTo(tb, "games/house-in-the-woods/index.html")
	tb.viewers(2)
	if got := eval[string](tb, `document.documentElement.dataset.deck + ' ' + document.querySelector('.deck-toggle').getAttribute('aria-pressed')`); got != "four true" {
		t.Errorf("after a reload: deck and toggle %q, want four true", got)
	}
	tb.do(chromedp.Click(chromedp.CSS(".deck-toggle")))
	if got := eval[string](tb, `String(localStorage.getItem('patience-deck'))`); got != "null" {
		t.Errorf("two colours again: stored %q", got)
	}
}

// testDownloads follows each viewer's download links and checks that the
// .replay verifies (as patience verify does) to exactly the JSON offered
// beside it (as patience verify --json prints it).
func (f *fixture) testDownloads(t *testing.T) {
	tb := f.open(t)
	f.goTo(tb, "games/house-in-the-woods/index.html")
	tb.viewers(2)
	links := eval[map[string][]string](tb, `(() => {
		const m = {};
		document.querySelectorAll('.replay').forEach(r => m[r.id] = [...r.querySelectorAll('.replay-files a[download]')].map(a => a.href));
		return m;
	})()`)
	get := func(u string) []byte {
		t.Helper()
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %v", u, resp.StatusCode, err)
		}
		return data
	}
	for _, id := range []string{"opening", "short"} {
		l := links[id]
		if len(l) != 2 || !strings.HasSuffix(l[0], "/"+id+".replay") || !strings.HasSuffix(l[1], "/"+id+".json") {
			t.Errorf("%s: download links %q", id, l)
			continue
		}
		r, err := replay.Parse(id+".replay", 1, get(l[0]))
		if err != nil {
			t.Fatalf("%s.replay: %v", id, err)
		}
		v, err := replay.Verify(r)
		if err != nil {
			t.Fatalf("%s.replay: %v", id, err)
		}
		again, _ := json.MarshalIndent(v.Export(), "", "  ")
		if got := get(l[1]); string(got) != string(again)+"\n" {
			t.Errorf("%s: the JSON download differs from the verified .replay's:\n%s\nwant\n%s", id, got, again)
		}
		if e := f.replays[id]; e == nil || v.Export().ID != e.ID || len(v.Export().Steps) != len(e.Steps) {
			t.Errorf("%s: the .replay download is not the page's replay", id)
		}
	}
}
