package engine

import "strings"

// Motion is a way in which a game's moves move cards. A game declares its
// motions through its piles, its redeals and its rules (Game.Motions);
// the solver enables a sound pruning rule only for a game all of whose
// motions the rule's proof covers, so that a game with a new kind of move
// cannot silently make a proof of loss wrong. A new kind of move must
// declare its motion: a Rule says it (Rule.motion, no default), and
// TestMotionsDeclared plays every game at random and fails on a move
// whose effect on the piles is not among its game's motions.
type Motion uint16

const (
	// MotionOne: the exposed card of a tableau pile, a reserve or the
	// waste moves onto a foundation or a tableau pile.
	MotionOne Motion = 1 << iota
	// MotionDeal: the stock's top card is turned onto the waste.
	MotionDeal
	// MotionRefill: the rules fill an empty reserve from the waste or
	// the stock.
	MotionRefill
	// MotionTurnWaste: a redeal turns the waste over to make a new
	// stock.
	MotionTurnWaste
	// MotionShuffle: a redeal gathers cards, shuffles and deals them
	// again.
	MotionShuffle
	// MotionBuried: a card is pulled out from under others (the merci).
	MotionBuried
	// MotionOffFoundation: a card leaves a foundation (the reversal).
	MotionOffFoundation
	// MotionCell: a card goes into a free cell, and may come back out
	// onto the tableau.
	MotionCell
	// MotionRun: a run of several cards moves as one move (PileSpec.Runs).
	MotionRun
	// MotionForced: the rules make moves of their own, drawing and
	// laying off cards (Herz zu Herz's rounds).
	MotionForced
	// MotionKingFill: a King (or a run headed by one) moves into an
	// emptied pile that takes Kings only (FillKings). The proofs that
	// ask whether a card can move within the tableau know empty piles
	// that take any card or the waste's only.
	MotionKingFill

	numMotions = iota
)

var motionNames = [numMotions]string{"one card", "deal", "refill", "turn waste", "shuffle",
	"buried card", "off a foundation", "free cell", "run", "forced", "King into an empty pile"}

// String lists the motions of the set, e.g. "one card, free cell, run".
func (m Motion) String() string {
	var out []string
	for i, n := range motionNames {
		if m&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return strings.Join(out, ", ")
}

// Motions returns every way in which the moves of g move cards, as its
// declaration says: its piles (cells, runs, stock and waste, refilled
// reserves), its redeals and its own rules.
func (g *Game) Motions() Motion {
	var m Motion
	for _, p := range g.Piles {
		switch p.Kind {
		case Tableau, Waste:
			m |= MotionOne
		case Reserve:
			m |= MotionOne
			if p.Refill {
				m |= MotionRefill
			}
		case Cell:
			m |= MotionCell
		case Stock:
			m |= MotionDeal
		}
		if p.Runs {
			m |= MotionRun
		}
		if p.Kind == Tableau && p.Fill == FillKings {
			m |= MotionKingFill
		}
	}
	if g.Redeals > 0 {
		switch g.RedealKind {
		case TurnWaste:
			m |= MotionTurnWaste
		case ShuffleFans, ShuffleStock:
			m |= MotionShuffle
		}
	}
	if g.forced != nil {
		m |= MotionForced
	}
	for _, r := range g.rules {
		m |= r.motion()
	}
	return m
}
