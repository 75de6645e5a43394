package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

// writeForecell writes the example declaration (engine's testdata) into
// dir/content/games.
func writeForecell(t *testing.T, dir string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "engine", "testdata", "declare", "forecell.game"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "content", "games", "forecell.game")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, src, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDeclaredGameCommands: games, deal, solve and verify work for a game
// the site declares in content/games, with no Go change; a broken
// declaration is bad input, at its place.
func TestDeclaredGameCommands(t *testing.T) {
	dir := t.TempDir()
	writeForecell(t, dir)
	t.Chdir(dir)
	t.Cleanup(func() { engine.SetDeclared(nil) })
	runOK := func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if got := run(args, &stdout, &stderr); got != 0 {
			t.Fatalf("%s: status %d; stderr:\n%s", strings.Join(args, " "), got, stderr.String())
		}
		return stdout.String()
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"games", []string{"games"}, "Forecell"},
		{"deal", []string{"deal", "forecell", "--deal", "1"}, "Forecell, deal 1\n"},
		{"deal variant", []string{"deal", "forecell", "--variant", "any-fill", "--deal", "2"}, "Forecell, deal 2\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if out := runOK(tc.args...); !strings.Contains(out, tc.want) {
				t.Errorf("output lacks %q:\n%s", tc.want, out)
			}
		})
	}
	t.Run("solve and verify", func(t *testing.T) {
		// Deal 1 is lost at once: four cells full, no move.
		out := runOK("solve", "forecell", "--deal", "2", "--budget", "200000")
		if !strings.Contains(out, "game: forecell") {
			t.Fatalf("solve printed no replay:\n%s", out)
		}
		if err := os.WriteFile("forecell-2.replay", []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		runOK("verify", "forecell-2.replay")
	})
	t.Run("broken declaration", func(t *testing.T) {
		p := filepath.Join("content", "games", "forecell.game")
		src, _ := os.ReadFile(p)
		if err := os.WriteFile(p, bytes.Replace(src, []byte("fill=kings"), []byte("fill=queens"), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.WriteFile(p, src, 0o644)
		var stdout, stderr bytes.Buffer
		if got := run([]string{"games"}, &stdout, &stderr); got != 1 {
			t.Fatalf("status %d, want 1", got)
		}
		want := "content/games/forecell.game:8:54: fill=queens: not one of never, any, from-waste, kings\n"
		if stderr.String() != want {
			t.Errorf("stderr %q, want %q", stderr.String(), want)
		}
	})
}

// TestBuildDeclaredGame builds a small site about a game it declares
// (content/games/forecell.game): its page gets the diagram, the rules
// summary, a replay verified move by move and the play panel, which
// reads the published declaration and viewer skeletons. A declaration
// error fails the build at its place.
func TestBuildDeclaredGame(t *testing.T) {
	dir := t.TempDir()
	writeForecell(t, dir)
	t.Cleanup(func() { engine.SetDeclared(nil) })
	files := map[string]string{
		"config.yaml":                "all_games: false\n",
		"content/games/forecell.md":  "---\ngame: forecell\n---\n# Forecell\n\nA win:\n\n```replay src=forecell-2.replay\n```\n",
		"content/games/forecell.txt": "",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The replay: the solver's win, as an author would make it.
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if got := run([]string{"solve", "forecell", "--deal", "2", "--budget", "200000"}, &stdout, &stderr); got != 0 {
		t.Fatalf("solve: status %d: %s", got, stderr.String())
	}
	if err := os.WriteFile(filepath.Join("content", "games", "forecell-2.replay"), stdout.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	engine.SetDeclared(nil) // the build reads the declarations itself
	stderr.Reset()
	if got := run([]string{"build", "--source", dir}, &stdout, &stderr); got != 0 {
		t.Fatalf("build: status %d; stderr:\n%s", got, stderr.String())
	}
	page, err := os.ReadFile(filepath.Join("public", "games", "forecell", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<svg`, // the diagram
		`data-declaration="../../games/forecell.game"`,
		`data-variants="any-fill"`,
		`class="replay"`,
		`forecell · deal 2 · 90 steps`,
	} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, name := range []string{"forecell.game", "forecell.skeletons.txt", "forecell/forecell-2.replay"} {
		if _, err := os.Stat(filepath.Join("public", "games", name)); err != nil {
			t.Errorf("not published: %v", err)
		}
	}

	// An illegal move in the replay, then an error in the declaration.
	p := filepath.Join("content", "games", "forecell-2.replay")
	os.WriteFile(p, bytes.Replace(stdout.Bytes(), []byte("1. t2:AD f4"), []byte("1. t2:AD t1"), 1), 0o644)
	stderr.Reset()
	if got := run([]string{"build", "--source", dir}, &stdout, &stderr); got != 1 || !strings.Contains(stderr.String(), "forecell-2.replay:5:") {
		t.Errorf("an illegal move: status %d; stderr:\n%s", got, stderr.String())
	}
	decl := filepath.Join("content", "games", "forecell.game")
	src, _ := os.ReadFile(decl)
	os.WriteFile(decl, bytes.Replace(src, []byte("pack: one"), []byte("pack: uno"), 1), 0o644)
	stderr.Reset()
	if got := run([]string{"build", "--source", dir}, &stdout, &stderr); got != 1 ||
		!strings.HasPrefix(stderr.String(), `content/games/forecell.game:5:7: unknown pack "uno" (one, two, skat)`) {
		t.Errorf("a broken declaration: status %d; stderr:\n%s", got, stderr.String())
	}
}
