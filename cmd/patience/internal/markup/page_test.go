package markup

import (
	"bytes"
	"fmt"
	"testing"
)

func TestParsePage(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		params   string // fmt of Params
		body     string
		bodyLine int
		err      string
	}{
		{"no front matter", "# Title\n", "map[]", "# Title\n", 1, ""},
		{"front matter", "---\ntitle: T\nweight: 3\n---\nBody\n", "map[title:T weight:3]", "Body\n", 5, ""},
		{"empty front matter", "---\n---\nBody", "map[]", "Body", 3, ""},
		{"comments only", "---\n# nothing\n---\n", "map[]", "", 4, ""},
		{"closed by dots", "---\na: 1\n...\nBody\n", "map[a:1]", "Body\n", 4, ""},
		{"CRLF", "---\r\na: 1\r\n---\r\nBody\r\n", "map[a:1]", "Body\r\n", 4, ""},
		{"byte order mark", "\uFEFF---\na: 1\n---\n", "map[a:1]", "", 4, ""},
		{"closing at end of file", "---\na: [x, y]\n---", "map[a:[x y]]", "", 4, ""},
		{"trailing blanks on delimiters", "--- \na: b\n---\t\nx", "map[a:b]", "x", 4, ""},
		{"thematic break is not front matter", "----\na: 1\n---\n", "map[]", "----\na: 1\n---\n", 1, ""},
		{"nested values", "---\nsources:\n  - {title: A, year: 1950}\n---\n", "map[sources:[map[title:A year:1950]]]", "", 5, ""},
		{"never closed", "---\na: 1\n", "", "", 0, "p.md:1:1: front matter opened with --- is never closed (no later line ---)"},
		{"not a mapping", "---\n- a\n---\n", "", "", 0, "p.md:2:1: front matter: want a YAML mapping of keys to values (key: value lines)"},
		{"duplicate key", "---\na: 1\nb: 2\na: 3\n---\n", "", "", 0, `p.md:4:1: front matter: key "a" already set at line 2`},
		{"scanner error", "---\na: 1\nb: \"open\n---\n", "", "", 0, "p.md:3:1: front matter: found unexpected end of stream"},
		{"parser error", "---\na: 1\nb: {x: 1\nc: 2\n---\n", "", "", 0, "p.md:3:1: front matter: did not find expected ',' or '}'"},
		{"tab indentation", "---\na: 1\n\tb: 2\n---\n", "", "", 0, "p.md:3:1: front matter: found a tab character that violates indentation"},
		{"unknown anchor", "---\na: *nope\n---\n", "", "", 0, "p.md:2:1: front matter: unknown anchor 'nope' referenced"},
		{"invalid UTF-8", "---\na: 1\n---\nok\nab\xc3(\n", "", "", 0, "p.md:5:3: invalid UTF-8 (byte 0xc3): a page must be UTF-8 text"},
		{"NUL", "ok\x00", "", "", 0, "p.md:1:3: NUL byte: a page must be text, not binary data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParsePage("p.md", []byte(tt.src))
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(p.FrontMatter.Params); got != tt.params {
				t.Errorf("params %s, want %s", got, tt.params)
			}
			if string(p.Body) != tt.body || p.BodyLine != tt.bodyLine {
				t.Errorf("body %q at line %d, want %q at line %d", p.Body, p.BodyLine, tt.body, tt.bodyLine)
			}
		})
	}
}

func TestFrontMatterTypes(t *testing.T) {
	p, err := ParsePage("p.md", []byte("---\ntitle: 12\nweight: 2\nunsafe: yes\ndraft: true\n---\n"))
	if err != nil {
		t.Fatal(err)
	}
	fm := &p.FrontMatter
	if _, _, err := fm.String("title"); err == nil || err.Error() != "p.md:2:8: front matter: title must be a string, not 12" {
		t.Errorf("String(title): %v", err)
	}
	if n, ok, err := fm.Int("weight"); n != 2 || !ok || err != nil {
		t.Errorf("Int(weight) = %d, %v, %v", n, ok, err)
	}
	if _, _, err := fm.Bool("unsafe"); err == nil || err.Error() != `p.md:4:9: front matter: unsafe must be true or false, not "yes"` {
		t.Errorf("Bool(unsafe): %v", err)
	}
	if b, ok, err := fm.Bool("draft"); !b || !ok || err != nil {
		t.Errorf("Bool(draft) = %v, %v, %v", b, ok, err)
	}
	if _, ok, err := fm.String("missing"); ok || err != nil {
		t.Errorf("String(missing) = %v, %v", ok, err)
	}
}

// FuzzFrontMatter checks that any text splits and parses without a panic,
// and that the body is what follows the front matter.
func FuzzFrontMatter(f *testing.F) {
	for _, s := range []string{
		"", "---", "---\n", "---\n---\n", "---\ntitle: x\n---\n# body\n",
		"---\na: [1, 2\n---\n", "---\n- a\n---\n", "---\r\na: b\r\n...\r\nx",
		"---\na: &x [*x]\n---\n", "---\n? [a]\n: b\n---\n", "\uFEFF---\na: 1\n---\n",
		"---\na: !!binary aGVsbG8=\n---\n", "---\na: 2001-12-14\n---\n", "\xff\x00",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := ParsePage("fuzz.md", src)
		if err != nil {
			if p != nil {
				t.Fatal("a page and an error")
			}
			return
		}
		if !bytes.HasSuffix(src, p.Body) {
			t.Fatalf("body %q is not the end of the source", p.Body)
		}
		if p.BodyLine < 1 || p.FrontMatter.Params == nil {
			t.Fatalf("body line %d, params %v", p.BodyLine, p.FrontMatter.Params)
		}
		lines := 1 + bytes.Count(src[:len(src)-len(p.Body)], []byte{'\n'})
		if len(p.Body) > 0 && p.BodyLine != lines {
			t.Fatalf("body line %d, want %d", p.BodyLine, lines)
		}
	})
}
