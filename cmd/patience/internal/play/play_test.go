package play

import (
	"bytes"
	"context"
	"fmt"
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
	inWords := hitw.Clone()
	inWords.SetWords(true)
	whyWords := inWords.Check(bad).Error()
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
			illegal: whyWords, moves: []string{}},
		{name: "wrong card", req: Request{Op: "move", Game: "house-in-the-woods", Deal: "1", From: "t1", Card: "KS", To: "t2"},
			illegal: "the top card of fan 1 is " + hitw.Top(g.PileIndex("t1")).Pretty() + ", not K♠", moves: []string{}},
		{name: "undo is fewer moves", req: Request{Op: "position", Game: "house-in-the-woods", Deal: "1", Moves: []string{}}, moves: []string{}},
		{name: "stock click deals", req: Request{Op: "move", Game: "royal-cotillion", Deal: "3", From: "s"}, moves: []string{"deal"}},
		{name: "unknown game", req: Request{Op: "position", Game: "nope", Deal: "1"}, error: `unknown game "nope"`},
		{name: "bad deal", req: Request{Op: "move", Game: "house-in-the-woods", Deal: "x"}, error: "x"},
		{name: "a typed deal that is not one is refused with the range", req: Request{Op: "position", Game: "house-in-the-woods", Deal: "99999999999999999999", Typed: true},
			error: "is too large (the largest is 18446744073709551615)"},
		{name: "a link's deal that is not one falls back to deal 1", req: Request{Op: "position", Game: "house-in-the-woods", Deal: "x", Moves: []string{"t1 f"}},
			moves: []string{}, illegal: `deal number "x": must be a whole number written with digits only, such as 123 (or ms123): deal 1 is shown.`,
			check: func(t *testing.T, res *Response) {
				if res.Deal != "1" {
					t.Errorf("deal %q shown", res.Deal)
				}
			}},
		{name: "a link's unknown rules fall back to the standard ones", req: Request{Op: "position", Game: "la-belle-lucie", Variant: "nope", Deal: "3"},
			moves: []string{}, illegal: `unknown variant "nope" of la-belle-lucie (known: no-redeal, three-shuffles-and-a-draw): the standard rules are shown.`,
			check: func(t *testing.T, res *Response) {
				if res.Deal != "3" || res.Variant != "" {
					t.Errorf("deal %q, variant %q shown", res.Deal, res.Variant)
				}
			}},
		{name: "two moves in one", req: Request{Op: "position", Game: "house-in-the-woods", Deal: "1", Moves: []string{"t1 f1\nt2 f2"}},
			moves: []string{}, illegal: `Move 1, "t1 f1\nt2 f2", cannot be played: it is not one move. No move came before it.`},
		{name: "a broken link keeps the moves before the one that fails", req: Request{Op: "position", Game: "house-in-the-woods", Deal: "1", Moves: []string{legalText, "t1 t1", legalText}},
			moves: []string{legalText}, illegal: "Move 2, the top card from fan 1 to fan 1, cannot be played: a card cannot move from fan 1 onto itself. The move before it is kept."},
		{name: "unknown op", req: Request{Op: "fly", Game: "house-in-the-woods", Deal: "1"}, error: `unknown request "fly"`},
		{name: "lost deal", req: Request{Op: "solve", Game: "house-in-the-woods", Deal: "199", Nodes: 100_000, MS: -1},
			check: func(t *testing.T, res *Response) {
				if res.Verdict != "lost" || !strings.Contains(res.Blocked, "K♠ in") || !strings.Contains(res.Figure, `class="card s mark"`) {
					t.Errorf("verdict %s, blocked %q, the board marks no K♠: %.200q", res.Verdict, res.Blocked, res.Figure)
				}
			}},
		{name: "an undecided solve says its budget and the survey's", req: Request{Op: "solve", Game: "napoleon-at-st-helena", Deal: "456", Nodes: 1000, MS: -1},
			check: func(t *testing.T, res *Response) {
				if res.Verdict != "unknown" || res.Budget != 1000 || res.SurveyBudget != solver.DefaultMaxNodes || res.TimeUp {
					t.Errorf("verdict %s, budget %d, survey's %d, time up %v", res.Verdict, res.Budget, res.SurveyBudget, res.TimeUp)
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
			want.Sure = true
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
// module stays under 1.25 MB. That the module answers as the engine's
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
	if len(wasm) > 1_250_000 {
		t.Errorf("play.wasm.gz is %d bytes, more than 1.25 MB", len(wasm))
	}
}

// TestEveryGameToItsEnd plays La Belle Lucie's standard rules by the
// first legal move that is not a redeal, redealing only when nothing
// else is left: the responses offer the Redeal control exactly when a
// redeal is legal, the hint then names it, and the end is said.
func TestEveryGameToItsEnd(t *testing.T) {
	req := Request{Op: "position", Game: "la-belle-lucie", Deal: "3"}
	s := deal(t, "la-belle-lucie", "", "3")
	redeals := 0
	for range 500 {
		res := Handle(&req, nil)
		if res.Error != "" || res.Illegal != "" {
			t.Fatalf("after %q: %s%s", req.Moves, res.Error, res.Illegal)
		}
		legal := s.Legal(nil)
		var next *engine.Move
		canRedeal := false
		for i, m := range legal {
			canRedeal = canRedeal || m.Action == engine.ActRedeal
			if next == nil && m.Action != engine.ActRedeal {
				next = &legal[i]
			}
		}
		if res.Redeal != canRedeal {
			t.Fatalf("after %d moves: redeal offered %v, legal %v", len(req.Moves), res.Redeal, canRedeal)
		}
		if len(legal) == 0 {
			if res.Over == "" || res.Won == (res.Over[:4] == "Lost") {
				t.Errorf("the end: over %q, won %v", res.Over, res.Won)
			}
			break
		}
		if res.Over != "" {
			t.Fatalf("after %d moves: over %q with %d legal moves", len(req.Moves), res.Over, len(legal))
		}
		move := Request{Op: "move", Game: req.Game, Deal: req.Deal, Moves: req.Moves}
		if next == nil {
			h := Handle(&Request{Op: "hint", Game: req.Game, Deal: req.Deal, Moves: req.Moves, Nodes: 1000, MS: -1}, nil)
			if h.Hint == nil || h.Hint.Action != "redeal" || !strings.HasPrefix(h.Hint.Caption, "Redeal") {
				t.Fatalf("only a redeal is left, but the hint is %+v", h.Hint)
			}
			move.Action = "redeal"
			next = &legal[0]
			redeals++
		} else {
			move.From, move.To, move.Card = s.Game().Piles[next.From].ID, s.Game().Piles[next.To].ID, next.Card.String()
			if next.Action == engine.ActMerci {
				move.Action = "merci"
			}
		}
		res = Handle(&move, nil)
		if res.Illegal != "" || res.Error != "" {
			t.Fatalf("playing %v: %s%s", next, res.Illegal, res.Error)
		}
		s.Apply(*next)
		for f, ok := s.Forced(); ok; f, ok = s.Forced() {
			s.Apply(f)
		}
		req.Moves = res.Moves
	}
	if redeals != 2 {
		t.Errorf("%d redeals, want La Belle Lucie's 2", redeals)
	}
}

// TestRulesPlayAlone: a Herz zu Herz deal is played by the rules; the
// response says how it ended and brings the line for the viewer.
func TestRulesPlayAlone(t *testing.T) {
	for _, d := range []string{"1", "2", "3", "4", "5", "6", "7"} {
		res := Handle(&Request{Op: "position", Game: "herz-zu-herz", Deal: d}, nil)
		if res.Error != "" || res.Over == "" || !strings.Contains(res.Line, `id="play-line"`) || len(res.Moves) != 0 {
			t.Fatalf("deal %s: over %q, line %.60q, error %q", d, res.Over, res.Line, res.Error)
		}
		if res.Won != strings.HasPrefix(res.Over, "Won: 8 of the 8 cards the game needs are home") {
			t.Errorf("deal %s: won %v, over %q", d, res.Won, res.Over)
		}
	}
}

// TestKept checks that answers do not depend on the line the worker
// kept: a sequence of requests (moves, undos, another deal, a broken
// link) answered with the kept line and each from scratch.
func TestKept(t *testing.T) {
	s := deal(t, "napoleon-at-st-helena", "", "2")
	sol, err := solver.Solve(context.Background(), s, solver.Options{MaxNodes: 10_000, Timeout: -1})
	if err != nil || sol.Verdict != solver.Won {
		t.Fatalf("%v %v", sol.Verdict, err)
	}
	var line []string
	for _, m := range replay.FromMoves(s.Game(), "2", "", sol.Moves).Moves {
		line = append(line, m.Text())
	}
	reqs := []Request{
		{Moves: line[:10]}, {Moves: line[:11]}, {Moves: line[:12]}, {Moves: line[:5]},
		{Deal: "3"}, {Moves: line[:40]}, {Moves: append(line[:20:20], "t1 t1", line[21])}, {Moves: line[:21]}, {Moves: line},
	}
	for i, req := range reqs {
		req.Op, req.Game = "position", "napoleon-at-st-helena"
		if req.Deal == "" {
			req.Deal = "2"
		}
		got := Handle(&req, nil)
		kept.Lock()
		kept.key, kept.v = "", nil
		kept.Unlock()
		want := Handle(&req, nil)
		if got.Figure != want.Figure || got.Replay != want.Replay || got.Illegal != want.Illegal || fmt.Sprint(got.Steps) != fmt.Sprint(want.Steps) {
			t.Errorf("request %d: the kept line answers\n%s %q\nfrom scratch\n%s %q", i, got.Replay, got.Illegal, want.Replay, want.Illegal)
		}
		if i < len(reqs)-1 {
			// Back to the kept line of the previous request.
			Handle(&reqs[max(i-1, 0)], nil)
			Handle(&req, nil)
		}
	}
}

// TestBrokenLinkWords: a link's move that does not play is said in the
// board's words, the engine's reason too.
func TestBrokenLinkWords(t *testing.T) {
	res := Handle(&Request{Op: "position", Game: "napoleon-at-st-helena", Deal: "2", Moves: []string{"t3:9C t2"}}, nil)
	if !strings.HasPrefix(res.Illegal, "Move 1, 9♣ from column 3 to column 2, cannot be played: the top card of column 3 is ") || !strings.Contains(res.Illegal, ", not 9♣") {
		t.Errorf("broken link: %q", res.Illegal)
	}
}

// TestSolutionLine: a won solve's line (Response.Solution) opens as the
// same solution without solving ("line"), and is the same at every
// solve of the deal; a line that does not win is refused.
func TestSolutionLine(t *testing.T) {
	req := &Request{Op: "solve", Game: "royal-cotillion", Deal: "296", Nodes: 100_000, MS: -1}
	first := Handle(req, nil)
	if first.Verdict != "won" || len(first.Solution) == 0 {
		t.Fatalf("verdict %s, solution %q", first.Verdict, first.Solution)
	}
	again := Handle(req, nil)
	if strings.Join(again.Solution, ",") != strings.Join(first.Solution, ",") {
		t.Errorf("a second solve gives another line:\n%q\n%q", again.Solution, first.Solution)
	}
	line := Handle(&Request{Op: "line", Game: "royal-cotillion", Deal: "296", Moves: first.Solution}, nil)
	if line.Error != "" || line.Figure != first.Figure || line.Replay != first.Replay {
		t.Errorf("the line opens as %q, %.80q, not as the solve's figure", line.Error, line.Figure)
	}
	short := Handle(&Request{Op: "line", Game: "royal-cotillion", Deal: "296", Moves: first.Solution[:3]}, nil)
	if !strings.HasPrefix(short.Error, "the solution in the link does not win: ") {
		t.Errorf("a line that does not win: %q", short.Error)
	}
}

// TestHome: a card sent "f" (a double-click) goes to the foundation that
// takes it, and a card no foundation takes is refused in the board's
// words; empty foundations say what they take.
func TestHome(t *testing.T) {
	s := deal(t, "house-in-the-woods", "", "1")
	g := s.Game()
	var home engine.Move
	for _, m := range s.Legal(nil) {
		if g.Piles[m.To].Kind == engine.Foundation {
			home = m
			break
		}
	}
	if home.Card == engine.NoCard {
		t.Fatal("deal 1 has no move home at the start")
	}
	res := Handle(&Request{Op: "move", Game: g.Slug, Deal: "1", From: g.Piles[home.From].ID, To: "f"}, nil)
	if res.Illegal != "" || res.Error != "" || len(res.Moves) != 1 || res.Steps[0].To != g.Piles[home.To].ID {
		t.Errorf("sent home: %+v", res)
	}
	for _, from := range g.PilesOf(engine.Tableau) {
		c := s.Top(from)
		if c.Rank() == engine.Ace || c.Rank() == engine.King {
			continue
		}
		res := Handle(&Request{Op: "move", Game: g.Slug, Deal: "1", From: g.Piles[from].ID, To: "f"}, nil)
		if want := "no foundation takes " + c.Pretty() + " now"; res.Illegal != want {
			t.Errorf("%s home: %q, want %q", c.Pretty(), res.Illegal, want)
		}
		if b := res.Bases["f1"]; b.Card == "" || b.Rule == "" {
			t.Errorf("f1 shows %+v", b)
		}
		break
	}
}
