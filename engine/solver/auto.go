package solver

import "github.com/patience-solitaire/patience/engine"

// Safe finds the moves to a foundation that the solver's sound rules
// prove safe (safe.go: the stuck-card, dead-base and seatless rules):
// moves after which a position that could be won still can. The play
// panel's "Auto-move safe cards" plays them; the rules are the search's
// own, gated by the game's motions (sound.go), so a game whose motions
// no proof covers has none. The search itself does not use Safe.
type Safe struct{ p *epos }

// NewSafe returns the sound rules of game g, or nil when none of them
// applies to it (a FreeCell, a game whose cards leave the foundations).
func NewSafe(g *engine.Game) *Safe {
	in := newInfo(g)
	if !in.pruning || !in.capacity || !in.sound[ruleStuckCard] && !in.sound[ruleDeadBase] && !in.sound[ruleSeatless] {
		return nil
	}
	return &Safe{p: &epos{in: in, rx: newRelax(in, g.Cards()), safe: true}}
}

// Move returns the first move of s to a foundation that a sound rule
// proves safe, if any. s must be a position of the game of NewSafe; it
// is not changed.
func (sf *Safe) Move(s *engine.State) (engine.Move, bool) {
	sf.p.s = s
	m, ok := sf.p.autoMove()
	sf.p.s = nil
	return m, ok
}
