package solver

import (
	"cmp"

	"github.com/patience-solitaire/patience/engine"
)

// Dead-end detection by relaxation.
//
// Assumed motions (sound.go, ruleDeadEnd): as the stuck-card rule's
// (safe.go); the argument below needs piles to change by single-card
// moves.
//
// The test plays a relaxed game in which every card that is off the
// foundations is in one of four states: buried (some card above it in its
// pile has not left), exposed, floated (it has left its pile by a move to
// the tableau and is from then on treated as always available) or homed
// (on a foundation). Starting from the position, it applies these rules
// until nothing changes:
//
//   - The top card of every pile is exposed; every card of the stock is
//     exposed too (it will be the waste's top card when it is dealt), or
//     floated where the stock's cards may go elsewhere (a game with
//     refilled reserves, or whose waste plays only to the foundations);
//     when a card floats or goes home, the card below it in its pile is
//     exposed.
//   - An exposed or floated card goes home when some foundation f that has
//     not passed it yet (its position p in f's sequence is at least the
//     number of cards f holds) could reach it: for every position q from
//     f's height up to p-1, at least one copy of the card f needs at q has
//     gone home in the relaxed game.
//   - An exposed card floats if its pile lets cards move to the tableau
//     (for a card of the stock: the waste) and either some tableau pile
//     that takes any card when empty is empty now or has been emptied
//     (every card it holds now has floated or gone home; for the waste's
//     cards and the stock's, a pile that takes the waste's card will do
//     too), or some copy of a card it may be built on has been on the
//     tableau: exposed in a tableau pile, or floated.
//
// Every rule is weaker than the real one, and the states only ever grow,
// so the fixpoint is reached in any order and contains every event of
// every real line of play. Mapping a real line of play to the relaxed
// game by induction over its moves: a card that leaves its pile is on
// top of it, so exposed in the relaxed game (a card of the stock is
// exposed from the start; below a card of the position, a card is
// exposed once every card above it has left, each by an earlier move:
// floated or homed). A card that leaves for the tableau lands on a card
// D on top of a tableau pile T: D was in T in the position, and exposed
// there once the cards above it had left, or it came to T by an earlier
// move to the tableau, floated; either way a copy of D has been on the
// tableau in the relaxed game already. Or it lands in an empty pile E: E
// was empty in the position, or every card E held then has left it by an
// earlier move (to the tableau: floated; home: homed), so E counts as
// emptied in the relaxed game already. A card that goes to
// foundation f at position p finds f holding copies of the cards at
// positions up to p-1, each of which went home by an earlier real move
// (those of the position f started with are below f's height and not
// asked for); cards never become buried again in the relaxed game, which
// only helps. So if the relaxed game cannot home every card, no real line
// of play can: the position is lost.
//
// Until solver 28, a card floated onto any copy exposed anywhere (the
// waste's top card too, which takes nothing), every pile that takes any
// card counted as empty, and the stock's cards floated (each could float
// onto the others): in Napoleon at St Helena the test then never found
// anything (allFloat). The switch noFloatRules plays that game.
//
// The argument needs the piles' contents to change only by single-card
// moves: it is used only in static positions (no shuffling redeal left,
// no merci available). A redeal that turns the waste over is covered by
// treating the waste as floated, like the stock, while one remains; so
// is a refill of a reserve from the waste, by treating the waste as
// floated always in a game with refilled reserves (a refill moves the
// waste's top card to a reserve, not to the tableau or a foundation;
// without this, Royal Cotillion's deal 2, which is won, was called lost).

type relax struct {
	st    [][]uint8 // per pile, per depth: buried, exposed, floated, homed
	homed [53]int8  // copies homed in the relaxed game
	reach [53]int8  // copies exposed, floated or homed
	// top[f] is how far foundation f could be built in the relaxed game:
	// every card of its sequence from its height up to top[f]-1 has a
	// homed copy.
	top []int
	// canHome and reached are the relaxed game's sets of cards (bit c for
	// card c) that some foundation accepts (canHome) and whose reach is
	// positive, kept in step with top and reach: they make the relaxed
	// foundation and float rules one test of a bit.
	canHome engine.CardSet
	reached engine.CardSet
	// What pile i waits for since it was last looked at: wait[i] holds
	// its cards, exposed or floated, that have not gone home (one of them
	// must enter canHome), floatWait[i] the cards its exposed card, which
	// could not float then, may be built on (one of them must be
	// reached). Until then a look at the pile changes nothing: it is
	// skipped.
	wait, floatWait []engine.CardSet
	seatWait        [][maxSeats]engine.CardSet // the seat test's (seats.go)
	// emptyAny and emptyWaste: some tableau pile that takes any card
	// (emptyAny), or the waste's card (emptyWaste: either kind), when
	// empty is empty or has been emptied in the relaxed game (canFloat).
	emptyAny, emptyWaste bool
	// tab holds the cards a copy of which has been on the tableau in the
	// relaxed game (exposed in a tableau pile, or floated): the cards
	// others may float onto (canFloat).
	tab engine.CardSet
	// looseStock: the stock's cards start exposed, not floated, each
	// free of the others (deadEnd).
	looseStock bool

	noAllFloat   bool        // tests: run the test where allFloat says it finds nothing
	noFloatRules bool        // tests: the float rule as before solver 28 (canFloat)
	sl           *suitLock   // the suit-lock test's scratch space and cache
	noSuitLock   bool        // tests: no suit-lock test
	lockCap      int         // the suit-lock test's cap (0: suitLockCap)
	clock        *budget     // the suit-lock test stops at its deadline (nil: none)
	seats        seatScratch // the seat test's scratch space (seats.go)
	noSeats      bool        // tests: no seat test
	noSeatless   bool        // tests: no seatless rule (seats.go)
}

const (
	rBuried uint8 = iota
	rExposed
	rFloated
	rHomed
)

func newRelax(in *info, cards int) *relax {
	r := &relax{st: make([][]uint8, in.n), top: make([]int, in.n), wait: make([]engine.CardSet, in.n), floatWait: make([]engine.CardSet, in.n),
		seatWait: make([][maxSeats]engine.CardSet, in.n)}
	for i := range r.st {
		r.st[i] = make([]uint8, cards+1)
	}
	return r
}

// deadEnd reports whether the relaxed game cannot bring every card home,
// which proves that the position is lost (see above). s must be static.
func (in *info) deadEnd(s *engine.State, r *relax) bool {
	if in.seats > 0 && !r.noSeats {
		return in.seatDead(s, r) // the same relaxed game, seats counted
	}
	r.seats.valid = false
	r.homed = [53]int8{}
	r.reach = [53]int8{}
	r.reached = 0
	in.startHomes(s, r)
	remaining := 0
	// The waste is floated too while a redeal remains, and always in a
	// game with refilled reserves: a refill takes its top card away
	// without a foundation move, so that no order of the waste is
	// certain there.
	wasteOpen := in.waste >= 0 && (s.Redeals() < in.g.Redeals || in.refill)
	r.emptyAny, r.emptyWaste = r.noFloatRules, r.noFloatRules
	r.tab = 0
	r.looseStock = !r.noFloatRules && !in.refill && in.waste >= 0 && !in.spec[in.waste].ToFoundationOnly
	for _, t := range in.tableau {
		if len(s.Pile(t)) == 0 {
			r.emptied(in, t)
		}
	}
	if r.emptyAny && in.allFloat && !r.noAllFloat {
		return false
	}
	for i := 0; i < in.n; i++ {
		if in.kind[i] == engine.Foundation {
			continue
		}
		p := s.Pile(i)
		st := r.st[i]
		remaining += len(p)
		r.wait[i], r.floatWait[i] = 0, 0
		if len(p) == 0 {
			continue
		}
		if i == in.stock && r.looseStock {
			for j, c := range p {
				st[j] = rExposed
				r.expose(c)
			}
			r.wait[i], r.floatWait[i] = ^engine.CardSet(0), ^engine.CardSet(0) // to be looked at first
			continue
		}
		if i == in.stock || i == in.waste && wasteOpen {
			for j, c := range p {
				st[j] = rFloated
				r.expose(c)
				r.tab |= 1 << c
				r.wait[i] |= 1 << c
			}
			continue
		}
		for j := range p {
			st[j] = rBuried
		}
		st[len(p)-1] = rExposed
		r.exposeIn(in, i, p[len(p)-1])
		r.wait[i], r.floatWait[i] = ^engine.CardSet(0), ^engine.CardSet(0) // to be looked at first
	}
	for changed := true; changed && remaining > 0; {
		changed = false
		for i := 0; i < in.n; i++ {
			if in.kind[i] == engine.Foundation || r.canHome&r.wait[i] == 0 && r.tab&r.floatWait[i] == 0 {
				continue
			}
			p := s.Pile(i)
			st := r.st[i]
			var wait, floatWait engine.CardSet
			for j := len(p) - 1; j >= 0; j-- {
				state := st[j]
				if state == rBuried {
					break
				}
				if state == rHomed {
					continue
				}
				c := p[j]
				switch {
				case r.canHome.Has(c):
					st[j] = rHomed
					r.homed[c]++
					remaining--
					changed = true
					if r.homed[c] == 1 {
						in.raise(r, c)
					}
				case state == rExposed && in.canFloat(r, i, c):
					st[j] = rFloated
					r.tab |= 1 << c
					changed = true
				default:
					// c waits to go home, and an exposed card to
					// float (see canFloat).
					wait |= 1 << c
					if state == rExposed && !in.spec[i].ToFoundationOnly && (in.kind[i] != engine.Stock || r.looseStock) {
						floatWait |= in.targetSet[c]
					}
					continue
				}
				if st[j] == rFloated {
					wait |= 1 << c // it waits to go home
				}
				if j > 0 && st[j-1] == rBuried {
					st[j-1] = rExposed
					r.exposeIn(in, i, p[j-1])
				}
				if j == 0 && in.kind[i] == engine.Tableau && r.emptied(in, i) {
					// Every exposed card may float now: look at
					// every pile again.
					for k := range r.floatWait {
						r.floatWait[k] = ^engine.CardSet(0)
					}
				}
			}
			r.wait[i], r.floatWait[i] = wait, floatWait
		}
	}
	if remaining > 0 {
		return true
	}
	return in.suitLock && !r.noSuitLock && in.suitLocked(s, r, cmp.Or(r.lockCap, suitLockCap))
}

// emptied records that tableau pile t is empty or emptied in the relaxed
// game, and reports whether that lets more cards float (canFloat).
func (r *relax) emptied(in *info, t int) bool {
	more := false
	switch in.spec[t].Fill {
	case engine.FillAnyCard:
		more = !r.emptyAny || !r.emptyWaste
		r.emptyAny, r.emptyWaste = true, true
	case engine.FillFromWaste:
		more = !r.emptyWaste
		r.emptyWaste = true
	}
	return more
}

// allFloat reports whether the relaxed game above floats every card of
// every position in which a tableau pile that takes any card when empty
// is empty, so that deadEnd finds no dead end there and need not be
// played on: some tableau pile takes any card when empty, every pile but
// the foundations and the stock lets its cards move to the tableau (no
// ToFoundationOnly), the foundations hold exactly the pack, each built
// in a fixed sequence (no AnyRank), and neither the seat test nor the
// suit-lock test applies (both need piles that are never filled). Proof:
// the stock's cards float at the start, or are exposed and float as
// any exposed card; an exposed card of any other pile floats (canFloat:
// anyFill, and the empty pile), which exposes the card below it, so every
// card floats. Then every card goes home: a
// foundation's next card is always in canHome, a floated card in canHome
// goes home, and homing a copy of the card at a foundation's top
// advances it (reach and homed count copies, canHome only grows), so the
// foundations rise, each card's copies going home in turn, until every
// card off the foundations is home: remaining is 0, the test says "not
// dead". TestAllFloat checks, on random play, that the test finds
// nothing in such positions.
//
// Until solver 28 (see above) the test never found anything in such
// games: in Napoleon at St Helena (Forty Thieves: empty columns take any
// card) it took a third of the time of the beam searches. With the float
// rules of solver 28 it condemns positions whose columns can no longer
// be cleared: the exact phase alone proved deal 255 lost in 478
// positions, where it had taken 8,129,008 (TUNING.md, "Napoleon at St
// Helena"). It runs there only in the exact phase (epos.dead,
// mode.emptied).
func allFloat(in *info) bool {
	if !in.anyFill || !in.capacity || in.seats > 0 || in.suitLock {
		return false
	}
	for i := 0; i < in.n; i++ {
		switch {
		case in.kind[i] == engine.Foundation:
			if in.anyRank[i] {
				return false
			}
		case in.kind[i] == engine.Stock:
		case in.spec[i].ToFoundationOnly:
			return false
		}
	}
	return true
}

// expose counts a copy of card c as exposed or floated.
func (r *relax) expose(c engine.Card) {
	r.reach[c]++
	r.reached |= 1 << c
	if r.noFloatRules {
		r.tab |= 1 << c // as before: onto any card reached
	}
}

// exposeIn exposes card c in pile i: on the tableau, others may float
// onto it.
func (r *relax) exposeIn(in *info, i int, c engine.Card) {
	r.expose(c)
	if in.kind[i] == engine.Tableau {
		r.tab |= 1 << c
	}
}

// startHomes sets top and canHome for position s, before any card has
// gone home in the relaxed game.
func (in *info) startHomes(s *engine.State, r *relax) {
	r.canHome = 0
	for _, f := range in.foundations {
		h := len(s.Pile(f))
		r.top[f] = h
		if in.anyRank[f] {
			if h < int(in.spec[f].Found.Len) {
				r.canHome |= in.suitSet[f]
			}
		} else if h < len(in.seq[f]) {
			r.canHome |= 1 << in.seq[f][h]
		}
	}
}

// The relaxed foundation rule: a card goes home if some foundation f has
// it at a position p with len(s.Pile(f)) <= p <= top[f], or f takes any
// card of its suit and is not full. r.canHome holds these cards: its
// bits are added as top grows (raise).

// raise extends top[f] of the foundations that wait for card c, which
// has just got its first homed copy, and adds the cards they now accept
// to canHome.
func (in *info) raise(r *relax, c engine.Card) {
	for _, h := range in.homes[c] {
		f := h.f
		if in.anyRank[f] || int(h.pos) != r.top[f] {
			continue
		}
		seq, top, can := in.seq[f], r.top[f], r.canHome
		for top < len(seq) && r.homed[seq[top]] > 0 {
			top++
			if top < len(seq) {
				can |= 1 << seq[top]
			}
		}
		r.top[f], r.canHome = top, can
	}
}

// canFloat is the relaxed rule for leaving pile i by a tableau move (a
// card of the stock, where its cards are loose, leaves from the waste).
func (in *info) canFloat(r *relax, i int, c engine.Card) bool {
	if in.spec[i].ToFoundationOnly || in.kind[i] == engine.Stock && !r.looseStock {
		return false
	}
	fromWaste := i == in.waste || in.kind[i] == engine.Stock
	if in.anyFill && r.emptyAny || in.wasteFill && fromWaste && r.emptyWaste {
		return true
	}
	return in.targetSet[c]&r.tab != 0
}
