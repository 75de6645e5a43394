package engine

import "fmt"

// Runs moved as one move: the "supermove" of the FreeCell family.
//
// A pile that declares Runs lets a run of cards on its top, each built on
// the one below it as the pile builds, move in one move onto a pile that
// takes the run's bottom card. The move is the shortcut for moving the
// cards one at a time through the free cells and the empty piles, so it
// moves at most as many cards as they allow (MaxRun): with f empty cells
// and e empty piles that take any card, (f+1)·2^e cards, and (f+1)·2^(e-1)
// onto an empty pile, which is not there to help. Empty piles that take
// only a King never help (a King can be built on nothing), so where the
// piles are filled by Kings alone the limit is f+1. This is PySolFC's
// count (SuperMoveStack_StackMethods._getMaxMove in pysollib/stack.py:
// the free reserves plus one, shifted by the free rows unless the rows
// are filled by one rank only, less one when the target row is empty)
// and fc-solve's.
//
// The move is written with its bottom card, "t3:9C t5" (Move.Card), and
// counts as one move everywhere: in Legal, Check, Apply and Undo, the
// replay notation, the captions, the JSON export (its cards are the run,
// bottom first) and the solver.

// runLength returns how many cards on top of pile i form a run that its
// build rule builds, 1 for a single card, 0 for an empty pile.
func (s *State) runLength(i int) int {
	p := s.piles[i]
	if len(p) == 0 {
		return 0
	}
	takes := &buildTakes[s.g.Piles[i].Build] // Build.Accepts as a table
	n := 1
	for n < len(p) && takes[p[len(p)-n-1]].Has(p[len(p)-n]) {
		n++
	}
	return n
}

// MaxRun returns the most cards a run may move in one move onto pile
// to, given the position's empty cells and empty piles (see above).
func (s *State) MaxRun(to int) int {
	return maxRun(s.freeSpaces(to))
}

// maxRun is MaxRun's count for f empty cells and e empty piles that
// help.
func maxRun(f, e int) int {
	if e > 6 {
		e = 6 // 64 cards and more: more than a pack
	}
	return (f + 1) << e
}

// freeSpaces counts the empty cells and the empty tableau piles that take
// any card, the pile to left out.
func (s *State) freeSpaces(to int) (cells, piles int) {
	cells, piles = s.allFreeSpaces()
	if s.helps(to) {
		piles--
	}
	return cells, piles
}

// allFreeSpaces counts the empty cells and the empty tableau piles that
// take any card.
func (s *State) allFreeSpaces() (cells, piles int) {
	for _, i := range s.g.cells {
		if len(s.piles[i]) == 0 {
			cells++
		}
	}
	for _, i := range s.g.tableau {
		if s.helps(i) {
			piles++
		}
	}
	return cells, piles
}

// helps reports whether pile i is an empty tableau pile that takes any
// card: one that a run may pass through.
func (s *State) helps(i int) bool {
	return s.g.Piles[i].Kind == Tableau && len(s.piles[i]) == 0 && s.g.Piles[i].Fill == FillAnyCard
}

// legalRuns appends the moves of runs of two cards or more from pile
// from (which declares Runs) onto the tableau piles. Legal gives what it
// counted once for all piles: tab[k], the set of cards tableau pile k
// takes; twin, the empty piles like an earlier one (no move goes there);
// and the empty cells and the empty piles that take any card (MaxRun's
// count, the target left out where it is one of them).
func (s *State) legalRuns(from int, tab []CardSet, twin uint64, cells, piles int, buf []Move) []Move {
	g := s.g
	run := s.runLength(from)
	if run < 2 {
		return buf
	}
	p := s.piles[from]
	// The run's cards that would move others with them, as a set: most
	// piles take none of them.
	var set CardSet
	for j := 2; j <= run; j++ {
		set |= 1 << p[len(p)-j]
	}
	for k, to := range g.tableau {
		if to == from || tab[k]&set == 0 || twin&(1<<k) != 0 {
			continue
		}
		empty := len(s.piles[to]) == 0
		e := piles
		if s.helps(to) {
			e--
		}
		n := min(run, maxRun(cells, e))
		if max := g.Piles[to].MaxLen; max > 0 {
			n = min(n, max-len(s.piles[to]))
		}
		for j := 2; j <= n; j++ {
			c := p[len(p)-j]
			// The whole of a pile moved to an empty pile of its own
			// kind changes nothing.
			if !tab[k].Has(c) || empty && j == len(p) && g.class[from] == g.class[to] {
				continue
			}
			buf = append(buf, Move{Action: ActMove, From: int8(from), To: int8(to), Card: c})
		}
	}
	return buf
}

// runFrom returns how many cards lie on pile i from the highest copy of
// card c up, c included (0 if c is not there).
func (s *State) runFrom(i int, c Card) int {
	p := s.piles[i]
	for k := len(p) - 1; k >= 0; k-- {
		if p[k] == c {
			return len(p) - k
		}
	}
	return 0
}

// moveRun moves the top n cards of pile from onto pile to, keeping their
// order.
func (s *State) moveRun(from, to, n int) {
	p := s.piles[from]
	for _, c := range p[len(p)-n:] {
		s.push(to, c)
	}
	for range n {
		s.pop(from)
	}
}

// checkRun says why m, an ActMove from a pile that declares Runs whose
// card is not the top one, is illegal, or returns nil.
func (s *State) checkRun(m Move) error {
	g := s.g
	from, to := int(m.From), int(m.To)
	fs, ts := &g.Piles[from], &g.Piles[to]
	card, fromName, toName := s.CardName(m.Card), s.PileName(from), s.PileName(to)
	n := s.runFrom(from, m.Card)
	if n == 0 {
		return illegal(fmt.Sprintf("%s is not in %s", card, fromName))
	}
	if run := s.runLength(from); n > run {
		p := s.piles[from]
		under, over := p[len(p)-run-1], p[len(p)-run]
		return illegal(fmt.Sprintf("%s cannot move with the %d cards on it: %s is not built on %s (%s builds %s)",
			card, n-1, s.CardName(over), s.CardName(under), fromName, fs.Build))
	}
	if ts.Kind != Tableau {
		return illegal(fmt.Sprintf("%s cannot go to %s with the %d cards on it: only a run moved onto a tableau pile moves as one", card, toName, n-1))
	}
	if !s.canPlace(m.Card, from, to) {
		return illegal(s.reason(m.Card, from, to))
	}
	if ts.MaxLen > 0 && len(s.piles[to])+n > ts.MaxLen {
		return illegal(fmt.Sprintf("%s cannot go to %s with the %d cards on it: %s holds at most %d cards", card, toName, n-1, toName, ts.MaxLen))
	}
	if most := s.MaxRun(to); n > most {
		f, e := s.freeSpaces(to)
		onto := ""
		if len(s.piles[to]) == 0 {
			onto = ", the one it goes to left out,"
		}
		return illegal(fmt.Sprintf("%s cannot move with the %d cards on it: %d free %s and %d empty %s%s let a run of at most %d cards move",
			card, n-1, f, plural(f, "cell"), e, plural(e, "pile"), onto, most))
	}
	return nil
}

// Moving returns the cards move m moves, bottom first, in the position
// before it is played: a run for a run's move, else the move's card (none
// for a redeal).
func (s *State) Moving(m Move) []Card {
	if m.Action == ActMove && s.valid(m.From) && s.Top(int(m.From)) != m.Card {
		if n := s.runFrom(int(m.From), m.Card); n > 1 {
			p := s.piles[m.From]
			return append([]Card(nil), p[len(p)-n:]...)
		}
	}
	if m.Card == NoCard {
		return nil
	}
	return []Card{m.Card}
}
