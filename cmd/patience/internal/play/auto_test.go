package play

import (
	"context"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/solver"
	"github.com/patience-solitaire/patience/replay"
)

// wonLine is a line the solver wins deal n of game with, in notation,
// and its positions: at[i] the position after i moves.
func wonLine(t *testing.T, game, n string) (line []string, at []*engine.State) {
	t.Helper()
	s := deal(t, game, "", n)
	sol, err := solver.Solve(context.Background(), s.Clone(), solver.Options{MaxNodes: 100_000, Timeout: -1})
	if err != nil || sol.Verdict != solver.Won {
		t.Fatalf("%s deal %s: %v %v", game, n, sol.Verdict, err)
	}
	r := replay.FromMoves(s.Game(), n, "", sol.Moves)
	r.Result = "won"
	v, err := replay.Verify(r)
	if err != nil {
		t.Fatal(err)
	}
	at = append(at, v.Start.Clone())
	end := v.Start.Clone()
	for i, st := range v.Steps {
		end.Apply(st.Move)
		if i == len(v.Steps)-1 || v.Steps[i+1].Index != st.Index && v.Steps[i+1].Index >= 0 {
			at = append(at, end.Clone())
		}
	}
	for _, m := range r.Moves {
		line = append(line, m.Text())
	}
	if len(at) != len(line)+1 {
		t.Fatalf("%d positions for %d moves", len(at), len(line))
	}
	return line, at
}

// TestAutoMove: after a move with Auto, the engine plays the moves
// home its sound rules prove safe, as moves of the line (Response.Auto
// counts them), and no other; without Auto it plays none. A game whose
// motions no proof covers (Patriarchs' reversal) has no safe moves
// (Response.Safe); FreeCell has the dead-base rule's.
func TestAutoMove(t *testing.T) {
	const game, n = "napoleon-at-st-helena", "2"
	line, at := wonLine(t, game, n)
	sf := solver.NewSafe(at[0].Game())
	k := 1
	for k < len(at) {
		if _, ok := sf.Move(at[k]); ok {
			break
		}
		k++
	}
	if k == len(at) {
		t.Fatal("no position of the line has a safe move")
	}
	g := at[0].Game()
	m, err := replay.ParseMove("moves", k, line[k-1])
	if err != nil {
		t.Fatal(err)
	}
	for _, auto := range []bool{false, true} {
		res := Handle(&Request{Op: "move", Game: game, Deal: n, Moves: line[:k-1], From: m.From, Card: m.Card, To: m.To, Action: m.Action, Auto: auto}, nil)
		if res.Error != "" || res.Illegal != "" || !res.Safe {
			t.Fatalf("auto %v: %q %q, safe %v", auto, res.Error, res.Illegal, res.Safe)
		}
		if !auto {
			if res.Auto != 0 || len(res.Moves) != k {
				t.Errorf("without Auto: %d moves, %d auto", len(res.Moves), res.Auto)
			}
			continue
		}
		if res.Auto == 0 || len(res.Moves) != k+res.Auto {
			t.Fatalf("with Auto: %d moves, %d auto", len(res.Moves), res.Auto)
		}
		// Each is a move home that the sound rules prove safe where it
		// is played, and none is left after them.
		s := at[k].Clone()
		for _, text := range res.Moves[k:] {
			want, ok := sf.Move(s)
			if !ok || replay.FromMoves(g, n, "", []engine.Move{want}).Moves[0].Text() != text {
				t.Fatalf("auto move %s, the sound rules say %v %v", text, want, ok)
			}
			s.Apply(want)
			for f, ok := s.Forced(); ok; f, ok = s.Forced() {
				s.Apply(f)
			}
		}
		if m, ok := sf.Move(s); ok {
			t.Errorf("a safe move is left: %v", m)
		}
	}
	if res := Handle(&Request{Op: "position", Game: "patriarchs", Deal: "1"}, nil); res.Safe {
		t.Error("Patriarchs has safe moves")
	}
	if res := Handle(&Request{Op: "position", Game: "freecell", Deal: "1"}, nil); !res.Safe {
		t.Error("FreeCell has no safe moves")
	}
}

// TestFinish: near the end of a won line the rest goes home by itself
// (Response.Finish), and "finish" plays it to the win as moves of the
// line; at the deal there is no finish.
func TestFinish(t *testing.T) {
	for _, tc := range []struct{ game, deal string }{
		{"napoleon-at-st-helena", "2"}, {"house-in-the-woods", "44"}, {"royal-cotillion", "2"},
	} {
		game := tc.game
		t.Run(game, func(t *testing.T) {
			line, at := wonLine(t, game, tc.deal)
			if len(finish(at[0])) != 0 {
				t.Fatal("a finish at the deal")
			}
			k := len(at) - 1
			for k > 0 && len(finish(at[k-1])) > 0 {
				k--
			}
			if k == len(at)-1 {
				t.Fatal("no finish before the last move")
			}
			req := Request{Op: "position", Game: game, Deal: tc.deal, Moves: line[:k]}
			pos := Handle(&req, nil)
			if pos.Finish == 0 || pos.Won {
				t.Fatalf("after %d of %d moves: finish %d, won %v", k, len(line), pos.Finish, pos.Won)
			}
			req.Op = "finish"
			res := Handle(&req, nil)
			if !res.Won || res.Auto != pos.Finish || len(res.Moves) != k+pos.Finish || res.Finish != 0 {
				t.Errorf("finish: won %v, %d auto moves of %d, %d moves", res.Won, res.Auto, pos.Finish, len(res.Moves))
			}
			if before := Handle(&Request{Op: "position", Game: game, Deal: tc.deal, Moves: line[:k-1]}, nil); before.Finish != 0 {
				t.Errorf("a finish one move earlier: %d", before.Finish)
			}
		})
	}
}
