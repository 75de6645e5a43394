package play

import (
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/replay"
)

// moveWords says a written move in the board's words: "7♥ from fan 12
// to fan 3", "merci: 7♥ from fan 12 to fan 3", "deal", "redeal".
func moveWords(g *engine.Game, m *replay.Move) string {
	if m.From == "" {
		return m.Action
	}
	pile := func(id string) string {
		if i := g.PileIndex(id); i >= 0 {
			return g.Piles[i].Describe()
		}
		return id
	}
	what := "the top card"
	if c, err := engine.ParseCard(m.Card); err == nil {
		what = c.Pretty()
	} else if m.Card != "" {
		what = m.Card
	}
	to := pile(m.To)
	if m.To == "f" {
		to = "a foundation"
	}
	text := what + " from " + pile(m.From) + " to " + to
	if m.Action != "" {
		text = m.Action + ": " + text
	}
	return text
}
