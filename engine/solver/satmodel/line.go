package satmodel

import (
	"fmt"
	"slices"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/solver"
)

func value(val []bool, l Lit) bool {
	if l < 0 {
		return !val[-l]
	}
	return val[l]
}

// Decode turns a model (val[v] is variable v's value) into the engine's
// winning line, forced refills included, and replays it with Check and
// Apply (solver.Verify): an error means the model is not a win.
func (m *Model) Decode(val []bool) ([]engine.Move, error) {
	if len(val) <= m.Vars {
		return nil, fmt.Errorf("satmodel: a model of %d variables, want %d", len(val)-1, m.Vars)
	}
	s := m.start.Clone()
	dealt := m.w0 // chain elements dealt
	var line []engine.Move
	play := func(mv engine.Move) error {
		if err := s.Check(mv); err != nil {
			return fmt.Errorf("satmodel: move %d (%s): %w", len(line)+1, mv, err)
		}
		s.Apply(mv)
		line = append(line, mv)
		return nil
	}
	forced := func() error {
		for {
			f, ok := s.Forced()
			if !ok {
				return nil
			}
			if err := play(f); err != nil {
				return err
			}
		}
	}
	for t := range m.steps {
		var cards []int
		for d := range m.cards {
			if value(val, m.M[d][t]) {
				cards = append(cards, d)
			}
		}
		if len(cards) == 0 {
			break // the steps with moves come first
		}
		turned := 0
		for k := range m.U {
			if value(val, m.U[k][t]) {
				turned = k + 1
			}
		}
		for ; dealt < turned; dealt++ {
			if err := m.deal(s, val, t, dealt, play); err != nil {
				return nil, err
			}
		}
		// The step's cards in an order that plays: each once its slot's
		// card below is home (a foundation built by several cards in a
		// step); the waste's top first, then the wing's cards, then those
		// of the reserve spaces, each refilled from the waste's top (a
		// card of the waste that a refill takes goes home from its space).
		for len(cards) > 0 {
			k := m.next(s, val, t, cards)
			if k < 0 {
				return nil, fmt.Errorf("satmodel: step %d: none of %d cards plays", t, len(cards))
			}
			if err := m.play(s, val, t, cards[k], play); err != nil {
				return nil, err
			}
			cards = slices.Delete(cards, k, k+1)
			if err := forced(); err != nil {
				return nil, err
			}
		}
	}
	if err := solver.Verify(m.start, line); err != nil {
		return nil, err
	}
	return line, nil
}

// deal plays chain element k in step t: a redeal (if the waste has a
// card: else every card is gone, and the pass turns nothing), or the
// deal of its card, unless the card was gone before its pass began (it
// is not in the stock then: home or in a reserve space at the redeal).
func (m *Model) deal(s *engine.State, val []bool, t, k int, play func(engine.Move) error) error {
	p, i, rd := m.at(k)
	if rd {
		if len(s.Pile(m.waste)) == 0 {
			return nil
		}
		return play(engine.Move{Action: engine.ActRedeal, From: int8(m.waste), To: int8(m.stock)})
	}
	c := m.talon[i]
	if p > 0 && (value(val, m.H[c][t]) || value(val, m.E[i][t])) {
		return nil
	}
	return play(engine.Move{Action: engine.ActDeal, From: int8(m.stock), To: int8(m.waste), Card: m.cards[c].card})
}

// next returns the index in cards of the card to play next in step t,
// or -1 if none can go.
func (m *Model) next(s *engine.State, val []bool, t int, cards []int) int {
	for _, want := range []where{inTalon, inWing, inReserve} {
		for k, c := range cards {
			p := &m.cards[c]
			from := m.source(s, val, t, c)
			if from < 0 {
				continue
			}
			kind := s.Game().Piles[from].Kind
			ok := want == inTalon && kind == engine.Waste || want == inWing && p.where == inWing ||
				want == inReserve && kind == engine.Reserve
			if _, ready := m.dest(s, val, t, c); ok && ready {
				return k
			}
		}
	}
	return -1
}

// dest returns the foundation pile that takes card c in step t: a slot
// of its card that the step fills and is next on its foundation.
func (m *Model) dest(s *engine.State, val []bool, t, c int) (int, bool) {
	for _, si := range m.cards[c].slots {
		sl := &m.slots[si]
		if value(val, m.S[si][t+1]) && !value(val, m.S[si][t]) && len(s.Pile(sl.pile)) == sl.k {
			return sl.pile, true
		}
	}
	return -1, false
}

// source returns the pile from which card c can go now, or -1: its wing
// column, the waste's top, or a reserve space.
func (m *Model) source(s *engine.State, val []bool, t, c int) int {
	p := &m.cards[c]
	switch {
	case p.where == inWing:
		if s.Top(p.pile) == p.card && len(s.Pile(p.pile)) == m.depth(c) {
			return p.pile
		}
		return -1
	case p.where == inTalon && !value(val, m.E[p.talon][t]) && s.Top(m.waste) == p.card:
		return m.waste
	}
	for _, r := range s.Game().PilesOf(engine.Reserve) {
		if s.Top(r) == p.card {
			return r
		}
	}
	return -1
}

// depth returns the height of wing card c's column while c is its top.
func (m *Model) depth(c int) int {
	n := 1
	for _, d := range m.layout[m.cards[c].pile] {
		if d == c {
			return n
		}
		n++
	}
	return n
}

// play plays card c's move of step t.
func (m *Model) play(s *engine.State, val []bool, t, c int, play func(engine.Move) error) error {
	p := &m.cards[c]
	to, _ := m.dest(s, val, t, c)
	from := m.source(s, val, t, c)
	if from < 0 || to < 0 {
		return fmt.Errorf("satmodel: step %d: %s has no place (from %d, to %d)", t, p.card, from, to)
	}
	return play(engine.Move{Action: engine.ActMove, From: int8(from), To: int8(to), Card: p.card})
}

// Assign reads a winning line of the engine as an assignment of the
// model's variables (the completeness argument of the package comment,
// made executable): with a refill from the stock read as a deal before
// the move and a refill from the waste. It fails if the line is not
// legal or does not win.
func (m *Model) Assign(line []engine.Move) ([]bool, error) {
	if m.steps != m.n {
		return nil, fmt.Errorf("satmodel: a model of %d steps does not hold every line (%d do)", m.steps, m.n)
	}
	if err := solver.Verify(m.start, line); err != nil {
		return nil, err
	}
	val, _, err := m.assign(line)
	return val, err
}

// assign reads a legal line, won or not, as an assignment of the steps
// it fills (one per card sent home, and the step after the last), with
// the number of cards it sends home.
func (m *Model) assign(line []engine.Move) ([]bool, int, error) {
	val := make([]bool, m.Vars+1)
	set := func(l Lit, b bool) {
		if l < 0 {
			l, b = -l, !b
		}
		val[l] = b
	}
	ids := make([][]int, len(m.layout))
	for p := range ids {
		ids[p] = append([]int(nil), m.layout[p]...)
	}
	pop := func(p int) int {
		c := ids[p][len(ids[p])-1]
		ids[p] = ids[p][:len(ids[p])-1]
		return c
	}
	home := make([]bool, m.n)
	inRes := make([]bool, len(m.talon))
	turned, pass := m.w0, 0 // the chain's elements dealt, the pass
	var turnedAt []int      // chain elements dealt in step t
	t := 0
	for _, mv := range line {
		switch {
		case mv.Action == engine.ActDeal:
			c := pop(m.stock)
			ids[m.waste] = append(ids[m.waste], c)
			turned = m.elem(pass, m.cards[c].talon) + 1
		case mv.Action == engine.ActRedeal && m.redeals > 0:
			for len(ids[m.waste]) > 0 {
				ids[m.stock] = append(ids[m.stock], pop(m.waste))
			}
			pass++
			turned = m.redealAt(pass) + 1
		case mv.Action == engine.ActRefill:
			c := pop(int(mv.From))
			ids[mv.To] = append(ids[mv.To], c)
			i := m.cards[c].talon
			inRes[i] = true
			if int(mv.From) == m.stock {
				// A deal before move t-1: the card was turned then.
				turned = m.elem(pass, i) + 1
				turnedAt[t-1] = turned
			}
		case mv.Action == engine.ActMove:
			if t == m.steps {
				return nil, 0, fmt.Errorf("satmodel: the line sends more than %d cards home, the model's steps", m.steps)
			}
			for c := range m.n {
				set(m.H[c][t], home[c])
			}
			for i := range m.talon {
				set(m.E[i][t], inRes[i])
			}
			turnedAt = append(turnedAt, turned)
			for si, sl := range m.slots {
				set(m.S[si][t], len(ids[sl.pile]) > sl.k)
			}
			c := pop(int(mv.From))
			ids[mv.To] = append(ids[mv.To], c)
			home[c] = true
			t++
		default:
			return nil, 0, fmt.Errorf("satmodel: move %s is not of the model", mv)
		}
	}
	for c := range m.n {
		set(m.H[c][t], home[c])
	}
	for i := range m.talon {
		set(m.E[i][t], inRes[i])
	}
	for si, sl := range m.slots {
		set(m.S[si][t], len(ids[sl.pile]) > sl.k)
	}
	// Deals that the step's moves do not need wait for the next step: the
	// last card dealt in a step leaves the waste in it (the model's
	// canonical deals), unless a redeal is the step's last deal.
	before := m.w0
	for t, n := range turnedAt {
		if _, i, rd := m.at(n - 1); n > before && !rd {
			q := m.talon[i]
			if !value(val, m.E[i][t+1]) && !value(val, m.H[q][t+1]) {
				turnedAt[t], n = before, before
			}
		}
		for k := range m.U {
			set(m.U[k][t], k < n)
		}
		before = n
	}
	if m.true_ != 0 {
		set(m.true_, true)
	}
	get := func(l Lit) bool { return value(val, l) }
	for _, d := range m.defs {
		set(d.v, d.eval(get))
	}
	return val, t, nil
}

// Guide fixes the first k steps of the model to a line's (a legal line
// from the model's deal, won or not, that sends at least k cards home):
// the cards home at the start of each step, one card home a step. The
// rest is left to the SAT solver. A model that satisfies the clauses is
// still a win (it is decoded and replayed as any other); UNSAT proves
// nothing but that no win begins so, so Decide counts it as unknown.
func (m *Model) Guide(line []engine.Move, k int) error {
	s := m.start.Clone()
	for i, mv := range line {
		if err := s.Check(mv); err != nil {
			return fmt.Errorf("satmodel: the guide's move %d (%s): %w", i+1, mv, err)
		}
		s.Apply(mv)
	}
	if k > m.steps {
		return fmt.Errorf("satmodel: a guide of %d cards home in a model of %d steps", k, m.steps)
	}
	// Only the line's first k cards home are read: the rest of it may not
	// fit in a model of fewer steps than cards.
	for i, sent := 0, 0; i < len(line); i++ {
		if line[i].Action == engine.ActMove {
			if sent == k {
				line = line[:i]
				break
			}
			sent++
		}
	}
	val, home, err := m.assign(line)
	if err != nil {
		return err
	}
	if k > home {
		return fmt.Errorf("satmodel: the guide sends %d cards home, not %d", home, k)
	}
	for t := 0; t <= k; t++ {
		for c := range m.n {
			l := m.H[c][t]
			if !value(val, l) {
				l = -l
			}
			m.Add(l)
		}
	}
	m.guided = true
	return nil
}
