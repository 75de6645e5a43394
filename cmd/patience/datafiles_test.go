package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine/survey"
)

// TestDataFilesKept is issue 41, items 3 to 5: a command writes only a
// file that is absent or its own kind for the same game and variant, and
// leaves any other as it was, with a message naming it.
func TestDataFilesKept(t *testing.T) {
	dir := t.TempDir()
	sham := filepath.Join(dir, "shamrocks.survey.jsonl")
	if _, errs, code := runSurveyArgs(t, "shamrocks", "--deals", "1-2", "--budget", "1000", "--json", sham, "--odds", filepath.Join(dir, "shamrocks.json")); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	cq := filepath.Join(dir, "cq.survey.jsonl")
	if _, errs, code := runSurveyArgs(t, "captured-queens", "--deals", "1-1", "--budget", "1000", "--json", cq); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	header, _, _ := strings.Cut(string(mustRead(os.ReadFile(sham))), "\n")
	lucie := string(mustRead(os.ReadFile("../../content/odds/la-belle-lucie.json")))
	for _, tt := range []struct {
		name string
		file string // in dir
		text string // "": the file as it is
		args []string
		want string // in stderr
	}{
		{"--odds over package.json", "package.json", `{"name":"x","version":"1.0.0"}`,
			[]string{"survey", "shamrocks", "--deals", "1", "--budget", "100", "--odds", "FILE"}, `is not an odds file (no "game")`},
		{"--odds over a survey of its header only", "s.jsonl", header + "\n",
			[]string{"survey", "shamrocks", "--deals", "1", "--budget", "100", "--odds", "FILE"}, `unknown field "survey"`},
		{"--odds over another game's odds", "shamrocks.json", "",
			[]string{"survey", "captured-queens", "--deals", "1", "--budget", "100", "--odds", "FILE"}, "holds the odds of shamrocks, not captured-queens"},
		{"merge --odds over another game's odds", "shamrocks.json", "",
			[]string{"survey", "merge", "--odds", "FILE", cq}, "holds the odds of shamrocks, not captured-queens"},
		{"--odds over another variant's odds", "lucie-default.json", `{"game":"la-belle-lucie"}`,
			[]string{"survey", "la-belle-lucie", "--variant", "no-redeal", "--deals", "1", "--budget", "100", "--odds", "FILE"}, "holds the odds of la-belle-lucie, not la-belle-lucie/no-redeal"},
		{"--odds over the odds of a game and its variants", "lucie.json", lucie,
			[]string{"survey", "la-belle-lucie", "--deals", "1", "--budget", "100", "--odds", "FILE"}, "holds 2 odds objects"},
		{"merge --json over another game's survey", "cq.survey.jsonl", "",
			[]string{"survey", "merge", "--json", "FILE", sham}, "is a survey of captured-queens, not of shamrocks: not replaced"},
		{"fairplay --json over a survey", "shamrocks.survey.jsonl", "",
			[]string{"fairplay", "la-belle-lucie", "--deals", "1", "--bound", "lower", "--samples", "1", "--limit", "10", "--json", "FILE"}, "does not read as fair-play results"},
		{"fairplay --json over config.yaml", "config.yaml", "title: x\n",
			[]string{"fairplay", "la-belle-lucie", "--deals", "1", "--bound", "lower", "--samples", "1", "--limit", "10", "--json", "FILE"}, "does not read as fair-play results"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, tt.file)
			if tt.text != "" {
				if err := os.WriteFile(file, []byte(tt.text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			before := string(mustRead(os.ReadFile(file)))
			args := append([]string(nil), tt.args...)
			for i, a := range args {
				if a == "FILE" {
					args[i] = file
				}
			}
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code != 1 {
				t.Errorf("exit %d, want 1; stderr %s", code, &stderr)
			}
			if !strings.Contains(stderr.String(), file) || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("stderr %q, want the file's name and %q", &stderr, tt.want)
			}
			if after := string(mustRead(os.ReadFile(file))); after != before {
				t.Errorf("the file changed:\n%s\nwas\n%s", after, before)
			}
		})
	}
}

// TestSurveyOneWriter is issue 41, item 2: while a survey writes a file
// (here: holds it open with survey.Open), a second survey --json or a
// survey merge --json of it fails at once, naming the file, and leaves it
// as it was.
func TestSurveyOneWriter(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.jsonl")
	if _, errs, code := runSurveyArgs(t, "shamrocks", "--deals", "1", "--budget", "100", "--json", path); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := survey.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	held, err := survey.Open(path, *f.Header)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	before := string(mustRead(os.ReadFile(path)))
	for _, args := range [][]string{
		{"shamrocks", "--deals", "1-2", "--budget", "100", "--json", path},
		{"merge", "--json", path, path},
	} {
		t.Run(args[0], func(t *testing.T) {
			_, errs, code := runSurveyArgs(t, args...)
			if want := path + ": another survey is writing this file"; code != 1 || !strings.Contains(errs, want) {
				t.Errorf("exit %d, stderr %q; want 1 and %q", code, errs, want)
			}
			if after := string(mustRead(os.ReadFile(path))); after != before {
				t.Errorf("the file changed:\n%s\nwas\n%s", after, before)
			}
		})
	}
}

// TestSurveyResumeCutsBrokenLine is issue 41, item 6: a broken last line
// that ends in a newline is cut off when the survey resumes, and stderr
// says so; the file reads whole afterwards.
func TestSurveyResumeCutsBrokenLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if _, errs, code := runSurveyArgs(t, "shamrocks", "--deals", "1-2", "--budget", "100", "--json", path); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data := mustRead(os.ReadFile(path))
	data = append(data[:len(data)-10], '\n') // the last line loses its end
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code := runSurveyArgs(t, "shamrocks", "--deals", "1-2", "--budget", "100", "--json", path)
	if want := "survey: cut off " + path + ":3, a line left unfinished"; code != 0 || !strings.Contains(errs, want) {
		t.Errorf("exit %d, stderr %q; want 0 and %q", code, errs, want)
	}
	f, err := survey.ReadFile(path)
	if err != nil {
		t.Fatalf("the resumed file does not read: %v", err)
	}
	if len(f.Results) != 2 {
		t.Errorf("%d deals, want 2", len(f.Results))
	}
}

// TestFairplayLastDeal is issue 41, item 12: a range of deals ending at
// the largest deal number ends there (the deal number wrapped round to 0
// and fairplay panicked).
func TestFairplayLastDeal(t *testing.T) {
	for _, deals := range []string{"18446744073709551615", "18446744073709551614-18446744073709551615"} {
		t.Run(deals, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run([]string{"fairplay", "la-belle-lucie", "--deals", deals, "--bound", "lower", "--samples", "1", "--limit", "10"}, &stdout, &stderr)
			if code != 0 || !strings.Contains(stdout.String(), "over deals "+deals) {
				t.Errorf("exit %d, stdout %q, stderr %q", code, &stdout, &stderr)
			}
		})
	}
}

// TestMessagePrefix is issue 41, item 15: a message names its command
// once.
func TestMessagePrefix(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"fairplay", "shamrocks", "--deals", "1", "--bound", "lower"}, "patience fairplay: shamrocks has no shuffling redeal"},
		{[]string{"survey", "merge"}, "patience survey merge: need at least one FILE"},
		{[]string{"survey", "shamrocks", "--deals", "x"}, "patience survey: bad deal range"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			run(tt.args, &stdout, &stderr)
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			if last := lines[len(lines)-1]; !strings.HasPrefix(last, tt.want) {
				t.Errorf("stderr ends %q, want %q", last, tt.want)
			}
		})
	}
}
