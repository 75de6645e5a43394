package site

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/survey"
)

// figureSite is a small site whose page quotes figures of the odds.
func figureSite(page string) map[string]string {
	shamrocks, _ := engine.Lookup("shamrocks", "")
	return map[string]string{
		"config.yaml":      "all_games: false\n",
		"content/index.md": "# Home\n",
		"content/about.md": "# About\n\n" + page,
		// Test data, not a survey.
		"content/odds/shamrocks.json": fmt.Sprintf(`{"game": "shamrocks", "engine": %q, "deals": "1-1000", "won": 600, "lost": 380, "unknown": 20, "median_ms": 8.43, "p99_ms": 1436.88}`, survey.Fingerprint(shamrocks)),
		"content/odds/shamrocks.survey.jsonl": `{"survey":1,"game":"shamrocks","variant":"","engine":"x","solver":"7","budget":1,"timeout_ms":1}` + "\n" +
			`{"survey":1,"game":"shamrocks","variant":"","engine":"x","solver":"8","budget":2,"timeout_ms":1}` + "\n",
		"content/odds/la-belle-lucie.fair.jsonl": `{"fairplay":1,"game":"la-belle-lucie","variant":"","engine":"e","seed":3,"limit":20000}` + "\n" +
			`{"deal":1,"bound":"lower","samples":4,"won":1}` + "\n" + `{"deal":2,"bound":"lower","samples":4,"won":3}` + "\n",
	}
}

func TestFigures(t *testing.T) {
	tests := []struct {
		name, page string
		want       string // in about/index.html
		errs       string
	}{
		{name: "survey", page: "{{odds:shamrocks:won}} of {{odds:shamrocks:deals}} ({{odds:shamrocks:first}}–{{odds:shamrocks:last}}), " +
			"{{odds:shamrocks:rate}} ({{odds:shamrocks:low}} to {{odds:shamrocks:high}}), {{odds:shamrocks:decided}} decided, {{odds:shamrocks:ceiling}} at most, " +
			"{{odds:shamrocks:lost}} lost, {{odds:shamrocks:unknown}} unknown, solver {{odds:shamrocks:solver}}, " +
			"{{odds:shamrocks:median}} a deal ({{odds:shamrocks:p99}})\n",
			want: "600 of 1,000 (1–1,000), 60.0% (56.9% to 65.0%), 98.0% decided, 62.0% at most, 380 lost, 20 unknown, solver 8, 8.4 ms a deal (1,437 ms)"},
		{name: "fair play", page: "{{odds:la-belle-lucie:fair-lower}} over {{odds:la-belle-lucie:fair-lower-deals}} deals × {{odds:la-belle-lucie:fair-lower-samples}}, seed {{odds:la-belle-lucie:fair-seed}}\n",
			want: "50.0% over 2 deals × 4, seed 3"},
		{name: "exact", page: "{{odds:herz-zu-herz/draws-4:exact}} and {{odds:herz-zu-herz:exact-fraction}}\n",
			want: "14.9% and 23,271,134,824,862,393 / 59,676,322,059,666,000"},
		{name: "no exact probability", page: "{{odds:shamrocks:exact}}\n",
			errs: "content/about.md:3:1: unknown odds key exact: shamrocks has no exact probability, from the engine or in content/odds/shamrocks.json"},
		{name: "unknown key", page: "x\n\nsee {{odds:shamrocks:wins}}\n",
			errs: "content/about.md:5:5: unknown odds key wins for shamrocks in content/odds/shamrocks.json (known: deals, first, last, won, lost, unknown, decided, ceiling, rate, low, high, median, p99, solver)"},
		{name: "no data for the game", page: "{{odds:patriarchs:won}}\n",
			errs: "content/about.md:3:1: unknown odds key won: no results for patriarchs in content/odds/patriarchs.json"},
		{name: "unknown game", page: "{{odds:klondike:won}}\n",
			errs: `content/about.md:3:1: unknown odds key won: unknown game "klondike"`},
		{name: "no fair-play data for the variant", page: "{{odds:la-belle-lucie/three-shuffles-and-a-draw:fair-lower}}\n",
			errs: "content/about.md:3:1: unknown odds key fair-lower: content/odds/la-belle-lucie.fair.jsonl has no results for la-belle-lucie/three-shuffles-and-a-draw"},
		{name: "no upper bound measured", page: "{{odds:la-belle-lucie:fair-upper}}\n",
			errs: "content/about.md:3:1: unknown odds key fair-upper for la-belle-lucie in content/odds/la-belle-lucie.fair.jsonl (known: fair-lower, fair-lower-deals, fair-lower-first, fair-lower-high, fair-lower-last, fair-lower-limit, fair-lower-low, fair-lower-samples, fair-seed)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dest := filepath.Join(t.TempDir(), "public")
			errs, _ := buildErrors(t, figureSite(tt.page), Options{Destination: dest})
			got := strings.Join(errs, "\n")
			if tt.errs != "" {
				if !strings.HasPrefix(got, tt.errs) {
					t.Fatalf("errors:\n%s\nwant:\n%s", got, tt.errs)
				}
				return
			}
			if errs != nil {
				t.Fatal(got)
			}
			html, err := os.ReadFile(filepath.Join(dest, "about", "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(html), tt.want) {
				t.Errorf("about/index.html lacks %q", tt.want)
			}
		})
	}
}

// TestFiguresRebuilt: a page that quotes a figure is built again when the
// file it comes from changes, and a build with a cache shows the new one.
func TestFiguresRebuilt(t *testing.T) {
	dir := t.TempDir()
	files := figureSite("{{odds:shamrocks:won}} and {{odds:la-belle-lucie:fair-lower}}\n")
	writeFiles(t, dir, files)
	cache := NewCache()
	for i, change := range []struct{ name, from, to, want string }{
		{want: "600 and 50.0%"},
		{"content/odds/shamrocks.json", `"won": 600, "lost": 380`, `"won": 601, "lost": 379`, "601 and 50.0%"},
		{"content/odds/la-belle-lucie.fair.jsonl", `"won":3`, `"won":1`, "601 and 25.0%"},
	} {
		if change.name != "" {
			files[change.name] = strings.Replace(files[change.name], change.from, change.to, 1)
			writeFiles(t, dir, map[string]string{change.name: files[change.name]})
			cache.Changed(change.name)
		}
		res, err := Build(Options{Source: dir, Cache: cache, Replay: fakeReplay})
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && res.Loaded != 1 {
			t.Errorf("step %d: %d pages loaded, want 1 (the page quoting the figure)", i, res.Loaded)
		}
		if html := string(res.Output["about/index.html"]); !strings.Contains(html, change.want) {
			t.Errorf("step %d: the page lacks %q", i, change.want)
		}
	}
}

// TestFairOddsBox: the odds box of a game with shuffling redeals shows
// the rate for a player from its fair-play file, and a broken file fails
// the build.
func TestFairOddsBox(t *testing.T) {
	files := figureSite("")
	files["content/games/la-belle-lucie.md"] = "---\ngame: la-belle-lucie\nfamily: fan\nskill: true\n---\n# La Belle Lucie\n"
	dest := filepath.Join(t.TempDir(), "public")
	if errs, _ := buildErrors(t, files, Options{Destination: dest}); errs != nil {
		t.Fatal(strings.Join(errs, "\n"))
	}
	html, err := os.ReadFile(filepath.Join(dest, "games", "la-belle-lucie", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "at least <strong>50.0%</strong> (95% interval 1.0% to 99.0%)"; !strings.Contains(string(html), want) {
		t.Errorf("the odds box lacks %q", want)
	}
	files["content/odds/la-belle-lucie.fair.jsonl"] += `{"deal":3,"bound":"sideways","samples":1}` + "\n"
	errs, _ := buildErrors(t, files, Options{})
	if want := `content/odds/la-belle-lucie.fair.jsonl:4:1: bound "sideways": want "lower" or "upper"`; strings.Join(errs, "\n") != want {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), want)
	}
}

// TestFigureKnockOnErrors is issue 41, item 15: a data file that does not
// read, quoted by a page's figures, gave an error at each figure, listed
// before the file's own. The file's error is the only one.
func TestFigureKnockOnErrors(t *testing.T) {
	page := "{{odds:shamrocks:won}} {{odds:shamrocks:rate}} {{odds:shamrocks:solver}} {{odds:la-belle-lucie:fair-lower}} {{odds:la-belle-lucie:fair-seed}}\n"
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"odds", map[string]string{"content/odds/shamrocks.json": `{"game": "shamrocks",, "won": 1}`},
			"content/odds/shamrocks.json:1:22: bad JSON: invalid character ',' looking for beginning of object key string"},
		{"survey", map[string]string{"content/odds/shamrocks.survey.jsonl": "{\"survey\":1,\n{\"deal\":1}\n"},
			"content/odds/shamrocks.survey.jsonl:1:1: unexpected end of JSON input"},
		{"fair play", map[string]string{"content/odds/la-belle-lucie.fair.jsonl": "{\n"},
			"content/odds/la-belle-lucie.fair.jsonl:1:1: bad line: unexpected EOF"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := figureSite(page)
			maps.Copy(files, tt.files)
			errs, _ := buildErrors(t, files, Options{Destination: filepath.Join(t.TempDir(), "public")})
			if len(errs) != 1 || errs[0] != tt.want {
				t.Errorf("errors:\n%s\nwant only:\n%s", strings.Join(errs, "\n"), tt.want)
			}
		})
	}
}

// TestFiguresWhereNotExpanded is issue 41, item 11: a figure in the front
// matter (title, description) or in a replay block was published as
// written, braces and all, even with an unknown key; each is refused at
// its position. In the page's text, spaces inside the braces are
// allowed, and the figures of a heading reach the search index and the
// title, and those of an image its alt text.
func TestFiguresWhereNotExpanded(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		errs  []string
	}{
		{"front matter", map[string]string{"content/about.md": "---\ntitle: \"Won {{odds:shamrocks:won}}\"\ndescription: x {{ odds:shamrocks:nosuch }}\n---\n\n# About\n"},
			[]string{
				"content/about.md:2:13: an odds figure {{odds:…}} is not expanded in front matter: quote it in the page's text",
				"content/about.md:3:16: an odds figure {{odds:…}} is not expanded in front matter: quote it in the page's text",
			}},
		{"replay block", map[string]string{"content/about.md": "# About\n\n```replay\ngame: shamrocks\n# won {{odds:shamrocks:won}} times\n```\n"},
			[]string{"content/about.md:5:7: an odds figure {{odds:…}} is not expanded in a replay block: quote it in the page's text"}},
		{"replay file", map[string]string{
			"content/about.md": "# About\n\n```replay src=a.replay\n```\n",
			"content/a.replay": "game: shamrocks\n\n{{ODDS:shamrocks:won}}\n",
		}, []string{"content/a.replay:3:1: an odds figure {{odds:…}} is not expanded in a replay block: quote it in the page's text"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := figureSite("")
			maps.Copy(files, tt.files)
			errs, _ := buildErrors(t, files, Options{Destination: filepath.Join(t.TempDir(), "public")})
			if strings.Join(errs, "\n") != strings.Join(tt.errs, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(tt.errs, "\n"))
			}
		})
	}

	t.Run("page text", func(t *testing.T) {
		files := figureSite("")
		files["content/about.md"] = "# Won {{ odds:shamrocks:won }} deals\n\n## Rate {{odds:shamrocks:rate}}\n\n![{{odds:shamrocks:won}} won](a.svg)\n"
		files["content/about/a.svg"] = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"
		dest := filepath.Join(t.TempDir(), "public")
		if errs, _ := buildErrors(t, files, Options{Destination: dest}); errs != nil {
			t.Fatal(strings.Join(errs, "\n"))
		}
		for file, want := range map[string][]string{
			"about/index.html": {"<title>Won 600 deals", `<h1 id="won--oddsshamrockswon--deals">Won 600 deals</h1>`, `alt="600 won"`},
			"search-index.js":  {`"t":"Won 600 deals"`, `["Rate 60.0%","rate-oddsshamrocksrate"]`},
		} {
			data, err := os.ReadFile(filepath.Join(dest, filepath.FromSlash(file)))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range want {
				if !strings.Contains(string(data), w) {
					t.Errorf("%s lacks %q", file, w)
				}
			}
		}
	})
}
