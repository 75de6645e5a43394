package site

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPageText(t *testing.T) {
	tests := []struct {
		html  string
		limit int
		want  string
	}{
		{`<p>One <em>two</em> three.</p><p>Four</p>`, 100, "One two three. Four"},
		{`<h2 id="x">Head <a class="anchor" href="#x" aria-label="Link">#</a></h2><p>Body</p>`, 100, "Head Body"},
		{"<p>A</p>\n<figure class=\"replay\" id=\"r\"><figure>inner</figure><script type=\"application/json\">{\"a\":1}</script></figure><p>B</p>", 100, "A B"},
		{`<pre><code>code</code></pre><p>fan<strong>s</strong> &amp; 7&#9829;</p>`, 100, "fans & 7♥"},
		{`<table><tr><td>a</td><td>b</td></tr></table>`, 100, "a b"},
		{`<svg><text>diagram</text></svg><p>one two three four</p>`, 9, "one two …"},
		{`<p>ééééé</p>`, 5, "éé …"},
	}
	for _, tt := range tests {
		if got := pageText([]byte(tt.html), tt.limit); got != tt.want {
			t.Errorf("pageText(%q, %d) = %q, want %q", tt.html, tt.limit, got, tt.want)
		}
	}
}

func TestCheckBaseURL(t *testing.T) {
	for in, want := range map[string]string{
		"":                              "",
		"https://example.org":           "https://example.org/",
		"https://example.org/patience/": "https://example.org/patience/",
		"http://example.org/a":          "http://example.org/a/",
	} {
		if got, err := checkBaseURL(in); err != nil || got != want {
			t.Errorf("checkBaseURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"example.org", "/patience/", "ftp://example.org/", "https://example.org/?a=1", "https://example.org/#x"} {
		if _, err := checkBaseURL(in); err == nil {
			t.Errorf("checkBaseURL(%q) accepted", in)
		}
	}
}

// TestExtrasBaseURL builds a site published under a sub-path: the sitemap
// gives full addresses and the 404 page links from that path.
func TestExtrasBaseURL(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"config.yaml":           "baseURL: https://example.org/cards\n",
		"content/index.md":      "# Home\n",
		"content/games/a.md":    "---\ntitle: Game A\naliases: [Alpha, First]\ndescription: The first game.\n---\n# Game A\n\n## How to play {#play}\n\nMove 7 < 8 & win.\n\n```go\ncode()\n```\n",
		"content/docs/notes.md": "# Notes\n\nText.\n",
	})
	dest := filepath.Join(dir, "public")
	res, err := Build(Options{Source: dir, Destination: dest, Replay: fakeReplay})
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dest, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	sitemap := read("sitemap.xml")
	for _, w := range []string{"<loc>https://example.org/cards/</loc>", "<loc>https://example.org/cards/games/a/</loc>", "<loc>https://example.org/cards/docs/notes/</loc>"} {
		if !strings.Contains(sitemap, w) {
			t.Errorf("sitemap.xml lacks %s:\n%s", w, sitemap)
		}
	}
	notFound := read("404.html")
	for _, w := range []string{`href="/cards/assets/style.css"`, `href="/cards/games/a/index.html"`, `<h1>Page not found</h1>`, `<meta name="robots" content="noindex">`} {
		if !strings.Contains(notFound, w) {
			t.Errorf("404.html lacks %s", w)
		}
	}
	if strings.Contains(notFound, `href="../`) {
		t.Error("404.html has relative links")
	}

	js := read("search-index.js")
	const prefix = "window.patienceSearchIndex = "
	i := strings.Index(js, prefix)
	if i < 0 || !strings.HasSuffix(js, ";\n") {
		t.Fatalf("search-index.js:\n%s", js)
	}
	var index []searchEntry
	if err := json.Unmarshal([]byte(strings.TrimSuffix(js[i+len(prefix):], ";\n")), &index); err != nil {
		t.Fatal(err)
	}
	if len(index) != len(res.Pages) {
		t.Fatalf("%d entries for %d pages", len(index), len(res.Pages))
	}
	var a *searchEntry
	for i := range index {
		if index[i].Path == "games/a/index.html" {
			a = &index[i]
		}
	}
	if a == nil {
		t.Fatalf("no entry for games/a: %+v", index)
	}
	if a.Title != "Game A" || a.Section != "Games" || strings.Join(a.Aliases, ",") != "Alpha,First" || a.Description != "The first game." ||
		len(a.Headings) != 1 || a.Headings[0] != [2]string{"How to play", "play"} || strings.Join(a.Text, "|") != "|Move 7 < 8 & win." {
		t.Errorf("entry %+v", *a)
	}
	if strings.Contains(js, "7 < 8") {
		t.Error("search-index.js has an unescaped <")
	}
	if res.Files != len(readTree(t, dest)) {
		t.Errorf("Files = %d, wrote %d", res.Files, len(readTree(t, dest)))
	}
}

// A content file of the same name wins over a generated one.
func TestExtrasOverride(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"content/index.md":    "# Home\n",
		"content/404.html":    "mine\n",
		"content/sitemap.xml": "<urlset/>\n",
	})
	dest := filepath.Join(dir, "public")
	if _, err := Build(Options{Source: dir, Destination: dest}); err != nil {
		t.Fatal(err)
	}
	tree := readTree(t, dest)
	if string(tree["404.html"]) != "mine\n" || string(tree["sitemap.xml"]) != "<urlset/>\n" || len(tree["search-index.js"]) == 0 {
		t.Errorf("404.html %q, sitemap.xml %q, search-index.js %d bytes", tree["404.html"], tree["sitemap.xml"], len(tree["search-index.js"]))
	}
	if sm := string(readTree(t, dest)["sitemap.xml"]); strings.Contains(sm, "<loc>") {
		t.Error("generated sitemap written")
	}
}
