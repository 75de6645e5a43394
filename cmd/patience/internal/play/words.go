package play

import (
	"strings"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/replay"
)

// Words puts the engine's text in the board's words: a card code ("9C",
// "TH") becomes the card as the board shows it ("9♣", "10♥") and a pile
// id ("t3", "f1", "s") the pile's name in the captions ("fan 3",
// "foundation 1", "the stock"). Only whole words change: "s" in "the
// stock's top card" stays.
func Words(g *engine.Game, text string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		if !wordChar(text[i]) {
			b.WriteByte(text[i])
			i++
			continue
		}
		j := i
		for j < len(text) && wordChar(text[j]) {
			j++
		}
		w := text[i:j]
		switch {
		case i > 0 && text[i-1] == '\'':
			b.WriteString(w)
		case len(w) == 2 && isCard(w):
			c, _ := engine.ParseCard(w)
			b.WriteString(c.Pretty())
		case g.PileIndex(w) >= 0:
			b.WriteString(g.Piles[g.PileIndex(w)].Describe())
		default:
			b.WriteString(w)
		}
		i = j
	}
	return b.String()
}

func wordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// isCard reports whether w is a card's code.
func isCard(w string) bool {
	return strings.IndexByte("A23456789TJQK", w[0]) >= 0 && strings.IndexByte("CDHS", w[1]) >= 0
}

// moveWords says a written move in the board's words: "7♥ from fan 12
// to fan 3", "merci: 7♥ from fan 12 to fan 3", "deal", "redeal".
func moveWords(g *engine.Game, m *replay.Move) string {
	if m.From == "" {
		return m.Action
	}
	what := "the top card"
	if m.Card != "" {
		what = m.Card
	}
	to := m.To
	if to == "f" {
		to = "a foundation"
	}
	text := Words(g, what+" from "+m.From+" to "+to)
	if m.Action != "" {
		text = m.Action + ": " + text
	}
	return text
}
