package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestServeBrowser checks the reload script in Chromium: a page open at a
// replay step shows a broken build's error over the page without
// reloading, then reloads by itself once the build is fixed, at the same
// step. Like the browser tests of the site (package browsertest), it
// skips without Chromium unless PATIENCE_BROWSER=required.
func TestServeBrowser(t *testing.T) {
	exe := os.Getenv("PATIENCE_CHROMIUM")
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if exe == "" {
			exe, _ = exec.LookPath(name)
		}
	}
	required := os.Getenv("PATIENCE_BROWSER") == "required"
	switch {
	case exe == "" && required:
		t.Fatal("PATIENCE_BROWSER=required, but there is no Chromium: apt-get install chromium")
	case exe == "":
		t.Skip("no Chromium found: apt-get install chromium (or set PATIENCE_CHROMIUM)")
	case testing.Short() && !required:
		t.Skip("browser test skipped in -short mode")
	}
	dir := testSite(t)
	ls := startServe(t, dir)

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(filepath.Join(t.TempDir(), "profile")),
	)
	defer cancelAlloc()
	browser, cancelBrowser := chromedp.NewContext(alloc)
	defer cancelBrowser()
	ctx, cancel := context.WithTimeout(browser, 90*time.Second)
	defer cancel()
	eval := func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("evaluating %s: %v", expr, err)
		}
		return v
	}
	wait := func(what, expr string) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			_, err := chromedp.Run(ctx, chromedp.Poll[bool]("!!("+expr+")", chromedp.WithPollingTimeout(time.Until(deadline))))
			if err == nil {
				return
			}
			// A reload during the poll ends it: poll the new page.
			if time.Now().After(deadline) || !strings.Contains(err.Error(), "navigated") && !strings.Contains(err.Error(), "context") {
				t.Fatalf("waiting for %s (%s): %v\npage: %.2000s\nserve's log:\n%s", what, expr, err,
					eval("document.body ? document.body.innerText : ''"), ls.log)
			}
		}
	}

	if err := chromedp.Do(ctx, chromedp.Navigate(ls.d.URL+"games/play/index.html#deal-1/2")); err != nil {
		t.Fatal(err)
	}
	wait("the viewer", "document.querySelector('.replay.js .replay-pos')")
	pos := `document.querySelector('.replay-pos').textContent`
	if got := eval(pos); !strings.HasPrefix(got, "2 / ") {
		t.Fatalf("the viewer shows %q, want step 2 of the fragment", got)
	}
	// Wait for the event stream, then mark the page: a reload forgets it.
	for deadline := time.Now().Add(30 * time.Second); ls.d.srv.Clients() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the page did not open the event stream")
		}
	}
	eval("window.beforeReload = 'yes'")

	writeFile(t, dir, "content/games/deal-1.replay", strings.Replace(serveReplay, "t1:6C t14", "t1:6C t15", 1))
	wait("the error overlay", "document.getElementById('patience-serve-error')")
	text := eval("document.getElementById('patience-serve-error').innerText")
	for _, want := range []string{"content/games/deal-1.replay:7:1", "6C cannot go on 9D", "t1:6C t15"} {
		if !strings.Contains(text, want) {
			t.Errorf("the overlay lacks %q:\n%s", want, text)
		}
	}
	if eval("String(window.beforeReload)") != "yes" {
		t.Error("the page reloaded on a failed build")
	}
	// The overlay: the first error first, opaque, its Dismiss button clear
	// of the heading on a phone, and Escape closes it.
	look := eval(`(o => {
		const h = o.querySelector('h2').getBoundingClientRect(), b = o.querySelector('button').getBoundingClientRect();
		const overlap = b.left < h.right && h.left < b.right && b.top < h.bottom && h.top < b.bottom;
		return getComputedStyle(o).backgroundColor + ' | ' + (overlap ? 'overlap' : 'apart') + ' | ' + o.querySelector('p').innerText;
	})(document.getElementById('patience-serve-error'))`)
	if parts := strings.SplitN(look, " | ", 3); len(parts) != 3 || strings.HasPrefix(parts[0], "rgba") || parts[1] != "apart" ||
		!strings.HasPrefix(parts[2], "content/games/deal-1.replay:7:1: ") {
		t.Errorf("the overlay: background, Dismiss and heading, first error: %q", look)
	}
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 360, Height: 740, DeviceScaleFactor: 1, Mobile: true}); err != nil {
		t.Fatal(err)
	}
	if look := eval(`(o => { const h = o.querySelector('h2').getBoundingClientRect(), b = o.querySelector('button').getBoundingClientRect();
		return b.left < h.right && h.left < b.right && b.top < h.bottom && h.top < b.bottom ? 'overlap' : 'apart'; })(document.getElementById('patience-serve-error'))`); look != "apart" {
		t.Error("on a phone, the overlay's Dismiss button overlaps its heading")
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	if eval("String(!!document.getElementById('patience-serve-error'))") != "false" {
		t.Error("Escape does not close the overlay")
	}

	writeFile(t, dir, "content/games/deal-1.replay", serveReplay+"-- fixed\n")
	wait("the reloaded page with the fixed replay", "window.beforeReload === undefined && document.readyState === 'complete' && "+
		"document.querySelector('.replay.js .replay-pos') && document.body.innerText.includes('fixed')")
	// One evaluation, so that every part comes from the same page.
	got := eval("location.hash + ' ' + " + pos + " + ' overlay:' + !!document.getElementById('patience-serve-error')")
	if !strings.HasPrefix(got, "#deal-1/2 2 / ") {
		t.Errorf("after the reload: %q, want the viewer still at #deal-1/2", got)
	}
	if !strings.HasSuffix(got, " overlay:false") {
		t.Error("the overlay is still shown after a good build")
	}
}
