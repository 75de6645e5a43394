package solver

import "github.com/patience-solitaire/patience/engine"

// The seat test (sound, a dead-end test for tableaus of bounded piles).
// Assumed motions (sound.go, ruleSeat): as the dead-end test's.
//
// In a game whose only piles besides the foundations are tableau piles
// that hold at most m cards each (PileSpec.MaxLen, the same m for all)
// and are never refilled (Shamrocks: fans of at most three), a card can
// be built on a card D only while D is the top of a pile of fewer than m
// cards: D needs a free seat above it. Where D can sit with a seat free
// is bounded by where it lies: a card still in its place at depth j (0
// the bottom) is the top of a pile of exactly j+1 cards, since the cards
// below it never moved and nothing refills; a card moved onto a card E
// that was the top of a pile of k cards tops a pile of k+1 cards. The
// dead-end test of deadend.go lets a card float onto any card of a rank
// it builds on that was ever reachable; this test is the same relaxed
// game with the seats counted: it tracks for every card c the least
// length seat[c] of a pile that c was seen to top, and lets a card float
// only onto a card D with seat[D] < m, the card then topping a pile of
// seat[D]+1 cards.
//
// Soundness, by induction over a real line of play, as for the dead-end
// test: at every moment each card that tops a tableau pile of L cards
// is exposed, floated or homed in the relaxed game and has seat at most
// L. If it lies in its place at depth j, every card above it left by a
// move that the relaxed game has too, so it is exposed and seat is at
// most j+1 = L. Otherwise its last move put it on a card E that then
// topped a pile of L-1 < m cards; by induction seat[E] <= L-1 < m, so
// the relaxed game lets it float and gives it seat at most L. (Cards
// built on it and gone again leave the pile at L.) A real move to the
// tableau lands on such a D with L < m, so the relaxed game has it; the
// foundation rule is the dead-end test's. The relaxed states only grow
// and the seats only shrink, so the fixpoint contains every event of
// every real line: if it leaves a card off the foundations, the position
// is lost.

// What the seat test wins and costs on Shamrocks: TUNING.md, "Shamrocks".

// seatsOK returns the common MaxLen m of the tableau piles if the game
// meets the test's conditions, else 0.
func seatsOK(in *info) int {
	// (A game the suit-lock test applies to keeps the plain dead-end
	// test, which the suit-lock test follows.)
	if len(in.tableau) == 0 || !in.capacity || in.suitLock {
		return 0
	}
	m := in.spec[in.tableau[0]].MaxLen
	if m > maxSeats {
		return 0
	}
	for i := 0; i < in.n; i++ {
		switch in.kind[i] {
		case engine.Foundation:
		case engine.Tableau:
			sp := in.spec[i]
			if sp.Fill != engine.FillNever || sp.MaxLen != m || sp.ToFoundationOnly {
				return 0
			}
		default:
			return 0
		}
	}
	return m
}

// seatDead reports whether the relaxed game with seats counted cannot
// bring every card home, which proves the position lost (see above). s
// must be static; the game must pass seatsOK (in.seats > 0).
func (in *info) seatDead(s *engine.State, r *relax) bool {
	return in.seatFixpoint(s, r) > 0
}

// seatScratch is the seat test's scratch space: the seats, and the
// position (by hash) whose fixpoint they hold, with the number of cards
// it left off the foundations. The search asks the seatless rule of each
// card a foundation accepts and then the seat test of the same position:
// one fixpoint serves them all.
type seatScratch struct {
	seat [53]int8
	// atMost[k] is the set of cards whose seat is at most k, for k below
	// m (seatsOK keeps m within its length): the least free seat below
	// a card is then a few tests of sets.
	atMost [maxSeats]engine.CardSet
	hash   uint64
	valid  bool
	left   int
}

// maxSeats bounds the MaxLen of the piles the seat test takes.
const maxSeats = 8

// setSeat sets the seat of card c to k, keeping atMost in step.
func (sc *seatScratch) setSeat(c engine.Card, k, m int8) {
	sc.seat[c] = k
	for j := int8(0); j < m; j++ {
		if j >= k {
			sc.atMost[j] |= 1 << c
		} else {
			sc.atMost[j] &^= 1 << c
		}
	}
}

// anyAtMost reports whether some card of want[k] has a seat of at most
// k, for some k below m.
func (sc *seatScratch) anyAtMost(want *[maxSeats]engine.CardSet, m int8) bool {
	for k := int8(0); k < m; k++ {
		if sc.atMost[k]&want[k] != 0 {
			return true
		}
	}
	return false
}

// noSeat is the seat of a card not seen on top of a pile.
const noSeat = 127

// seatFixpoint plays the relaxed game of the seat test to its fixpoint
// and returns the number of cards it leaves off the foundations; r.seats
// then holds the seats and r.reach[c] is 1 for every card c that was
// ever exposed (not buried). Positions that hash alike (the same but for
// an exchange of piles) share a fixpoint: what is kept by card is the
// same for both.
func (in *info) seatFixpoint(s *engine.State, r *relax) int {
	sc := &r.seats
	if sc.valid && sc.hash == s.Hash() {
		return sc.left
	}
	sc.left = in.seatPlay(s, r)
	sc.hash, sc.valid = s.Hash(), true
	return sc.left
}

// seatPlay plays the relaxed game for seatFixpoint.
func (in *info) seatPlay(s *engine.State, r *relax) int {
	const none = noSeat
	m := int8(in.seats)
	r.homed = [53]int8{}
	r.reach = [53]int8{}
	sc := &r.seats
	for c := range sc.seat {
		sc.seat[c] = none
	}
	sc.atMost = [maxSeats]engine.CardSet{}
	in.startHomes(s, r)
	remaining := 0
	for _, i := range in.tableau {
		p := s.Pile(i)
		remaining += len(p)
		if len(p) == 0 {
			continue
		}
		st := r.st[i]
		for j := range p {
			st[j] = rBuried
		}
		st[len(p)-1] = rExposed
		sc.setSeat(p[len(p)-1], int8(len(p)), m)
		r.reach[p[len(p)-1]] = 1
	}
	// As in deadEnd, a pile is looked at again only when what it waits
	// for has come: one of its cards not homed entering canHome (wait),
	// or a card it may be built on getting a seat low enough for one of
	// its cards to float or take a lower seat (seatWait[i][k]: the cards
	// some card of i may be built on once their seat is at most k).
	for _, i := range in.tableau {
		r.wait[i] = ^engine.CardSet(0) // to be looked at first
		for k := range r.seatWait[i] {
			r.seatWait[i][k] = ^engine.CardSet(0)
		}
	}
	// free reports the least seat of a card that c may be built on, or
	// none.
	free := func(c engine.Card) int8 {
		t := in.targetSet[c]
		for k := int8(0); k < m; k++ {
			if t&sc.atMost[k] != 0 {
				return k
			}
		}
		return none
	}
	for changed := true; changed; {
		changed = false
		for _, i := range in.tableau {
			if r.canHome&r.wait[i] == 0 && !sc.anyAtMost(&r.seatWait[i], m) {
				continue
			}
			p := s.Pile(i)
			st := r.st[i]
			var wait engine.CardSet
			var seatWait [maxSeats]engine.CardSet
			for j := len(p) - 1; j >= 0; j-- {
				state := st[j]
				if state == rBuried {
					break
				}
				c := p[j]
				left := false
				if state != rHomed && r.canHome.Has(c) {
					st[j] = rHomed
					r.homed[c]++
					remaining--
					changed, left = true, true
					if r.homed[c] == 1 {
						in.raise(r, c)
					}
				}
				// A card may float (and, gone home, may have floated
				// first): it then tops a pile one longer than its seat.
				if k := free(c); k != none {
					if st[j] == rExposed {
						st[j] = rFloated
						changed, left = true, true
					}
					if k+1 < sc.seat[c] {
						sc.setSeat(c, k+1, m)
						changed = true
					}
				}
				if left && j > 0 && st[j-1] == rBuried {
					st[j-1] = rExposed
					r.reach[p[j-1]] = 1
					if d := p[j-1]; int8(j) < sc.seat[d] {
						sc.setSeat(d, int8(j), m)
					}
				}
				// What c waits for now: to go home, to float (an
				// exposed card: a seat below m) or a seat below its
				// own minus one.
				if st[j] != rHomed {
					wait |= 1 << c
				}
				k := min(sc.seat[c]-2, m-1)
				if st[j] == rExposed {
					k = m - 1
				}
				if k >= 0 {
					seatWait[k] |= in.targetSet[c]
				}
			}
			r.wait[i], r.seatWait[i] = wait, seatWait
		}
	}
	return remaining
}

// # The seatless rule (sound, an automatic move)
//
// Assumed motions (sound.go, ruleSeatless): as the stuck-card rule's.
//
// In a game the seat test applies to, let X be the top card of a
// tableau pile A in a static position P, of which the pack holds one
// copy, with a foundation F that accepts it now and no other foundation
// that ever takes X's card. Suppose that no card can ever be built on X:
// in the relaxed game of the seat test played from P to its fixpoint,
// seat[X] is m (X never tops a pile with a free seat), or every card
// that a tableau pile could accept on X is home in P or stays buried
// for good. Then moving X to F is safe: if P can be won, so can P' = P
// with X on F.
//
// Proof: let S win from P. By the seat test's invariant, whenever X tops
// a pile of L cards in S, seat[X] <= L; so if seat[X] is m, X never tops
// a pile with a free seat and nothing is built on X in S; nor is anything
// built on X in S if every card that could be is home or never exposed.
// Play S from P' leaving out X's moves (to the tableau and home). Each
// pile of the new line holds the cards of the same pile in S with X
// taken out. A card that S moves is on top there too (X, having nothing
// on it, is on top of its pile in S whenever it is in one, so taking it
// out leaves the others in order); the card it lands on in S is not X,
// so it is the top in the new line as well, with as many or fewer cards
// under it (MaxLen is kept); an emptied pile takes nothing in either
// line. F takes nothing in S before X's card (it needs X's card next,
// and X is the only copy), and X is the only card of its suit's sequence
// it can take: from there on F holds the same cards in both lines. So
// every move of the new line is legal, and it ends with every card home.

// seatlessSafe reports whether moving the top card x of pile a to a
// foundation is safe by the seatless rule. r is scratch space.
func (in *info) seatlessSafe(s *engine.State, a int, x engine.Card, r *relax) bool {
	if in.seats == 0 || in.kind[a] != engine.Tableau || in.copies[x] != 1 || !in.static(s, ruleSeatless) {
		return false
	}
	k := 0
	for _, f := range in.foundations {
		if in.pos[f][x] >= 0 {
			k++
		}
	}
	if k != 1 {
		return false
	}
	in.seatFixpoint(s, r)
	if r.seats.seat[x] >= int8(in.seats) {
		return true
	}
	for _, y := range in.builtOn[x] {
		if r.reach[y] > 0 && in.homeCount(s, y) == 0 {
			return false
		}
	}
	return true
}
