package site

import (
	"bytes"
	"flag"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// fakeReplay stands for the real replay renderer: it shows what the site
// handed it, and fails on a line that says BAD.
func fakeReplay(b markup.ReplayBlock) ([]byte, error) {
	var list srcpos.ErrorList
	for i, line := range strings.Split(string(b.Body), "\n") {
		if col := strings.Index(line, "BAD"); col >= 0 {
			list.Add(srcpos.Pos{File: b.File, Line: b.FirstLine + i, Col: col + 1}, "step 1 (BAD): bad move")
		}
	}
	if len(list) > 0 {
		return nil, list
	}
	keys := make([]string, 0, len(b.Attrs))
	for k := range b.Attrs {
		keys = append(keys, k+"="+b.Attrs[k])
	}
	sort.Strings(keys)
	return fmt.Appendf(nil, "<div class=\"fake-replay\" data-fence=\"%s:%d:%d\" data-file=\"%s:%d\" data-attrs=%q>\n%s</div>\n",
		b.Page, b.Line, b.Col, b.File, b.FirstLine, html.EscapeString(strings.Join(keys, " ")), html.EscapeString(string(b.Body))), nil
}

// readTree reads every file under dir, by slash-separated relative path.
func readTree(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	tree := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		tree[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// writeFiles writes files (slash-separated path -> text) under dir.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fromTemplates tells whether an output file is a copy of an asset of
// package templates, which other people edit: the golden files leave them
// out.
func fromTemplates(name string) bool {
	return strings.HasPrefix(name, "assets/") && name != chromaCSS
}

func TestBuildGolden(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	res, err := Build(Options{Source: "testdata/site", Destination: dest, Replay: fakeReplay})
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	got := readTree(t, dest)
	for _, a := range []string{"assets/style.css", "assets/chroma.css"} {
		if len(got[a]) == 0 {
			t.Errorf("missing asset %s", a)
		}
	}
	golden := "testdata/golden"
	if *update {
		os.RemoveAll(golden)
		for name, data := range got {
			if !fromTemplates(name) {
				writeFiles(t, golden, map[string]string{name: string(data)})
			}
		}
	}
	want := readTree(t, golden)
	for name, data := range got {
		if fromTemplates(name) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			w, ok := want[name]
			if !ok {
				t.Fatalf("unexpected output file %s (run go test -update to accept)", name)
			}
			if !bytes.Equal(data, w) {
				t.Errorf("%s differs from testdata/golden/%s (run go test -update to accept):\n%s", name, name, firstDiff(w, data))
			}
		})
	}
	for name := range want {
		if _, ok := got[name]; !ok {
			t.Errorf("missing output file %s", name)
		}
	}

	// The result: pages by URL, and the replay files each page read.
	var urls []string
	for _, p := range res.Pages {
		urls = append(urls, p.URL)
	}
	wantURLs := []string{"", "about/", "docs/guide/nested/", "games/", "games/la-belle-lucie/", "games/shamrocks/"}
	if fmt.Sprint(urls) != fmt.Sprint(wantURLs) {
		t.Errorf("pages %q, want %q", urls, wantURLs)
	}
	// A game page depends on its game's survey results, whether the file
	// exists yet or not, and the home page on those of the games it lists,
	// with the fair-play file of a game whose redeals shuffle (what their
	// templates read, recorded as they read it: reads.go).
	if d := res.Deps["content/games/shamrocks.md"]; fmt.Sprint(d) != "[content/games/deal-1.replay content/odds/shamrocks.json]" {
		t.Errorf("deps of shamrocks.md = %q", d)
	}
	if d, ok := res.Deps["content/index.md"]; !ok || fmt.Sprint(d) != "[content/odds/la-belle-lucie.fair.jsonl content/odds/la-belle-lucie.json content/odds/shamrocks.json]" {
		t.Errorf("deps of index.md = %q, %v", d, ok)
	}
	if d, ok := res.Deps["content/about.md"]; !ok || len(d) != 0 {
		t.Errorf("deps of about.md = %q, %v", d, ok)
	}
	if res.Files != len(got) {
		t.Errorf("Files = %d, wrote %d", res.Files, len(got))
	}
}

// firstDiff shows the first line where got differs from want.
func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, w, g)
		}
	}
	return "(same lines)"
}

func TestBuildDeterministic(t *testing.T) {
	dir := t.TempDir()
	var trees []map[string][]byte
	for i, workers := range []int{1, 4} {
		dest := filepath.Join(dir, fmt.Sprint("out", i))
		if _, err := Build(Options{Source: "testdata/site", Destination: dest, Replay: fakeReplay, Workers: workers}); err != nil {
			t.Fatal(err)
		}
		trees = append(trees, readTree(t, dest))
	}
	if len(trees[0]) != len(trees[1]) {
		t.Fatalf("builds wrote %d and %d files", len(trees[0]), len(trees[1]))
	}
	for name, data := range trees[0] {
		if !bytes.Equal(data, trees[1][name]) {
			t.Errorf("%s differs between two builds", name)
		}
	}
}

// A site that builds, to which each error case adds files.
var goodSite = map[string]string{
	"content/index.md":            "---\ntitle: Home\n---\nHello.\n",
	"content/games/a.md":          "---\ntitle: A\n---\n# A\n\n```replay src=a.replay\n```\n",
	"content/games/a.replay":      "t1 t2\n",
	"outside/secret.replay":       "not content\n",
	"content/games/b.md":          "# B\n\n```replay\nt1 t2\n```\n",
	"content/docs/nested/deep.md": "# Deep\n",
}

func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		setup func(t *testing.T, dir string)
		want  []string
	}{
		{
			name:  "bad YAML",
			files: map[string]string{"content/games/bad.md": "---\ntitle: Bad\naliases: [one, two\nfamily: fan\n---\n# Bad\n"},
			want:  []string{"content/games/bad.md:3:1: front matter: did not find expected ',' or ']'"},
		},
		{
			name:  "YAML indentation",
			files: map[string]string{"content/bad.md": "---\ntitle: Bad\n  family: fan\n---\n"},
			want:  []string{"content/bad.md:3:1: front matter: mapping values are not allowed in this context"},
		},
		{
			name:  "front matter never closed",
			files: map[string]string{"content/bad.md": "---\ntitle: Bad\n# Bad\n"},
			want:  []string{"content/bad.md:1:1: front matter opened with --- is never closed (no later line ---)"},
		},
		{
			name:  "title not a string",
			files: map[string]string{"content/bad.md": "---\ntitle: [a, b]\nweight: heavy\n---\n"},
			want: []string{
				"content/bad.md:2:8: front matter: title must be a string, not a list",
				`content/bad.md:3:9: front matter: weight must be an integer, not "heavy"`,
			},
		},
		{
			name:  "non-UTF-8 page",
			files: map[string]string{"content/bad.md": "# Bad\n\nCaf\xe9 au lait\n"},
			want:  []string{"content/bad.md:3:4: invalid UTF-8 (byte 0xe9): a page must be UTF-8 text"},
		},
		{
			name:  "binary page",
			files: map[string]string{"content/bin.md": "\x00\x01\x02\xff\xfe"},
			want:  []string{"content/bin.md:1:1: NUL byte: a page must be text, not binary data"},
		},
		{
			name:  "src outside content",
			files: map[string]string{"content/games/c.md": "# C\n\n```replay src=../../outside/secret.replay\n```\n"},
			want:  []string{"content/games/c.md:3:1: replay block src=../../outside/secret.replay: the file is outside the content folder"},
		},
		{
			name:  "src absolute",
			files: map[string]string{"content/games/c.md": "# C\n\n```replay src=/etc/passwd\n```\n"},
			want:  []string{"content/games/c.md:3:1: replay block src=/etc/passwd: the file must be given relative to the page's folder"},
		},
		{
			name:  "src through a symbolic link",
			files: map[string]string{"content/games/c.md": "# C\n\n  ```replay src=link.replay\n  ```\n"},
			setup: func(t *testing.T, dir string) {
				if err := os.Symlink("../../outside/secret.replay", filepath.Join(dir, "content/games/link.replay")); err != nil {
					t.Skip("no symbolic links:", err)
				}
			},
			want: []string{"content/games/c.md:3:3: replay block src=link.replay: content/games/link.replay is a symbolic link that leaves the content folder"},
		},
		{
			name:  "missing src",
			files: map[string]string{"content/games/c.md": "---\ntitle: C\n---\n\n- item\n\n  ```replay src=missing.replay\n  ```\n"},
			want:  []string{"content/games/c.md:7:3: replay block src=missing.replay: no file content/games/missing.replay"},
		},
		{
			name:  "src and a body",
			files: map[string]string{"content/games/c.md": "```replay src=a.replay\nt1 t2\n```\n"},
			want:  []string{"content/games/c.md:1:1: a replay block with src= must be empty: the replay is in the file"},
		},
		{
			name: "replay errors keep their positions",
			files: map[string]string{
				"content/games/c.md":     "---\ntitle: C\n---\n\n```replay\nt1 t2\nBAD\n```\n\n```replay src=c.replay\n```\n",
				"content/games/c.replay": "t1 t2\n  BAD\n",
			},
			want: []string{
				"content/games/c.md:7:1: step 1 (BAD): bad move",
				"content/games/c.replay:2:3: step 1 (BAD): bad move",
			},
		},
		{
			name:  "malformed info string",
			files: map[string]string{"content/games/c.md": "```replay src\n```\n"},
			want:  []string{`content/games/c.md:1:1: replay block: "src" in the info string is not key=value`},
		},
		{
			name:  "template execution error",
			files: map[string]string{"templates/page.html": "{{define \"main\"}}\n<p>{{.Nope}}</p>\n{{end}}\n"},
			want:  []string{`templates/page.html:2:6: executing "main" at <.Nope>: can't evaluate field Nope in type *site.PageData (rendering content/docs/nested/deep.md and 2 other pages)`},
		},
		{
			name:  "template parse error",
			files: map[string]string{"templates/game.html": "{{define \"main\"}}\n{{if}}\n{{end}}\n"},
			want:  []string{"templates/game.html:2:1: missing value for if"},
		},
		{
			name:  "unknown layout",
			files: map[string]string{"content/c.md": "---\nlayout: fancy\n---\n"},
			want:  []string{`content/c.md:2:9: front matter: no layout "fancy" (have game, home, page)`},
		},
		{
			name:  "two pages, one URL",
			files: map[string]string{"content/games/a/index.md": "# A again\n"},
			want:  []string{"content/games/a.md: writes games/a/index.html, as content/games/a/index.md does"},
		},
		{
			name:  "bad config",
			files: map[string]string{"config.yaml": "title: T\nunsafe: maybe\ncolour: red\n"},
			want: []string{
				`config.yaml:2:9: unsafe must be true or false, not "maybe"`,
				"config.yaml:3:9: unknown setting colour (known: all_games, baseURL, title, typographer, unsafe)",
			},
		},
		{
			name: "every error of the build",
			files: map[string]string{
				"content/x.md":   "\xff",
				"content/y.md":   "---\n: :\n---\n",
				"content/z/z.md": "```replay src=nope.replay\n```\n",
			},
			want: []string{
				"content/x.md:1:1: invalid UTF-8 (byte 0xff): a page must be UTF-8 text",
				"content/y.md:2:1: front matter: did not find expected key",
				"content/z/z.md:1:1: replay block src=nope.replay: no file content/z/nope.replay",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			src := filepath.Join(dir, "site")
			writeFiles(t, src, goodSite)
			dest := filepath.Join(dir, "out", "public")
			if _, err := Build(Options{Source: src, Destination: dest, Replay: fakeReplay}); err != nil {
				t.Fatalf("the good site does not build: %v", err)
			}
			before := readTree(t, dest)

			writeFiles(t, src, tt.files)
			if tt.setup != nil {
				tt.setup(t, src)
			}
			_, err := Build(Options{Source: src, Destination: dest, Replay: fakeReplay})
			if err == nil {
				t.Fatal("Build succeeded")
			}
			list, ok := err.(srcpos.ErrorList)
			if !ok {
				t.Fatalf("error is a %T, not a srcpos.ErrorList: %v", err, err)
			}
			var got []string
			for _, e := range list {
				got = append(got, e.Error())
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}

			// The previous output is untouched, and nothing is left behind.
			after := readTree(t, dest)
			if len(after) != len(before) {
				t.Errorf("output has %d files, had %d", len(after), len(before))
			}
			for name, data := range before {
				if !bytes.Equal(after[name], data) {
					t.Errorf("output file %s changed", name)
				}
			}
			entries, _ := os.ReadDir(filepath.Dir(dest))
			if len(entries) != 1 {
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				t.Errorf("output's parent holds %q, want only public", names)
			}
		})
	}
}

// The destinations through a symbolic link are issue 41, item 9: a first
// build into a folder that does not exist yet, under a link to the
// content folder, was accepted, and the site written into its source.
func TestBuildRefusesDangerousDestinations(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, goodSite)
	other := t.TempDir()
	for link, target := range map[string]string{
		filepath.Join(dir, "tocontent"):   filepath.Join(dir, "content"),
		filepath.Join(other, "tocontent"): filepath.Join(dir, "content"),
		filepath.Join(other, "tosite"):    dir,
		filepath.Join(dir, "dangling"):    filepath.Join(dir, "content/games/new"),
		filepath.Join(dir, "dangling2"):   "dangling/deeper",
	} {
		if err := os.Symlink(target, link); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	for _, dest := range []string{".", "..", "content", "content/games/out", "templates/x",
		"tocontent", "tocontent/public", "tocontent/new/deeper/public", "tocontent/games/out",
		filepath.Join(other, "tocontent/public"), filepath.Join(other, "tosite/content/public"),
		"dangling", "dangling/public", "dangling2"} {
		t.Run(dest, func(t *testing.T) {
			_, err := Build(Options{Source: dir, Destination: dest})
			if err == nil || !strings.Contains(err.Error(), "destination") {
				t.Fatalf("Build to %s: %v", dest, err)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "content/index.md")); err != nil {
		t.Fatal("the source was damaged:", err)
	}
}

func TestBuildEmbeddedContent(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"config.yaml": "all_games: false\n"}) // two game pages only
	content := os.DirFS("testdata/site/content")
	res, err := Build(Options{Source: dir, Content: content, Destination: "public"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Destination != filepath.Join(dir, "public") {
		t.Errorf("destination %s: a relative destination is relative to the source", res.Destination)
	}
	page, err := os.ReadFile(filepath.Join(dir, "public/games/shamrocks/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	// Without a ReplayRenderer, replay blocks are shown as text.
	if !bytes.Contains(page, []byte("<pre class=\"replay\" id=\"deal-1\"><code>game: shamrocks\n")) {
		t.Errorf("no plain replay block in:\n%s", page)
	}
}

func TestBuildReplacesOutput(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, goodSite)
	writeFiles(t, dir, map[string]string{"public/stale.html": "old"})
	if _, err := Build(Options{Source: dir}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "public/stale.html")); !os.IsNotExist(err) {
		t.Errorf("stale file kept: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "public/games/a/index.html")); err != nil {
		t.Error(err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".public") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}
