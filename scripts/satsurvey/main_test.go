package main

import (
	"fmt"
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

func TestGuides(t *testing.T) {
	tests := []struct {
		list  string
		fixed []int // of a line of 61 cards home
		err   bool
	}{
		{"", nil, false},
		{"0,15,100", []int{61, 46, 0}, false},
		{"50%, 42%,100%,0%", []int{31, 26, 61, 0}, false},
		{"101%", nil, true},
		{"x%", nil, true},
		{"-3", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.list, func(t *testing.T) {
			gs, err := guides(tt.list)
			if (err != nil) != tt.err {
				t.Fatalf("error %v", err)
			}
			var got []int
			for _, g := range gs {
				got = append(got, g.fixed(61))
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.fixed) {
				t.Errorf("fixed %v, want %v", got, tt.fixed)
			}
		})
	}
}
