package satmodel

import (
	"fmt"

	"github.com/patience-solitaire/patience/engine"
)

type where uint8

const (
	inReserve where = iota
	inWing
	inTalon
)

// pcard is a physical card: the two copies of a card in a two-pack game
// are two pcards.
type pcard struct {
	card  engine.Card
	where where
	pile  int // engine pile (reserve or wing column)
	above int // wing: the pcard above it, or -1
	talon int // talon index, or -1
	slots []int
}

type slot struct {
	pile  int // engine foundation pile
	k     int // place in the foundation's sequence
	card  engine.Card
	cands []int // pcards that can fill it
	below int   // slot under it, or -1
}

// Model is the SAT model of one deal.
type Model struct {
	CNF
	start *engine.State
	n     int
	steps int // T
	// guided: Guide fixed the first steps to a line's, so UNSAT proves
	// nothing
	guided bool
	cards  []pcard
	talon  []int // pcard by talon index
	w0     int   // cards in the waste at the start
	// redeals: the waste turned over to be the stock again (TurnWaste),
	// at most this often. The talon is dealt in redeals+1 passes: the
	// chain (chainLen) is pass 0's talon indices, then a redeal, then
	// pass 1's talon indices, and so on; U is indexed by it.
	redeals int
	slots   []slot
	// layout[p]: the pcards of engine pile p at the start, bottom first.
	layout [][]int
	stock  int
	waste  int

	H, M [][]Lit // [pcard][t]
	S    [][]Lit // [slot][t]
	U    [][]Lit // [chain element][t] (elem, redealAt)
	E    [][]Lit // [talon index][t]
	G    [][]Lit // [t][chain element]
	pass [][]Lit // [t][p]: the deals of step t are in pass p
	act  []Lit   // a move at t

	defs []def // defined variables, in an order that evaluates them
}

// def says how a defined variable's value follows from others (for
// Assign, which reads a line as a model).
type def struct {
	v    Lit
	eval func(val func(Lit) bool) bool
}

// Applies returns nil if the model takes game g, or says why not.
func Applies(g *engine.Game) error {
	if g.Redeals > 0 && g.RedealKind != engine.TurnWaste {
		return fmt.Errorf("%s has redeals that shuffle", g.Name)
	}
	if g.HasRulesBeyond() || g.AllForced() || g.Goal() != g.Cards() {
		return fmt.Errorf("%s has rules of its own", g.Name)
	}
	// The model knows one card at a time, deals, refills and the waste
	// turned over (the motions TestMotionsDeclared holds every game's
	// moves to).
	if other := g.Motions() &^ (engine.MotionOne | engine.MotionDeal | engine.MotionRefill | engine.MotionTurnWaste); other != 0 {
		return fmt.Errorf("%s moves cards in ways the model does not know: %s", g.Name, other)
	}
	stocks, wastes := 0, 0
	for i := range g.Piles {
		p := &g.Piles[i]
		switch p.Kind {
		case engine.Foundation:
			if p.Found.AnyRank {
				return fmt.Errorf("%s: foundation %s takes any rank", g.Name, p.ID)
			}
		case engine.Reserve:
			if !p.Refill || !p.ToFoundationOnly {
				return fmt.Errorf("%s: reserve %s is not refilled at once or plays elsewhere", g.Name, p.ID)
			}
		case engine.Tableau:
			if !p.ToFoundationOnly || p.Fill != engine.FillNever || p.Build != engine.BuildNone {
				return fmt.Errorf("%s: tableau pile %s plays elsewhere, takes cards or is refilled", g.Name, p.ID)
			}
		case engine.Stock:
			stocks++
		case engine.Waste:
			wastes++
		default:
			return fmt.Errorf("%s: pile %s is a %s", g.Name, p.ID, p.Kind)
		}
	}
	if stocks != 1 || wastes != 1 {
		return fmt.Errorf("%s: not one stock and one waste", g.Name)
	}
	return nil
}

// Build makes the model of position s, which must have empty
// foundations, over the complete bound of steps (one per card).
func Build(s *engine.State) (*Model, error) { return BuildSteps(s, 0) }

// BuildSteps makes the model over steps steps (0: one per card, the
// bound that makes it complete). With fewer, a model is still a win,
// but no model proves nothing.
func BuildSteps(s *engine.State, steps int) (*Model, error) {
	g := s.Game()
	if err := Applies(g); err != nil {
		return nil, err
	}
	m := &Model{start: s.Clone(), n: g.Cards(), stock: g.PilesOf(engine.Stock)[0], waste: g.PilesOf(engine.Waste)[0]}
	byCard := map[engine.Card][]int{}
	add := func(p pcard) int {
		m.cards = append(m.cards, p)
		byCard[p.card] = append(byCard[p.card], len(m.cards)-1)
		return len(m.cards) - 1
	}
	for i := range g.Piles {
		p := &g.Piles[i]
		cards := s.Pile(i)
		switch p.Kind {
		case engine.Foundation:
			if len(cards) > 0 {
				return nil, fmt.Errorf("foundation %s is not empty", p.ID)
			}
			r := p.Found.Base
			below := -1
			for k := range int(p.Found.Len) {
				m.slots = append(m.slots, slot{pile: i, k: k, card: engine.NewCard(r, p.Found.Suit), below: below})
				below = len(m.slots) - 1
				r = p.Found.Next(r)
			}
		case engine.Reserve:
			if len(cards) != 1 {
				// Empty: a refill is due, or the talon is out (the model's
				// occupancy starts full).
				return nil, fmt.Errorf("reserve %s holds %d cards, want 1", p.ID, len(cards))
			}
			for _, c := range cards {
				add(pcard{card: c, where: inReserve, pile: i, above: -1, talon: -1})
			}
		case engine.Tableau:
			prev := -1
			for j := len(cards) - 1; j >= 0; j-- {
				prev = add(pcard{card: cards[j], where: inWing, pile: i, above: prev, talon: -1})
			}
		}
	}
	for _, c := range s.Pile(m.waste) {
		m.talon = append(m.talon, add(pcard{card: c, where: inTalon, pile: m.waste, above: -1, talon: len(m.talon)}))
	}
	m.w0 = len(m.talon)
	if g.Redeals > 0 {
		m.redeals = g.Redeals
	}
	st := s.Pile(m.stock)
	for j := len(st) - 1; j >= 0; j-- {
		m.talon = append(m.talon, add(pcard{card: st[j], where: inTalon, pile: m.stock, above: -1, talon: len(m.talon)}))
	}
	m.steps = steps
	if steps <= 0 || steps > m.n {
		m.steps = m.n
	}
	m.layout = make([][]int, len(g.Piles))
	for c, p := range m.cards {
		if p.where != inTalon {
			m.layout[p.pile] = append([]int{c}, m.layout[p.pile]...) // wings were added top first
		}
	}
	for i, c := range m.talon {
		if i < m.w0 {
			m.layout[m.waste] = append(m.layout[m.waste], c)
		} else {
			m.layout[m.stock] = append([]int{c}, m.layout[m.stock]...)
		}
	}
	if len(m.cards) != m.n {
		return nil, fmt.Errorf("%d cards in the layout, want %d", len(m.cards), m.n)
	}
	for si := range m.slots {
		sl := &m.slots[si]
		sl.cands = byCard[sl.card]
		for _, c := range sl.cands {
			m.cards[c].slots = append(m.cards[c].slots, si)
		}
	}
	for _, p := range m.cards {
		if len(p.slots) != len(byCard[p.card]) || len(p.slots) > 2 {
			return nil, fmt.Errorf("card %s: %d foundation places for %d copies", p.card, len(p.slots), len(byCard[p.card]))
		}
	}
	m.encode()
	return m, nil
}

func (m *Model) define(v Lit, eval func(val func(Lit) bool) bool) {
	m.defs = append(m.defs, def{v, eval})
}

func (m *Model) vars(rows, cols int) [][]Lit {
	out := make([][]Lit, rows)
	for i := range out {
		out[i] = make([]Lit, cols)
		for t := range out[i] {
			out[i][t] = m.NewVar()
		}
	}
	return out
}

// andDef defines x ≡ a1 ∧ a2 ∧ ... (clauses and evaluation).
func (m *Model) andDef(x Lit, as ...Lit) {
	m.And(x, as...)
	m.define(x, func(val func(Lit) bool) bool {
		for _, a := range as {
			if !val(a) {
				return false
			}
		}
		return true
	})
}

func (m *Model) encode() {
	n, T, L := m.n, m.steps, len(m.talon)
	m.H = m.vars(n, T+1)
	m.U = m.vars(m.chainLen(), T)
	m.E = m.vars(L, T+1)
	// Home: none at the start, all at the end, monotone.
	for c := range n {
		m.Add(-m.H[c][0])
		m.Add(m.H[c][T])
		for t := range T {
			m.Add(-m.H[c][t], m.H[c][t+1])
		}
	}
	// Moves: M[c][t], card c reaches a foundation in step t (a step
	// may send several cards home: see the package comment).
	m.M = make([][]Lit, n)
	for c := range n {
		m.M[c] = make([]Lit, T)
		for t := range T {
			m.M[c][t] = m.NewVar()
			m.andDef(m.M[c][t], m.H[c][t+1], -m.H[c][t])
		}
	}
	// The steps with moves come first.
	m.act = make([]Lit, T)
	for t := range T {
		m.act[t] = m.NewVar()
		m.orDef(m.act[t], column(m.M, t)...)
		if t > 0 {
			m.Add(-m.act[t], m.act[t-1])
		}
	}
	// Slots: S[s][t], slot s is filled in state t (a foundation's height
	// in the order encoding): none at the start, all at the end,
	// monotone, the slot below filled first: in the same state, so that
	// a step may build a foundation by several cards, played in the
	// foundation's order (Decode). The copies of a card are one card on
	// the foundations: as many copies are home as slots of the card are
	// filled, in every state.
	m.S = m.vars(len(m.slots), T+1)
	for si, sl := range m.slots {
		m.Add(-m.S[si][0])
		m.Add(m.S[si][T])
		for t := range T {
			m.Add(-m.S[si][t], m.S[si][t+1])
			if sl.below >= 0 {
				m.Add(-m.S[si][t+1], m.S[sl.below][t+1])
			}
		}
	}
	done := map[engine.Card]bool{}
	for _, sl := range m.slots {
		if done[sl.card] {
			continue
		}
		done[sl.card] = true
		var hs, ss [][]Lit
		for _, c := range sl.cands {
			hs = append(hs, m.H[c])
		}
		for si := range m.slots {
			if m.slots[si].card == sl.card {
				ss = append(ss, m.S[si])
			}
		}
		for t := 1; t <= T; t++ {
			m.sameCount(column(hs, t), column(ss, t))
		}
	}
	// Wings: the card above goes first.
	for c, p := range m.cards {
		if p.where == inWing && p.above >= 0 {
			for t := range T {
				m.Add(-m.H[c][t+1], m.H[p.above][t])
			}
		}
	}
	// The talon, dealt in passes (the chain: see elem). U is a prefix of
	// the chain, monotone; the waste's cards at the start are turned.
	K := m.chainLen()
	for k := range K {
		for t := range T {
			if k < m.w0 {
				m.Add(m.U[k][t])
			}
			if t+1 < T {
				m.Add(-m.U[k][t], m.U[k][t+1])
			}
			if k > 0 {
				m.Add(-m.U[k][t], m.U[k-1][t])
			}
		}
	}
	for i := range L {
		c := m.talon[i]
		for t := range T {
			// A card home or in a space was turned in the first pass.
			m.Add(-m.E[i][t], m.U[i][t])
			m.Add(-m.H[c][t], m.U[i][t])
			m.Add(-m.E[i][t], m.E[i][t+1])
		}
		m.Add(-m.E[i][0])
	}
	// Canonical deals: the last card dealt in a step leaves the waste in
	// it, or the step redeals after it. (Deals that the step does not
	// need wait: if that card stays, nothing below it leaves the waste in
	// the step either, and the deals can move to the next step that takes
	// a card from the waste: the moves between find what they found.)
	for t := range T {
		for k := m.w0; k < K; k++ {
			_, i, rd := m.at(k)
			if rd {
				continue
			}
			c := []Lit{-m.U[k][t], m.E[i][t+1], m.H[m.talon[i]][t+1]}
			if t > 0 {
				c = append(c, m.U[k][t-1])
			}
			if k+1 < K {
				c = append(c, m.U[k+1][t])
			}
			m.Add(c...)
		}
	}
	// pass[t][p]: the deals of step t are in pass p (its redeal done,
	// the next not).
	m.pass = make([][]Lit, T)
	for t := range T {
		m.pass[t] = make([]Lit, m.redeals+1)
		for p := range m.pass[t] {
			var as []Lit
			if p > 0 {
				as = append(as, m.U[m.redealAt(p)][t])
			}
			if p < m.redeals {
				as = append(as, -m.U[m.redealAt(p+1)][t])
			}
			switch len(as) {
			case 0:
				m.pass[t][p] = m.True()
			case 1:
				m.pass[t][p] = as[0]
			default:
				m.pass[t][p] = m.NewVar()
				m.andDef(m.pass[t][p], as...)
			}
		}
	}
	// G[t][k] ≡ every card turned in step t at chain element ≥ k is gone
	// (home, in a reserve space, or turned over by a redeal of the step)
	// in state t+1. The cards that leave the waste in a step are the top
	// of the waste after its deals: each of them, home or refilled into a
	// space, has every turned card above it gone at the end of the step.
	m.G = make([][]Lit, T)
	for t := range T {
		m.G[t] = m.goneFrom(t, t+1)
	}
	above := func(t, k int) Lit {
		if k+1 < K {
			return m.G[t][k+1]
		}
		return m.True()
	}
	for t := range T {
		// Refills: fill[i], talon card i enters a reserve space in step
		// t, from the waste in the step's pass (fp[k], k its element of
		// the pass): it was turned in the pass, and every turned card
		// above it is gone at the end of the step; it does not go home in
		// the step. F[k]: a card at element ≥ k is refilled in step t
		// (one way: a clause that needs it false forbids such refills).
		fill := make([]Lit, L)
		for i := range L {
			fill[i] = m.NewVar()
			m.andDef(fill[i], m.E[i][t+1], -m.E[i][t])
			m.Add(-fill[i], -m.H[m.talon[i]][t+1])
		}
		F := make([]Lit, K+1)
		F[K] = -m.True()
		for k := K - 1; k >= 0; k-- {
			p, i, rd := m.at(k)
			if rd {
				F[k] = F[k+1]
				continue
			}
			fp := m.inPass(fill[i], t, p)
			m.Add(-fp, m.U[k][t])
			m.Add(-fp, above(t, k))
			F[k] = m.NewVar()
			m.Add(-fp, F[k])
			m.Add(-F[k+1], F[k])
			m.define(F[k], anyOf([]Lit{fp, F[k+1]}))
		}
		// A talon card goes home from the waste (turned in the step's
		// pass, the cards above it gone) or from a reserve space. From the
		// waste, it finds the card below it on its foundation there at the
		// start of the step, and no card above it is refilled in the step:
		// so the cards that go home from the waste in a step go first,
		// each as soon as it is the waste's top, and the refills then take
		// the top of the waste (the order of a step, see Decode).
		// D[k]: the talon card of element k goes home from the waste in
		// step t.
		D := make([]Lit, K)
		for k := range K {
			p, i, rd := m.at(k)
			if rd {
				continue
			}
			D[k] = m.NewVar()
			as := []Lit{m.M[m.talon[i]][t], -m.E[i][t]}
			if m.redeals > 0 {
				as = append(as, m.pass[t][p])
			}
			m.andDef(D[k], as...)
		}
		for k := range K {
			p, i, rd := m.at(k)
			if rd {
				continue
			}
			m.Add(-D[k], m.U[k][t])
			m.Add(-D[k], above(t, k))
			m.Add(-D[k], -F[k+1])
			for _, si := range m.cards[m.talon[i]].slots {
				b := m.slots[si].below
				if b < 0 {
					continue
				}
				// Slot si filled in step t (¬S[si][t+1] ∨ S[si][t] false):
				// the slot below filled at the start, or by a card above
				// it in the waste that goes home before it in the step.
				cl := []Lit{-D[k], -m.S[si][t+1], m.S[si][t], m.S[b][t]}
				for _, d := range m.slots[b].cands {
					if j := m.cards[d].talon; j > i {
						cl = append(cl, D[m.elem(p, j)])
					}
				}
				m.Add(cl...)
			}
		}
	}
	// Occupancy: the reserve spaces hold their number of cards in every
	// state in which the talon still has one (each move from a space is
	// refilled at once), and never more. With the refills from the top of
	// the waste, this says: as many refills in a step as moves from a
	// space, unless the talon runs out; a refill from the stock (the waste
	// empty) is a deal and a refill (see the package comment).
	spaces := len(m.start.Game().PilesOf(engine.Reserve))
	for t := 0; t <= T; t++ {
		var occ []Lit
		for c, p := range m.cards {
			switch p.where {
			case inReserve:
				occ = append(occ, -m.H[c][t])
			case inTalon:
				x := m.NewVar()
				m.andDef(x, m.E[p.talon][t], -m.H[c][t])
				occ = append(occ, x)
			}
		}
		atLeast := m.counter(occ, spaces+1)
		m.Add(-atLeast[spaces]) // never more than the spaces
		if spaces == 0 {
			continue
		}
		if t == 0 || L == 0 {
			m.Add(atLeast[spaces-1])
			continue
		}
		// The talon is empty in state t: every talon card is home or in
		// a space (one way: empty is only ever needed true).
		empty := m.NewVar()
		for i, c := range m.talon {
			m.Add(-empty, m.H[c][t], m.E[i][t])
		}
		m.define(empty, func(val func(Lit) bool) bool {
			for i, c := range m.talon {
				if !val(m.H[c][t]) && !val(m.E[i][t]) {
					return false
				}
			}
			return true
		})
		m.Add(atLeast[spaces-1], empty)
	}
}

// chainLen returns the length of the talon's chain: its L indices once a
// pass, with a redeal between passes.
func (m *Model) chainLen() int {
	L := len(m.talon)
	if L == 0 {
		return 0
	}
	return (m.redeals+1)*(L+1) - 1
}

// elem returns the chain element of talon index i in pass p: the passes
// hold the same cards in the same order (turning the waste over makes it
// the stock in the order in which it was dealt), less those gone before
// the redeal.
func (m *Model) elem(p, i int) int { return p*(len(m.talon)+1) + i }

// redealAt returns the chain element of the redeal that starts pass p
// (p ≥ 1).
func (m *Model) redealAt(p int) int { return p*(len(m.talon)+1) - 1 }

// at returns the pass and talon index of chain element k, or rd true if
// k is a redeal (the one that starts pass p+1).
func (m *Model) at(k int) (p, i int, rd bool) {
	L := len(m.talon)
	p, i = k/(L+1), k%(L+1)
	return p, i, i == L
}

// inPass returns x ∧ the deals of step t are in pass p: x itself when
// the game has no redeal.
func (m *Model) inPass(x Lit, t, p int) Lit {
	if m.redeals == 0 {
		return x
	}
	v := m.NewVar()
	m.andDef(v, x, m.pass[t][p])
	return v
}

// counter returns atLeast[j-1] ≡ at least j of lits are true, j = 1..k
// (a sequential counter, both ways).
func (m *Model) counter(lits []Lit, k int) []Lit {
	prev := make([]Lit, k) // over lits[:i]; nil literal 0 means false
	for i, x := range lits {
		cur := make([]Lit, k)
		for j := range k {
			if j > i {
				break // at least j+1 of i+1 literals: impossible beyond
			}
			v := m.NewVar()
			cur[j] = v
			// v ≡ prev[j] ∨ (x ∧ prev[j-1]), prev[-1] true
			var below Lit // prev[j-1], 0 for true
			if j > 0 {
				below = prev[j-1]
			}
			if prev[j] != 0 {
				m.Add(-prev[j], v)
			}
			if j == 0 {
				m.Add(-x, v)
			} else {
				m.Add(-x, -below, v)
			}
			// v → prev[j] ∨ x; v → prev[j] ∨ below
			c1 := []Lit{-v, x}
			c2 := []Lit{-v}
			if prev[j] != 0 {
				c1 = append(c1, prev[j])
				c2 = append(c2, prev[j])
			}
			m.Add(c1...)
			if j > 0 {
				m.Add(append(c2, below)...)
			}
			pj, b, jj := prev[j], below, j
			m.define(v, func(val func(Lit) bool) bool {
				return pj != 0 && val(pj) || val(x) && (jj == 0 || val(b))
			})
		}
		prev = cur
	}
	out := make([]Lit, k)
	for j := range k {
		out[j] = prev[j]
		if out[j] == 0 {
			out[j] = -m.True()
		}
	}
	return out
}

// goneFrom returns g[k] ≡ every talon card turned in step t at chain
// element ≥ k is gone in state s: home, in a reserve space, or turned
// over by a redeal of step t that ends its pass.
func (m *Model) goneFrom(t, s int) []Lit {
	K := m.chainLen()
	g := make([]Lit, K)
	for k := K - 1; k >= 0; k-- {
		next := m.True()
		if k+1 < K {
			next = g[k+1]
		}
		p, i, rd := m.at(k)
		if rd {
			g[k] = next
			continue
		}
		gone := []Lit{m.E[i][s], m.H[m.talon[i]][s]}
		if p < m.redeals {
			gone = append(gone, m.U[m.redealAt(p+1)][t])
		}
		g[k] = m.NewVar()
		m.orAndDef(g[k], m.U[k][t], gone, next)
	}
	return g
}

// orAndDef defines g ≡ (¬u ∨ gone1 ∨ gone2 ∨ ...) ∧ next.
func (m *Model) orAndDef(g, u Lit, gone []Lit, next Lit) {
	m.Add(append([]Lit{-g, -u}, gone...)...)
	m.Add(-g, next)
	m.Add(g, u, -next)
	for _, x := range gone {
		m.Add(g, -x, -next)
	}
	m.define(g, func(val func(Lit) bool) bool {
		if !val(next) {
			return false
		}
		if !val(u) {
			return true
		}
		for _, x := range gone {
			if val(x) {
				return true
			}
		}
		return false
	})
}

// orDef defines x ≡ a1 ∨ a2 ∨ ....
func (m *Model) orDef(x Lit, as ...Lit) {
	neg := make([]Lit, len(as))
	for i, a := range as {
		neg[i] = -a
	}
	m.And(-x, neg...)
	m.define(x, anyOf(as))
}

func anyOf(lits []Lit) func(val func(Lit) bool) bool {
	return func(val func(Lit) bool) bool {
		for _, l := range lits {
			if val(l) {
				return true
			}
		}
		return false
	}
}

// column returns the literals x[·][t].
func column(x [][]Lit, t int) []Lit {
	out := make([]Lit, len(x))
	for i := range x {
		out[i] = x[i][t]
	}
	return out
}

// Size returns the model's variables and clauses.
func (m *Model) Size() (vars, clauses int) { return m.Vars, len(m.Clauses) }

// sameCount says that as many of xs as of ys are true; both have one or
// two literals (the copies of a card in one or two packs).
func (m *Model) sameCount(xs, ys []Lit) {
	switch {
	case len(xs) == 1 && len(ys) == 1:
		m.Add(-xs[0], ys[0])
		m.Add(xs[0], -ys[0])
	case len(xs) == 2 && len(ys) == 2:
		for _, p := range [][2][]Lit{{xs, ys}, {ys, xs}} {
			a, b := p[0], p[1]
			m.Add(-a[0], b[0], b[1]) // at least one
			m.Add(-a[1], b[0], b[1])
			m.Add(-a[0], -a[1], b[0]) // both
			m.Add(-a[0], -a[1], b[1])
		}
	default:
		panic("satmodel: more than two copies of a card")
	}
}
