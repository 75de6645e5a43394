package replay

import (
	"fmt"

	"github.com/patience-solitaire/patience/engine"
)

// caption describes a move in words before it is made: "7♥ from fan 12
// onto 8♥ in fan 3". after adds what the move did once made: "; uncovers
// the A♠".
func caption(s *engine.State, m engine.Move) string {
	g := s.Game()
	name := func(i int8) string { return g.Piles[i].Describe() }
	switch m.Action {
	case engine.ActDeal:
		return fmt.Sprintf("Deal %s from the stock to %s", m.Card.Pretty(), name(m.To))
	case engine.ActRedeal:
		n := fmt.Sprintf(" (redeal %d of %d)", s.Redeals()+1, g.Redeals)
		return "Redeal: " + g.DescribeRedeal() + n
	case engine.ActRefill:
		return fmt.Sprintf("%s from %s fills the space %s (forced)", m.Card.Pretty(), name(m.From), g.Piles[m.To].ID)
	case engine.ActLayoff:
		return fmt.Sprintf("%s from %s is laid off (forced)", m.Card.Pretty(), name(m.From))
	}
	src := "from " + name(m.From)
	if m.Action == engine.ActMerci {
		buried := len(s.Pile(int(m.From))) - 1 - int(m.Depth)
		src = fmt.Sprintf("pulled out from under %d %s in %s", buried, plural(buried, "card"), name(m.From))
	}
	dst := ""
	to := s.Pile(int(m.To))
	switch {
	case g.Piles[m.To].Kind == engine.Foundation && len(to) == 0:
		dst = "starts " + name(m.To)
	case g.Piles[m.To].Kind == engine.Foundation:
		dst = fmt.Sprintf("to %s, on %s", name(m.To), to[len(to)-1].Pretty())
	case len(to) == 0:
		dst = "to the empty " + name(m.To)
	default:
		dst = fmt.Sprintf("onto %s in %s", to[len(to)-1].Pretty(), name(m.To))
	}
	text := fmt.Sprintf("%s %s %s", m.Card.Pretty(), src, dst)
	switch m.Action {
	case engine.ActMerci:
		text = "Merci: " + text
	case engine.ActReversal:
		text += " (reversal)"
	}
	return text
}

func after(s *engine.State, m engine.Move) string {
	if m.From == engine.NoPile || m.Action == engine.ActRedeal {
		return ""
	}
	g := s.Game()
	spec := &g.Piles[m.From]
	if spec.Kind != engine.Tableau && spec.Kind != engine.Reserve {
		return ""
	}
	if top := s.Top(int(m.From)); top != engine.NoCard {
		if m.Action == engine.ActMerci {
			return ""
		}
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
