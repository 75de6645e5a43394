package skeletons

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play"
	"github.com/patience-solitaire/patience/cmd/patience/internal/viewer"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/replay"
)

// TestHandleDeclaredGame: the play panel's worker plays and solves a
// game the page declares (play.Request.Declaration), and shows its
// lines in the viewer as viewer.Render draws them, from the skeletons
// the site build renders (Text).
func TestHandleDeclaredGame(t *testing.T) {
	decl, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "..", "engine", "testdata", "declare", "forecell.game"))
	if err != nil {
		t.Fatal(err)
	}
	games, err := engine.ParseGameFile("forecell.game", decl)
	if err != nil {
		t.Fatal(err)
	}
	// The viewer draws a registered game's layout.
	t.Cleanup(func() { engine.SetDeclared(nil) })
	if err := engine.SetDeclared(games); err != nil {
		t.Fatal(err)
	}
	sk, err := Text(games)
	if err != nil {
		t.Fatal(err)
	}
	ask := func(req play.Request) *play.Response {
		t.Helper()
		req.Game, req.Declaration, req.Skeletons = "forecell", string(decl), string(sk)
		res := play.Handle(&req, nil)
		if res.Error != "" {
			t.Fatalf("%s: %s", req.Op, res.Error)
		}
		return res
	}
	pos := ask(play.Request{Op: "position", Deal: "2"})
	if len(pos.Piles) != 16 {
		t.Fatalf("%d piles", len(pos.Piles))
	}
	ask(play.Request{Op: "position", Variant: "any-fill", Deal: "2"})
	mv := ask(play.Request{Op: "move", Deal: "2", From: "t2", Card: "AD", To: "f4"})
	if mv.Illegal != "" {
		t.Fatalf("t2:AD f4: %s", mv.Illegal)
	}
	bad := ask(play.Request{Op: "move", Deal: "2", From: "t1", Card: "6D", To: "c1"})
	if bad.Illegal == "" {
		t.Error("a card onto a full cell is legal")
	}
	sol := ask(play.Request{Op: "solve", Deal: "2", Nodes: 200_000})
	if sol.Verdict != "won" || !strings.Contains(sol.Figure, "forecell · deal 2") {
		t.Fatalf("solve: %s, figure %.200q", sol.Verdict, sol.Figure)
	}

	// The figure is the viewer's, byte for byte.
	g := games[0]
	r := replay.FromMoves(g, "2", "", nil)
	r.ID, r.Result = "play-position", "stopped"
	v, err := replay.Verify(r)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := viewer.Render(&want, v.Export()); err != nil {
		t.Fatal(err)
	}
	got, err := play.Figure(v.Export())
	if err != nil {
		t.Fatal(err)
	}
	if got != want.String() {
		t.Errorf("figure differs from viewer.Render:\n%s\nwant\n%s", got, want.String())
	}

	// A broken declaration is the request's error.
	res := play.Handle(&play.Request{Op: "position", Game: "forecell", Deal: "1", Declaration: "game: forecell\n"}, nil)
	if !strings.HasPrefix(res.Error, "forecell.game:1:7: no name: line") {
		t.Errorf("error %q", res.Error)
	}
}
