//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

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

// TestBadFiles is issue 23, items 8 and 9: every file a build reads is
// read the same way (regular files only, size-capped), file names and
// templates must be UTF-8, and the survey files published with the odds
// are read; each problem fails the build at once with a position and
// leaves the previous output untouched.
func TestBadFiles(t *testing.T) {
	fifo := func(name string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			p := filepath.Join(dir, filepath.FromSlash(name))
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skip(err)
			}
		}
	}
	files := func(m map[string]string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) { writeFiles(t, dir, m) }
	}
	const header = `{"survey":1,"game":"shamrocks","variant":"","engine":"e","solver":"1","budget":100,"timeout_ms":1000}` + "\n"
	for _, tt := range []struct {
		name string
		edit func(t *testing.T, dir string)
		want string // the first line of stderr starts so
	}{
		{"src= names a FIFO", func(t *testing.T, dir string) {
			fifo("content/fifo.replay")(t, dir)
			writeFiles(t, dir, map[string]string{"content/play.md": "# P\n\n```replay src=fifo.replay\n```\n"})
		}, "content/play.md:3:1: replay block src=fifo.replay: reading content/fifo.replay: not a regular file"},
		{"config.yaml is /dev/zero", func(t *testing.T, dir string) {
			if err := os.Symlink("/dev/zero", filepath.Join(dir, "config.yaml")); err != nil {
				t.Fatal(err)
			}
		}, "config.yaml: not a regular file"},
		{"config.yaml is a FIFO", fifo("config.yaml"), "config.yaml: not a regular file"},
		{"config.yaml of 9 MB", files(map[string]string{"config.yaml": "title: x\n" + strings.Repeat("# padding\n", 9<<20/10)}),
			"config.yaml: the file is 9.0 MB; config.yaml may have at most 8 MB"},
		{"a template is a FIFO", fifo("templates/page.html"), "templates/page.html: not a regular file"},
		{"an odds file is a FIFO", fifo("content/odds/shamrocks.json"), "content/odds/shamrocks.json: not a regular file"},
		{"a file name not UTF-8", files(map[string]string{"content/caf\xe9.md": "# Café\n"}),
			`content/caf` + "\uFFFD" + `.md: the file name "caf\xe9.md" is not UTF-8: rename the file`},
		{"Latin-1 in a template", files(map[string]string{"templates/_foot.html": "{{define \"foot\"}}\n<p>caf\xe9</p>{{end}}"}),
			"templates/_foot.html:2:7: invalid UTF-8: a template is UTF-8 text"},
		{"Latin-1 in config.yaml", files(map[string]string{"config.yaml": "title: caf\xe9\n"}),
			"config.yaml:1:11: invalid UTF-8"},
		{"a garbage line in a survey file", files(map[string]string{"content/odds/shamrocks.survey.jsonl": header +
			`{"deal":1,"result":"won","ms":1,"nodes":1,"moves":1}` + "\ngarbage\n" + `{"deal":2,"result":"won","ms":1,"nodes":1,"moves":1}` + "\n"}),
			"content/odds/shamrocks.survey.jsonl:3:1: invalid character"},
		{"a broken last line with its newline", files(map[string]string{"content/odds/shamrocks.survey.jsonl": header + `{"deal":1,"res` + "\n"}),
			"content/odds/shamrocks.survey.jsonl:2:1: unexpected end of JSON input"},
		{"a survey file cut short", files(map[string]string{"content/odds/shamrocks.survey.jsonl": header + `{"deal":1,"res`}),
			"content/odds/shamrocks.survey.jsonl:2:1: the last line is cut short"},
		{"a survey of another game", files(map[string]string{"content/odds/contradance.survey.jsonl": header}),
			"content/odds/contradance.survey.jsonl:1:1: a survey of shamrocks in the file content/odds/contradance.survey.jsonl"},
		// Issue 41, item 14: what the lines say is checked too.
		{"a survey of format 99", files(map[string]string{"content/odds/shamrocks.survey.jsonl": strings.Replace(header, `"survey":1`, `"survey":99`, 1)}),
			"content/odds/shamrocks.survey.jsonl:1:1: survey format 99: this program reads format 1"},
		{"a survey of an unknown game", files(map[string]string{"content/odds/klondike.survey.jsonl": strings.Replace(header, "shamrocks", "klondike", 1)}),
			`content/odds/klondike.survey.jsonl:1:1: unknown game "klondike"`},
		{"a survey of an unknown variant", files(map[string]string{"content/odds/shamrocks.easy.survey.jsonl": strings.Replace(header, `"variant":""`, `"variant":"easy"`, 1)}),
			`content/odds/shamrocks.easy.survey.jsonl:1:1: unknown variant "easy" of shamrocks`},
		{"a survey of deal 0", files(map[string]string{"content/odds/shamrocks.survey.jsonl": header + `{"deal":0,"result":"won","ms":1,"nodes":1,"moves":1}` + "\n"}),
			"content/odds/shamrocks.survey.jsonl:2:1: deal 0: deals are numbered from 1"},
		{"a survey with negative counts", files(map[string]string{"content/odds/shamrocks.survey.jsonl": header + `{"deal":1,"result":"won","ms":1,"nodes":-5,"moves":1}` + "\n"}),
			"content/odds/shamrocks.survey.jsonl:2:1: ms 1, nodes -5, moves 1: none may be negative"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir, before := buildGoodSite(t, map[string]string{
				"content/odds/shamrocks.survey.jsonl": header + `{"deal":1,"result":"won","ms":1,"nodes":1,"moves":1}` + "\n",
			})
			var stdout, stderr bytes.Buffer
			tt.edit(t, dir)
			stderr.Reset()
			done := make(chan int, 1)
			go func() { done <- run([]string{"build", "--source", dir}, &stdout, &stderr) }()
			select {
			case code := <-done:
				if code != 1 {
					t.Errorf("exit %d, want 1", code)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the build hangs")
			}
			if first, _, _ := strings.Cut(stderr.String(), "\n"); !strings.HasPrefix(first, tt.want) {
				t.Errorf("stderr:\n%s\nwant a first line starting\n%s", &stderr, tt.want)
			}
			if after := treeHash(t, filepath.Join(dir, "public")); after != before {
				t.Error("the failed build changed the previous output")
			}
		})
	}
}
