package replay

import (
	"fmt"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// ActionWord is the word a written move of kind a starts with: "deal",
// "redeal", a game's keyword ("merci"), or "" for a plain move.
func ActionWord(a engine.Action) string {
	switch a {
	case engine.ActDeal:
		return "deal"
	case engine.ActRedeal:
		return "redeal"
	}
	return a.Keyword()
}

// FromMoves writes a replay of the engine moves played from the start of
// deal (a deal number as ParseDeal reads it) of game g: the notation the
// solver prints. Forced moves are left out (the verifier makes them).
// Every move asserts its card, so a reader sees what moves.
func FromMoves(g *engine.Game, deal, title string, moves []engine.Move) *Replay {
	r := &Replay{Game: g.Slug, Variant: g.Variant, Deal: deal, Title: title, Pos: map[string]srcpos.Pos{}}
	for _, m := range moves {
		if m.Action.Forced() {
			continue
		}
		w := Move{Number: len(r.Moves) + 1, Action: ActionWord(m.Action)}
		if m.Action != engine.ActDeal && m.Action != engine.ActRedeal {
			w.From, w.To = g.Piles[m.From].ID, g.Piles[m.To].ID
			w.Card = m.Card.String()
		}
		r.Moves = append(r.Moves, w)
	}
	if title == "" {
		r.Title = fmt.Sprintf("%s, deal %s", g.Name, deal)
	}
	return r
}
