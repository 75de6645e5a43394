package engine

import "fmt"

// Describe says in words what move m will do in the position, as the
// captions of a replay show it: "7♥ from fan 12 onto 8♥ in fan 3",
// "Deal 4♣ from the stock to the waste". A game's own kind of move is
// described by its Rule.
func (s *State) Describe(m Move) string {
	g := s.g
	name := func(i int8) string { return g.Piles[i].Describe() }
	switch m.Action {
	case ActDeal:
		return fmt.Sprintf("Deal %s from the stock to %s", m.Card.Pretty(), name(m.To))
	case ActRedeal:
		n := fmt.Sprintf(" (redeal %d of %d)", s.Redeals()+1, g.Redeals)
		return "Redeal: " + g.DescribeRedeal() + n
	case ActRefill:
		return fmt.Sprintf("%s from %s fills the space %s (forced)", m.Card.Pretty(), name(m.From), g.Piles[m.To].ID)
	}
	if r := ruleOf(m.Action); r != nil {
		return r.describe(s, m)
	}
	return ruleBase{}.describe(s, m)
}

// describeCard describes a card moving from src (in words: "from fan
// 12") to m.To: "7♥ from fan 12 onto 8♥ in fan 3".
func (s *State) describeCard(m Move, src string) string {
	g := s.g
	name := g.Piles[m.To].Describe()
	to := s.Pile(int(m.To))
	var dst string
	switch {
	case g.Piles[m.To].Kind == Foundation && len(to) == 0:
		dst = "starts " + name
	case g.Piles[m.To].Kind == Foundation:
		dst = fmt.Sprintf("to %s, on %s", name, to[len(to)-1].Pretty())
	case len(to) == 0:
		dst = "to the empty " + name
	default:
		dst = fmt.Sprintf("onto %s in %s", to[len(to)-1].Pretty(), name)
	}
	what := m.Card.Pretty()
	if run := s.Moving(m); len(run) > 1 {
		what = "The run"
		for _, c := range run {
			what += " " + c.Pretty()
		}
	}
	return fmt.Sprintf("%s %s %s", what, src, dst)
}

// Outcome says, once move m has been applied, what it did to the pile it
// came from: "; uncovers the A♠", "; empties fan 3", or "".
func (s *State) Outcome(m Move) string {
	if r := ruleOf(m.Action); r != nil {
		return r.outcome(s, m)
	}
	return s.uncovered(m)
}

// uncovered is the usual Outcome: the card a move from a tableau pile or
// reserve uncovered, or the pile it emptied.
func (s *State) uncovered(m Move) string {
	if m.From == NoPile || m.Action == ActRedeal {
		return ""
	}
	spec := &s.g.Piles[m.From]
	if spec.Kind != Tableau && spec.Kind != Reserve {
		return ""
	}
	if top := s.Top(int(m.From)); top != NoCard {
		return "; uncovers " + top.Pretty()
	}
	return "; empties " + spec.Describe()
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
