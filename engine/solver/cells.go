package solver

import "github.com/patience-solitaire/patience/engine"

// The move order of games with free cells or runs moved as one (the
// FreeCell family: info.spaces), a heuristic for the phases that find
// wins. Such a game is won by keeping its free cells and empty piles
// free: a card put in a cell or an empty pile costs a space, while a card
// or run built on a card it builds on costs nothing and may uncover
// what the foundations need. So, after the foundation moves: builds on a
// card from a cell (a space freed), then builds from the tableau (a run
// that already lies on a card it builds on comes last: moving it across
// changes nothing but the card it uncovers), then moves into an empty
// pile, then into a cell; within each, the sooner the foundations want
// the card the move uncovers, the earlier (a move that empties a pile
// counts as uncovering a card about ten cards from home), the weight of
// the urgency letting a good uncovering outrank a class or two. Digging
// (mode.dig) restricts only the moves that take a space and the runs
// moved across; a move that takes a space is kept, too, when the card it
// uncovers builds on the top card of another pile now, so that it can
// follow at once (Freecell Solver's moves that free a card for its
// parent are of this kind; TUNING.md: Baker's Game's median deal 2,655
// positions down to 1,515, FreeCell's 219 to 180).

// Base keys of the classes of moves.
const (
	keyBuildFromCell = 9000
	keyBuild         = 8000
	keyToSpace       = 4000
	keyToCell        = 3000
	keyCellToSpace   = 2000
	keyAcross        = 1000 // a run moved from one card it builds on to another
	keyEmptied       = 2100 // a move that empties a tableau pile (a card uncovered counts 0-4000)
	// keyUrgency weighs each step of the urgency of the card a move
	// uncovers, from 20 (or more) steps to 0: so the uncovering outweighs
	// the classes a little (TUNING.md: 100 and 400 did worse).
	keyUrgency = 200
)

// spacesKey returns the order's key of the move m (an ActMove that is not
// to a foundation) in a game of info.spaces, and false for a move the
// digging restriction drops.
func (p *epos) spacesKey(m engine.Move) (int32, bool) {
	in, s := p.in, p.s
	from, to := int(m.From), int(m.To)
	src := s.Pile(from)
	n := moving(src, m.Card)
	below := src[:len(src)-n]
	exposed := engine.NoCard
	if len(below) > 0 {
		exposed = below[len(below)-1]
	}
	// across: the card (the run's bottom) lies on a card it builds on,
	// in a tableau pile.
	across := in.kind[from] == engine.Tableau && exposed != engine.NoCard && in.targetSet[m.Card].Has(exposed)
	onCard := s.Top(to) != engine.NoCard
	var k int32
	switch {
	case in.kind[from] == engine.Cell && onCard:
		k = keyBuildFromCell
	case in.kind[from] == engine.Cell:
		k = keyCellToSpace
	case across:
		k = keyAcross
	case onCard:
		k = keyBuild
	case in.kind[to] == engine.Cell:
		k = keyToCell
	default:
		k = keyToSpace
	}
	if p.dig > 0 && (!onCard || across) && in.kind[from] == engine.Tableau && in.mostUrgent(s, below) >= p.dig && (across || !p.freesForBuild(exposed, from)) {
		return 0, false
	}
	switch {
	case in.kind[from] != engine.Tableau:
	case exposed == engine.NoCard:
		k += keyEmptied
	default:
		k += int32(keyUrgency * (20 - min(in.urgency(s, exposed), 20)))
	}
	return k, true
}

// moving returns how many cards a move of card c from a pile holding
// cards src moves: c and the cards on it.
func moving(src []engine.Card, c engine.Card) int {
	for k := len(src) - 1; k >= 0; k-- {
		if src[k] == c {
			return len(src) - k
		}
	}
	return 1
}

// freesForBuild reports whether card c, uncovered on pile from, builds
// on the top card of another tableau pile now (NoCard: false).
func (p *epos) freesForBuild(c engine.Card, from int) bool {
	if c == engine.NoCard {
		return false
	}
	in, s := p.in, p.s
	for _, j := range in.tableau {
		if j != from {
			if t := s.Top(j); t != engine.NoCard && in.targetSet[c].Has(t) {
				return true
			}
		}
	}
	return false
}
