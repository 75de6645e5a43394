package viewer

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/replay"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden and testdata/demo.html")

const evil = `</script><script>alert(1)</script> "double" & 'single' <!-- <b>`

func xpile(id, kind string, cards ...string) replay.ExportPile {
	if cards == nil {
		cards = []string{}
	}
	return replay.ExportPile{ID: id, Kind: kind, Cards: cards}
}

func step(action, from, to string, cards ...string) replay.ExportStep {
	return replay.ExportStep{Action: action, From: from, To: to, Cards: cards}
}

// smallExport has a few piles of every common kind and 3 steps, one with
// a hostile note.
func smallExport() *replay.Export {
	s1 := step("move", "t2", "t1", "TH")
	s1.Caption = "10♥ from fan 2 onto 6♣ in fan 1"
	s1.Note = evil
	s2 := step("move", "t2", "f1", "AH")
	s2.Caption = "A♥ from fan 2 to the foundation; empties fan 2"
	s3 := step("deal", "s", "w", "KD")
	s3.Auto = true
	return &replay.Export{
		Format: 1, ID: "deal-42", Game: "house-in-the-woods", Deal: "42",
		Title: `A "small" <deal> & more`,
		Note:  "Before the first move.",
		Piles: []replay.ExportPile{
			xpile("t1", "tableau", "3D", "4D", "6C"),
			xpile("t2", "tableau", "AH", "TH"),
			xpile("t3", "tableau", "QS"),
			xpile("f1", "foundation"),
			xpile("f2", "foundation", "AS", "2S"),
			xpile("s", "stock", "2C", "KD"),
			xpile("w", "waste", "5H"),
		},
		Steps:  []replay.ExportStep{s1, s2, s3},
		Result: "stopped",
	}
}

// kindsExport covers reserves, a kind the viewer does not know, an empty
// kind, redeals with and without a new layout, merci and a variant.
func kindsExport() *replay.Export {
	shuffle := step("redeal", "", "")
	shuffle.Piles = []replay.ExportPile{xpile("t1", "tableau", "9C", "QH", "7S")}
	merci := step("merci", "t1", "f1", "QH")
	merci.Note = "Line one.\nLine two."
	return &replay.Export{
		Format: 1, ID: "kinds", Game: "la-belle-lucie", Variant: "three-shuffles-and-a-draw",
		Piles: []replay.ExportPile{
			xpile("l1", "wing", "8H", "9C"),
			xpile("x", ""),
			xpile("r1", "reserve", "JD"),
			xpile("t1", "tableau", "7S", "QH"),
			xpile("t2", "tableau", "9C"),
			xpile("f1", "foundation"),
			xpile("s", "stock", "3C", "4C"),
			xpile("w", "waste"),
		},
		Steps: []replay.ExportStep{
			step("deal", "", "", "4C"),
			step("deal", "s", "w", "3C"),
			step("redeal", "w", "s"),
			shuffle,
			merci,
			step("refill", "s", "r1", "4C"),
		},
		Result: "won",
	}
}

func minimalExport() *replay.Export {
	return &replay.Export{Format: 1, ID: "x1", Game: "shamrocks",
		Piles: []replay.ExportPile{xpile("t1", "tableau", "KS")}, Steps: []replay.ExportStep{}}
}

func render(t *testing.T, e *replay.Export) string {
	t.Helper()
	var b bytes.Buffer
	if err := Render(&b, e); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test -update after checking the change):\n%s", path, got)
	}
}

func TestRenderGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		e    *replay.Export
	}{
		{"small", smallExport()},
		{"kinds", kindsExport()},
		{"minimal", minimalExport()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := render(t, tc.e)
			if again := render(t, tc.e); again != got {
				t.Fatal("output is not deterministic")
			}
			golden(t, filepath.Join("testdata", tc.name+".golden"), got)
		})
	}
}

// scriptData returns the contents of the data script of replay id, cut
// where an HTML parser would end the element: at the first "</script".
func scriptData(t *testing.T, html, id string) string {
	t.Helper()
	open := `<script type="application/json" data-replay="` + id + `">`
	i := strings.Index(html, open)
	if i < 0 {
		t.Fatalf("no data script for %q", id)
	}
	rest := html[i+len(open):]
	j := strings.Index(strings.ToLower(rest), "</script")
	if j < 0 {
		t.Fatal("data script is not closed")
	}
	return rest[:j]
}

func TestEscaping(t *testing.T) {
	e := smallExport()
	e.Title = evil
	e.Steps[1].Caption = evil
	e.Piles[0].Cards[0] = `<img src=x onerror=alert(1)>`
	html := render(t, e)
	data := scriptData(t, html, e.ID)
	outside := strings.Replace(html, data, "", 1)
	for _, bad := range []string{"<script>alert", "<img", "<b>", "<!--", `"double"`, "'single'", "<deal>"} {
		if strings.Contains(outside, bad) {
			t.Errorf("output contains unescaped %q", bad)
		}
	}
	if n := strings.Count(strings.ToLower(html), "<script"); n != 1 {
		t.Errorf("%d <script elements, want 1", n)
	}
	if n := strings.Count(strings.ToLower(html), "</script"); n != 1 {
		t.Errorf("%d </script, want 1", n)
	}
	for _, c := range []string{"<", ">", "&"} {
		if strings.Contains(data, c) {
			t.Errorf("JSON in the script contains a raw %q", c)
		}
	}
	if !strings.Contains(data, `\u003c/script\u003e`) {
		t.Error(`JSON does not escape "</script>" as \u003c/script\u003e`)
	}
	// The escaped text is still there for people to read.
	if !strings.Contains(html, "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &#34;double&#34; &amp; &#39;single&#39;") {
		t.Error("note is not shown HTML-escaped")
	}
}

func TestJSONRoundTrip(t *testing.T) {
	weird := smallExport()
	weird.Steps[0].Note = "line\u2028separator\u2029 and ]]> and \\ and é"
	for _, e := range []*replay.Export{smallExport(), kindsExport(), minimalExport(), weird, demoHouse(), demoActions()} {
		html := render(t, e)
		var got replay.Export
		if err := json.Unmarshal([]byte(scriptData(t, html, e.ID)), &got); err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		if !reflect.DeepEqual(&got, e) {
			t.Errorf("%s: JSON in the page does not parse back to the export:\n%+v\n%+v", e.ID, &got, e)
		}
	}
}

func TestRenderErrors(t *testing.T) {
	var b bytes.Buffer
	if Render(&b, nil) == nil {
		t.Error("nil export: no error")
	}
	for _, id := range []string{"", "a b", "a#1", "a\n"} {
		e := minimalExport()
		e.ID = id
		if Render(&b, e) == nil {
			t.Errorf("id %q: no error", id)
		}
	}
	if b.Len() != 0 {
		t.Errorf("wrote %q on error", b.String())
	}
}

func TestStructure(t *testing.T) {
	html := render(t, demoHouse())
	count := func(re string) int { return len(regexp.MustCompile(re).FindAllString(html, -1)) }
	for _, c := range []struct {
		re   string
		want int
	}{
		{`<figure class="replay" id="hitw-demo">`, 1},
		{`<div class="pile" data-pile="t\d+" data-kind="tableau"[ >]`, 35},
		{`<div class="pile" data-pile="f\d" data-kind="foundation"[ >]`, 8},
		{`<span class="card [cshd]">(10|[2-9AJQK])<span class="suit">[♣♠♥♦]</span></span>`, 104},
		{`<li id="hitw-demo/\d+" data-step="\d+"[^>]*><a href="#hitw-demo/\d+">`, len(demoHouse().Steps) + 1},
		{`<div class="replay-controls" hidden>`, 1},
		{`aria-live="polite"`, 1},
	} {
		if got := count(c.re); got != c.want {
			t.Errorf("%d matches of %s, want %d", got, c.re, c.want)
		}
	}
}

func TestCard(t *testing.T) {
	for _, c := range []struct{ code, text, suit string }{
		{"7H", "7♥", "h"}, {"TD", "10♦", "d"}, {"AS", "A♠", "s"}, {"KC", "K♣", "c"},
		{"10H", "10♥", "h"}, {"X", "X", ""}, {"7Z", "7Z", ""}, {"", "", ""},
	} {
		text, suit := Card(c.code)
		if text != c.text || suit != c.suit {
			t.Errorf("Card(%q) = %q, %q; want %q, %q", c.code, text, suit, c.text, c.suit)
		}
	}
}

const assets = "../../../../templates/assets/"

// TestAssetSize keeps the viewer's JS and CSS small.
func TestAssetSize(t *testing.T) {
	var b bytes.Buffer
	for _, f := range []string{"viewer.js", "viewer.css"} {
		data, err := os.ReadFile(assets + f)
		if err != nil {
			t.Fatal(err)
		}
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(data)
		w.Close()
		t.Logf("%s: %d bytes, %d gzipped", f, len(data), z.Len())
		b.Write(data)
	}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	w.Write(b.Bytes())
	w.Close()
	if z.Len() > 15<<10 {
		t.Errorf("viewer.js + viewer.css are %d bytes gzipped, over 15 KiB", z.Len())
	}
}

// reference applies the steps the way design.md describes; the test
// data is checked against it too (a moved card must be where the step
// says).
func reference(t *testing.T, e *replay.Export) []map[string][]string {
	t.Helper()
	kinds := map[string]string{}
	cur := map[string][]string{}
	for _, p := range e.Piles {
		kinds[p.ID] = p.Kind
		cur[p.ID] = append([]string{}, p.Cards...)
	}
	byKind := func(k, id string) string {
		if id != "" {
			return id
		}
		for _, p := range e.Piles {
			if p.Kind == k {
				return p.ID
			}
		}
		t.Fatalf("%s: no %s pile", e.ID, k)
		return ""
	}
	clone := func() map[string][]string {
		m := map[string][]string{}
		for k, v := range cur {
			m[k] = append([]string{}, v...)
		}
		return m
	}
	out := []map[string][]string{clone()}
	for i, s := range e.Steps {
		switch {
		case s.Action == "redeal" && s.Piles != nil:
			redealt := map[string]bool{}
			for _, p := range s.Piles {
				redealt[p.Kind] = true
			}
			for id := range cur {
				if redealt[kinds[id]] {
					cur[id] = []string{}
				}
			}
			for _, p := range s.Piles {
				cur[p.ID] = append([]string{}, p.Cards...)
			}
		case s.Action == "redeal":
			from, to := byKind("waste", s.From), byKind("stock", s.To)
			var rev []string
			for j := len(cur[from]) - 1; j >= 0; j-- {
				rev = append(rev, cur[from][j])
			}
			cur[to] = append(rev, cur[to]...)
			cur[from] = []string{}
		case s.Action == "merci":
			from := cur[s.From]
			j := len(from) - 1
			for j >= 0 && from[j] != s.Cards[0] {
				j--
			}
			if j < 0 {
				t.Fatalf("%s step %d: %s not in %s", e.ID, i+1, s.Cards[0], s.From)
			}
			cur[s.From] = append(append([]string{}, from[:j]...), from[j+1:]...)
			cur[s.To] = append(cur[s.To], s.Cards[0])
		default:
			from, to := s.From, s.To
			if s.Action == "deal" {
				from, to = byKind("stock", from), byKind("waste", to)
			}
			n := len(cur[from]) - len(s.Cards)
			if n < 0 || !reflect.DeepEqual(cur[from][n:], s.Cards) {
				t.Fatalf("%s step %d: %v not on top of %s %v", e.ID, i+1, s.Cards, from, cur[from])
			}
			cur[to] = append(cur[to], s.Cards...)
			cur[from] = cur[from][:n]
		}
		out = append(out, clone())
	}
	return out
}

// TestJSLayouts runs viewer.js's layout code in Node, when Node is
// installed, and compares every step's layout with the reference.
func TestJSLayouts(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	js, err := filepath.Abs(assets + "viewer.js")
	if err != nil {
		t.Fatal(err)
	}
	const driver = `
const v = require(process.argv[1]);
const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const L = v.layouts(data);
const out = L.at.map((lay, n) => {
  const seen = new Set(), m = {};
  for (const p in lay) m[p] = lay[p].map(o => {
    if (seen.has(o.k)) throw new Error('step ' + n + ': card key ' + o.k + ' twice');
    seen.add(o.k);
    return o.c;
  });
  return m;
});
const moved = L.moved.map(m => m.map(o => o.c));
process.stdout.write(JSON.stringify({at: out, moved: moved, card: v.card('TH')}));
`
	nulls := &replay.Export{Format: 1, ID: "nulls", Piles: []replay.ExportPile{{ID: "t1", Kind: "tableau"}, {ID: "f1", Kind: "foundation"}}}
	for _, e := range []*replay.Export{smallExport(), kindsExport(), minimalExport(), demoHouse(), demoActions(), nulls} {
		data, _ := json.Marshal(e)
		cmd := exec.Command(node, "-e", driver, js)
		cmd.Stdin = bytes.NewReader(data)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		raw, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: node: %v\n%s", e.ID, err, stderr.String())
		}
		var got struct {
			At    []map[string][]string
			Moved [][]string
			Card  []string
		}
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
		want := reference(t, e)
		if len(got.At) != len(want) {
			t.Fatalf("%s: %d layouts, want %d", e.ID, len(got.At), len(want))
		}
		for n := range want {
			if !reflect.DeepEqual(got.At[n], want[n]) {
				t.Errorf("%s step %d:\n got %v\nwant %v", e.ID, n, got.At[n], want[n])
			}
		}
		for n, s := range e.Steps {
			if s.Action != "redeal" && !reflect.DeepEqual(got.Moved[n+1], s.Cards) {
				t.Errorf("%s step %d: moved %v, want %v", e.ID, n+1, got.Moved[n+1], s.Cards)
			}
		}
		if !reflect.DeepEqual(got.Card, []string{"10", "♥", "h"}) {
			t.Errorf(`card("TH") = %v`, got.Card)
		}
	}
}

// TestGeometry checks that a game the engine knows gets its declared
// layout in the markup, and that an unknown pile leaves the board to flow.
func TestGeometry(t *testing.T) {
	html := render(t, demoHouse())
	for _, want := range []string{
		`<div class="replay-board geo" style="--bw:14">`,
		`<div class="pile" data-pile="t8" data-kind="tableau" data-fan="r" style="--x:0;--y:2.75;--slot:2">`,
		`<div class="pile" data-pile="f8" data-kind="foundation" style="--x:8.75;--y:0">`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("no %s", want)
		}
	}
	if html := render(t, smallExport()); strings.Contains(html, "geo") || strings.Contains(html, "--x:") {
		t.Error("a replay with piles the game does not declare has a declared layout")
	}
}
