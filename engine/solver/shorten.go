package solver

import (
	"context"
	"slices"
	"sort"

	"github.com/patience-solitaire/patience/engine"
)

// Shorten returns a shorter winning line than moves, which must win from
// s (s is not changed). It
//
//  1. cuts cycles: when the line comes back to a position it was in
//     before (the same cards in the same piles, up to a permutation of
//     interchangeable piles), the moves in between go;
//  2. merges the moves of a card: a card moved from A to B and next from
//     B to C, with nothing put on it in between, is moved from A to C
//     once (at the first or the second time, whichever still wins), or
//     not at all if C is A;
//  3. with budget > 0, looks for shortcuts: from each position of the
//     line, a breadth-first search of up to two moves (budget positions
//     in all) for a position that the line reaches only later. A line
//     too long to merge (maxMergeLine) gets shortcuts whatever the
//     budget.
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
		if acyclic(s, moves) {
			// No cycle to cut.
		} else if cut := cutCycles(s, moves, true); wins(s, cut) {
			moves = cut
		} else {
			moves = cutCycles(s, moves, false)
		}
		switch {
		case len(moves) > maxMergeLine:
			// Too long to merge: a line that wanders (a beam's, which
			// plays depth first among equally good positions) is cut
			// by shortcuts, whatever the budget.
			moves, _ = shortcuts(ctx, s, moves, longLineShortcuts*int64(len(moves)))
		default:
			moves = mergeMoves(in, s, moves)
			if budget > 0 && ctx.Err() == nil {
				moves, budget = shortcuts(ctx, s, moves, budget)
			}
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
// the line for every pair it tries, so a pass takes time that grows with
// the square of the length. Won lines are a few hundred moves, but a
// beam's line can be far longer: Napoleon at St Helena deal 433 was won
// by a line of 20,144 moves (when each merge restarted the pass, merging
// it ran for over ten minutes). A longer line is cut of its cycles and by
// shortcuts until it is short enough to merge: 433's came down to 957
// moves in 1.2 s.
const maxMergeLine = 4000

// longLineShortcuts is the budget per move for shortcuts in a line too
// long to merge. Napoleon at St Helena deal 433's line of 20,144 moves
// came down to 6,772 in one pass of 316,000 positions (0.1 s).
const longLineShortcuts = 64

// layoutKey identifies a position exactly (the hash merges positions
// that differ by a permutation of interchangeable piles, whose move lists
// name different piles).
func layoutKey(s *engine.State, buf []byte) []byte {
	buf = buf[:0]
	n := len(s.Game().Piles)
	for i := 0; i < n; i++ {
		buf = appendPile(buf, s.Pile(i))
	}
	return appendCounters(buf, s)
}

func appendPile(buf []byte, p []engine.Card) []byte {
	for _, c := range p {
		buf = append(buf, byte(c))
	}
	return append(buf, 0xff)
}

func appendCounters(buf []byte, s *engine.State) []byte {
	buf = append(buf, byte(s.Redeals()))
	if n := s.RulesUsed(); n > 0 {
		buf = append(buf, byte(n))
	}
	return buf
}

// symmetricKey identifies a position up to a permutation of the piles of
// each class (engine.Game.PileClass): it lists the piles sorted by class
// and then by their cards, and order receives that order of pile indices.
// Two positions with the same key have the same cards in the piles at the
// same rank of their orders.
func symmetricKey(s *engine.State, buf []byte, order []int) []byte {
	g := s.Game()
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		i, j := order[a], order[b]
		if ci, cj := g.PileClass(i), g.PileClass(j); ci != cj {
			return ci < cj
		}
		return slices.Compare(s.Pile(i), s.Pile(j)) < 0
	})
	buf = buf[:0]
	for _, i := range order {
		buf = append(buf, byte(g.PileClass(i)))
		buf = appendPile(buf, s.Pile(i))
	}
	return appendCounters(buf, s)
}

// cutCycles drops the moves between two visits of one position. With
// symmetric, a position also counts as visited when it differs from an
// earlier one only by a permutation of interchangeable piles (a beam's
// line, which follows positions by their hash, goes round such cycles):
// the loop goes, and the moves after it are renamed by the permutation.
// That rests on the rules treating the piles of a class alike; Shorten
// checks the result and falls back to exact cycles if it does not win.
func cutCycles(s *engine.State, moves []engine.Move, symmetric bool) []engine.Move {
	n := len(s.Game().Piles)
	// t follows the line as given; rename maps its piles to the piles
	// of the line being written (they differ after a symmetric cut).
	t := s.Clone()
	rename := make([]int, n)
	for i := range rename {
		rename[i] = i
	}
	type visit struct {
		at    int   // moves written when the position was reached
		order []int // its piles in symmetricKey order, as written
	}
	seen := map[string]visit{}
	order := make([]int, n)
	var key []byte
	look := func() visit {
		if !symmetric {
			key = layoutKey(t, key)
			return visit{}
		}
		key = symmetricKey(t, key, order)
		written := make([]int, n)
		for r, i := range order {
			written[r] = rename[i]
		}
		return visit{order: written}
	}
	v := look()
	seen[string(key)] = v
	out := make([]engine.Move, 0, len(moves))
	for _, m := range moves {
		t.Apply(m)
		if m.From >= 0 {
			m.From = int8(rename[m.From])
		}
		if m.To >= 0 {
			m.To = int8(rename[m.To])
		}
		out = append(out, m)
		v := look()
		if w, ok := seen[string(key)]; ok {
			// Back where the line was after w.at moves: drop the loop
			// and forget the positions inside it.
			out = out[:w.at]
			for k, x := range seen {
				if x.at > w.at {
					delete(seen, k)
				}
			}
			if symmetric {
				// The pile written at rank r now is the pile written
				// at rank r then.
				back := make([]int, n)
				for r := range v.order {
					back[v.order[r]] = w.order[r]
				}
				for i := range rename {
					rename[i] = back[rename[i]]
				}
			}
			continue
		}
		v.at = len(out)
		seen[string(key)] = v
	}
	return out
}

// winsInPlace is wins played on s itself, each move taken back after:
// no copy of the position for each of the merges' tries.
func winsInPlace(s *engine.State, moves []engine.Move) bool {
	n := playLegal(s, moves)
	won := n == len(moves) && s.Won()
	takeBack(s, moves[:n])
	return won
}

// playLegal plays moves on s up to the first illegal one and returns how
// many it played.
func playLegal(s *engine.State, moves []engine.Move) int {
	for n, m := range moves {
		if s.Check(m) != nil {
			return n
		}
		s.Apply(m)
	}
	return len(moves)
}

// takeBack undoes moves, the last played on s, last first.
func takeBack(s *engine.State, moves []engine.Move) {
	for i := len(moves) - 1; i >= 0; i-- {
		s.Undo(moves[i])
	}
}

// acyclic reports, cheaply, that the line from s never comes back to a
// position, not even up to a permutation of interchangeable piles, so
// that cutCycles would find nothing: no two of its positions have the
// same hash. It holds only where the hash depends on nothing but what
// cutCycles' keys hold (the cards of each pile, keyed by its class, and
// the counters): in a game without a stock, whose hash counts no cards
// drawn, and without shuffles; elsewhere it reports false.
func acyclic(s *engine.State, moves []engine.Move) bool {
	if s.Game().Motions()&(engine.MotionDeal|engine.MotionShuffle) != 0 {
		return false
	}
	t := s.Clone()
	seen := make(map[uint64]bool, len(moves)+1)
	seen[t.Hash()] = true
	for _, m := range moves {
		t.Apply(m)
		if seen[t.Hash()] {
			return false
		}
		seen[t.Hash()] = true
	}
	return true
}

// wins reports whether moves are legal from s and end in a won position
// (Verify without its messages, which the merges' failed tries would
// spend their time writing).
func wins(s *engine.State, moves []engine.Move) bool {
	return winsInPlace(s.Clone(), moves)
}

// mergeMoves merges the moves of a card (Shorten's second pass). A try
// changes the line only from the move at i on, so it is replayed from the
// position after the first i moves (pre, kept as i grows: the moves
// before i never change), not from the start, and taken back after. A
// try changes only the moves up to the second move of the pair, at j,
// and goes on with the line's own moves after it; where the try's
// position there is the line's own (ref, the line played to j), the
// rest wins as the line does, and is not replayed.
func mergeMoves(in *info, s *engine.State, moves []engine.Move) []engine.Move {
	pre, ref, at := s.Clone(), s.Clone(), 0
	var buf []engine.Move // the tries' heads
	for i := 0; i < len(moves); i++ {
		for ; at < i; at++ {
			pre.Apply(moves[at])
			ref.Apply(moves[at])
		}
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
		// A try is the line from i on with the pair merged: its head
		// stands for the line's moves i to j, the rest is the line's own.
		tail, j := moves[i:], j-i
		for _, m := range tail[:j+1] {
			ref.Apply(m)
		}
		var heads [2][]engine.Move
		if c == mi.From {
			heads[0] = tail[1:j]
		} else {
			direct := engine.Move{Action: engine.ActMove, From: mi.From, To: c, Card: mi.Card}
			buf = append(buf[:0], direct) // to c at once
			buf = append(buf, tail[1:j]...)
			buf = append(buf, tail[1:j]...)
			buf = append(buf, direct) // to c from where it was, at j
			heads[0], heads[1] = buf[:j], buf[j:]
		}
		var merged []engine.Move
		for _, h := range heads {
			if h != nil && winsJoining(pre, h, tail[j+1:], ref) {
				merged = append(append(make([]engine.Move, 0, len(h)+len(tail)-j-1), h...), tail[j+1:]...)
				break
			}
		}
		takeBack(ref, tail[:j+1])
		if merged != nil {
			moves = append(moves[:i], merged...)
			i-- // the move at i changed: try it again (earlier pairs that
			// may merge now wait for the next pass)
		}
	}
	return moves
}

// winsJoining is winsInPlace for the line head then rest from s, where
// rest is known to win from ref: where head is legal and leads to ref,
// rest is not replayed.
func winsJoining(s *engine.State, head, rest []engine.Move, ref *engine.State) bool {
	n := playLegal(s, head)
	won := n == len(head) && (s.SamePosition(ref) || winsInPlace(s, rest))
	takeBack(s, head[:n])
	return won
}

// shortcuts looks, from each position of the line, for a position the
// line reaches at least three moves later within two moves, and takes the
// best such shortcut before it goes on from where it leads: one pass over
// the line, budget positions in all.
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
	out := make([]engine.Move, 0, len(moves))
	i := 0
	for i < len(moves) {
		if budget <= 0 || ctx.Err() != nil {
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
		if best < 0 {
			t.Apply(moves[i])
			out = append(out, moves[i])
			i++
			continue
		}
		// The shortcut ends in the position the line has after best
		// moves: the line goes on from there.
		for _, m := range bestPath[:bestLen] {
			t.Apply(m)
			out = append(out, m)
		}
		i = best
	}
	return append(out, moves[i:]...), budget
}
