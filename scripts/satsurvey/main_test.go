package main

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/patience-solitaire/patience/engine/survey"
	"github.com/patience-solitaire/patience/replay"
)

// TestWins replays the SAT track's wins kept beside the script (written
// by -replays) with the replay verifier: each must win, and the game's
// survey must count its deal won.
func TestWins(t *testing.T) {
	files, err := filepath.Glob("*.replay")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no replay files")
	}
	surveys := map[string]map[uint64]string{}
	for _, name := range files {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			r, err := replay.Parse(name, 1, src)
			if err != nil {
				t.Fatal(err)
			}
			v, err := replay.Verify(r)
			if err != nil {
				t.Fatal(err)
			}
			if !v.End.Won() {
				t.Fatalf("the replay ends with %d cards home", v.End.OnFoundations())
			}
			slug := v.Game.Slug
			if surveys[slug] == nil {
				f, err := survey.ReadFile(filepath.Join("..", "..", "content", "odds", slug+".survey.jsonl"))
				if err != nil {
					t.Fatal(err)
				}
				surveys[slug] = map[uint64]string{}
				for _, d := range f.Results {
					surveys[slug][d.Deal] = d.Result
				}
			}
			n, err := strconv.ParseUint(r.Deal, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			if got := surveys[slug][n]; got != survey.Won {
				t.Errorf("the survey of %s says deal %d is %q", slug, n, got)
			}
		})
	}
}
