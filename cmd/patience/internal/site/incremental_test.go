package site

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

// sameFiles reports the differences between two sites' files.
func sameFiles(t *testing.T, step string, got, want map[string][]byte) {
	t.Helper()
	var names []string
	for n := range want {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		g, ok := got[n]
		switch {
		case !ok:
			t.Errorf("%s: incremental build lacks %s", step, n)
		case !bytes.Equal(g, want[n]):
			t.Errorf("%s: %s differs from a full build's:\n%s", step, n, firstDiff(want[n], g))
		}
	}
	for n := range got {
		if _, ok := want[n]; !ok {
			t.Errorf("%s: incremental build has %s, a full build does not", step, n)
		}
	}
}

// TestIncrementalMatchesFullBuild edits a site step by step and checks
// after each step that the incremental build gives what a full build
// gives, errors included, and that it redid only what it had to.
func TestIncrementalMatchesFullBuild(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/site")); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		writeFiles(t, dir, map[string]string{name: text})
	}
	cache := NewCache()
	npages := 0
	step := func(name string, loaded, rendered int, changed ...string) {
		t.Helper()
		cache.Changed(changed...)
		inc, incErr := Build(Options{Source: dir, Cache: cache, Replay: fakeReplay})
		full, fullErr := Build(Options{Source: dir, Memory: true, Replay: fakeReplay})
		if (incErr == nil) != (fullErr == nil) || incErr != nil && incErr.Error() != fullErr.Error() {
			t.Fatalf("%s: incremental build: %v\nfull build: %v", name, incErr, fullErr)
		}
		if fullErr != nil {
			return
		}
		sameFiles(t, name, inc.Output, full.Output)
		if inc.Files != full.Files || len(inc.Pages) != len(full.Pages) {
			t.Errorf("%s: %d files and %d pages, a full build %d and %d", name, inc.Files, len(inc.Pages), full.Files, len(full.Pages))
		}
		npages = len(full.Pages)
		if loaded < 0 {
			loaded = npages
		}
		if rendered < 0 {
			rendered = npages
		}
		if inc.Loaded != loaded || inc.Rendered != rendered {
			t.Errorf("%s: %d pages loaded and %d rendered, want %d and %d", name, inc.Loaded, inc.Rendered, loaded, rendered)
		}
	}
	all := -1
	step("first build", all, all)
	step("nothing changed", 0, 0)
	step("reported change, same text", 1, 1, "content/about.md")
	write("content/about.md", "Just text, a new body and no heading.\n")
	step("body of a page", 1, 1, "content/about.md")
	write("content/about.md", "# About us\n\nJust text.\n")
	step("title of a page", 1, all, "content/about.md")
	write("content/games/deal-1.replay", "game: shamrocks\ndeal: 1\nt2 f\n")
	step("replay file", 1, 1, "content/games/deal-1.replay")
	write("content/games/deal-1.replay", "game: shamrocks\ndeal: 1\nt2 BAD\n")
	step("broken replay file", 0, 0, "content/games/deal-1.replay")
	write("content/about.md", "# About us\n\nJust more text.\n")
	step("edit while broken", 0, 0, "content/about.md")
	write("content/games/deal-1.replay", "game: shamrocks\ndeal: 1\nt3 f\n")
	step("fixed replay file", 2, 2, "content/games/deal-1.replay")
	write("content/new/deep/page.md", "---\ntitle: Deep\n---\nA new page in a new folder.\n")
	step("new page in a new folder", 1, all, "content/new")
	if err := os.Remove(filepath.Join(dir, "content/about.md")); err != nil {
		t.Fatal(err)
	}
	step("deleted page", 0, all, "content/about.md")
	if err := os.Rename(filepath.Join(dir, "content/docs"), filepath.Join(dir, "content/handbook")); err != nil {
		t.Fatal(err)
	}
	step("renamed folder", 1, all, "content/docs", "content/handbook")
	write("content/games/diagram.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n")
	step("static file", 0, 0, "content/games/diagram.svg")
	// A change nobody reported is still seen when the size differs.
	write("content/games/diagram.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><g/></svg>\n")
	step("unreported static file", 0, 0)
	write("content/games/picture.txt", "a new static file\n")
	step("new static file", 0, 0, "content/games/picture.txt")
	write("templates/page.html", "{{define \"main\"}}<article>{{.Content}}</article>{{end}}\n")
	step("template", all, all, "templates/page.html")
	write("config.yaml", "title: Other Patience\nall_games: false\n")
	step("config", all, all, "config.yaml")
	cache.ChangedAll()
	step("everything", all, all)
	write("content/games/shamrocks.md", "---\ntitle: Shamrocks\nweight: 2\n---\n```replay src=deal-1.replay\n```\n")
	write("content/games/la-belle-lucie.md", "---\ntitle: La Belle Lucie\nweight: [1]\n---\n")
	step("broken front matter", 0, 0, "content/games")
	write("content/games/la-belle-lucie.md", "---\ntitle: La Belle Lucie\nweight: 1\n---\n")
	step("fixed front matter", 3, all, "content/games/la-belle-lucie.md")
	// A game the site declares: a change to its declaration rebuilds
	// everything (its pages, the game check, the play panel).
	t.Cleanup(func() { engine.SetDeclared(nil) })
	decl, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "engine", "testdata", "declare", "forecell.game"))
	if err != nil {
		t.Fatal(err)
	}
	write("content/games/forecell.game", string(decl))
	write("content/games/forecell.md", "---\ngame: forecell\n---\n# Forecell\n")
	step("declared game", all, all, "content/games/forecell.game", "content/games/forecell.md")
	write("content/games/forecell.game", strings.Replace(string(decl), "fill=kings", "fill=any", 1))
	step("declaration changed", all, all, "content/games/forecell.game")
	write("content/games/forecell.game", strings.Replace(string(decl), "fill=kings", "fill=some", 1))
	step("broken declaration", 0, 0, "content/games/forecell.game")
	write("content/games/forecell.game", string(decl))
	step("fixed declaration", all, all, "content/games/forecell.game")

	// The same site written to a folder.
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := Build(Options{Source: dir, Destination: dest, Replay: fakeReplay}); err != nil {
		t.Fatal(err)
	}
	mem, err := Build(Options{Source: dir, Cache: cache, Replay: fakeReplay})
	if err != nil {
		t.Fatal(err)
	}
	sameFiles(t, "memory and folder", mem.Output, readTree(t, dest))
	if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
		t.Error("a build in memory wrote the destination folder")
	}
}

// TestIncrementalSymlink checks that a page that is a symbolic link to
// another file of the content folder follows changes of its target,
// which are reported under the target's name only.
func TestIncrementalSymlink(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"content/index.md":       "# Home\n",
		"content/notes/real.txt": "# Linked\n\nFirst.\n",
	})
	if err := os.Symlink("notes/real.txt", filepath.Join(dir, "content/linked.md")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	cache := NewCache()
	for i, text := range []string{"First.", "Second.", "Third."} {
		if i > 0 {
			writeFiles(t, dir, map[string]string{"content/notes/real.txt": "# Linked\n\n" + text + "\n"})
			cache.Changed("content/notes/real.txt")
		}
		res, err := Build(Options{Source: dir, Cache: cache})
		if err != nil {
			t.Fatal(err)
		}
		if got := string(res.Output["linked/index.html"]); !strings.Contains(got, text) {
			t.Errorf("step %d: the linked page does not show %q", i, text)
		}
	}
}
