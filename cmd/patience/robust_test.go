package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/content"
)

// bundledSite copies the bundled site into a new folder and returns it.
func bundledSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "content"), content.FS); err != nil {
		t.Fatal(err)
	}
	return dir
}

// editFile replaces old by new in the file name of dir.
func editFile(t *testing.T, dir, name, old, new string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("%s has no %q", name, old)
	}
	if err := os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRootErrorFirst is issue 23, items 4 and 9: the first line an author
// sees is the real error, and the errors it causes are not printed.
func TestRootErrorFirst(t *testing.T) {
	binary := make([]byte, 4000)
	for i := range binary {
		binary[i] = byte(i*7 + i/13)
	}
	for _, tt := range []struct {
		name  string
		edit  func(t *testing.T, dir string)
		args  []string // default: build the site
		first string   // the first line starts so
		lines int      // the number of lines
	}{
		{"a Markdown error in a game page", func(t *testing.T, dir string) {
			editFile(t, dir, "content/games/shamrocks.md", "```replay src=shamrocks-4.replay", "```replay src=nope.replay")
		}, nil, "content/games/shamrocks.md:", 1},
		{"a broken front matter in a game page", func(t *testing.T, dir string) {
			editFile(t, dir, "content/games/shamrocks.md", "game: shamrocks", "game: [shamrocks")
		}, nil, "content/games/shamrocks.md:", 1},
		{"a misspelt game", func(t *testing.T, dir string) {
			editFile(t, dir, "content/games/shamrocks.md", "game: shamrocks", "game: shamrock")
		}, nil, "content/games/shamrocks.md:", 1},
		{"a parse error in page.html", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"templates/page.html": "{{define \"main\"}}{{.Nope}{{end}}"})
		}, nil, "templates/page.html:1:", 1},
		{"a move without its destination", func(t *testing.T, dir string) {
			editFile(t, dir, "content/games/shamrocks-4.replay", "2. t9:AC f1", "2. t9:AC")
		}, nil, "content/games/shamrocks-4.replay:7:4: want a move", 1},
		{"verify of a binary file", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"x.replay": string(binary)})
		}, []string{"verify", "x.replay"}, "x.replay:1:", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := bundledSite(t)
			tt.edit(t, dir)
			args := []string{"build", "--source", dir}
			if tt.args != nil {
				args = append([]string{tt.args[0]}, filepath.Join(dir, tt.args[1]))
			}
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			out := strings.ReplaceAll(stderr.String(), dir+string(filepath.Separator), "")
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if !strings.HasPrefix(lines[0], tt.first) || len(lines) != tt.lines {
				t.Errorf("stderr:\n%s\nwant %d lines, the first starting %q", out, tt.lines, tt.first)
			}
		})
	}
}
