package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// goodReplay is a short, legal replay of House in the Woods deal 1.
const goodReplay = "game: house-in-the-woods\ndeal: 1\nresult: stopped\n\n1. t35:AC f1  -- the Ace goes up\n2. t2:AD f\n"

// treeHash fingerprints every file below dir (names and contents).
func treeHash(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	var names []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	for _, n := range names {
		b, _ := os.ReadFile(n)
		fmt.Fprintf(h, "%s %d\n", n, len(b))
		h.Write(b)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// buildGoodSite builds a small good site, with the extra files, in a new
// folder, and returns the folder and the treeHash of its output.
func buildGoodSite(t *testing.T, extra map[string]string) (dir, hash string) {
	t.Helper()
	dir = t.TempDir()
	writeFiles(t, dir, map[string]string{
		"content/index.md":      "---\ntitle: Home\n---\n# Home\n\nSee [the replay](play/).\n",
		"content/play.md":       "---\ntitle: Play\n---\n# Play\n\n```replay src=deal-1.replay\n```\n",
		"content/deal-1.replay": goodReplay,
	})
	writeFiles(t, dir, extra)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"build", "--source", dir}, &stdout, &stderr); code != 0 {
		t.Fatalf("good site: exit %d\n%s", code, &stderr)
	}
	return dir, treeHash(t, filepath.Join(dir, "public"))
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
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

// TestBadInput builds a good site, then breaks it in one way at a time:
// each build must fail with exit 1 and a positioned message, without a
// panic, and leave the previous output untouched.
func TestBadInput(t *testing.T) {
	longReplay := "game: house-in-the-woods\ndeal: 1\nresult: stopped\n\n" + strings.Repeat("t2 t31\nt31 t2\n", 500000)
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"malformed front matter", map[string]string{"content/a.md": "---\ntitle: [oops\n---\n"},
			[]string{"content/a.md:3:1: front matter: did not find expected"}},
		{"non-UTF-8 front matter", map[string]string{"content/a.md": "---\ntitle: caf\xe9\n---\n"},
			[]string{"content/a.md:2:"}},
		{"binary garbage", map[string]string{"content/a.md": "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"},
			[]string{"content/a.md:1:"}},
		{"unknown game", map[string]string{"content/play.md": "# P\n\n```replay\ngame: spider\ndeal: 1\n```\n"},
			[]string{"content/play.md:4:7: unknown game \"spider\""}},
		{"unknown variant", map[string]string{"content/play.md": "# P\n\n```replay\ngame: la-belle-lucie\nvariant: four-shuffles\ndeal: 1\n```\n"},
			[]string{"content/play.md:5:10: unknown variant \"four-shuffles\" of la-belle-lucie"}},
		{"unknown pile", map[string]string{"content/play.md": "# P\n\n```replay\ngame: house-in-the-woods\ndeal: 1\nresult: stopped\nt36 f1\n```\n"},
			[]string{"content/play.md:7:1: step 1 (t36 f1): unknown pile \"t36\""}},
		{"deal zero", map[string]string{"content/play.md": "# P\n\n```replay\ngame: house-in-the-woods\ndeal: 0\n```\n"},
			[]string{"content/play.md:5:7: deal number \"0\""}},
		{"deal negative", map[string]string{"content/play.md": "# P\n\n```replay\ngame: house-in-the-woods\ndeal: -3\n```\n"},
			[]string{"content/play.md:5:7: deal number \"-3\""}},
		{"deal not a number", map[string]string{"content/play.md": "# P\n\n```replay\ngame: house-in-the-woods\ndeal: twelve\n```\n"},
			[]string{"content/play.md:5:7: deal number \"twelve\""}},
		{"deal beyond 2^64", map[string]string{"content/play.md": "# P\n\n```replay\ngame: house-in-the-woods\ndeal: 18446744073709551616\n```\n"},
			[]string{"content/play.md:5:7: deal number \"18446744073709551616\""}},
		{"truncated replay", map[string]string{"content/deal-1.replay": "game: house-in-the-woods\ndeal: 1\n\n1. t35:AC f1\n2. t2:A"},
			[]string{"content/deal-1.replay:5:4: want a move \"FROM TO\""}},
		{"illegal move", map[string]string{"content/deal-1.replay": goodReplay + "3. t1 t2\n"},
			[]string{"content/deal-1.replay:7:4: step 3 (t1 t2): 6C cannot go on 2D: t2 builds up or down in suit"}},
		{"wrong asserted card", map[string]string{"content/deal-1.replay": goodReplay + "3. t1:7C t14\n"},
			[]string{"content/deal-1.replay:7:4: step 3 (t1:7C t14): the top card of t1 is 6C, not 7C"}},
		{"src outside content", map[string]string{"content/play.md": "# P\n\n```replay src=../secret.replay\n```\n", "secret.replay": goodReplay},
			[]string{"content/play.md:3:1: replay block src=../secret.replay: the file is outside the content folder"}},
		{"src missing", map[string]string{"content/play.md": "# P\n\n```replay src=nope.replay\n```\n"},
			[]string{"content/play.md:3:1: replay block src=nope.replay: no file content/nope.replay"}},
		{"template error", map[string]string{"templates/page.html": "{{define \"main\"}}{{.Nope}{{end}}"},
			[]string{"templates/page.html:1:"}},
		{"50 MB page", map[string]string{"content/big.md": strings.Repeat("All work and no play. ", 50<<20/22)},
			[]string{"content/big.md:1:1: the file is 50.0 MB; a page or replay may have at most 8 MB"}},
		{"a million moves", map[string]string{"content/deal-1.replay": longReplay},
			[]string{"content/deal-1.replay:20005:1: too many moves: a replay may have at most 20000"}},
		{"all errors, sorted", map[string]string{
			"content/b.md":          "---\ntitle: [x\n---\n",
			"content/a.md":          "\x00",
			"content/deal-1.replay": goodReplay + "3. t1 t2\n",
		}, []string{"content/a.md:1:1: NUL byte", "content/b.md:3:1: front matter", "content/deal-1.replay:7:4: step 3 (t1 t2)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, before := buildGoodSite(t, nil)
			var stdout, stderr bytes.Buffer
			writeFiles(t, dir, tt.files)
			stderr.Reset()
			code := run([]string{"build", "--source", dir}, &stdout, &stderr)
			if code != 1 {
				t.Errorf("exit %d, want 1\n%s", code, &stderr)
			}
			// Each wanted message starts a line, in this order.
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			i := 0
			for _, w := range tt.want {
				for i < len(lines) && !strings.HasPrefix(lines[i], w) {
					i++
				}
				if i == len(lines) {
					t.Errorf("no line starts with\n%s\nin\n%s", w, &stderr)
				}
			}
			if after := treeHash(t, filepath.Join(dir, "public")); after != before {
				t.Error("the failed build changed the previous output")
			}
		})
	}
}
