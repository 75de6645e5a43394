package site

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/survey"
)

// TestDataFuncRebuilt adds a template function that reads a data file
// through the gameReader, as a new one would be added (dataFuncs), and
// checks that patience serve's incremental build makes the page that
// uses it again when the file changes, and only that page.
func TestDataFuncRebuilt(t *testing.T) {
	dataFuncs["fairSeed"] = func(rd *gameReader) any {
		return func(game string) (uint64, error) {
			g, err := lookup(game, nil)
			if err != nil {
				return 0, err
			}
			s, err := rd.fair(g)
			if err != nil || s == nil {
				return 0, err
			}
			return s.Seed, nil
		}
	}
	t.Cleanup(func() { delete(dataFuncs, "fairSeed") })

	dir := t.TempDir()
	files := figureSite("")
	files["content/seed.md"] = "---\nlayout: seed\n---\n# Seed\n"
	files["templates/seed.html"] = `{{define "main"}}<p>the seed is {{fairSeed "la-belle-lucie"}}.</p>{{end}}` + "\n"
	writeFiles(t, dir, files)
	cache := NewCache()
	seeds := []string{"3", "4", "5"}
	for i, seed := range seeds {
		if i > 0 {
			name := "content/odds/la-belle-lucie.fair.jsonl"
			files[name] = strings.Replace(files[name], `"seed":`+seeds[i-1], `"seed":`+seed, 1)
			writeFiles(t, dir, map[string]string{name: files[name]})
			cache.Changed(name)
		}
		res, err := Build(Options{Source: dir, Cache: cache, Replay: fakeReplay})
		if err != nil {
			t.Fatal(err)
		}
		if want := "the seed is " + seed + "."; !strings.Contains(string(res.Output["seed/index.html"]), want) {
			t.Errorf("step %d: seed/index.html lacks %q", i, want)
		}
		if i > 0 && (res.Loaded != 1 || res.Rendered != 1) {
			t.Errorf("step %d: %d pages loaded and %d rendered, want 1 and 1 (the page showing the seed)", i, res.Loaded, res.Rendered)
		}
	}
}

// TestDataReadsRecorded changes each data file of a site in turn and
// checks that every page whose output changes listed the file in its
// deps: a template function or a figure that read a file without
// recording it would leave that page stale under patience serve.
func TestDataReadsRecorded(t *testing.T) {
	files := figureSite("{{odds:shamrocks:won}}, {{odds:shamrocks:solver}}, {{odds:la-belle-lucie:fair-lower}}\n")
	herz, _ := engine.Lookup("herz-zu-herz", "")
	files["content/odds/herz-zu-herz.json"] = `{"game": "herz-zu-herz", "engine": "` + survey.Fingerprint(herz) + `", "deals": "1-10", "won": 1, "lost": 9, "unknown": 0}`
	files["content/index.md"] = "# Home\n" // the home layout: games and families
	files["content/games/shamrocks.md"] = "---\ngame: shamrocks\nfamily: fan\n---\n# Shamrocks\n"
	files["content/games/la-belle-lucie.md"] = "---\ngame: la-belle-lucie\nfamily: fan\n---\n# La Belle Lucie\n"
	files["content/games/herz-zu-herz.md"] = "---\ngame: herz-zu-herz\nfamily: patriarchs\n---\n# Herz zu Herz\n"
	changes := map[string][2]string{ // every data file of the site: a change that shows
		"content/odds/shamrocks.json":            {`"won": 600, "lost": 380`, `"won": 380, "lost": 600`},
		"content/odds/shamrocks.survey.jsonl":    {`"solver":"8"`, `"solver":"9"`},
		"content/odds/la-belle-lucie.fair.jsonl": {`"won":3`, `"won":1`},
		"content/odds/herz-zu-herz.json":         {`"won": 1, "lost": 9`, `"won": 2, "lost": 8`},
	}
	build := func(files map[string]string) *Result {
		t.Helper()
		errs, res := buildErrors(t, files, Options{Memory: true, Replay: fakeReplay})
		if errs != nil {
			t.Fatal(strings.Join(errs, "\n"))
		}
		return res
	}
	before := build(files)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if !strings.HasPrefix(name, "content/odds/") {
			continue
		}
		t.Run(name, func(t *testing.T) {
			c, ok := changes[name]
			if !ok || !strings.Contains(files[name], c[0]) {
				t.Fatalf("no change for %s", name)
			}
			changed := maps.Clone(files)
			changed[name] = strings.Replace(files[name], c[0], c[1], 1)
			after := build(changed)
			n := 0
			for _, p := range before.Pages {
				if bytes.Equal(after.Output[p.Path], before.Output[p.Path]) {
					continue
				}
				n++
				if !slices.Contains(before.Deps[p.Source], name) {
					t.Errorf("%s changes with %s, but its deps do not list the file: %v", p.Path, name, before.Deps[p.Source])
				}
			}
			if n == 0 {
				t.Errorf("no page changes with %s: the test shows nothing", name)
			}
		})
	}
}

// TestReaderWithoutRecorder: the template functions the layouts are
// parsed with have no recorder, and refuse to read rather than read
// without noting the file.
func TestReaderWithoutRecorder(t *testing.T) {
	g, _ := engine.Lookup("shamrocks", "")
	defer func() {
		if recover() == nil {
			t.Error("a gameReader without a recorder read the odds")
		}
	}()
	(&builder{}).reader(nil).odds(g)
}
