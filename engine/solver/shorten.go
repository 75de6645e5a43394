package solver

import (
	"context"

	"github.com/patience-solitaire/patience/engine"
)

// Shorten returns a shorter winning line than moves, which must win from
// s (s is not changed). It
//
//  1. cuts cycles: when the line comes back to a position it was in
//     before (the same cards in the same piles), the moves in between go;
//  2. merges the moves of a card: a card moved from A to B and next from
//     B to C, with nothing put on it in between, is moved from A to C
//     once (at the first or the second time, whichever still wins), or
//     not at all if C is A;
//  3. with budget > 0, looks for shortcuts: from each position of the
//     line, a breadth-first search of up to two moves (budget positions
//     in all) for a position that the line reaches only later.
//
// Passes repeat while they help. The result is replayed with Check and
// Apply before it is returned; an error means that the line given did not
// win (or a bug).
func Shorten(ctx context.Context, s *engine.State, moves []engine.Move, budget int64) ([]engine.Move, error) {
	if err := Verify(s, moves); err != nil {
		return nil, err
	}
	in := infoFor(s.Game())
	moves = append([]engine.Move(nil), moves...)
	for {
		n := len(moves)
		moves = cutCycles(s, moves)
		if len(moves) > maxMergeLine {
			break
		}
		moves = mergeMoves(in, s, moves)
		if budget > 0 && ctx.Err() == nil {
			moves, budget = shortcuts(ctx, s, moves, budget)
		}
		if len(moves) >= n {
			break
		}
	}
	if err := Verify(s, moves); err != nil {
		return nil, err
	}
	return moves, nil
}

// maxMergeLine is the longest line that mergeMoves is run on: it replays
// the line for every pair it tries and starts again after each merge, so
// its time grows with the cube of the length. Won lines are a few hundred
// moves, but a beam's line can be far longer (Napoleon at St Helena deal
// 433: 20,144 moves, 17,029 after the cycles were cut, on which merging
// ran for over ten minutes); such a line is only cut of its cycles.
const maxMergeLine = 2000

// layoutKey identifies a position exactly (the hash merges positions
// that differ by a permutation of interchangeable piles, whose move lists
// name different piles).
func layoutKey(s *engine.State, buf []byte) []byte {
	buf = buf[:0]
	n := len(s.Game().Piles)
	for i := 0; i < n; i++ {
		for _, c := range s.Pile(i) {
			buf = append(buf, byte(c))
		}
		buf = append(buf, 0xff)
	}
	buf = append(buf, byte(s.Redeals()))
	if n := s.RulesUsed(); n > 0 {
		buf = append(buf, byte(n))
	}
	return buf
}

func cutCycles(s *engine.State, moves []engine.Move) []engine.Move {
	t := s.Clone()
	seen := map[string]int{}
	var key []byte
	key = layoutKey(t, key)
	seen[string(key)] = 0
	out := make([]engine.Move, 0, len(moves))
	for _, m := range moves {
		t.Apply(m)
		out = append(out, m)
		key = layoutKey(t, key)
		if i, ok := seen[string(key)]; ok {
			// Back where the line was after i moves: drop the loop and
			// forget the positions inside it.
			out = out[:i]
			for k, v := range seen {
				if v > i {
					delete(seen, k)
				}
			}
			continue
		}
		seen[string(key)] = len(out)
	}
	return out
}

// wins reports whether moves are legal from s and end in a won position.
func wins(s *engine.State, moves []engine.Move) bool {
	return Verify(s, moves) == nil
}

func mergeMoves(in *info, s *engine.State, moves []engine.Move) []engine.Move {
	for i := 0; i < len(moves); i++ {
		mi := moves[i]
		if mi.Action != engine.ActMove || in.kind[mi.To] == engine.Foundation {
			continue
		}
		j := i + 1
		for ; j < len(moves); j++ {
			mj := moves[j]
			if mj.From == mi.To || mj.To == mi.To || mj.Action != engine.ActMove && mj.Action != engine.ActRefill && mj.Action != engine.ActDeal {
				break
			}
		}
		if j == len(moves) || moves[j].From != mi.To || moves[j].Card != mi.Card || moves[j].Action != engine.ActMove {
			continue
		}
		c := moves[j].To
		var tries [][]engine.Move
		if c == mi.From {
			tries = append(tries, without(moves, i, j, -1, engine.Move{}))
		} else {
			direct := engine.Move{Action: engine.ActMove, From: mi.From, To: c, Card: mi.Card}
			tries = append(tries, without(moves, j, -1, i, direct), without(moves, i, -1, j, direct))
		}
		for _, t := range tries {
			if wins(s, t) {
				moves = t
				i = -1 // start again: earlier pairs may merge now
				break
			}
		}
	}
	return moves
}

// without returns a copy of moves without the moves at a and b (b may be
// -1), and with the move at r (if r >= 0) replaced by m.
func without(moves []engine.Move, a, b, r int, m engine.Move) []engine.Move {
	out := make([]engine.Move, 0, len(moves))
	for k, x := range moves {
		switch k {
		case a, b:
			continue
		case r:
			x = m
		}
		out = append(out, x)
	}
	return out
}

// shortcuts looks, from each position of the line, for a position the
// line reaches at least three moves later within two moves.
func shortcuts(ctx context.Context, s *engine.State, moves []engine.Move, budget int64) ([]engine.Move, int64) {
	// Index the line's positions by exact layout.
	t := s.Clone()
	at := map[string]int{}
	var key []byte
	key = layoutKey(t, key)
	at[string(key)] = 0
	for i, m := range moves {
		t.Apply(m)
		key = layoutKey(t, key)
		at[string(key)] = i + 1
	}
	t = s.Clone()
	var buf1, buf2 []engine.Move
	for i := 0; i < len(moves) && budget > 0; i++ {
		if ctx.Err() != nil {
			break
		}
		best, bestLen, gain := -1, 0, 0
		var bestPath [2]engine.Move
		buf1 = t.Legal(buf1[:0])
		for _, a := range buf1 {
			t.Apply(a)
			budget--
			key = layoutKey(t, key)
			if j, ok := at[string(key)]; ok && j-i-1 > gain {
				best, bestLen, gain, bestPath[0] = j, 1, j-i-1, a
			}
			buf2 = t.Legal(buf2[:0])
			for _, b := range buf2 {
				t.Apply(b)
				budget--
				key = layoutKey(t, key)
				if j, ok := at[string(key)]; ok && j-i-2 > gain {
					best, bestLen, gain, bestPath[0], bestPath[1] = j, 2, j-i-2, a, b
				}
				t.Undo(b)
			}
			t.Undo(a)
		}
		if best >= 0 {
			out := append([]engine.Move(nil), moves[:i]...)
			out = append(out, bestPath[:bestLen]...)
			out = append(out, moves[best:]...)
			if wins(s, out) {
				return out, budget
			}
		}
		t.Apply(moves[i])
	}
	return moves, budget
}
