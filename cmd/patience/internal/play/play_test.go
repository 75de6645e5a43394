package play

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play/wasmsum"
	"github.com/patience-solitaire/patience/cmd/patience/internal/viewer"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/engine/solver"
	"github.com/patience-solitaire/patience/replay"
)

// deal returns the start of a deal.
func deal(t *testing.T, game, variant, n string) *engine.State {
	t.Helper()
	g, err := engine.Lookup(game, variant)
	if err != nil {
		t.Fatal(err)
	}
	d, err := pysolrand.ParseDeal(n)
	if err != nil {
		t.Fatal(err)
	}
	return g.Deal(d)
}

// TestHandle is the boundary's table: requests in, responses out.
func TestHandle(t *testing.T) {
	hitw := deal(t, "house-in-the-woods", "", "1")
	legal := hitw.Legal(nil)[0]
	g := hitw.Game()
	// An illegal move: a tableau card onto a pile that does not take it,
	// with the reason State.Check gives.
	var bad engine.Move
	var why string
	for _, from := range g.PilesOf(engine.Tableau) {
		for _, to := range g.PilesOf(engine.Tableau) {
			m := engine.Move{Action: engine.ActMove, From: int8(from), To: int8(to), Card: hitw.Top(from)}
			if err := hitw.Check(m); from != to && err != nil && why == "" {
				bad, why = m, err.Error()
			}
		}
	}
	name := func(i int8) string { return g.Piles[i].ID }
	legalText := replay.FromMoves(g, "1", "", []engine.Move{legal}).Moves[0].Text()
	tests := []struct {
		name    string
		req     Request
		error   string // Response.Error contains this
		illegal string // Response.Illegal is this
		moves   []string
		check   func(t *testing.T, res *Response)
	}{
		{name: "position", req: Request{Op: "position", Game: "house-in-the-woods", Deal: "1"}, moves: []string{},
			check: func(t *testing.T, res *Response) {
				if len(res.Piles) != len(g.Piles) || res.Won || !strings.Contains(res.Figure, `id="play-position"`) {
					t.Errorf("piles %d, won %v, figure %.80q", len(res.Piles), res.Won, res.Figure)
				}
			}},
		{name: "legal move", req: Request{Op: "move", Game: "house-in-the-woods", Deal: "1", From: name(legal.From), To: name(legal.To)},
			moves: []string{legalText}},
		{name: "illegal move", req: Request{Op: "move", Game: "house-in-the-woods", Deal: "1", From: name(bad.From), To: name(bad.To)},
			illegal: why, moves: []string{}},
		{name: "wrong card", req: Request{Op: "move", Game: "house-in-the-woods", Deal: "1", From: "t1", Card: "KS", To: "t2"},
			illegal: "the top card of t1 is " + hitw.Top(g.PileIndex("t1")).String() + ", not KS", moves: []string{}},
		{name: "undo is fewer moves", req: Request{Op: "position", Game: "house-in-the-woods", Deal: "1", Moves: []string{}}, moves: []string{}},
		{name: "stock click deals", req: Request{Op: "move", Game: "royal-cotillion", Deal: "3", From: "s"}, moves: []string{"deal"}},
		{name: "unknown game", req: Request{Op: "position", Game: "nope", Deal: "1"}, error: `unknown game "nope"`},
		{name: "bad deal", req: Request{Op: "position", Game: "house-in-the-woods", Deal: "x"}, error: "x"},
		{name: "two moves in one", req: Request{Op: "position", Game: "house-in-the-woods", Deal: "1", Moves: []string{"t1 f1\nt2 f2"}}, error: "not one move"},
		{name: "moves that do not replay", req: Request{Op: "position", Game: "house-in-the-woods", Deal: "1", Moves: []string{"t1 t1"}}, error: "do not replay"},
		{name: "unknown op", req: Request{Op: "fly", Game: "house-in-the-woods", Deal: "1"}, error: `unknown request "fly"`},
		{name: "lost deal", req: Request{Op: "solve", Game: "house-in-the-woods", Deal: "199", Nodes: 100_000, MS: -1},
			check: func(t *testing.T, res *Response) {
				if res.Verdict != "lost" || !strings.Contains(res.Blocked, "K♠ in") {
					t.Errorf("verdict %s, blocked %q", res.Verdict, res.Blocked)
				}
			}},
		{name: "winnable", req: Request{Op: "winnable", Game: "house-in-the-woods", Deal: "1", MS: -1},
			check: func(t *testing.T, res *Response) {
				if res.Verdict != "won" || res.Figure != "" || res.Hint != nil {
					t.Errorf("verdict %s", res.Verdict)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := Handle(&tc.req, nil)
			if tc.error != "" || res.Error != "" {
				if tc.error == "" || !strings.Contains(res.Error, tc.error) {
					t.Fatalf("error %q, want one containing %q", res.Error, tc.error)
				}
				return
			}
			if res.Illegal != tc.illegal {
				t.Errorf("illegal %q, want %q", res.Illegal, tc.illegal)
			}
			if tc.moves != nil && strings.Join(res.Moves, "|") != strings.Join(tc.moves, "|") {
				t.Errorf("moves %q, want %q", res.Moves, tc.moves)
			}
			if tc.check != nil {
				tc.check(t, res)
			}
		})
	}
}

// TestHint checks that the hint is the first move of a native solve of
// the same position with the same options.
func TestHint(t *testing.T) {
	for _, tc := range []struct{ game, variant, deal string }{
		{"house-in-the-woods", "", "5"},
		{"la-belle-lucie", "", "3"},
		{"royal-cotillion", "", "2"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			req := &Request{Op: "hint", Game: tc.game, Variant: tc.variant, Deal: tc.deal, Nodes: 50_000, MS: -1}
			res := Handle(req, nil)
			sol, err := solver.Solve(context.Background(), deal(t, tc.game, tc.variant, tc.deal), Options(req))
			if err != nil {
				t.Fatal(err)
			}
			if sol.Verdict != solver.Won {
				if res.Verdict != sol.Verdict.String() || res.Hint != nil {
					t.Errorf("verdict %s, hint %v; native %s", res.Verdict, res.Hint, sol.Verdict)
				}
				return
			}
			s := deal(t, tc.game, tc.variant, tc.deal)
			want := hint(s, sol.Moves)
			if res.Hint == nil || *res.Hint != *want {
				t.Fatalf("hint %+v, want %+v", res.Hint, want)
			}
			// The hint plays.
			next := Handle(&Request{Op: "move", Game: tc.game, Variant: tc.variant, Deal: tc.deal, From: want.From, Card: want.Card, To: want.To, Action: want.Action}, nil)
			if next.Illegal != "" || next.Error != "" || len(next.Moves) != 1 || next.Moves[0] != want.Move {
				t.Errorf("playing the hint: %+v", next)
			}
		})
	}
}

// TestSolve checks a won solve: the solution replays, its viewer and its
// format 1 JSON are the ones the build makes for the same replay, and
// progress is reported.
func TestSolve(t *testing.T) {
	calls := 0
	// A budget of positions and no time limit: the verdict does not
	// depend on the machine's load.
	req := &Request{Op: "solve", Game: "house-in-the-woods", Deal: "1", Nodes: 100_000, MS: -1}
	res := Handle(req, func(int64, time.Duration) { calls++ })
	if res.Verdict != "won" || res.Error != "" {
		t.Fatalf("verdict %q, error %q", res.Verdict, res.Error)
	}
	r, err := replay.Parse("x", 1, []byte(res.Replay))
	if err != nil {
		t.Fatal(err)
	}
	r.ID = SolutionID("", "1")
	v, err := replay.Verify(r)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := viewer.Render(&want, v.Export()); err != nil {
		t.Fatal(err)
	}
	if res.Figure != want.String() {
		t.Errorf("figure differs from viewer.Render:\n%s\nwant\n%s", res.Figure, want.String())
	}
	_ = calls // a fast solve may end before the first report
}

// TestFigure compares Figure with viewer.Render, byte for byte, for a
// replay of every game: its start with many steps, one step and none (a
// position), with cards of the board marked.
func TestFigure(t *testing.T) {
	for _, g := range engine.Games() {
		t.Run(g.Key(), func(t *testing.T) {
			s := g.Deal(pysolrand.Deal{N: 2})
			var moves []engine.Move
			for range 6 {
				legal := s.Legal(nil)
				if len(legal) == 0 {
					break
				}
				moves = append(moves, legal[0])
				s.Apply(legal[0])
			}
			r := replay.FromMoves(g, "2", "", moves)
			r.Result = "stopped"
			for _, tc := range []struct {
				id    string
				steps int // -1: all
				mark  bool
			}{
				{"solution-2", -1, false},
				{"solution-2", 1, true},
				{"play-position", 0, false},
				{"play-position", 0, true},
			} {
				r.ID = tc.id
				v, err := replay.Verify(r)
				if err != nil {
					t.Fatal(err)
				}
				e := v.Export()
				if tc.steps >= 0 {
					e.Steps = e.Steps[:tc.steps]
				}
				if tc.mark {
					// A card of every pile, its top: the one a stacked pile shows.
					for _, p := range e.Piles {
						if len(p.Cards) > 0 {
							e.Mark = append(e.Mark, p.Cards[len(p.Cards)-1])
						}
					}
				}
				var want bytes.Buffer
				if err := viewer.Render(&want, e); err != nil {
					t.Fatal(err)
				}
				got, err := Figure(e)
				if err != nil {
					t.Fatal(err)
				}
				if got != want.String() {
					t.Errorf("%s, %d steps: figure differs from viewer.Render:\n%s\nwant\n%s", tc.id, len(e.Steps), got, want.String())
				}
			}
		})
	}
}

// TestWasmUpToDate is the native guard of the browser's engine: the
// committed play.wasm.gz and wasm_exec.js are the files the generator
// wrote (wasm.sum), built with the solver's current Version, and the
// module stays under 1.2 MB. That the module answers as the engine's
// sources do is tested on its behaviour, in Chromium: browsertest's
// TestWasm.
func TestWasmUpToDate(t *testing.T) {
	b, err := os.ReadFile("wasm.sum")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := wasmsum.Parse(b)
	if err != nil {
		t.Fatalf("wasm.sum: %v", err)
	}
	const regenerate = "run: go generate ./cmd/patience/internal/play"
	if sum.Solver != solver.Version {
		t.Errorf("templates/assets/play.wasm.gz was built with solver %s, and the solver is now %s: %s", sum.Solver, solver.Version, regenerate)
	}
	assets := filepath.Join("..", "..", "..", "..", "templates", "assets")
	wasm, err := os.ReadFile(filepath.Join(assets, "play.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	execJS, err := os.ReadFile(filepath.Join(assets, "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	if wasmsum.Hash(wasm) != sum.Wasm || wasmsum.Hash(execJS) != sum.ExecJS {
		t.Errorf("templates/assets/play.wasm.gz or wasm_exec.js is not what the generator wrote (wasm.sum): %s", regenerate)
	}
	if len(wasm) > 1_200_000 {
		t.Errorf("play.wasm.gz is %d bytes, more than 1.2 MB", len(wasm))
	}
}
