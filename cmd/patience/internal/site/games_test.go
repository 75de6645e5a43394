package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
	"github.com/patience-solitaire/patience/content"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/srcpos"
	"github.com/patience-solitaire/patience/engine/survey"
)

// buildErrors builds the site of files and returns its errors, one string
// each ("" list when it builds).
func buildErrors(t *testing.T, files map[string]string, opts Options) ([]string, *Result) {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	opts.Source = dir
	if opts.Destination == "" {
		opts.Destination = filepath.Join(dir, "public")
	}
	res, err := Build(opts)
	if err == nil {
		return nil, res
	}
	list, ok := err.(srcpos.ErrorList)
	if !ok {
		t.Fatalf("error is a %T, not a srcpos.ErrorList: %v", err, err)
	}
	var got []string
	for _, e := range list {
		got = append(got, e.Error())
	}
	return got, nil
}

func TestGamePagesComplete(t *testing.T) {
	// A folder of Markdown without game pages builds, games/ folder or not.
	if errs, _ := buildErrors(t, map[string]string{"content/index.md": "# Home\n", "content/games/notes.md": "# Notes\n"}, Options{}); errs != nil {
		t.Fatalf("a site without game pages: %q", errs)
	}

	// A site with game pages needs one for every game.
	site := map[string]string{
		"content/index.md":              "# Home\n",
		"content/games/shamrocks.md":    "---\ngame: shamrocks\npacks: 1\n---\n# Shamrocks\n",
		"content/other/belle-lucie.md":  "---\ngame: la-belle-lucie\nvariant: three-shuffles-and-a-draw\n---\n# Lucie\n",
		"content/games/herz-zu-herz.md": "---\ngame: herz-zu-herz\npacks: skat\n---\n# Herz\n",
	}
	errs, _ := buildErrors(t, site, Options{})
	var want []string
	for _, g := range engine.Games() {
		if g.Variant == "" && g.Slug != "shamrocks" && g.Slug != "la-belle-lucie" && g.Slug != "herz-zu-herz" {
			want = append(want, fmt.Sprintf("content/games/%s.md: no page for the game %s (%s): every game the engine knows needs one, with front matter game: %s (or say all_games: false in config.yaml)", g.Slug, g.Slug, g.Name, g.Slug))
		}
	}
	if strings.Join(errs, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
	if len(want) != 17 {
		t.Errorf("%d games missing, want 17", len(want))
	}

	// all_games: false lets a site document some games only.
	site["config.yaml"] = "all_games: false\n"
	if errs, _ := buildErrors(t, site, Options{}); errs != nil {
		t.Fatalf("all_games: false: %q", errs)
	}

	// Game pages are checked against the engine.
	bad := map[string]string{
		"config.yaml":            "all_games: false\n",
		"content/games/a.md":     "---\ntitle: A\ngame: shamrock\n---\n",
		"content/games/b.md":     "---\ngame: shamrocks\nvariant: kings\n---\n",
		"content/games/c.md":     "---\ngame: [shamrocks]\n---\n",
		"content/games/d.md":     "---\ngame: napoleon-at-st-helena\npacks: 1\n---\n",
		"content/games/e.md":     "---\ngame: herz-zu-herz\nvariant: x\n---\n",
		"content/games/fine.md":  "---\ngame: shamrocks\nvariant: no-king-rule\npacks: 1\n---\n",
		"content/games/fine2.md": "---\ngame: patriarchs\nvariant:\n---\n",
	}
	errs, _ = buildErrors(t, bad, Options{})
	want = []string{
		`content/games/a.md:3:7: front matter: unknown game "shamrock" (known: bakers-dozen, bakers-game, beleaguered-castle, captured-queens, contradance, eight-off, fan, freecell, herz-zu-herz, house-in-the-woods, house-on-the-hill, la-belle-lucie, napoleon-at-st-helena, odd-and-even, patriarchs, picture-patience, royal-cotillion, seahaven-towers, shamrocks, streets-and-alleys)`,
		`content/games/b.md:3:10: front matter: unknown variant "kings" of shamrocks (known: no-king-rule)`,
		`content/games/c.md:2:7: front matter: game must be a string, not a list`,
		`content/games/d.md:3:8: front matter: packs: 1, but the engine plays napoleon-at-st-helena with two packs (104 cards) (write packs: 2)`,
		`content/games/e.md:3:10: front matter: unknown variant "x" of herz-zu-herz (known: draws-4, draws-6)`,
	}
	if strings.Join(errs, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
}

func TestBrokenLinks(t *testing.T) {
	site := map[string]string{
		"content/index.md": "# Home\n\nSee the [glossary](glossary/#foundation), [a typo](glossary/#fundation),\n" +
			"[nowhere](games/nope/), [a folder](games) and [up and out](../../elsewhere/).\n\n" +
			"![A picture](pic.png) ![another](games/deal.png) [mail](mailto:a@b.c) [web](https://example.org/x/)\n" +
			"[self](#home) [bad self](#nothing) [**bold** text](docs/gone/) [ref][r]\n\n[r]: games/gone/\n",
		"content/glossary.md":      "# Glossary\n\n## Foundation\n\nA pile.\n\n## Stock {#the-stock}\n",
		"content/games/_index.md":  "# Games\n",
		"content/games/x.md":       "# X\n\nBack [home](../), the [stock](../../glossary/#the-stock), a [step](#deal-3/7), [no step](#deal-4/1).\n\n```replay\nt1 t2\n```\n",
		"content/games/deal.png":   "not really",
		"content/docs/_index.md":   "# Docs\n",
		"content/docs/page.md":     "# Page\n\n[Up](../) [sideways](../../games/x/#x) [raw file](../../games/deal.png#frag)\n",
		"content/deep/a/b/page.md": "# Deep\n\n[root](../../../../) [escape](../../../../../)\n",
	}
	want := []string{
		`content/deep/a/b/page.md:3:22: broken link "../../../../../": it leads out of the site`,
		`content/games/x.md:3:80: broken link "#deal-4/1": this page has no element with id "deal-4/1"`,
		`content/index.md:3:43: broken link "glossary/#fundation": glossary/index.html has no element with id "fundation" (did you mean "#foundation"?)`,
		`content/index.md:4:1: broken link "games/nope/": no page or file games/nope/index.html in the site`,
		`content/index.md:4:25: broken link "games": games is a folder: write "games/" so that the link opens its page, from file:// too`,
		`content/index.md:4:47: broken link "../../elsewhere/": it leads out of the site`,
		`content/index.md:6:1: broken image "pic.png": no page or file pic.png in the site`,
		`content/index.md:7:15: broken link "#nothing": this page has no element with id "nothing"`,
		`content/index.md:7:36: broken link "docs/gone/": no page or file docs/gone/index.html in the site`,
		`content/index.md:7:64: broken link "games/gone/": no page or file games/gone/index.html in the site`,
	}
	// The replay viewer's id: a fake renderer gives the block the id deal-3.
	render := func(b markup.ReplayBlock) ([]byte, error) { return []byte(`<figure id="deal-3"></figure>`), nil }
	for _, mem := range []bool{false, true} {
		t.Run(fmt.Sprint("memory=", mem), func(t *testing.T) {
			errs, _ := buildErrors(t, site, Options{Memory: mem, Replay: render})
			if strings.Join(errs, "\n") != strings.Join(want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestOdds builds a site with survey results: shown on the game page and
// the home page, a warning for a survey of rules that have changed, and
// errors at their positions for a bad file.
func TestOdds(t *testing.T) {
	shamrocks, _ := engine.Lookup("shamrocks", "")
	site := map[string]string{
		"config.yaml":                  "all_games: false\n",
		"content/index.md":             "# Home\n",
		"content/docs/verification.md": "# How odds are measured\n",
		"content/games/shamrocks.md": "---\ngame: shamrocks\nfamily: fan\nskill: true\naliases: [Three-Card Fan]\n" +
			"literature_odds: \"test claim\"\n---\n# Shamrocks\n\nIntro.\n\n## Rules\n\nThe [odds](#odds).\n",
		"content/games/la-belle-lucie.md": "---\ngame: la-belle-lucie\nfamily: fan\nskill: true\n---\n# La Belle Lucie\n",
		"content/games/herz-zu-herz.md":   "---\ngame: herz-zu-herz\nfamily: chance\nskill: false\n---\n# Herz zu Herz\n",
		// Test data, not a survey.
		"content/odds/shamrocks.json":      fmt.Sprintf(`{"game": "shamrocks", "engine": %q, "deals": "1-1000", "won": 600, "lost": 380, "unknown": 20, "date": "2026-11-29", "median_ms": 4.5, "p99_ms": 310, "budget_nodes": 10000000}`, survey.Fingerprint(shamrocks)),
		"content/odds/la-belle-lucie.json": "[\n {\"game\": \"la-belle-lucie\", \"variant\": \"three-shuffles-and-a-draw\",\n  \"engine\": \"000000000000\", \"deals\": \"1-10\", \"won\": 7, \"lost\": 3, \"unknown\": 0}\n]\n",
	}
	errs, res := buildErrors(t, site, Options{})
	if errs != nil {
		t.Fatal(errs)
	}
	lucie, _ := engine.Lookup("la-belle-lucie", "three-shuffles-and-a-draw")
	wantWarn := fmt.Sprintf("content/odds/la-belle-lucie.json:3:13: warning: the survey of la-belle-lucie/three-shuffles-and-a-draw was made with rules 000000000000, which have changed since (now %s): run it again", survey.Fingerprint(lucie))
	if fmt.Sprint(res.Warnings) != "["+wantWarn+"]" {
		t.Errorf("warnings %q, want %q", res.Warnings, wantWarn)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(res.Destination, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	page := read("games/shamrocks/index.html")
	for _, w := range []string{
		"between <strong>60.0%</strong> and <strong>62.0%</strong> of deals 1–1000",
		"(1000 deals: 600 won, 380 lost, 20 undecided; surveyed 2026-11-29).",
		"The low end counts every undecided deal as lost (95% interval 56.9% to 63.0%), the high end\ncounts each as won (95% interval 59.0% to 65.0%)",
		"The solver took 4.5 ms a deal (median), 310 ms at the 99th percentile, with at most 10,000,000 positions a deal.",
		`<a href="../../odds/shamrocks.json">The survey data</a>`,
		"<dt>In the literature</dt>\n<dd>test claim</dd>",
		`<a href="../../docs/verification/index.html">How the odds are measured</a>`,
		"<em>thoughtful</em> play", "the measured rate is the rate for perfect play, once\nthe undecided deals are decided", // nothing hidden
		`<svg class="diagram`, `<desc id="layout-desc">4 foundations f1–f4 from the Aces; below them, 18 fans t1–t18.</desc>`,
		`<tr><th scope="row">Fans t1–t18</th>`,
	} {
		if !strings.Contains(page, w) {
			t.Errorf("shamrocks page lacks %q", w)
		}
	}
	// The introduction comes before the diagram, the rules after the odds.
	if i, j, k := strings.Index(page, "Intro."), strings.Index(page, "<svg"), strings.Index(page, `id="rules"`); !(i < j && j < k) {
		t.Errorf("page order: intro %d, diagram %d, rules %d", i, j, k)
	}
	page = read("games/la-belle-lucie/index.html")
	for _, w := range []string{`<dd class="not-measured">not yet measured</dd>`, "A player can therefore at best match the solver's rate.",
		"<li><code>three-shuffles-and-a-draw</code>: measured 70.0% of deals 1–10 (95% interval 39.7% to 89.2%)</li>"} {
		if !strings.Contains(page, w) {
			t.Errorf("la-belle-lucie page lacks %q", w)
		}
	}
	page = read("games/herz-zu-herz/index.html")
	for _, w := range []string{"<dt>Exact chance</dt>\n<dd><strong>39.0%</strong> (23,271,134,824,862,393 / 59,676,322,059,666,000), calculated from the rules</dd>",
		"There is nothing to decide in this game", "<code>draws-4</code>: exact chance 14.9%", "<code>draws-6</code>: exact chance 67.7%"} {
		if !strings.Contains(page, w) {
			t.Errorf("herz-zu-herz page lacks %q", w)
		}
	}
	home := read("index.html")
	for _, w := range []string{
		`<tr data-family="fan" data-kind="skill" data-names="Shamrocks Three-Card Fan">`,
		`<td class="num">60.0%–62.0% (20 of 1,000 undecided)</td>`,
		`<td class="num">39.0% (exact)</td>`,
		`<td class="num">not yet measured</td>`,
		`<option value="chance">Chance</option>`,
	} {
		if !strings.Contains(home, w) {
			t.Errorf("home page lacks %q", w)
		}
	}

	// A bad file stops the build, at its positions.
	site["content/odds/shamrocks.json"] = "{\"game\": \"shamrocks\",\n \"won\": \"many\"}\n"
	errs, _ = buildErrors(t, site, Options{})
	want := []string{
		`content/odds/shamrocks.json:1:1: missing field "deals": the range of deal numbers the counts are for, e.g. "1-1000"`,
		`content/odds/shamrocks.json:2:9: won must be a whole number, at least 0, not "many"`,
	}
	if strings.Join(errs, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
}

// TestBundledSite builds the bundled site: every game has its page, every
// link resolves, no warning.
func TestBundledSite(t *testing.T) {
	dir := t.TempDir()
	res, err := Build(Options{Source: dir, Content: content.FS, Destination: "public"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) > 0 {
		t.Errorf("warnings: %q", res.Warnings)
	}
	for _, g := range engine.Games() {
		if g.Variant != "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, "public/games", g.Slug, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []string{`<svg class="diagram`, `class="rules-summary"`, `<h2 id="odds">`} {
			if !strings.Contains(string(data), w) {
				t.Errorf("%s page lacks %q", g.Slug, w)
			}
		}
	}
}

// TestHTMLLinkWarnings: a broken link outside the Markdown (a template's,
// or raw HTML) is a warning, once for all the pages that have it.
func TestHTMLLinkWarnings(t *testing.T) {
	site := map[string]string{
		// No content/index.md: the site title's link to index.html is broken.
		"content/a.md":   "# A\n",
		"content/b/c.md": "# C\n",
		"content/raw.md": "---\nunsafe: true\n---\n# Raw\n\n<a href=\"nowhere.html\">x</a> <a href=\"../a/index.html#top\">y</a>\n",
	}
	errs, res := buildErrors(t, site, Options{})
	if errs != nil {
		t.Fatal(errs)
	}
	want := []string{
		`content/a.md: warning: broken link "../index.html" in the HTML of this page and 2 other pages, from the template page.html or raw HTML: no page or file index.html in the site`,
		`content/raw.md: warning: broken link "../a/index.html#top" in the HTML of this page, from the template page.html or raw HTML: a/index.html has no element with id "top"`,
		`content/raw.md: warning: broken link "nowhere.html" in the HTML of this page, from the template page.html or raw HTML: no page or file raw/nowhere.html in the site`,
	}
	if strings.Join(res.Warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(res.Warnings, "\n"), strings.Join(want, "\n"))
	}
}

func TestHTMLIDs(t *testing.T) {
	got := htmlIDs([]byte(`<h2 id="a">x</h2><a name="b"></a><input name="q"><meta name="viewport"><a class="x" name='c'><p id="k&amp;r">`))
	if fmt.Sprint(got) != "map[a:true b:true c:true k&r:true]" {
		t.Errorf("ids %v", got)
	}
}

func TestHTMLLinks(t *testing.T) {
	doc := []byte(`<a href="x/">a</a><img src="i.png" alt="q"><a href='y'>b</a><p>1 = 2, x="no"</p><link rel="x" href="s.css">`)
	var got []string
	for _, m := range htmlLinks(doc) {
		got = append(got, string(m[0])+"|"+string(m[1])+"|"+string(m[2]))
	}
	want := []string{` href="x/"`[1:] + "|href|x/", `src="i.png"|src|i.png`, `href="s.css"|href|s.css`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("htmlLinks:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSurveyFilesChecked checks that the survey files published with the
// odds are read by every build that could see them change (issue 23,
// item 9): a full build, and an incremental one after a change.
func TestSurveyFilesChecked(t *testing.T) {
	dir := t.TempDir()
	const header = `{"survey":1,"game":"shamrocks","variant":"","engine":"e","solver":"1","budget":100,"timeout_ms":1000}` + "\n"
	writeFiles(t, dir, map[string]string{
		"content/index.md":                    "# Home\n",
		"content/odds/shamrocks.survey.jsonl": header + `{"deal":1,"result":"won","ms":1,"nodes":1,"moves":1}` + "\n",
	})
	cache := NewCache()
	if _, err := Build(Options{Source: dir, Cache: cache}); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"content/odds/shamrocks.survey.jsonl": header + "garbage\n" + `{"deal":1,"result":"won","ms":1,"nodes":1,"moves":1}` + "\n"})
	cache.Changed("content/odds/shamrocks.survey.jsonl")
	for _, opts := range []Options{{Source: dir, Cache: cache}, {Source: dir, Memory: true}} {
		if _, err := Build(opts); err == nil || !strings.HasPrefix(err.Error(), "content/odds/shamrocks.survey.jsonl:2:1: invalid character") {
			t.Errorf("cache %v: %v", opts.Cache != nil, err)
		}
	}
}

// TestOddsEstimate checks the odds box's estimate from a random sample
// of the undecided deals (the odds file's "sample"), counted in the
// game's survey: none while the sample is undecided, then the rate it
// implies; a sample that is not of the survey stops the build.
func TestOddsEstimate(t *testing.T) {
	shamrocks, _ := engine.Lookup("shamrocks", "")
	odds := func(won, lost, unknown int) string {
		return fmt.Sprintf(`{"game": "shamrocks", "engine": %q, "deals": "1-10", "won": %d, "lost": %d, "unknown": %d,
 "sample": {"drawn": "by hand", "undecided": [2, 4, 6, 8], "deals": [4, 6]}}`, survey.Fingerprint(shamrocks), won, lost, unknown)
	}
	surveyOf := func(verdicts string) string {
		s := `{"survey":1,"game":"shamrocks","variant":"","engine":"x","solver":"7","budget":1,"timeout_ms":1}` + "\n"
		for i, c := range verdicts {
			r := map[rune]string{'w': "won", 'l': "lost", 'u': "unknown"}[c]
			s += fmt.Sprintf(`{"deal":%d,"result":%q,"ms":1,"nodes":1,"moves":0}`+"\n", i+1, r)
		}
		return s
	}
	tests := []struct {
		name, verdicts string
		won, lost, unk int
		want           string
		errs           string
	}{
		{"undecided", "wuwuwuwulw", 5, 1, 4, "<dt>Estimate</dt>\n<dd>none yet. A random sample of 2 of the 4 deals once undecided is being decided beyond\n" +
			"the survey's budget: so far 0 won, 0 lost, 2 still undecided.", ""},
		// Deals 4 and 6 decided, one won: half of the 4 taken as won, 5
		// won elsewhere.
		{"decided", "wuwwwlwulw", 6, 2, 2, "<dt>Estimate</dt>\n<dd>about <strong>70.0%</strong> (95% interval 53.8% to 86.2%), an estimate rather than a bound:\n" +
			"a random sample of 2 of the 4 deals once undecided has been decided beyond the survey's budget\n(1 won, 1 lost)", ""},
		{"not of the survey", "wuuwwlwulw", 5, 2, 3, "", "content/odds/shamrocks.json:2:12: sample: deal 3 is undecided in the survey but not one of the sample's undecided deals: draw the sample again from the deals undecided now"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			site := map[string]string{
				"config.yaml":                         "all_games: false\n",
				"content/index.md":                    "# Home\n",
				"content/games/shamrocks.md":          "---\ngame: shamrocks\nfamily: fan\nskill: true\n---\n# Shamrocks\n",
				"content/odds/shamrocks.json":         odds(tt.won, tt.lost, tt.unk),
				"content/odds/shamrocks.survey.jsonl": surveyOf(tt.verdicts),
			}
			errs, res := buildErrors(t, site, Options{})
			if tt.errs != "" {
				if !strings.Contains(strings.Join(errs, "\n"), tt.errs) {
					t.Fatalf("errors %q, want %q", errs, tt.errs)
				}
				return
			}
			if errs != nil {
				t.Fatal(errs)
			}
			data, err := os.ReadFile(filepath.Join(res.Destination, "games/shamrocks/index.html"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), tt.want) {
				t.Errorf("the page lacks %q", tt.want)
			}
		})
	}
}
