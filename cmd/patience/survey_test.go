package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/patience-solitaire/patience/engine/survey"
)

func runSurveyArgs(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"survey"}, args...), &out, &errb)
	return out.String(), errb.String(), code
}

func readSurveyLines(t *testing.T, path string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		out = append(out, m)
	}
	return out
}

// surveyDeals lists the deal numbers of a survey file's deal lines, in order.
func surveyDeals(lines []map[string]any) []int {
	var out []int
	for _, m := range lines {
		if d, ok := m["deal"]; ok {
			out = append(out, int(d.(float64)))
		}
	}
	return out
}

func TestSurveyResume(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.json")
	out, errs, code := runSurveyArgs(t, "house-on-the-hill", "--deals", "11-12", "--jobs", "2", "--budget", "2000", "--json", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "deals    2") {
		t.Errorf("summary:\n%s", out)
	}
	lines := readSurveyLines(t, file)
	if _, ok := lines[0]["survey"]; !ok || lines[0]["game"] != "house-on-the-hill" || lines[0]["budget"] != 2000.0 {
		t.Errorf("header %v", lines[0])
	}
	if got := surveyDeals(lines); len(got) != 2 || got[0] != 11 || got[1] != 12 {
		t.Errorf("deals %v", got)
	}
	for _, m := range lines[1:] {
		for _, k := range []string{"deal", "result", "ms", "nodes", "moves"} {
			if _, ok := m[k]; !ok {
				t.Errorf("line %v lacks %q", m, k)
			}
		}
	}

	// Again over a longer range: 11 and 12 are skipped, 10 and 13 added.
	out, errs, code = runSurveyArgs(t, "house-on-the-hill", "--deals", "10-13", "--jobs", "2", "--budget", "2000", "--json", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "2 of 4 deals already") {
		t.Errorf("stderr: %q", errs)
	}
	if !strings.Contains(out, "deals    4") {
		t.Errorf("summary:\n%s", out)
	}
	lines = readSurveyLines(t, file)
	if got := surveyDeals(lines); len(got) != 4 || got[2] != 10 || got[3] != 13 {
		t.Errorf("deals after resume %v", got)
	}
	if n := strings.Count(string(mustRead(os.ReadFile(file))), `"survey"`); n != 1 {
		t.Errorf("%d header lines", n)
	}

	// An interrupted run leaves a broken last line: it is cut off.
	f, _ := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"deal":14,"res`)
	f.Close()
	_, errs, code = runSurveyArgs(t, "house-on-the-hill", "--deals", "14-14", "--budget", "500", "--json", file)
	if code != 0 {
		t.Fatalf("exit %d after a broken line: %s", code, errs)
	}
	if got := surveyDeals(readSurveyLines(t, file)); len(got) != 5 || got[4] != 14 {
		t.Errorf("deals after repair %v", got)
	}

	// Another game's file is refused.
	if _, _, code := runSurveyArgs(t, "house-in-the-woods", "--deals", "1-1", "--json", file); code != 1 {
		t.Errorf("survey into another game's file: exit %d, want 1", code)
	}
}

// TestSurveyResumeNewBudget checks that a run with another budget tries
// again the deals an earlier run left unknown, and only those, and marks
// its lines with a header of its own.
func TestSurveyResumeNewBudget(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s.json")
	for _, step := range []struct {
		budget  string
		already string // what stderr says
		headers int    // header lines after the run
		lines   int    // deal lines after the run
	}{
		{"50", "", 1, 2},                     // deal 200 unknown, 199 lost at once
		{"60", "1 of 2 deals already", 2, 3}, // deal 200 again, under a new header
		{"60", "2 of 2 deals already", 2, 3}, // nothing to do
		{"50", "1 of 2 deals already", 3, 4}, // back to the first budget: a new run again
	} {
		_, errs, code := runSurveyArgs(t, "house-in-the-woods", "--deals", "199-200", "--budget", step.budget, "--json", file)
		if code != 0 {
			t.Fatalf("budget %s: exit %d: %s", step.budget, code, errs)
		}
		if !strings.Contains(errs, step.already) {
			t.Errorf("budget %s: stderr %q, want %q", step.budget, errs, step.already)
		}
		data := string(mustRead(os.ReadFile(file)))
		if n := strings.Count(data, `"survey"`); n != step.headers {
			t.Errorf("budget %s: %d header lines, want %d", step.budget, n, step.headers)
		}
		if n := len(surveyDeals(readSurveyLines(t, file))); n != step.lines {
			t.Errorf("budget %s: %d deal lines, want %d:\n%s", step.budget, n, step.lines, data)
		}
	}
}

func TestSurveyShardsMerge(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	for i, f := range []string{a, b} {
		shard := []string{"1/2", "2/2"}[i]
		if _, errs, code := runSurveyArgs(t, "house-on-the-hill", "--deals", "11-14", "--shard", shard, "--budget", "1000", "--json", f); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", shard, code, errs)
		}
	}
	if got := surveyDeals(readSurveyLines(t, a)); len(got) != 2 || got[0] != 11 || got[1] != 13 {
		t.Errorf("shard 1/2: %v", got)
	}
	if got := surveyDeals(readSurveyLines(t, b)); len(got) != 2 || got[0] != 12 || got[1] != 14 {
		t.Errorf("shard 2/2: %v", got)
	}
	merged := filepath.Join(dir, "m.json")
	odds := filepath.Join(dir, "odds.json")
	out, errs, code := runSurveyArgs(t, "merge", "--json", merged, "--odds", odds, a, b)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "deals    4") {
		t.Errorf("merge summary:\n%s", out)
	}
	if got := surveyDeals(readSurveyLines(t, merged)); len(got) != 4 || got[0] != 11 || got[3] != 14 {
		t.Errorf("merged: %v", got)
	}
	var o survey.OddsObject
	if err := json.Unmarshal(mustRead(os.ReadFile(odds)), &o); err != nil {
		t.Fatal(err)
	}
	if o.Game != "house-on-the-hill" || o.Deals != "11-14" || o.Won+o.Lost+o.Unknown != 4 || o.Engine == "" {
		t.Errorf("odds %+v", o)
	}

	// Merging two games is an error.
	c := filepath.Join(dir, "c.json")
	if _, errs, code := runSurveyArgs(t, "house-in-the-woods", "--deals", "199-199", "--budget", "1000", "--json", c); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, _, code := runSurveyArgs(t, "merge", a, c); code != 1 {
		t.Errorf("merge of two games: exit %d, want 1", code)
	}
}

func TestSurveyUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"house-on-the-hill"}, 2},
		{[]string{"--deals", "1-2"}, 2},
		{[]string{"house-on-the-hill", "--deals", "x"}, 2},
		{[]string{"house-on-the-hill", "--deals", "5-1"}, 2},
		{[]string{"house-on-the-hill", "--deals", "1-2", "--shard", "3/2"}, 2},
		{[]string{"house-on-the-hill", "--deals", "1-2", "--jobs", "0"}, 2},
		{[]string{"house-on-the-hill", "--deals", "1-2", "--bogus"}, 2},
		{[]string{"merge"}, 2},
		{[]string{"no-such-game", "--deals", "1-2"}, 1},
		{[]string{"merge", "/no/such/file.json"}, 1},
	} {
		if _, errs, code := runSurveyArgs(t, c.args...); code != c.code {
			t.Errorf("survey %v: exit %d, want %d (%s)", c.args, code, c.code, errs)
		}
	}
}

func mustRead(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestSurveyJSONKeepsOtherFiles is issue 23, item 1: --json given a file
// that is not a survey of the game leaves it as it was.
func TestSurveyJSONKeepsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "other.json")
	if _, errs, code := runSurveyArgs(t, "house-in-the-woods", "--deals", "199-199", "--budget", "1000", "--json", other); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, _ := os.OpenFile(other, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"deal":200,"res`)
	f.Close()
	for _, tt := range []struct {
		name, file, text string
	}{
		{"notes", filepath.Join(dir, "notes.txt"), "keep me"},
		{"another game's survey", other, string(mustRead(os.ReadFile(other)))},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(tt.file, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, errs, code := runSurveyArgs(t, "captured-queens", "--deals", "1-1", "--json", tt.file)
			if code != 1 {
				t.Errorf("exit %d, want 1; stderr %s", code, errs)
			}
			if got := string(mustRead(os.ReadFile(tt.file))); got != tt.text {
				t.Errorf("the file is now %q, was %q", got, tt.text)
			}
		})
	}
}

// TestSurveyJobsBounded is issue 23, item 3: --jobs far beyond the deals
// and cores runs no more workers than those.
func TestSurveyJobsBounded(t *testing.T) {
	start := time.Now()
	_, errs, code := runSurveyArgs(t, "house-on-the-hill", "--deals", "1-2", "--budget", "500", "--jobs", "100000000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("2 deals with --jobs 100000000 took %v", took)
	}
}

// TestSurveyMergeKeepsOtherFiles checks that survey merge replaces a
// survey or odds file, but no other (issue 23, item 1, for merge).
func TestSurveyMergeKeepsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	a := smallSurvey(t, dir)
	notes := filepath.Join(dir, "notes.txt")
	for _, tt := range []struct {
		name string
		args []string
		code int
	}{
		{"--json over notes", []string{"merge", "--json", notes, a}, 1},
		{"--odds over notes", []string{"merge", "--odds", notes, a}, 1},
		{"--json over a survey", []string{"merge", "--json", a, a}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(notes, []byte("keep me"), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, errs, code := runSurveyArgs(t, tt.args...); code != tt.code {
				t.Errorf("exit %d, want %d: %s", code, tt.code, errs)
			}
			if got := string(mustRead(os.ReadFile(notes))); got != "keep me" {
				t.Errorf("notes.txt is now %q", got)
			}
		})
	}
}

// TestSurveyMergeOddsKeeps checks that merge --odds keeps what a survey
// does not compute from the odds file it replaces: the date, the notes
// and the sample.
func TestSurveyMergeOddsKeeps(t *testing.T) {
	dir := t.TempDir()
	a := smallSurvey(t, dir)
	odds := filepath.Join(dir, "house-in-the-woods.json")
	if _, errs, code := runSurveyArgs(t, "merge", "--odds", odds, a); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var o map[string]any
	if err := json.Unmarshal(mustRead(os.ReadFile(odds)), &o); err != nil {
		t.Fatal(err)
	}
	o["date"], o["notes"] = "2026-12-05", "a note by hand"
	o["sample"] = map[string]any{"drawn": "by hand", "undecided": []int{199}, "deals": []int{199}}
	data, err := json.MarshalIndent(o, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(odds, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := runSurveyArgs(t, "merge", "--odds", odds, a); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got := string(mustRead(os.ReadFile(odds)))
	for _, w := range []string{`"date": "2026-12-05"`, `"notes": "a note by hand"`, `"drawn": "by hand"`, "\"undecided\": [\n      199\n    ]"} {
		if !strings.Contains(got, w) {
			t.Errorf("the odds file lacks %q:\n%s", w, got)
		}
	}
}

// smallSurvey writes a survey of one deal to dir/a.json and returns its
// name.
func smallSurvey(t *testing.T, dir string) string {
	t.Helper()
	a := filepath.Join(dir, "a.json")
	if _, errs, code := runSurveyArgs(t, "house-in-the-woods", "--deals", "199-199", "--budget", "1000", "--json", a); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	return a
}
