package survey

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const (
	headerA = `{"survey":1,"game":"shamrocks","variant":"","engine":"e","solver":"1","budget":100,"timeout_ms":1000}` + "\n"
	headerB = `{"survey":1,"game":"captured-queens","variant":"","engine":"e","solver":"1","budget":100,"timeout_ms":1000}` + "\n"
	deal1   = `{"deal":1,"result":"won","ms":1,"nodes":10,"moves":50}` + "\n"
)

// TestOpenLeavesOtherFiles checks that Open writes nothing to a file that
// is not a survey of the run's game (issue 23, item 1: it used to cut an
// unterminated last line before looking at the file).
func TestOpenLeavesOtherFiles(t *testing.T) {
	h := Header{Survey: Format, Game: "shamrocks", Engine: "e", Solver: "1", Budget: 100, TimeoutMS: 1000}
	for _, tt := range []struct {
		name, text string
		want       string // in the error
	}{
		{"a note without a newline", "keep me", "not a survey file"},
		{"a note with lines", "keep\nme\n", "not a survey file"},
		{"another game's survey, interrupted", headerB + deal1 + `{"deal":2,"res`, "is a survey of captured-queens, not shamrocks"},
		{"deal lines without a header", deal1 + `{"deal":2`, "not a survey file"},
		{"a header cut short", `{"survey":1,"game":"shamr`, "not a survey file"},
		{"text after the survey", headerA + deal1 + "keep me", "f.json:3:1: not a line of a survey"},
		{"a broken line inside", headerA + "{x\n" + deal1, "f.json:2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f.json")
			if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := Open(path, h)
			if err == nil {
				r.Close()
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want %q in it", err, tt.want)
			}
			if got, _ := os.ReadFile(path); string(got) != tt.text {
				t.Errorf("the file changed:\n%q\nwas\n%q", got, tt.text)
			}
		})
	}
}

// TestOpenResumes checks what Open makes of the files it accepts.
func TestOpenResumes(t *testing.T) {
	h := Header{Survey: Format, Game: "shamrocks", Engine: "e", Solver: "1", Budget: 100, TimeoutMS: 1000}
	for _, tt := range []struct {
		name, text string // text "-": no file
		want       string
		done       int
	}{
		{"no file", "-", headerA, 0},
		{"an empty file", "", headerA, 0},
		{"an interrupted run", headerA + deal1 + `{"deal":2,"res`, headerA + deal1, 1},
		{"a finished run", headerA + deal1, headerA + deal1, 1},
		// A whole line without its newline is a result: kept, ended.
		{"a whole last line without its newline", headerA + strings.TrimSuffix(deal1, "\n"), headerA + deal1, 1},
		{"another budget", strings.Replace(headerA, `"budget":100`, `"budget":7`, 1) + deal1,
			strings.Replace(headerA, `"budget":100`, `"budget":7`, 1) + deal1 + headerA, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f.json")
			if tt.text != "-" {
				if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r, err := Open(path, h)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Done) != tt.done {
				t.Errorf("%d deals done, want %d", len(r.Done), tt.done)
			}
			r.Close()
			if got, _ := os.ReadFile(path); string(got) != tt.want {
				t.Errorf("file:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestOddsBudget checks the odds object's budget_nodes: the largest node
// budget of the runs whose results are kept, read from one file with
// several runs or merged from several files (the game pages say "at most"
// that many positions a deal; survey merge used to take the first
// file's first header).
func TestOddsBudget(t *testing.T) {
	header := func(budget int) string {
		return `{"survey":1,"game":"shamrocks","variant":"","engine":"e","solver":"1","budget":` + strconv.Itoa(budget) + `,"timeout_ms":1000}` + "\n"
	}
	line := func(deal int, result string) string {
		return `{"deal":` + strconv.Itoa(deal) + `,"result":"` + result + `","ms":1,"nodes":10,"moves":0}` + "\n"
	}
	for _, tt := range []struct {
		name  string
		files []string
		want  int64
	}{
		{"one run", []string{header(100) + line(1, "won")}, 100},
		{"an unknown deal re-run with more", []string{header(100) + line(1, "won") + line(2, "unknown") + header(800) + line(2, "unknown")}, 800},
		{"decided by the larger first run", []string{header(4000) + line(1, "won") + line(2, "unknown") + header(800) + line(2, "unknown")}, 4000},
		{"a later run's result not kept", []string{header(100) + line(1, "won") + header(900) + line(1, "unknown")}, 100},
		{"merged files", []string{header(100) + line(1, "won"), header(800) + line(2, "lost")}, 800},
		{"merged, the second file's run not kept", []string{header(100) + line(1, "won"), header(800) + line(1, "unknown")}, 100},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var files []*File
			for i, text := range tt.files {
				f, err := Read(strings.NewReader(text), "f"+strconv.Itoa(i))
				if err != nil {
					t.Fatal(err)
				}
				files = append(files, f)
			}
			f := files[0]
			if len(files) > 1 {
				var err error
				if f, err = Merge(files); err != nil {
					t.Fatal(err)
				}
			}
			if got := f.OddsObject().BudgetNodes; got != tt.want {
				t.Errorf("budget_nodes %d, want %d", got, tt.want)
			}
			// Written and read back (survey merge --json), the file
			// still says so (issue 41, item 7: it kept the first
			// header only).
			var b strings.Builder
			if err := Write(&b, f); err != nil {
				t.Fatal(err)
			}
			back, err := Read(strings.NewReader(b.String()), "merged")
			if err != nil {
				t.Fatal(err)
			}
			if got := back.OddsObject().BudgetNodes; got != tt.want {
				t.Errorf("written and read back: budget_nodes %d, want %d:\n%s", got, tt.want, b.String())
			}
		})
	}
}
