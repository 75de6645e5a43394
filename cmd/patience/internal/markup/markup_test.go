package markup

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

func TestConvert(t *testing.T) {
	c := New(Options{})
	tests := []struct {
		name   string
		src    string
		unsafe bool
		want   []string // substrings of the HTML
		not    []string // must not appear
	}{
		{
			name: "heading anchors on h2 to h4",
			src:  "# One\n\n## Two words\n\n### Three\n\n#### Four\n\n##### Five\n",
			want: []string{
				`<h1 id="one">One</h1>`,
				`<h2 id="two-words">Two words <a class="anchor" href="#two-words" aria-label="Link to this section">#</a></h2>`,
				`<h3 id="three">Three <a class="anchor" href="#three"`,
				`<h4 id="four">Four <a class="anchor" href="#four"`,
				`<h5 id="five">Five</h5>`,
			},
		},
		{
			name: "custom heading id",
			src:  "## Rules {#the-rules}\n",
			want: []string{`<h2 id="the-rules">Rules <a class="anchor" href="#the-rules"`},
		},
		{
			name: "highlighted code uses classes only",
			src:  "```go\nfunc f() {}\n```\n",
			want: []string{`<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-go" data-lang="go">`, `<span class="kd">func</span>`},
			not:  []string{"style="},
		},
		{
			name: "unknown language is escaped",
			src:  "```nosuchlang\n<b>&\n```\n",
			want: []string{`<code class="language-nosuchlang" data-lang="nosuchlang">&lt;b&gt;&amp;`},
		},
		{
			name: "no language",
			src:  "```\na < b\n```\n",
			want: []string{`<pre tabindex="0" class="chroma"><code>a &lt; b`},
		},
		{
			name: "GFM",
			src:  "| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~ www.example.com\n\n- [x] done\n",
			want: []string{"<table>", "<td>1</td>", "<del>old</del>", `<a href="http://www.example.com">www.example.com</a>`, `<input checked="" disabled="" type="checkbox">`},
		},
		{
			name: "raw HTML dropped",
			src:  "<script>alert(1)</script>\n\nText <b>bold</b>\n",
			want: []string{"<!-- raw HTML omitted -->"},
			not:  []string{"<script>", "<b>"},
		},
		{
			name:   "raw HTML kept when unsafe",
			src:    "Text <b>bold</b>\n",
			unsafe: true,
			want:   []string{"<b>bold</b>"},
		},
		{
			name: "replay without a renderer",
			src:  "```replay id=r1\nt1 <t2>\n```\n",
			want: []string{`<pre class="replay" id="r1"><code>t1 &lt;t2&gt;` + "\n</code></pre>"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := c.Convert(&Document{Path: "p.md", Source: []byte(tt.src), Unsafe: tt.unsafe})
			if err != nil {
				t.Fatal(err)
			}
			out := string(res.HTML)
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q in:\n%s", w, out)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(out, w) {
					t.Errorf("unexpected %q in:\n%s", w, out)
				}
			}
		})
	}
}

func TestReplayBlocks(t *testing.T) {
	c := New(Options{})
	src := "Intro\n\n```replay id=a title=\"Two words\"\nt1 t2\nt3 t4\n```\n\n> - item\n>\n>   ```replay src=x.replay\n>   ```\n"
	var got []string
	res, err := c.Convert(&Document{Path: "content/g.md", Source: []byte(src), Line: 5, Replay: func(b ReplayBlock) ([]byte, error) {
		got = append(got, fmt.Sprintf("%s:%d:%d %v %s:%d %q", b.Page, b.Line, b.Col, b.Attrs, b.File, b.FirstLine, b.Body))
		return []byte("<replay/>\n"), nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`content/g.md:7:1 map[id:a title:Two words] content/g.md:8 "t1 t2\nt3 t4\n"`,
		`content/g.md:14:5 map[src:x.replay] content/g.md:15 ""`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if strings.Count(string(res.HTML), "<replay/>") != 2 {
		t.Errorf("HTML:\n%s", res.HTML)
	}
}

func TestReplayErrors(t *testing.T) {
	c := New(Options{})
	src := "# T\n\n```replay\nok\n```\n\n```replay\nbad\n```\n\n```replay\nplain error\n```\n\n```replay\npanic\n```\n\n```replay x\n```\n"
	_, err := c.Convert(&Document{Path: "p.md", Source: []byte(src), Replay: func(b ReplayBlock) ([]byte, error) {
		switch strings.TrimSpace(string(b.Body)) {
		case "bad":
			return nil, srcpos.ErrorList{{Pos: srcpos.Pos{File: b.File, Line: b.FirstLine, Col: 2}, Msg: "step 1: bad"}}
		case "plain error":
			return nil, errors.New("something failed")
		case "panic":
			panic("boom")
		}
		return nil, nil
	}})
	want := strings.Join([]string{
		"p.md:8:2: step 1: bad",
		"p.md:11:1: something failed",
		"p.md:15:1: internal error rendering replay: boom",
		`p.md:19:1: replay block: "x" in the info string is not key=value`,
	}, "\n")
	var list srcpos.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("error %v is not a srcpos.ErrorList", err)
	}
	var got []string
	for _, e := range list {
		got = append(got, e.Error())
	}
	if strings.Join(got, "\n") != want {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

func TestParseAttrs(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"", "map[]", ""},
		{"src=a.replay", "map[src:a.replay]", ""},
		{"  src=a.replay\tid=x ", "map[id:x src:a.replay]", ""},
		{`title="A \"quoted\" title" id=y`, `map[id:y title:A "quoted" title]`, ""},
		{"empty=", "map[empty:]", ""},
		{"src", "", `replay block: "src" in the info string is not key=value`},
		{"=x", "", `replay block: "=x" in the info string is not key=value`},
		{`t="open`, "", "replay block: unterminated quoted value for t"},
		{"a=1 a=2", "", "replay block: a given twice in the info string"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := parseAttrs(tt.in)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil || fmt.Sprint(got) != tt.want {
				t.Errorf("got %v, %v; want %s", got, err, tt.want)
			}
		})
	}
}

func TestTitle(t *testing.T) {
	c := New(Options{})
	for _, tt := range []struct{ src, title string }{
		{"Just text.\n", ""},
		{"## Second level `code` *em*\n\n# First\n", "First"},
		{"### Only a third level\n", "Only a third level"},
	} {
		res, err := c.Convert(&Document{Path: "p.md", Source: []byte(tt.src)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Title() != tt.title {
			t.Errorf("Title of %q = %q, want %q", tt.src, res.Title(), tt.title)
		}
	}
}

func TestCSS(t *testing.T) {
	css := string(New(Options{}).CSS())
	for _, w := range []string{".chroma {", ".chroma .kd {", "@media (prefers-color-scheme: dark) {\n  :root:not([data-theme=light]) .chroma .", "  :root:not([data-theme=light]) .bg {", ":root[data-theme=dark] .chroma .nx { color: inherit; background-color: transparent }", ":root[data-theme=dark] .chroma .kd {"} {
		if !strings.Contains(css, w) {
			t.Errorf("CSS lacks %q", w)
		}
	}
}

func TestFolderLinks(t *testing.T) {
	tests := []struct{ in, want string }{
		{"../shamrocks/", "../shamrocks/index.html"},
		{"docs/notation/#syntax", "docs/notation/index.html#syntax"},
		{"games/?q=1", "games/index.html?q=1"},
		{"..", "../index.html"},
		{".", "./index.html"},
		{"../..", "../../index.html"},
		{"a/b.html", "a/b.html"},
		{"deal.replay", "deal.replay"},
		{"#top", "#top"},
		{"/abs/", "/abs/"},
		{"https://example.com/", "https://example.com/"},
		{"mailto:x@example.com", "mailto:x@example.com"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := string(folderIndex([]byte(tt.in))); got != tt.want {
			t.Errorf("folderIndex(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	res, err := New(Options{}).Convert(&Document{Path: "p.md", Source: []byte("[A](../a/) <https://x.org/> [B][b]\n\n[b]: b/#x\n")})
	if err != nil {
		t.Fatal(err)
	}
	want := `<p><a href="../a/index.html">A</a> <a href="https://x.org/">https://x.org/</a> <a href="b/index.html#x">B</a></p>`
	if strings.TrimSpace(string(res.HTML)) != want {
		t.Errorf("got %s\nwant %s", res.HTML, want)
	}
}
