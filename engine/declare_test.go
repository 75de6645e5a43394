package engine

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// forecell is a game not built in: Forecell (PySolFC 53), FreeCell with
// its cells dealt and an emptied column taking only a King, and a variant.
// The command's and the site's tests declare it too.
var forecell = func() string {
	b, err := os.ReadFile(filepath.Join("testdata", "declare", "forecell.game"))
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// TestParseGameFile reads a declaration with a variant.
func TestParseGameFile(t *testing.T) {
	games, err := ParseGameFile("forecell.game", []byte(forecell))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Key() != "forecell" || games[1].Key() != "forecell/any-fill" {
		t.Fatalf("games %v", games)
	}
	g, v := games[0], games[1]
	tests := []struct {
		name      string
		got, want any
	}{
		{"piles", len(g.Piles), 16},
		{"t3 place", fmt.Sprint(g.Piles[10].X, g.Piles[10].Y), "2.75 1.25"},
		{"t3 build", g.Piles[10].Build, BuildDownAltColour},
		{"fill", g.Piles[10].Fill, FillKings},
		{"variant fill", v.Piles[10].Fill, FillAnyCard},
		{"variant keeps runs", v.Piles[10].Runs, true},
		{"builtin", g.Builtin(), false},
		{"declared at", g.DeclaredAt().String(), "forecell.game:3:7"},
		{"variant declared at", v.DeclaredAt().String(), "forecell.game:13:10"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Errorf("%v, want %v", tc.got, tc.want)
			}
		})
	}
	s := g.Deal(pysolrand.Deal{N: 1})
	for i, p := range g.Piles {
		want := map[PileKind]int{Cell: 1, Foundation: 0, Tableau: 6}[p.Kind]
		if got := len(s.Pile(i)); got != want {
			t.Errorf("deal 1: %s holds %d cards, want %d", p.ID, got, want)
		}
	}
}

// TestDeclaredRulesText: the rules text of a game declared outside the
// engine holds its deal and shuffle, so that a changed deal changes its
// fingerprint; a built-in game's does not (its deal tests pin it).
func TestDeclaredRulesText(t *testing.T) {
	parse := func(src string) *Game {
		t.Helper()
		games, err := ParseGameFile("x.game", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return games[0]
	}
	g := parse(forecell)
	if !strings.Contains(g.RulesText(), "\ndeal 6x t1 t2 t3 t4 t5 t6 t7 t8\ndeal 1x c1 c2 c3 c4\n") {
		t.Errorf("the rules text lacks the deal:\n%s", g.RulesText())
	}
	changes := map[string]string{
		"deal":    strings.Replace(forecell, "deal: c1-c4", "deal: c4,c3,c2,c1", 1),
		"shuffle": strings.Replace(forecell, "deal: 6x", "shuffle: to-bottom ranks=A\ndeal: 6x", 1),
	}
	for name, src := range changes {
		if parse(src).RulesText() == g.RulesText() {
			t.Errorf("changing the %s left the rules text as it was", name)
		}
	}
	b, err := Lookup("freecell", "")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.RulesText(), "\ndeal ") {
		t.Errorf("a built-in game's rules text holds its deal:\n%s", b.RulesText())
	}
}

// declErrorCases are declarations with one mistake each.
var declErrorCases = []struct{ name, src string }{
	{"no game line", "name: X\n"},
	{"empty file", ""},
	{"not a key line", "game: x\nhello\n"},
	{"unknown key", "game: x\nsuits: four\n"},
	{"bad slug", "game: Free Cell\n"},
	{"two game lines", forecell + "game: other\n"},
	{"unknown pack", strings.Replace(forecell, "pack: one", "pack: three", 1)},
	{"unknown kind", strings.Replace(forecell, "pile c1-c4: cell", "pile c1-c4: celll", 1)},
	{"unknown attribute", strings.Replace(forecell, "runs", "runz", 1)},
	{"unknown build", strings.Replace(forecell, "down-alternate-colour", "down-alternating", 1)},
	{"unknown fill", strings.Replace(forecell, "fill=kings", "fill=queens", 1)},
	{"attribute of another kind", strings.Replace(forecell, "cell x=0", "cell build=down-any-suit x=0", 1)},
	{"too many values", strings.Replace(forecell, "spades,hearts,diamonds", "spades,hearts,diamonds,clubs", 1)},
	{"bad rank", strings.Replace(forecell, "base=A", "base=1", 1)},
	{"bad number", strings.Replace(forecell, "len=13", "len=14", 1)},
	{"bad place", strings.Replace(forecell, "x=4.5", "x=-1", 1)},
	{"unclosed quote", strings.Replace(forecell, "fan=down", `label="column {n} fan=down`, 1)},
	{"unknown placeholder", strings.Replace(forecell, "fan=down", `label="column {m}" fan=down`, 1)},
	{"suit placeholder off a foundation", strings.Replace(forecell, "fan=down", `label="column {suit}" fan=down`, 1)},
	{"bad range", strings.Replace(forecell, "pile t1-t8", "pile t8-t1", 1)},
	{"bad pile name", strings.Replace(forecell, "pile t1-t8", "pile T1-T8", 1)},
	{"duplicate pile", forecell[:strings.Index(forecell, "\nvariant")] + "\npile t8: tableau\n"},
	{"kind missing", strings.Replace(forecell, "pile c1-c4: cell ", "pile c1-c4: ", 1)},
	{"no foundations", strings.Replace(forecell, "pile f1-f4: foundation suit=clubs,spades,hearts,diamonds base=A step=1 len=13", "pile f1-f4: cell", 1)},
	{"no name", strings.Replace(forecell, "name: Forecell\n", "", 1)},
	{"no pack", strings.Replace(forecell, "pack: one\n", "", 1)},
	{"foundation without len", strings.Replace(forecell, " len=13", "", 1)},
	{"foundation without step", strings.Replace(forecell, " step=1", "", 1)},
	{"base not in the pack", strings.Replace(strings.Replace(forecell, "pack: one", "pack: skat", 1), "base=A", "base=2", 1)},
	{"too many tableau piles", strings.Replace(strings.Replace(forecell, "t1-t8", "t1-t65", 1), "deal: 6x t1-t8\ndeal: c1-c4", "deal: t1-t52", 1)},
	{"more cards than the pack", strings.Replace(forecell, "6x t1-t8", "7x t1-t8", 1)},
	{"cards never dealt", strings.Replace(forecell, "6x t1-t8", "5x t1-t8", 1)},
	{"deal to no pile", strings.Replace(forecell, "deal: c1-c4", "deal: c1-c3,r1", 1)},
	{"deal after rest", strings.Replace(forecell, "deal: c1-c4", "deal: rest c1\ndeal: c2", 1)},
	{"rest not to a stock", strings.Replace(forecell, "deal: c1-c4", "deal: rest c1", 1)},
	{"two cards on a cell", strings.Replace(forecell, "deal: c1-c4", "deal: 2x c1,c2", 1)},
	{"fill from no waste", strings.Replace(forecell, "fill=kings", "fill=from-waste", 1)},
	{"turn-waste without a waste", strings.Replace(forecell, "deal: c1-c4", "deal: c1-c4\nredeals: 1\nredeal: turn-waste", 1)},
	{"redeals without a redeal", strings.Replace(forecell, "deal: c1-c4", "deal: c1-c4\nredeals: 1", 1)},
	{"unknown redeal", strings.Replace(forecell, "deal: c1-c4", "deal: c1-c4\nredeal: shuffle-all", 1)},
	{"unknown rule", strings.Replace(forecell, "deal: c1-c4", "deal: c1-c4\nrules: mercy", 1)},
	{"rule value", strings.Replace(forecell, "deal: c1-c4", "deal: c1-c4\nrules: merci=2", 1)},
	{"draws without layoff", strings.Replace(forecell, "deal: c1-c4", "deal: c1-c4\nrules: draws=5", 1)},
	{"layoff without draws", strings.Replace(forecell, "deal: c1-c4", "deal: c1-c4\nrules: layoff", 1)},
	{"unknown shuffle", strings.Replace(forecell, "deal: 6x", "shuffle: riffle\ndeal: 6x", 1)},
	{"kings-under without every", strings.Replace(forecell, "deal: 6x", "shuffle: kings-under\ndeal: 6x", 1)},
	{"first-pack of one pack", strings.Replace(forecell, "deal: 6x", "shuffle: to-top ranks=A first-pack\ndeal: 6x", 1)},
	{"variant twice", forecell + "variant: any-fill\n"},
	{"variant mixes piles", forecell + "pile t8-t9: fill=any\n"},
	{"variant error", forecell + "pile t1-t8: fill=some\n"},
	// The default's errors are not repeated for each variant.
	{"default error, variant", strings.Replace(forecell, "6x t1-t8", "5x t1-t8", 1) + "variant: b\nname: B\n"},
}

// TestParseGameFileErrors checks each mistake's messages against
// testdata/declare/errors.golden (go test ./engine -run
// TestParseGameFileErrors -update rewrites it).
func TestParseGameFileErrors(t *testing.T) {
	var b strings.Builder
	for _, tc := range declErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			games, err := ParseGameFile("x.game", []byte(tc.src))
			if err == nil {
				t.Fatalf("no error, %d games", len(games))
			}
			var list srcpos.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error %T, want a srcpos.ErrorList", err)
			}
			fmt.Fprintf(&b, "# %s\n", tc.name)
			for _, e := range list {
				fmt.Fprintln(&b, e)
			}
		})
	}
	golden := filepath.Join("testdata", "declare", "errors.golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("messages differ from %s (-update rewrites it):\n%s", golden, b.String())
	}
}

// TestRegister: a declared game joins the registry; a slug already
// declared is refused at its place.
func TestRegister(t *testing.T) {
	t.Cleanup(func() { SetDeclared(nil) })
	games, err := ParseGameFile("forecell.game", []byte(forecell))
	if err != nil {
		t.Fatal(err)
	}
	if err := Register(games...); err != nil {
		t.Fatal(err)
	}
	if g, err := Lookup("forecell", "any-fill"); err != nil || g != games[1] {
		t.Fatalf("Lookup: %v, %v", g, err)
	}
	again, _ := ParseGameFile("other.game", []byte(forecell))
	err = Register(again...)
	if want := "other.game:3:7: game forecell is already declared (declared at forecell.game:3:7)"; err == nil || err.Error() != want {
		t.Errorf("registering twice: %v, want %s", err, want)
	}
	fc, _ := ParseGameFile("fc.game", []byte(strings.Replace(forecell, "game: forecell", "game: freecell", 1)))
	err = Register(fc...)
	if want := "fc.game:3:7: game freecell is already declared (built into the engine)"; err == nil || err.Error() != want {
		t.Errorf("registering a built-in slug: %v, want %s", err, want)
	}
	// SetDeclared replaces the declared games; a refused set keeps them.
	if err := SetDeclared(fc); err == nil {
		t.Error("SetDeclared took a built-in slug")
	}
	if _, err := Lookup("forecell", ""); err != nil {
		t.Errorf("a refused SetDeclared dropped the declared games: %v", err)
	}
	if err := SetDeclared(nil); err != nil {
		t.Fatal(err)
	}
	if _, err := Lookup("forecell", ""); err == nil {
		t.Error("SetDeclared(nil) kept forecell")
	}
	if _, err := Lookup("freecell", ""); err != nil {
		t.Errorf("SetDeclared(nil) dropped a built-in game: %v", err)
	}
}

// TestBuiltinFilesRoundTrip: every built-in game is read from its file,
// and reading the file again gives the same rules text.
func TestBuiltinFilesRoundTrip(t *testing.T) {
	games, err := parseBuiltin()
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != len(Games()) {
		t.Errorf("%d games declared in engine/games, %d registered", len(games), len(Games()))
	}
	for _, d := range games {
		g, err := Lookup(d.Slug, d.Variant)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Builtin() || g.RulesText() != d.RulesText() {
			t.Errorf("%s: not the game of its file", g.Key())
		}
	}
}

// TestParseCoord reads places: eighths exactly, thousandths at most.
func TestParseCoord(t *testing.T) {
	tests := []struct {
		in   string
		want float32
		ok   bool
	}{
		{"0", 0, true},
		{"1.125", 1.125, true},
		{"10.375", 10.375, true},
		{"0.5", 0.5, true},
		{"1000", 1000, true},
		{"0.001", 0.001, true},
		{"1000.001", 0, false},
		{"1.1234", 0, false},
		{"-1", 0, false},
		{".5", 0, false},
		{"5.", 0, false},
		{"1e3", 0, false},
		{"", 0, false},
		{"12345", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, ok := parseCoord(tc.in)
			if got != tc.want || ok != tc.ok {
				t.Errorf("parseCoord(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}

// TestBuiltinFilesListed: every file of engine/games is embedded and
// listed in builtinFiles, under its own name.
func TestBuiltinFilesListed(t *testing.T) {
	entries, err := os.ReadDir("games")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{}
	for _, f := range builtinFiles {
		listed[f.name] = f.text
	}
	for _, e := range entries {
		src, err := os.ReadFile(filepath.Join("games", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if listed[e.Name()] != string(src) {
			t.Errorf("engine/games/%s is not listed in builtinFiles (builtin.go) with its text", e.Name())
		}
		delete(listed, e.Name())
	}
	for name := range listed {
		t.Errorf("builtinFiles lists %s, which engine/games lacks", name)
	}
}

// FuzzParseGameFile: no declaration makes the parser, or a deal and a
// few moves of the game it declares, panic.
func FuzzParseGameFile(f *testing.F) {
	for _, b := range builtinFiles {
		f.Add([]byte(b.text))
	}
	for _, tc := range declErrorCases {
		f.Add([]byte(tc.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		games, err := ParseGameFile("f.game", src)
		if err != nil {
			var list srcpos.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error %T %v, want a srcpos.ErrorList", err, err)
			}
			return
		}
		for _, g := range games {
			s := g.Deal(pysolrand.Deal{N: 7})
			for range 20 {
				if m, ok := s.Forced(); ok {
					s.Apply(m)
					continue
				}
				moves := s.Legal(nil)
				if len(moves) == 0 {
					break
				}
				s.Apply(moves[0])
			}
			_ = g.RulesText()
		}
	})
}
