package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/content"
)

// TestServeOddsChange is issue 18, item 2: a page's dependencies are
// recorded as its build reads them, template functions included. Here a
// page of its own layout shows a game's odds (before, only game pages and
// the home page were known to), the odds file changes, and every page of
// the site served must be what a fresh build makes.
func TestServeOddsChange(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "content"), content.FS); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "templates/oddsnote.html", `{{define "main"}}{{.Content}}<p class="note">{{with odds "shamrocks" ""}}Shamrocks: {{.Won}} won, {{.Rate}}{{end}}</p>{{end}}`)
	writeFile(t, dir, "content/docs/odds-note.md", "---\ntitle: Odds note\nlayout: oddsnote\n---\n# Odds note\n")
	ls := startServe(t, dir)
	c := ls.subscribe(t)
	defer c.close()
	var recorded struct{ Won int }
	if b, err := os.ReadFile(filepath.Join(dir, "content/odds/shamrocks.json")); err != nil || json.Unmarshal(b, &recorded) != nil {
		t.Fatalf("the bundled Shamrocks odds: %v", err)
	}
	if status, page := ls.get(t, "/docs/odds-note/"); status != 200 || !strings.Contains(page, fmt.Sprintf("Shamrocks: %d won", recorded.Won)) {
		t.Fatalf("GET /docs/odds-note/: %d\n%s", status, page)
	}

	writeFile(t, dir, "content/odds/shamrocks.json", `{
  "game": "shamrocks",
  "engine": "575d04c1170c",
  "deals": "1-1000",
  "won": 950,
  "lost": 25,
  "unknown": 25
}
`)
	c.until(t, "a reload", func(ev sseEvent) bool { return ev.name == "reload" })
	built := fullBuild(t, dir)
	for name, want := range built {
		if !strings.HasSuffix(name, ".html") && !strings.HasSuffix(name, ".json") {
			continue
		}
		url := "/" + strings.TrimSuffix(name, "index.html")
		status, got := ls.get(t, url)
		if strings.HasSuffix(name, ".html") {
			got = stripLive(got)
		}
		if status != 200 || got != string(want) {
			t.Errorf("%s: %d, differs from a fresh build's", url, status)
		}
	}
	if _, page := ls.get(t, "/docs/odds-note/"); !strings.Contains(page, "Shamrocks: 950 won, 95.0%") {
		t.Errorf("the odds note did not change:\n%s", page)
	}
}
