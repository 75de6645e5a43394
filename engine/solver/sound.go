package solver

import "github.com/patience-solitaire/patience/engine"

// The gate of the sound rules.
//
// A sound rule prunes the exact phase, whose exhaustion publishes a proof
// that a deal is lost, so a rule applied to a game its proof does not
// cover publishes wrong proofs. Every proof assumes how the game's moves
// move cards; soundRules writes down those assumptions, as the motions
// (engine.Motion) the proof covers, and info enables a rule only for a
// game whose declared motions (engine.Game.Motions) all lie among them.
// A game with a motion no proof has considered (a free cell, a run moved
// as one, a King into a pile that takes Kings only: the stuck-card rule
// and the dead-end test's floating cards know only piles filled by any
// card or from the waste) is searched without the rules that have not
// considered it (the dead-base rule's proof considers all three, so the
// FreeCell family has that rule alone);
// TestSoundRulesDeclared fails for a sound rule that is not listed here,
// and engine.TestMotionsDeclared for a move whose motion its game does
// not declare.
//
// Two motions of the generic family's games are covered only because the
// generic rules are used in static positions alone (info.static: no
// shuffling redeal left, no merci unused): MotionShuffle and
// MotionBuried. The talon family's rules cover the reversal, which the
// talon search plays itself.

// soundRule names one of the solver's sound rules.
type soundRule uint8

const (
	ruleStuckCard soundRule = iota
	ruleDeadBase
	ruleLoneCard
	ruleDeadEnd
	ruleSuitLock
	ruleSeat
	ruleSeatless
	ruleTalonDeadBase
	ruleHold
	ruleTalonDead
	ruleTwins

	numSoundRules
)

// soundProof is what a sound rule's proof assumes.
type soundProof struct {
	name string // as the table of rules in solver.go names it
	// covers: the motions the proof allows.
	covers engine.Motion
	// assumes: the proof's other assumptions, in words, and where they
	// are checked.
	assumes string
}

const (
	// genericMotions: single cards moving between piles, deals, refills
	// and a waste turned over, plus what info.static waits out.
	genericMotions = engine.MotionOne | engine.MotionDeal | engine.MotionRefill | engine.MotionTurnWaste |
		engine.MotionShuffle | engine.MotionBuried
	// deadBaseMotions: the generic motions, and the FreeCell family's
	// free cells, runs moved as one and piles filled by Kings alone
	// (safe.go, the dead-base rule's proof).
	deadBaseMotions = genericMotions | engine.MotionCell | engine.MotionRun | engine.MotionKingFill
	// talonMotions: the talon family's games, reversal included.
	talonMotions = engine.MotionOne | engine.MotionDeal | engine.MotionRefill | engine.MotionTurnWaste |
		engine.MotionOffFoundation
)

var soundRules = [numSoundRules]soundProof{
	ruleStuckCard:     {"stuck-card rule", genericMotions, "static position; the foundations hold exactly the pack and never give a card back (safe.go)"},
	ruleDeadBase:      {"dead-base rule", deadBaseMotions, "static position; the foundations hold exactly the pack and never give a card back; free cells, runs and King-only piles as its proof says (safe.go)"},
	ruleLoneCard:      {"lone-card rule", genericMotions, "static position; a pile never refilled, moved onto one declared alike (search.go)"},
	ruleDeadEnd:       {"dead-end test", genericMotions, "static position: piles change by single-card moves only (deadend.go)"},
	ruleSuitLock:      {"suit-lock test", genericMotions, "as the dead-end test, and suitLockOK's conditions (suitlock.go)"},
	ruleSeat:          {"seat test", genericMotions, "as the dead-end test, and seatsOK's conditions (seats.go)"},
	ruleSeatless:      {"seatless rule", genericMotions, "static position, seatsOK's conditions (seats.go)"},
	ruleTalonDeadBase: {"dead-base rule", talonMotions, "the talon family's form (talon.go, safeMove), on its own game (talonState)"},
	ruleHold:          {"hold rule", talonMotions, "a game of the talon family (talonState)"},
	ruleTalonDead:     {"waste-order, release and deadline tests", talonMotions, "a game of the talon family (talonState)"},
	ruleTwins:         {"twin foundations", talonMotions, "a game of the talon family (talonState)"},
}

// talonRules are the rules the talon family's search depends on: a game
// that one of them does not cover is searched as any game.
var talonRules = []soundRule{ruleTalonDeadBase, ruleHold, ruleTalonDead, ruleTwins}

// covered reports whether the proof of rule r covers every motion of g.
func covered(g *engine.Game, r soundRule) bool {
	return g.Motions()&^soundRules[r].covers == 0
}
