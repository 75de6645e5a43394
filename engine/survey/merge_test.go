package survey

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// run returns a header line of shamrocks with the given engine, solver
// and budget.
func run(engine, solver, budget string) string {
	return `{"survey":1,"game":"shamrocks","variant":"","engine":"` + engine + `","solver":"` + solver + `","budget":` + budget + `,"timeout_ms":1000}` + "\n"
}

func dealLine(deal, result string) string {
	return `{"deal":` + deal + `,"result":"` + result + `","ms":1,"nodes":10,"moves":0}` + "\n"
}

func readAll(t *testing.T, texts map[string]string, names ...string) []*File {
	t.Helper()
	var files []*File
	for _, name := range names {
		f, err := Read(strings.NewReader(texts[name]), name)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// TestMergeRefuses checks that Merge refuses files that do not add up,
// naming both files and lines (issue 41, items 7 and 15: surveys under
// other rules were merged silently, and a conflict named no file).
func TestMergeRefuses(t *testing.T) {
	texts := map[string]string{
		"a.jsonl":     run("e1", "12", "100") + dealLine("1", "won") + dealLine("2", "lost"),
		"b.jsonl":     run("e1", "12", "100") + dealLine("3", "won") + dealLine("2", "won"),
		"rules.jsonl": run("e1", "12", "100") + dealLine("4", "won") + run("e2", "17", "100") + dealLine("5", "won"),
		"other.jsonl": strings.Replace(run("e1", "12", "100"), "shamrocks", "captured-queens", 1) + dealLine("6", "won"),
	}
	for _, tt := range []struct {
		files []string
		want  string
	}{
		{[]string{"a.jsonl", "b.jsonl"}, "b.jsonl:3:1: deal 2 is won here and lost in a.jsonl:3"},
		{[]string{"a.jsonl", "rules.jsonl"}, `rules.jsonl:3:1: a survey of shamrocks under the rules "e2" cannot be merged with the one under the rules "e1" in a.jsonl:1`},
		{[]string{"rules.jsonl"}, `rules.jsonl:3:1: a survey of shamrocks under the rules "e2" cannot be merged with the one under the rules "e1" at line 1`},
		{[]string{"a.jsonl", "other.jsonl"}, "other.jsonl:1:1: a survey of captured-queens cannot be merged with the survey of shamrocks in a.jsonl:1"},
	} {
		t.Run(strings.Join(tt.files, "+"), func(t *testing.T) {
			_, err := Merge(readAll(t, texts, tt.files...))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}

// TestMergeRuns checks that a merged survey keeps every run, ordered by
// solver version, each before its results, so that the solver figure
// (the last run's) and the odds' budget (the largest) tell the truth
// once the merged file is written and read again.
func TestMergeRuns(t *testing.T) {
	texts := map[string]string{
		"new.jsonl":   run("e", "17", "16000000") + dealLine("2", "won") + dealLine("4", "unknown"),
		"old.jsonl":   run("e", "2", "4000000") + dealLine("1", "won") + dealLine("3", "lost") + dealLine("4", "unknown"),
		"shard.jsonl": run("e", "2", "4000000") + dealLine("5", "won"),
	}
	for _, tt := range []struct {
		name   string
		files  []string
		want   string
		solver string
		budget int64
	}{
		{"newest first", []string{"new.jsonl", "old.jsonl", "shard.jsonl"},
			run("e", "2", "4000000") + dealLine("1", "won") + dealLine("3", "lost") + dealLine("4", "unknown") + dealLine("5", "won") +
				run("e", "17", "16000000") + dealLine("2", "won"),
			"17", 16000000},
		{"one run", []string{"old.jsonl", "shard.jsonl"},
			run("e", "2", "4000000") + dealLine("1", "won") + dealLine("3", "lost") + dealLine("4", "unknown") + dealLine("5", "won"),
			"2", 4000000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Merge(readAll(t, texts, tt.files...))
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if err := Write(&b, m); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("merged:\n%s\nwant:\n%s", b.String(), tt.want)
			}
			back, err := Read(strings.NewReader(b.String()), "merged")
			if err != nil {
				t.Fatal(err)
			}
			if back.Last.Solver != tt.solver {
				t.Errorf("last solver %q, want %q", back.Last.Solver, tt.solver)
			}
			if got := back.OddsObject().BudgetNodes; got != tt.budget {
				t.Errorf("budget_nodes %d, want %d", got, tt.budget)
			}
			if !slices.Equal(m.Results, back.Results) {
				t.Errorf("results changed when written and read back")
			}
		})
	}
}

// TestReadBrokenLines checks that only a last line cut short without its
// newline is forgiven (issue 41, item 6: a broken last line with its
// newline was taken for an interrupted run's and a resumed run wrote after
// it, leaving it mid-file).
func TestReadBrokenLines(t *testing.T) {
	h := run("e", "1", "100")
	for _, tt := range []struct {
		name, text, err string
		deals           int
	}{
		{"whole", h + dealLine("1", "won"), "", 1},
		{"last line cut short", h + dealLine("1", "won") + `{"deal":2,"res`, "", 1},
		{"last line broken, with its newline", h + dealLine("1", "won") + `{"deal":2,"res` + "\n", "f:3:1: unexpected end of JSON input", 0},
		{"a broken line inside", h + `{"deal":2,"res` + "\n" + dealLine("1", "won"), "f:2:1: unexpected end of JSON input", 0},
		{"interleaved lines", h + `{"deal":1,"res{"deal":2,"result":"won","ms":1,"nodes":1,"moves":0}` + "\n", "f:2:1: invalid character", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Read(strings.NewReader(tt.text), "f")
			switch {
			case tt.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err)):
				t.Errorf("error %v, want %s", err, tt.err)
			case tt.err == "" && err != nil:
				t.Error(err)
			case tt.err == "" && len(f.Results) != tt.deals:
				t.Errorf("%d deals, want %d", len(f.Results), tt.deals)
			}
		})
	}
}

// TestOpenCutsBrokenLast checks that resuming a survey cuts a broken last
// line, with or without its newline, and says which (issue 41, item 6).
func TestOpenCutsBrokenLast(t *testing.T) {
	h := Header{Survey: Format, Game: "shamrocks", Engine: "e", Solver: "1", Budget: 100, TimeoutMS: 1000}
	head := run("e", "1", "100")
	for _, tt := range []struct {
		name, text string
		cut        int
	}{
		{"without its newline", head + dealLine("1", "won") + `{"deal":2,"res`, 3},
		{"with its newline", head + dealLine("1", "won") + `{"deal":2,"res` + "\n", 3},
		{"with blank lines after", head + dealLine("1", "won") + `{"deal":2,"res` + "\n\n", 3},
		{"nothing broken", head + dealLine("1", "won"), 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.jsonl")
			if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := Open(path, h)
			if err != nil {
				t.Fatal(err)
			}
			if r.CutLine != tt.cut {
				t.Errorf("cut line %d, want %d", r.CutLine, tt.cut)
			}
			if err := WriteLine(r, DealResult{Deal: 2, Result: Lost}); err != nil {
				t.Fatal(err)
			}
			r.Close()
			f, err := ReadFile(path)
			if err != nil {
				t.Fatalf("the resumed file does not read: %v", err)
			}
			if len(f.Results) != 2 {
				t.Errorf("%d deals, want 2", len(f.Results))
			}
		})
	}
}

// TestOpenLocked checks that a survey file has one writer at a time: a
// second Open fails at once, naming the file, and leaves it as it was
// (issue 41, item 2: two runs interleaved their lines).
func TestOpenLocked(t *testing.T) {
	h := Header{Survey: Format, Game: "shamrocks", Engine: "e", Solver: "1", Budget: 100, TimeoutMS: 1000}
	path := filepath.Join(t.TempDir(), "s.jsonl")
	first, err := Open(path, h)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteLine(first, DealResult{Deal: 1, Result: Won}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	second, err := Open(path, h)
	if err == nil {
		second.Close()
		t.Fatal("a second Open of a file being written: no error")
	}
	if want := path + ": another survey is writing this file"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q, want it to start %q", err, want)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Errorf("the second Open changed the file:\n%s\nwas\n%s", after, before)
	}
	first.Close()
	second, err = Open(path, h)
	if err != nil {
		t.Fatalf("Open once the first run has closed the file: %v", err)
	}
	second.Close()
}

// TestOpenOtherRules checks that a survey is not resumed under rules
// other than those it played.
func TestOpenOtherRules(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	text := run("old", "1", "100") + dealLine("1", "won")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Open(path, Header{Survey: Format, Game: "shamrocks", Engine: "new", Solver: "1", Budget: 100, TimeoutMS: 1000})
	if want := path + `:1:1: this survey played the rules "old"`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v, want %s...", err, want)
	}
	if got, _ := os.ReadFile(path); string(got) != text {
		t.Errorf("the file changed")
	}
}

// TestDeals checks the ranges and shards of deals up to the largest deal
// number, where a loop adding one wraps round to 0 (issue 41, item 12).
func TestDeals(t *testing.T) {
	const top = ^uint64(0)
	for _, tt := range []struct {
		name     string
		from, to uint64
		i, n     int
		want     []uint64
	}{
		{"one deal", 5, 5, 1, 1, []uint64{5}},
		{"a range", 1, 4, 1, 1, []uint64{1, 2, 3, 4}},
		{"a shard", 1, 10, 2, 4, []uint64{2, 6, 10}},
		{"a shard past the end", 1, 2, 3, 4, nil},
		{"the last deal", top, top, 1, 1, []uint64{top}},
		{"up to the last deal", top - 2, top, 1, 1, []uint64{top - 2, top - 1, top}},
		{"a shard up to the last deal", top - 5, top, 3, 2, []uint64{top - 3, top - 1}},
		{"a shard ending on the last deal", top - 4, top, 1, 2, []uint64{top - 4, top - 2, top}},
		{"a shard starting past the last deal", top - 1, top, 3, 4, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Shard(tt.from, tt.to, tt.i, tt.n); !slices.Equal(got, tt.want) {
				t.Errorf("Shard(%d, %d, %d, %d) = %v, want %v", tt.from, tt.to, tt.i, tt.n, got, tt.want)
			}
		})
	}
}

// FuzzRead checks that Read never panics, that what it reads, merged
// with itself, holds the same results, and that the merged file, written
// and read again, holds the same results, last run and odds budget.
func FuzzRead(f *testing.F) {
	f.Add(run("e", "2", "100") + dealLine("1", "won") + dealLine("2", "unknown") + run("e", "17", "900") + dealLine("2", "lost"))
	f.Add(run("e", "1", "100") + dealLine("1", "won") + `{"deal":2,"res`)
	f.Add(dealLine("3", "lost"))
	f.Fuzz(func(t *testing.T, text string) {
		sf, err := Read(strings.NewReader(text), "f")
		if err != nil {
			return
		}
		m, err := Merge([]*File{sf, sf})
		if err != nil {
			// Only a file of runs under different rules.
			for _, h := range sf.runs {
				if h.Engine != sf.Header.Engine {
					return
				}
			}
			t.Fatalf("a file merged with itself: %v", err)
		}
		var b strings.Builder
		if err := Write(&b, m); err != nil {
			t.Fatal(err)
		}
		back, err := Read(strings.NewReader(b.String()), "g")
		if err != nil {
			t.Fatalf("written and read again: %v\n%s", err, b.String())
		}
		if !slices.Equal(back.Results, sf.Results) {
			t.Errorf("results changed:\n%s", b.String())
		}
		if got, want := back.OddsObject().BudgetNodes, m.OddsObject().BudgetNodes; got != want {
			t.Errorf("budget %d, was %d:\n%s", got, want, b.String())
		}
		if (back.Last == nil) != (m.Last == nil) || back.Last != nil && *back.Last != *m.Last {
			t.Errorf("last run %v, want %v", back.Last, m.Last)
		}
	})
}

// FuzzOpen checks that Open either leaves a file as it was or keeps all
// of it but a broken last line, and that the file it leaves reads whole.
func FuzzOpen(f *testing.F) {
	f.Add(run("e", "1", "100") + dealLine("1", "won") + `{"deal":2,"res` + "\n")
	f.Add(run("e", "1", "100") + dealLine("1", "won") + "keep me")
	f.Add("keep\nme\n")
	h := Header{Survey: Format, Game: "shamrocks", Engine: "e", Solver: "1", Budget: 100, TimeoutMS: 1000}
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(t.TempDir(), "s.jsonl")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Open(path, h)
		if err != nil {
			if got, _ := os.ReadFile(path); string(got) != text {
				t.Fatalf("a refused file changed:\n%q\nwas\n%q", got, text)
			}
			return
		}
		r.Close()
		got, _ := os.ReadFile(path)
		kept := text
		if r.CutLine > 0 {
			lines := strings.SplitAfter(text, "\n")
			kept = strings.Join(lines[:r.CutLine-1], "")
		}
		if !strings.HasPrefix(string(got), kept) {
			t.Fatalf("the file lost more than a broken last line:\n%q\nwas\n%q (cut line %d)", got, text, r.CutLine)
		}
		if _, err := ReadFile(path); err != nil {
			t.Fatalf("the resumed file does not read: %v\n%q", err, got)
		}
	})
}
