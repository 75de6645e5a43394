package browsertest

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play"
	"github.com/patience-solitaire/patience/cmd/patience/internal/play/skeletons"
	"github.com/patience-solitaire/patience/cmd/patience/internal/replayblock"
	"github.com/patience-solitaire/patience/cmd/patience/internal/site"
	"github.com/patience-solitaire/patience/engine"
)

// TestPlayDeclared drives the play panel of a game the site declares
// (content/games/forecell.game): the panel fetches the published
// declaration and skeletons and sends them with its requests, and the
// browser's engine plays and solves the game. (It needs a module built
// from sources that know Request.Declaration: go generate
// ./cmd/patience/internal/play.)
func TestPlayDeclared(t *testing.T) {
	exe := needChromium(t)
	dir := t.TempDir()
	decl, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "engine", "testdata", "declare", "forecell.game"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"config.yaml":                 "all_games: false\n",
		"content/games/forecell.game": string(decl),
		"content/games/forecell.md":   "---\ngame: forecell\n---\n# Forecell\n\nA game of the FreeCell family.\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { engine.SetDeclared(nil) })
	f := &fixture{dest: filepath.Join(dir, "public")}
	if _, err := site.Build(site.Options{Source: dir, Destination: f.dest, Replay: replayblock.Render, PlaySkeletons: skeletons.Text}); err != nil {
		t.Fatalf("building the site: %v", err)
	}
	srv := httptest.NewServer(siteHandler(f.dest))
	t.Cleanup(srv.Close)
	f.base = srv.URL + "/"
	f.browser = startBrowser(t, exe, filepath.Join(dir, "profile"))

	tb := f.openSlow(t)
	f.goTo(tb, "games/forecell/index.html")
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), "2"))
	tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=solve]`)))
	id := play.SolutionID("", "2")
	tb.wait(fmt.Sprintf(`document.getElementById(%q) || /^The engine failed|^Lost|unknown game/i.test(document.querySelector('.play-status').textContent)`, id), 90*time.Second)
	if st := tb.panel().Status; !strings.HasPrefix(st, "Won: ") {
		t.Fatalf("after the solve: %q", st)
	}
	if n := eval[int](tb, fmt.Sprintf(`document.querySelectorAll('#%s .pile').length`, id)); n != 16 {
		t.Errorf("the solution's board has %d piles, want Forecell's 16", n)
	}
}
