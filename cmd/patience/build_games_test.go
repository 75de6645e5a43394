package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunBuildWarnings: a survey made with other rules is a warning on
// stderr, and the build succeeds.
func TestRunBuildWarnings(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"config.yaml":                     "all_games: false\n",
		"content/games/shamrocks.md":      "---\ngame: shamrocks\n---\n# Shamrocks\n",
		"content/odds/shamrocks.json":     `{"game": "shamrocks", "engine": "0123456789ab", "deals": "1-2", "won": 1, "lost": 1, "unknown": 0}` + "\n",
		"content/games/la-belle-lucie.md": "---\ngame: la-belle-lucie\n---\n# La Belle Lucie\n\nSee [Shamrocks](../shamrocks/#odds).\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if got := run([]string{"build", "--source", dir}, &stdout, &stderr); got != 0 {
		t.Fatalf("status %d; stderr:\n%s", got, stderr.String())
	}
	want := "content/odds/shamrocks.json:1:33: warning: the survey of shamrocks was made with rules 0123456789ab, which have changed since"
	if !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
	}

	// A broken link fails the build, status 1.
	p := filepath.Join(dir, "content/games/la-belle-lucie.md")
	if err := os.WriteFile(p, []byte("---\ngame: la-belle-lucie\n---\n# La Belle Lucie\n\nSee [Shamrocks](../shamrock/).\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if got := run([]string{"build", "--source", dir}, &stdout, &stderr); got != 1 {
		t.Fatalf("status %d; stderr:\n%s", got, stderr.String())
	}
	want = `content/games/la-belle-lucie.md:6:5: broken link "../shamrock/": no page or file games/shamrock/index.html in the site` + "\n"
	if stderr.String() != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr.String(), want)
	}
}
