package solver

import (
	"slices"

	"github.com/patience-solitaire/patience/engine"
)

// Moves played automatically.
//
// # The stuck-card rule (sound, used in every phase)
//
// Assumed motions (sound.go, ruleStuckCard): one card at a time between
// tableau, reserves, waste and foundations, deals, refills, the waste
// turned over; shuffles and the merci only once spent (static). No free
// cell and no run moved as one: the rule is off in the FreeCell family.
//
// Let X be the exposed card of a tableau pile A, in a static position
// (no shuffling redeal left, no merci), in a game whose foundations hold
// exactly the pack. Call a copy of a card "out of play for X" if it is on
// a foundation or lies below X in A (it cannot move before X leaves A).
// Suppose
//
//  1. every copy of every card that A's build rule accepts on X is out of
//     play for X (or A is full), so nothing can ever be put on X while X
//     is in A;
//  2. X can never move within the tableau: every copy of every card X may
//     be built on is out of play for X, no tableau pile takes any card
//     when empty (or A's cards play only to the foundations);
//  3. k foundations accept X now, they go on alike after X's card (the
//     same cards follow it on each, or none is left to follow: sameRest),
//     and at most k copies of X's card are off the foundations (X
//     included).
//
// Then moving X to any foundation F that accepts it is safe: if the
// position P can be won, so can P' = P with X on F. Proof: let S win from
// P. By 1 and 2, in S the card X stays on top of A until it goes to a
// foundation, and no move of S before that touches A. In a won position
// every foundation is complete, so each of the k piles that accept X's
// card now receives exactly one copy of it next, and by 3 these are the
// copies of X's card still in play: each copy goes to one of them, X to
// some pile H. Play S from P' with these changes: X's own move to H is
// left out; the copy that S puts on F (if it is not X) goes to H instead
// (H accepts X's card until S puts X there, and nothing else goes on H
// in between); cards that S later puts on X on H, or on that copy on F,
// go to the other pile (both then hold the same cards, as the two copies
// are the same card, and by 3 they take the same cards from then on).
// Every other move finds what it found in S: the card below X in A is
// exposed earlier in P', which S does not use until X has left. So S' is legal and ends with every card on the
// foundations.
//
// # Why the natural rule is not used for proofs
//
// In House in the Woods one would like to play a card to the foundation
// as soon as both copies of the card below it are there (nothing smaller
// can ever want it). That is false: with hearts on both foundations at 2,
// fans [3H] [4C 4H] [4D 5H 5C] [5H 3H 4H 5D] and clubs and diamonds on
// their foundations at 3 and 5, the position is won by building
// 4H 5H 4H on the 3H in the tableau (which frees the second 3H), while
// after 3H to the foundation the 4H and 5H must follow it there and the
// last 4H finds neither a 3H nor a 5H: lost. (TestNaiveRuleUnsound checks
// this.) A card in the tableau is a reversible base for a tower; on the
// foundation it is not. So the natural rule (heuristicSafe) is used only
// in the first, heuristic phase of the search, whose wins are checked by
// replaying them and whose failures prove nothing.

// stuckSafe reports whether moving the top card X of pile a to a
// foundation is safe by the stuck-card rule.
func (in *info) stuckSafe(s *engine.State, a int, x engine.Card) bool {
	if in.kind[a] != engine.Tableau || !in.capacity || !in.static(s, ruleStuckCard) {
		return false
	}
	pile := s.Pile(a)
	below := pile[:len(pile)-1]
	out := func(c engine.Card) bool {
		n := in.homeCount(s, c)
		for _, b := range below {
			if b == c {
				n++
			}
		}
		return int8(n) >= in.copies[c]
	}
	spec := in.spec[a]
	if spec.MaxLen == 0 || len(pile) < spec.MaxLen {
		for _, c := range in.onTop[spec.Build][x] {
			if !out(c) {
				return false
			}
		}
	}
	if !spec.ToFoundationOnly {
		if in.anyFill {
			return false
		}
		for _, d := range in.targets[x] {
			if !out(d) {
				return false
			}
		}
	}
	k, alike := in.acceptAlike(s, x)
	return k > 0 && alike && int8(k) >= in.copies[x]-int8(in.homeCount(s, x))
}

// sameRest reports whether foundations f and h, both accepting card c,
// go on alike after it: their sequences after c are the same, or every
// copy of every card after c in either is home already (nothing more
// goes on either). The exchange of the stuck-card and dead-base rules
// needs it: in Royal Cotillion, with the A-pile and the 2-pile of clubs
// both at their Queen, the Queen ends the first and leads the second on
// to the Ace, and a won position (TestDeadBaseRule's sample) was lost
// after the Queen went to the A-pile.
func sameRest(seqF, seqH []engine.Card, posF, posH int8, home func(engine.Card) bool) bool {
	restF, restH := seqF[posF+1:], seqH[posH+1:]
	if slices.Equal(restF, restH) {
		return true
	}
	for _, r := range [][]engine.Card{restF, restH} {
		for _, c := range r {
			if !home(c) {
				return false
			}
		}
	}
	return true
}

// acceptAlike returns the number of foundations that accept x now, and
// whether they all go on alike after it (sameRest).
func (in *info) acceptAlike(s *engine.State, x engine.Card) (int, bool) {
	k, first, alike := 0, -1, true
	home := func(c engine.Card) bool { return int8(in.homeCount(s, c)) >= in.copies[c] }
	for _, h := range in.homes[x] {
		f := h.f
		if !in.accepts(s, f, x) {
			continue
		}
		k++
		if first < 0 {
			first = f
		} else if in.anyRank[f] || in.anyRank[first] || !sameRest(in.seq[first], in.seq[f], in.pos[first][x], in.pos[f][x], home) {
			alike = false
		}
	}
	return k, alike
}

// heuristicSafe is the natural rule, which is NOT sound (see above): a
// card goes to a foundation when every copy of the card below it there
// is on the foundations already.
func (in *info) heuristicSafe(s *engine.State, f int, x engine.Card) bool {
	p := in.pos[f][x]
	if p <= 0 || in.anyRank[f] {
		return true
	}
	prev := in.seq[f][p-1]
	return int8(in.homeCount(s, prev)) >= in.copies[prev]
}

// homeCount returns the number of copies of c on the foundations.
func (in *info) homeCount(s *engine.State, c engine.Card) int {
	n := 0
	for _, h := range in.homes[c] {
		if int(h.pos) < len(s.Pile(h.f)) {
			n++
		}
	}
	return n
}

// autoMove returns the next automatic move of the position's mode, if
// any: by the sound stuck-card and dead-base rules, and in the heuristic
// modes by the natural rule or, greedy, any foundation move.
func (p *epos) autoMove() (engine.Move, bool) {
	if !p.heuristic && !p.safe {
		return engine.Move{}, false
	}
	in, s := p.in, p.s
	takes := in.takesNow(s)
	for _, a := range in.homeFrom {
		x := s.Top(a)
		if x == engine.NoCard || !takes.Has(x) {
			continue
		}
		for _, h := range in.homes[x] {
			f := h.f
			if !in.accepts(s, f, x) {
				continue
			}
			if !(p.heuristic && (p.greedy || in.heuristicSafe(s, f, x))) && !(p.safe && (in.stuckSafe(s, a, x) || !p.noDeadBase && in.deadBaseSafe(s, a, x) || !p.rx.noSeatless && in.seatlessSafe(s, a, x, p.rx))) {
				continue
			}
			m := engine.Move{Action: engine.ActMove, From: int8(a), To: int8(f), Card: x}
			if s.Check(m) != nil {
				continue
			}
			return m, true
		}
	}
	return engine.Move{}, false
}

// # The dead-base rule (sound, used in every phase)
//
// Assumed motions (sound.go, ruleDeadBase): as the stuck-card rule's, and
// free cells, runs moved as one and piles filled by Kings alone (the
// FreeCell family: see the last paragraph).
//
// Let X be the top card of a pile A from which cards may be played (a
// tableau pile, a free cell, a reserve or the waste), in a static position of a game
// whose foundations hold exactly the pack and never give a card back (no
// reversal). Suppose
//
//  1. every copy of every card that any tableau pile of the game could
//     accept on X is on a foundation, so that nothing can ever be built
//     on X again, wherever X goes;
//  2. A is not the waste or a reserve of a game with reserves that are
//     refilled automatically (X's absence could change what a forced
//     refill takes), and no foundation that takes X's suit in any order
//     (AnyRank) could take X;
//  3. k foundations accept X now, they go on alike after X's card
//     (sameRest), and at most k copies of X's card are off the
//     foundations (X included), or condition 3' of trappedCopies holds
//     (whose argument replaces the next paragraph's use of 3).
//
// Then moving X to any foundation F that accepts it is safe. Unlike the
// stuck-card rule, X may be able to move around the tableau (onto a card
// it builds on, into an empty pile): such moves are never needed. Proof:
// let S win from P and let P' be P with X on F. By 3, as in the
// stuck-card rule, the copies of X's card still in play go one to each of
// the k accepting foundations, X to some H. Play S from P' leaving out
// every move of X (to the tableau and home), with the copy that S puts on
// F (if not X) put on H instead and the cards S later builds on either of
// them swapped likewise. At every step each pile of the new line holds
// the cards of the same pile in S with X taken out (and H and F
// exchanged as said). Each move of S other than X's is legal there: its
// card is on top in the new line if it is in S (X is not it, and taking
// X out of a pile leaves the cards above X on top); a pile that S builds
// on does not have X on top in S, by 1 (deals onto the waste and fills
// of empty piles do not look at the card below), so its top is the same
// or it is empty in both; an empty pile in S is empty in the new line,
// and no pile is longer than in S (a MaxLen is never exceeded); turning
// the waste over keeps the order of the other cards (turning a waste
// that holds only X, and dealing X again, are moves of X: left out, so
// fewer redeals are used, which allows more). Forced refills are the
// same: by 2, X is never in a refilled reserve or on the waste of such a
// game, so every pile they look at is the same. Nothing else changes
// piles (static position: no shuffle, no merci, no reversal), and every
// card ends home: S' wins. The natural rule's counterexample (see above)
// is excluded by 1: there the 3H could carry the 4H.
//
// The FreeCell family's motions keep the argument. In S, X stays a top
// card until it goes home: it is one now, and by 1 nothing is ever put on
// it (a card goes only on a pile's top card or into an empty pile or
// cell). A free cell: a cell that holds X in S is empty in the new line,
// so a move of S into a cell finds it empty there too; X's moves into and
// out of cells are moves of X, left out. A run moved as one (MotionRun):
// a run that S moves either lacks X, and is the same in the new line, or
// has X on its top, and is there the same run without X: the same bottom
// card onto the same pile, each card built on the one below, one card
// fewer (a run of one card is an ordinary move; a run that is X alone is
// a move of X). The most cards a run may move (engine.State.MaxRun)
// counts the empty cells and the empty piles that take any card: each is
// empty in the new line if it is in S, so the limit there is at least
// S's, and the run is no longer. A pile filled by Kings alone
// (MotionKingFill) takes in the new line the same card or run, headed by
// the same King (a King that is X alone is a move of X). Where the new
// line's move changes nothing but the places of two piles declared alike
// (X's absence leaves a lone card moving to an empty pile of its kind,
// which the engine's Legal leaves out), the line leaves it out and goes
// on with the two piles exchanged.
//
// The rule is not the FreeCell players' "safe autoplay" (a red 5 home
// once both black 4s are home and the black 3s ... ): this one waits
// until nothing at all can be built on X; with build by alternate colour
// that means both black 4s home already.
func (in *info) deadBaseSafe(s *engine.State, a int, x engine.Card) bool {
	if !in.capacity || !in.static(s, ruleDeadBase) {
		return false
	}
	switch in.kind[a] {
	case engine.Tableau, engine.Cell:
	case engine.Waste, engine.Reserve:
		if in.refill {
			return false
		}
	default:
		return false
	}
	for _, c := range in.builtOn[x] {
		if int8(in.homeCount(s, c)) < in.copies[c] {
			return false
		}
	}
	for _, f := range in.foundations {
		if in.pos[f][x] >= 0 && in.anyRank[f] {
			return false
		}
	}
	k, alike := in.acceptAlike(s, x)
	off := in.copies[x] - int8(in.homeCount(s, x))
	if k == 0 {
		return false
	}
	if int8(k) >= off {
		return alike
	}
	return in.trappedCopies(s, a, x, off)
}

// trappedCopies is condition 3' of the dead-base rule: X is the waste's
// top card, in a game with no tableau and no refilled reserves, no redeal
// remains, every other copy of X's card off the foundations lies below X
// in the waste, and every foundation that holds X's card in its sequence
// is declared alike (one class of interchangeable piles). Then X leaves
// the waste only to a foundation, and no other copy can be exposed
// before it has, so in any line S that wins from P, X is the first copy
// of its card to go home, onto some H. Until then F does not change (it
// accepts X now and takes nothing but a copy of X's card next), so just
// before S puts X on H, F and H hold the same cards (piles declared
// alike, built from the same sequence up to X's place; the copies of a
// card are the same card) and after it the position of
// the line that left X on F and skipped that move differs only by an
// exchange of two interchangeable piles, and it follows S from there on
// with F and H exchanged. (Condition 1 holds trivially without a
// tableau.)
func (in *info) trappedCopies(s *engine.State, a int, x engine.Card, off int8) bool {
	if a != in.waste || len(in.tableau) > 0 || in.refill || s.Redeals() < in.g.Redeals {
		return false
	}
	first := -1
	for _, f := range in.foundations {
		if in.pos[f][x] < 0 {
			continue
		}
		if first < 0 {
			first = f
		} else if !in.same[first][f] {
			return false
		}
	}
	w := s.Pile(a)
	n := int8(0)
	for _, c := range w[:len(w)-1] {
		if c == x {
			n++
		}
	}
	return n == off-1
}
