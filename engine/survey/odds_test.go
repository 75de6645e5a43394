package survey

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

func TestParseGood(t *testing.T) {
	data, err := os.ReadFile("testdata/la-belle-lucie.json")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := ParseOdds("content/odds/la-belle-lucie.json", "la-belle-lucie", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 {
		t.Fatalf("%d results", len(rs))
	}
	r := rs[0]
	if r.Game != "la-belle-lucie" || r.Variant != "" || r.Engine != "0115b4094122" || r.Deals != "1-1000" ||
		r.First != 1 || r.Last != 1000 || r.Won != 600 || r.Lost != 380 || r.Unknown != 20 ||
		r.MedianMS != 4.5 || r.P99MS != 310 || r.BudgetNodes != 10000000 || r.Date != "2026-11-29" || !r.Measured() {
		t.Errorf("result %+v", r)
	}
	if want := (srcpos.Pos{File: "content/odds/la-belle-lucie.json", Line: 4, Col: 15}); r.EnginePos != want {
		t.Errorf("engine at %v, want %v", r.EnginePos, want)
	}
	if r.Pos.Line != 2 || r.Pos.Col != 3 {
		t.Errorf("object at %v", r.Pos)
	}
	if rs[1].Variant != "three-shuffles-and-a-draw" || rs[1].N() != 100 || rs[1].Rate() != 0.7 {
		t.Errorf("variant result %+v", rs[1])
	}

	data, err = os.ReadFile("testdata/herz-zu-herz.json")
	if err != nil {
		t.Fatal(err)
	}
	rs, err = ParseOdds("content/odds/herz-zu-herz.json", "herz-zu-herz", data)
	if err != nil {
		t.Fatal(err)
	}
	if f, _ := rs[0].Exact.Float64(); len(rs) != 1 || math.Abs(f-0.389956) > 1e-9 {
		t.Errorf("herz-zu-herz: %+v", rs[0])
	}
}

func TestOddsInterval(t *testing.T) {
	// Unknown deals widen the interval both ways.
	r := &Odds{Won: 600, Lost: 380, Unknown: 20}
	lo, hi := r.Interval()
	if math.Abs(lo-0.5693) > 1e-4 || math.Abs(hi-0.6496) > 1e-4 {
		t.Errorf("interval with unknowns %.4f, %.4f", lo, hi)
	}
}

func TestEngineExact(t *testing.T) {
	g, _ := engine.Lookup("herz-zu-herz", "")
	if x := EngineExact(g); x == nil || x.FloatString(6) != "0.389956" {
		t.Errorf("exact %v", x)
	}
	g, _ = engine.Lookup("contradance", "")
	if EngineExact(g) != nil {
		t.Error("contradance has an exact value")
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, slug, text string
		want             []string
	}{
		{"syntax error", "shamrocks", "{\n  \"game\": \"shamrocks\",\n  \"won\": 12,,\n}\n",
			[]string{"f.json:3:13: bad JSON: invalid character ',' looking for beginning of object key string"}},
		{"bad value", "shamrocks", "{\"game\": \"shamrocks\",\n  \"won\":  [1,,2]}",
			[]string{"f.json:2:14: bad JSON: invalid character ',' looking for beginning of value"}},
		{"bad literal", "shamrocks", "{\"game\": \"shamrocks\", \"won\": tru}",
			[]string{"f.json:1:33: bad JSON: invalid character '}' in literal true (expecting 'e')"}},
		{"unterminated", "shamrocks", "{\"game\": \"shamrocks\"",
			[]string{"f.json:1:21: bad JSON: unexpected end of the file"}},
		{"not an object", "shamrocks", "\n 42\n",
			[]string{"f.json:2:2: want a JSON object with the fields of a result (game, variant, engine, deals, won, lost, unknown, ...)"}},
		{"wrong types", "shamrocks", `{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": "7", "lost": 3.5, "unknown": -1, "date": "29/11/2026"}`,
			[]string{
				`f.json:1:62: won must be a whole number, at least 0, not "7"`,
				`f.json:1:75: lost must be a whole number, at least 0, not 3.5`,
				`f.json:1:91: unknown must be a whole number, at least 0, not -1`,
				`f.json:1:103: date "29/11/2026": want YYYY-MM-DD`,
			}},
		{"counts do not add up", "shamrocks", "{\"game\": \"shamrocks\", \"engine\": \"x\",\n \"deals\": \"1-100\", \"won\": 50, \"lost\": 40, \"unknown\": 0}",
			[]string{"f.json:2:27: won + lost + unknown = 90, but deals 1-100 are 100 deals"}},
		{"unknown field", "shamrocks", "{\"game\": \"shamrocks\",\n \"wins\": 3}",
			[]string{`f.json:2:2: unknown field "wins" (known: budget_nodes, date, deals, engine, exact, game, high, lost, low, median_ms, notes, p99_ms, rate, sample, unknown, variant, won)`}},
		{"missing engine and deals", "shamrocks", `{"game": "shamrocks", "won": 1, "lost": 1, "unknown": 0}`,
			[]string{`f.json:1:1: missing field "deals": the range of deal numbers the counts are for, e.g. "1-1000"`}},
		{"missing engine", "shamrocks", `{"game": "shamrocks", "deals": "5-6", "won": 1, "lost": 1, "unknown": 0}`,
			[]string{`f.json:1:1: missing field "engine": the rules' fingerprint when the survey ran (patience games shows it)`}},
		{"bad range", "shamrocks", `{"game": "shamrocks", "engine": "x", "deals": "10-1"}`,
			[]string{`f.json:1:47: deals "10-1": want a range of deal numbers A-B, 1 <= A <= B, like "1-1000"`}},
		{"rate disagrees", "shamrocks", `{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": 5, "lost": 5, "unknown": 0, "rate": 0.6}`,
			[]string{`f.json:1:98: rate 0.6 does not match the counts, which give 0.5000 (see package engine/survey for how it is computed)`}},
		{"wrong file", "shamrocks", `{"game": "la-belle-lucie"}`,
			[]string{`f.json:1:1: game "la-belle-lucie" in the file of shamrocks: the results of a game go in odds/la-belle-lucie.json`}},
		{"unknown variant", "shamrocks", `{"game": "shamrocks", "variant": "nope"}`,
			[]string{`f.json:1:1: unknown variant "nope" of shamrocks (known: no-king-rule)`}},
		{"no game", "shamrocks", `[{"variant": "x"}]`,
			[]string{`f.json:1:2: missing field "game": the game's slug`}},
		{"twice", "shamrocks", "[{\"game\": \"shamrocks\"},\n {\"game\": \"shamrocks\"}]",
			[]string{`f.json:2:2: a second result for shamrocks (the first is at line 1)`}},
		{"exact disagrees", "herz-zu-herz", `{"game": "herz-zu-herz", "exact": "0.3899"}`,
			[]string{`f.json:1:35: exact probability 0.389900 differs from the engine's 0.389956 (23271134824862393/59676322059666000)`}},
		{"exact too long", "contradance", `{"game": "contradance", "exact": "1/` + strings.Repeat("9", 6_000_000) + `"}`,
			[]string{`f.json:1:34: exact: 6000002 characters, more than the 200 an exact probability may have`}},
		{"exact not a probability", "contradance", `{"game": "contradance", "exact": "1.5"}`,
			[]string{`f.json:1:34: exact "1.5": want a probability between 0 and 1, as a fraction "p/q" or a decimal "0.389956"`}},
		{"sample not an object", "shamrocks", `{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": 5, "lost": 0, "unknown": 5, "sample": [1]}`,
			[]string{`f.json:1:100: sample: cannot unmarshal array into Go value of type survey.Sample: want an object with drawn (how the sample was drawn), undecided and deals (lists of deal numbers)`}},
		{"sample's unknown field", "shamrocks", `{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": 5, "lost": 0, "unknown": 5, "sample": {"seed": 4}}`,
			[]string{`f.json:1:100: sample: unknown field "seed": want an object with drawn (how the sample was drawn), undecided and deals (lists of deal numbers)`}},
		{"sample not said how", "shamrocks", `{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": 5, "lost": 0, "unknown": 5, "sample": {"undecided": [1, 2], "deals": [2]}}`,
			[]string{`f.json:1:100: sample: drawn must say how the sample was drawn (when, and the seed), so that anyone can draw it again`}},
		{"sample out of order", "shamrocks", `{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": 5, "lost": 0, "unknown": 5, "sample": {"drawn": "d", "undecided": [2, 1], "deals": [2]}}`,
			[]string{`f.json:1:100: sample: undecided must list deal numbers in increasing order, each once`}},
		{"sample twice", "shamrocks", `{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": 5, "lost": 0, "unknown": 5, "sample": {"drawn": "d", "undecided": [1, 2], "deals": [2, 2]}}`,
			[]string{`f.json:1:100: sample: deals must list deal numbers in increasing order, each once`}},
		{"sample empty", "shamrocks", `{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": 5, "lost": 0, "unknown": 5, "sample": {"drawn": "d", "undecided": [1, 2], "deals": []}}`,
			[]string{`f.json:1:100: sample: deals is empty`}},
		{"sample outside the survey", "shamrocks", `{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": 5, "lost": 0, "unknown": 5, "sample": {"drawn": "d", "undecided": [1, 11], "deals": [1]}}`,
			[]string{`f.json:1:100: sample: undecided lists deals outside the survey's 1-10`}},
		{"sample not of the undecided", "shamrocks", `{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": 5, "lost": 0, "unknown": 5, "sample": {"drawn": "d", "undecided": [1, 3], "deals": [1, 2]}}`,
			[]string{`f.json:1:100: sample: deal 2 of the sample is not one of the undecided deals it is drawn from`}},
		{"sample without a survey", "shamrocks", `{"game": "shamrocks", "sample": {"drawn": "d", "undecided": [1, 3], "deals": [1]}}`,
			[]string{`f.json:1:33: sample: a sample needs the survey's deals`}},
		{"trailing data", "shamrocks", "{\"game\": \"shamrocks\"}\n{}",
			[]string{`f.json:2:1: unexpected data after the results: want one object, or one array of objects`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseOdds("f.json", tt.slug, []byte(tt.text))
			if err == nil {
				t.Fatal("no error")
			}
			list, ok := err.(srcpos.ErrorList)
			if !ok {
				t.Fatalf("a %T: %v", err, err)
			}
			var got []string
			for _, e := range list {
				got = append(got, e.Error())
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
	// Exact values that agree: the fraction, or the decimals written.
	for _, e := range []string{"0.389956", "0.4", "23271134824862393/59676322059666000"} {
		_, err := ParseOdds("f.json", "herz-zu-herz", []byte(`{"game": "herz-zu-herz", "exact": "`+e+`"}`))
		if err != nil {
			t.Errorf("exact %s: %v", e, err)
		}
	}
}

// FuzzParseOdds checks that no odds file makes ParseOdds panic, and that
// what it accepts holds together: counts that add up to the deals, and a
// sample drawn from its undecided deals within them.
func FuzzParseOdds(f *testing.F) {
	for _, name := range []string{"testdata/la-belle-lucie.json", "testdata/herz-zu-herz.json"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add(`{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": 6, "lost": 2, "unknown": 2, "sample": {"drawn": "d", "undecided": [2, 4], "deals": [4]}}`)
	f.Add(`{"game": "shamrocks", "sample": {"drawn": "d", "undecided": [1, 3], "deals": [1]}}`)
	f.Add("[{\"game\": \"shamrocks\"},\n {\"game\": \"shamrocks\", \"exact\": \"1/3\"}]")
	f.Fuzz(func(t *testing.T, text string) {
		rs, err := ParseOdds("f.json", "shamrocks", []byte(text))
		if err != nil {
			return
		}
		for _, r := range rs {
			if r.Measured() && uint64(r.N()) != r.Last-r.First+1 {
				t.Errorf("accepted %d deals for %s", r.N(), r.Deals)
			}
			if s := r.Sample; s != nil {
				if !r.Measured() || len(s.Deals) == 0 || s.Undecided[0] < r.First || s.Undecided[len(s.Undecided)-1] > r.Last {
					t.Errorf("accepted sample %+v of %s", s, r.Deals)
				}
			}
		}
	})
}
