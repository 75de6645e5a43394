package engine

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The named building blocks of a declaration (declare.go): the deal's
// steps, the shuffle procedures, the redeals' procedures, the rules a
// declaration may name.

// dealStepPiles is a deal step on pile indices: one card to each pile,
// times times; or, with rest, the undealt cards onto piles[0].
type dealStepPiles struct {
	times int
	piles []int
	rest  bool
}

// dealPlan is a declared deal.
type dealPlan struct{ steps []dealStepPiles }

// deal deals the shuffled cards (the last one first) by the plan.
func (p dealPlan) deal(g *Game, cards []Card, put func(int, Card)) {
	d := newDealer(cards, put)
	for _, st := range p.steps {
		if st.rest {
			d.rest(st.piles[0])
			continue
		}
		for range st.times {
			for _, i := range st.piles {
				d.one(i)
			}
		}
	}
}

// text writes the plan for the rules text of a game declared outside
// the engine (RulesText): "deal 6x t1 t2 ...".
func (p dealPlan) text(g *Game) string {
	var b strings.Builder
	for _, st := range p.steps {
		b.WriteString("deal")
		if st.rest {
			b.WriteString(" rest")
		} else {
			fmt.Fprintf(&b, " %dx", st.times)
		}
		for _, i := range st.piles {
			b.WriteString(" " + g.Piles[i].ID)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// dealer hands out a shuffled card list from its end, as PySolFC deals
// from the top of its talon.
type dealer struct {
	cards []Card
	next  int
	put   func(int, Card)
}

func newDealer(cards []Card, put func(int, Card)) *dealer {
	return &dealer{cards: cards, next: len(cards) - 1, put: put}
}

// one deals the next card onto pile i.
func (d *dealer) one(i int) {
	d.put(i, d.cards[d.next])
	d.next--
}

// rest puts the undealt cards on pile i (the stock) in list order, so that
// the next card to deal is on top.
func (d *dealer) rest(i int) {
	for k := 0; k <= d.next; k++ {
		d.put(i, d.cards[k])
	}
	d.next = -1
}

// redealInThrees is the redeal of ShuffleFans (La Belle Lucie): the
// gathered cards dealt in rounds of n/3, (n+1)/3 and (n+2)/3 fans from
// t1 on (PySolFC's LaBelleLucie_Talon.redealCards3): threes, and the one
// or two odd cards in the last fan. The fans are gathered in pile order,
// each bottom card first (the default gathering, State.shuffleRedeal), as
// redealCards1 moves every fan onto the talon as a block.
func redealInThrees(g *Game, cards []Card, put func(int, Card)) {
	n := min(len(cards), 3*len(g.tableau))
	next := len(cards) - 1
	for _, k := range []int{n / 3, (n + 1) / 3, (n + 2) / 3} {
		for _, p := range g.tableau[:k] {
			put(p, cards[next])
			next--
		}
	}
}

// gatherToStock is the gathering of ShuffleStock (Herz zu Herz, PySolFC's
// Knockout_Talon.redealCards): the stock (bottom card first), then each
// tableau pile from t1, top card first.
func gatherToStock(s *State) []Card {
	st := s.g.stock
	cards := append([]Card(nil), s.piles[st]...)
	for len(s.piles[st]) > 0 {
		s.pop(st)
	}
	for _, t := range s.g.tableau {
		for len(s.piles[t]) > 0 {
			cards = append(cards, s.pop(t))
		}
	}
	return cards
}

// redealToStock is the redeal of ShuffleStock: the shuffled cards make
// the new stock.
func redealToStock(g *Game, cards []Card, put func(int, Card)) {
	for _, c := range cards {
		put(g.stock, c)
	}
}

// hook returns the shuffle hook of the procedure.
func (sp *shuffleProc) hook() func(g *Game, ids []int) []int {
	switch sp.name {
	case "kings-under":
		return kingsToBottom(sp.every, sp.lone)
	}
	ranks, first, top := sp.ranks, sp.firstPack, sp.name == "to-top"
	return func(g *Game, ids []int) []int {
		pack := g.Pack.Cards()
		sel := func(id int) (bool, int) {
			c := pack[id]
			if first && id >= 52 || !slices.Contains(ranks, c.Rank()) {
				return false, 0
			}
			return true, int(c.Rank())*4 + int(c.Suit())
		}
		if top {
			return moveToTop(ids, sel)
		}
		return moveToBottom(ids, sel)
	}
}

// text writes the procedure as a declaration does.
func (sp *shuffleProc) text() string {
	if sp.name == "kings-under" {
		return fmt.Sprintf("kings-under every=%d lone=%d", sp.every, sp.lone)
	}
	var rs []string
	for _, r := range sp.ranks {
		rs = append(rs, r.String())
	}
	s := sp.name + " ranks=" + strings.Join(rs, ",")
	if sp.firstPack {
		s += " first-pack"
	}
	return s
}

// kingsToBottom is PySolFC's king rule at the deal, the _shuffleHook of
// ShamrocksII (n = 17, lone = 51: the 18th fan's one card stays) and of
// BakersDozen (n = 13, lone = -1): the shuffled list is read from its
// start (the hook reverses it), card i going to pile i%n; each King, in
// list order, is swapped with the lowest card of its pile that is not a
// King.
func kingsToBottom(n, lone int) func(g *Game, ids []int) []int {
	return func(g *Game, ids []int) []int {
		pack := g.Pack.Cards()
		king := func(k int) bool { return pack[ids[k]].Rank() == King }
		var kings []int
		for i := range ids {
			if king(i) {
				kings = append(kings, i)
			}
		}
		for _, i := range kings {
			if i == lone {
				continue
			}
			for j := i % n; j < i; j += n {
				if !king(j) {
					ids[i], ids[j] = ids[j], ids[i]
					break
				}
			}
		}
		slices.Reverse(ids)
		return ids
	}
}

// A requirer is a rule that needs something of its game (piles, another
// rule); requires says what is missing, or "".
type requirer interface {
	requires(g *Game) string
}

// An installer is a rule that installs hooks in its game when declared
// (Herz zu Herz's rounds: its forced moves, its goal).
type installer interface {
	install(g *Game)
}

// namedRules makes the rules a declaration names on its rules: line,
// from the value after "=" (hasVal: one was given).
var namedRules = map[string]func(val string, hasVal bool) (Rule, string){
	"merci":    noValue(Merci),
	"reversal": noValue(Reversal),
	"layoff":   noValue(Layoff),
	"draws": func(val string, hasVal bool) (Rule, string) {
		n, err := strconv.Atoi(val)
		if err != nil || !hasVal || n < 1 || n > 20 || strconv.Itoa(n) != val {
			return nil, "draws=N: the draws in a round, from 1 to 20"
		}
		return herzRounds{draws: n}, ""
	},
}

func noValue(r Rule) func(string, bool) (Rule, string) {
	return func(_ string, hasVal bool) (Rule, string) {
		if hasVal {
			return nil, "takes no value"
		}
		return r, ""
	}
}

func namedRuleList() []string {
	var out []string
	for k := range namedRules {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
