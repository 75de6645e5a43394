package engine

import "fmt"

// Reversal is Patriarchs' rule: when the tops of a suit's two foundations
// are in sequence, the top card of either may move onto the other, never
// a base card. A replay writes it as a plain move ("f1 f5").
var Reversal Rule = reversal{}

// ActReversal is the reversal's kind of move.
var ActReversal = newAction(Reversal)

type reversal struct{ ruleBase }

func (reversal) Name() string            { return "reversal" }
func (reversal) motion() Motion          { return MotionOffFoundation } // a card from one foundation onto another
func (reversal) fingerprint() string     { return "reversal=true" }
func (reversal) leavesFoundations() bool { return true }

func (reversal) requires(g *Game) string {
	if len(g.PilesOf(Foundation)) < 2 {
		return "a reversal moves a card between two foundations, and the game has fewer"
	}
	return ""
}
func (reversal) plain(g *Game, from, to int) bool {
	return g.Piles[from].Kind == Foundation && g.Piles[to].Kind == Foundation
}

func (reversal) absent(g *Game) string {
	return fmt.Sprintf("%s has no reversal: a card on a foundation stays there", g.Name)
}

func (reversal) summary(g *Game, row SummaryRow) []string {
	if row != RowSpecial {
		return nil
	}
	return []string{"reversal: a card may move between the two foundations of its suit when their top cards are in sequence, never a base card"}
}

// legal appends the reversals: the top card of a foundation (never its
// base card) onto the other foundation of its suit when the two tops are
// in sequence.
func (reversal) legal(s *State, buf []Move) []Move {
	for _, from := range s.g.foundations {
		if len(s.piles[from]) < 2 {
			continue
		}
		c := s.Top(from)
		for _, to := range s.g.foundations {
			if to != from && s.canPlace(c, from, to) {
				buf = append(buf, Move{Action: ActReversal, From: int8(from), To: int8(to), Card: c})
			}
		}
	}
	return buf
}

func (reversal) check(s *State, m Move) string {
	g := s.g
	if !s.valid(m.From) || !s.valid(m.To) {
		return "no such pile"
	}
	from, to := int(m.From), int(m.To)
	fs, ts := &g.Piles[from], &g.Piles[to]
	switch {
	case fs.Kind != Foundation || ts.Kind != Foundation:
		return "a reversal moves a card from one foundation to another"
	case from == to:
		return fmt.Sprintf("a card cannot move from %s onto itself", s.PileName(from))
	case len(s.piles[from]) == 0:
		return fmt.Sprintf("%s is empty", s.PileName(from))
	case len(s.piles[from]) == 1:
		return fmt.Sprintf("%s is the base card of %s and never moves", s.CardName(s.Top(from)), s.PileName(from))
	case s.Top(from) != m.Card:
		return fmt.Sprintf("the top card of %s is %s, not %s", s.PileName(from), s.CardName(s.Top(from)), s.CardName(m.Card))
	}
	if !s.canPlace(m.Card, from, to) {
		return s.reason(m.Card, from, to)
	}
	return ""
}

func (reversal) describe(s *State, m Move) string {
	return ruleBase{}.describe(s, m) + " (reversal)"
}
