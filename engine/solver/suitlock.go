package solver

import "github.com/patience-solitaire/patience/engine"

// The suit-lock test (sound, part of the dead-end test).
// Assumed motions (sound.go, ruleSuitLock): as the dead-end test's.
//
// In a game whose foundations each take one suit, whose tableau piles
// take on a card only cards of its own suit and are never refilled, and
// which has no other piles but the foundations (a fan game such as House
// in the Woods), project a static position onto one suit S: keep the
// cards of S in their piles, in their order, and drop every other card.
// Play the projected position by these rules, each weaker than the real
// one: the top card of a projected pile may go to a foundation of S that
// accepts it, or onto the top card of another projected pile on which
// some tableau pile of the game could take it (the build rules of all the
// piles together, no length limit).
//
// If the real position can be won, so can the projection: the moves of
// cards of S in a winning line, in the same order, are legal in the
// projection. By induction over the line, each projected pile holds the
// cards of S of its real pile in the same order. A card of S that moves
// is the real top of its pile, so it is the top of the projected pile; a
// card it is built on is the real top of the other pile and of suit S
// (the build rules take only cards of the same suit), so it is the top of
// that projected pile, and the relaxed rule accepts it; a foundation of S
// holds the same cards in both. Moves of other cards change no projected
// pile (nothing refills an emptied pile). A winning line puts every card
// of S home, so does its projection. Hence if the projected game of some
// suit cannot be won, the position is lost.
//
// The projected game is small (at most the cards of one suit), and is
// searched exhaustively with a node cap; when the cap is reached, or the
// phase's deadline (the search reads the clock), the test says nothing.
// Within it the lone-card rule of search.go is used (all projected piles
// are alike under the relaxed rules), and results are cached by the
// projection's hash. The search moves cards first off the piles that hold
// a card a foundation takes soon under few others (order): the search is
// exhaustive, so the order changes no verdict, but it finds wins sooner.
//
// Where the cap is larger than suitLockCap (mode.locks), the searches
// remember projected positions, so that large caps stay cheap:
//
//   - won: every position on the line of a win found (won1) is won, by
//     that line, however it was reached; later searches stop at it with
//     a win.
//   - lost: cards only go home in the projected game, so a position
//     reaches only positions with as many cards home or more. Let D be
//     the start of a search or a position it entered by a move to a
//     foundation, with t cards home, and let the search below D end
//     without a win (past the cap every search says won, and a position
//     known to be won ends the search with a win). Then every position
//     it entered is lost. By induction over the order in which such
//     searches end: suppose one of them, Y, is won, by a line that makes
//     no move the lone-card rule prunes (there is one if there is any).
//     The search tried the line's first move from Y, to Y1, which has t
//     cards home or more, so it is not on the path above D (those have
//     fewer), nor known to be lost (only lost positions are). So the
//     search below D entered Y1, or it had been entered before D was:
//     then the line that first reached it made a move to a foundation
//     (the start has fewer than t cards home), and the last one entered
//     a position D' with as many cards home as Y1, not on the path above
//     D, whose search had ended without a win: Y1 is lost by induction,
//     a contradiction. Step by step, the search below D entered every
//     position of the line, the last one won: a contradiction. The
//     search remembers these positions (remember, from trail), and later
//     searches stop at them.
//
// TestSuitLockMemory checks that no verdict changes.

// suitLockCap bounds the positions of one projected search during the
// search, unless the mode asks for more (mode.locks); suitLockRootCap at
// the start of Solve, where the test runs once.
const (
	suitLockCap     = 300
	suitLockRootCap = 5_000_000
)

// suitLock is the scratch space and cache of the test.
type suitLock struct {
	// cache maps a projection's hash to -1 (lost), 0 (won) or the cap
	// with which its search was inconclusive.
	cache map[uint64]int32
	piles [][]engine.Card
	// sums[i] is pile i's hash before mixing (see hash), kept by the
	// search as cards move.
	sums  []uint64
	mixed uint64          // the sum of mix over sums (setSum keeps it)
	store [][]engine.Card // the piles' backing arrays, reused
	found []int           // foundations of the suit
	h     []int           // their heights
	seen  stampSet        // positions of the current projected search
	lost  hashSet         // projected positions known to be lost
	// trail lists the positions of the current search in the order it
	// entered them, where it remembers lost ones.
	trail []uint64
	won   hashSet // projected positions known to be won
	nodes int
	limit int
	depth int // of the recursion of search, below its first position
	// large: the cap is larger than suitLockCap (mode.locks), where the
	// search remembers positions and reads the clock.
	large bool
	// clock is the budget whose deadline the search keeps (nil: none);
	// late says that it stopped the search.
	clock *budget
	late  bool
	// locked is the suit whose projection was lost, when suitLocked
	// said so (read by Explain).
	locked engine.Suit
}

// suitLockOK reports whether the game meets the test's conditions.
func suitLockOK(in *info) bool {
	if len(in.tableau) == 0 || !in.capacity {
		return false
	}
	for i := 0; i < in.n; i++ {
		switch in.kind[i] {
		case engine.Foundation:
			if in.anyRank[i] {
				return false
			}
		case engine.Tableau:
			if in.spec[i].Fill != engine.FillNever {
				return false
			}
		default:
			return false
		}
	}
	for f := range in.foundations {
		seq := in.seq[in.foundations[f]]
		for _, c := range seq {
			if c.Suit() != seq[0].Suit() {
				return false
			}
		}
	}
	for x := engine.Card(1); x <= 52; x++ {
		for _, c := range in.builtOn[x] {
			if c.Suit() != x.Suit() {
				return false
			}
		}
	}
	return true
}

// zob returns a fixed random number for card c at height d of a
// projected pile.
func zob(c engine.Card, d int) uint64 {
	z := uint64(c)*0x9e3779b97f4a7c15 + uint64(d+1)*0xc2b2ae3d27d4eb4f
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// suitLocked reports whether the projection of static position s onto
// some suit cannot be won, which proves s lost (see above).
func (in *info) suitLocked(s *engine.State, r *relax, limit int) bool {
	sl := r.sl
	if sl == nil {
		sl = &suitLock{cache: map[uint64]int32{}}
		sl.seen = *newStampSet(0)
		sl.lost = *newHashSet(1 << 10)
		sl.won = *newHashSet(1 << 10)
		r.sl = sl
	}
	for suit := engine.Suit(0); suit < 4; suit++ {
		sl.piles = sl.piles[:0]
		sl.found, sl.h = sl.found[:0], sl.h[:0]
		for _, f := range in.foundations {
			if len(in.seq[f]) > 0 && in.seq[f][0].Suit() == suit {
				sl.found = append(sl.found, f)
				sl.h = append(sl.h, len(s.Pile(f)))
			}
		}
		if len(sl.found) == 0 {
			continue
		}
		for _, t := range in.tableau {
			// Each projected pile gets a backing array of its own (the
			// search builds on the piles in place), kept for the next
			// call.
			n := len(sl.piles)
			if n == len(sl.store) {
				sl.store = append(sl.store, nil)
			}
			p := sl.store[n][:0]
			for _, c := range s.Pile(t) {
				if c.Suit() == suit {
					p = append(p, c)
				}
			}
			sl.store[n] = p
			if len(p) > 0 {
				sl.piles = append(sl.piles, p)
			}
		}
		if len(sl.piles) == 0 || len(sl.piles) > maxOrdered {
			continue // (more piles than order sorts: no verdict)
		}
		sl.sums, sl.mixed = sl.sums[:0], 0
		for _, p := range sl.piles {
			var sum uint64
			for d, c := range p {
				sum += zob(c, d)
			}
			sl.sums = append(sl.sums, sum)
			sl.mixed += mix(sum)
		}
		key := sl.hash() ^ uint64(suit+1)*0x5851f42d4c957f2d
		v, ok := sl.cache[key]
		if !ok || v > 0 && int(v) < limit {
			// Each search starts with an empty table and trail (one
			// stopped by the deadline left them as they were).
			sl.seen.reset()
			sl.trail = sl.trail[:0]
			sl.nodes = 0
			sl.limit = limit
			sl.clock, sl.late = r.clock, false
			sl.large = limit > suitLockCap
			win := sl.search(in)
			if sl.late {
				// The deadline came: no verdict, and none cached.
				return false
			}
			if !win && sl.nodes <= limit && sl.large {
				sl.remember(0)
			}
			if len(sl.seen.slots) > 1<<22 {
				sl.seen = *newStampSet(0) // bound the memory kept
			}
			switch {
			case sl.nodes > limit:
				v = int32(limit) // inconclusive with this cap
			case win:
				v = 0
			default:
				v = -1
			}
			if len(sl.cache) >= 1<<20 {
				clear(sl.cache) // bound the memory
			}
			sl.cache[key] = v
		}
		lost := v < 0
		if lost {
			sl.locked = suit
			return true
		}
	}
	return false
}

// hash is the projected position's hash: the piles' hashes summed (the
// piles are alike: mixed), and the foundations' heights. A pile's hash is
// the mix of its sum of zob over its cards (sums).
func (sl *suitLock) hash() uint64 {
	h := sl.mixed
	for i, x := range sl.h {
		h ^= zob(engine.Card(53+i), x)
	}
	return h
}

// setSum sets pile i's sum to v and keeps mixed.
func (sl *suitLock) setSum(i int, v uint64) {
	sl.mixed += mix(v) - mix(sl.sums[i])
	sl.sums[i] = v
}

// remember adds the positions the current search entered since
// trail[from], below a position whose search ended without a win within
// the cap (the start or one entered by a move to a foundation), to the
// lost ones (see above), forgetting the older ones when there would be
// too many.
func (sl *suitLock) remember(from int) {
	lost := sl.trail[from:]
	if len(lost) > maxRemembered {
		return
	}
	if sl.lost.n+len(lost) > maxRemembered {
		sl.lost.reset()
	}
	for _, h := range lost {
		sl.lost.insert(h)
	}
}

// won1 remembers h, the position of a search that has found a win
// below it, as won (where the cap is larger than suitLockCap), unless
// the win is only the cap passed; it returns true for search to pass on.
func (sl *suitLock) won1(h uint64) bool {
	if sl.nodes <= sl.limit && sl.large {
		if sl.won.n >= maxRemembered {
			sl.won.reset()
		}
		sl.won.insert(h)
	}
	return true
}

// lockClockMask: a projected search with a cap above suitLockCap reads
// the clock at its first position and every 16,384 positions (about a
// millisecond), so that a search with a large cap ends with the phase.
const lockClockMask = 1<<14 - 1

// maxRemembered bounds the memory of suitLock.lost and suitLock.won
// each (8 to 16 bytes a position).
const maxRemembered = 1 << 22

// maxLockDepth bounds the depth of a projected search's recursion (the
// goroutine's stack): a search that reaches it stops as at its cap. The
// cap bounds the positions, not the length of a line, and tableau moves
// between distinct positions can make a line long.
const maxLockDepth = 1 << 18

// search reports whether the projected game can be won; it also says so
// when it passes the node cap or maxLockDepth.
func (sl *suitLock) search(in *info) bool {
	done := true
	for _, p := range sl.piles {
		if len(p) > 0 {
			done = false
			break
		}
	}
	if done {
		return true
	}
	sl.nodes++
	if (sl.nodes-1)&lockClockMask == 0 && sl.large && sl.clock != nil && sl.clock.late() {
		sl.late = true
		sl.nodes = sl.limit + 1 // as if the cap were passed
	}
	if sl.depth >= maxLockDepth {
		sl.nodes = sl.limit + 1 // as if the cap were passed
	}
	if sl.nodes > sl.limit {
		return true
	}
	h := sl.hash()
	if !sl.seen.insert(h) || sl.lost.n > 0 && sl.lost.has(h) {
		return false
	}
	if sl.won.n > 0 && sl.won.has(h) {
		return true
	}
	if sl.large {
		sl.trail = append(sl.trail, h)
	}
	for i, p := range sl.piles {
		if len(p) == 0 {
			continue
		}
		x := p[len(p)-1]
		for k, f := range sl.found {
			if int(in.pos[f][x]) != sl.h[k] {
				continue
			}
			sl.piles[i] = p[:len(p)-1]
			sum := sl.sums[i]
			sl.setSum(i, sum-zob(x, len(p)-1))
			sl.h[k]++
			mark := len(sl.trail)
			sl.depth++
			win := sl.search(in)
			sl.depth--
			if !win && sl.large {
				sl.remember(mark)
				sl.trail = sl.trail[:mark] // remembered: not again
			}
			sl.h[k]--
			sl.setSum(i, sum)
			p[len(p)-1] = x // deeper moves may have built on the shortened pile
			sl.piles[i] = p
			if win {
				return sl.won1(h)
			}
		}
	}
	var ord [maxOrdered]int8
	n := sl.order(in, ord[:])
	for a := range n {
		i := int(ord[a])
		p := sl.piles[i]
		if len(p) < 2 {
			continue // empty, or the lone-card rule
		}
		x := p[len(p)-1]
		for b := n - 1; b >= 0; b-- {
			j := int(ord[b])
			q := sl.piles[j]
			if j == i || len(q) == 0 || !in.targetSet[x].Has(q[len(q)-1]) {
				continue
			}
			sl.piles[i] = p[:len(p)-1]
			sl.piles[j] = append(q, x)
			si, sj := sl.sums[i], sl.sums[j]
			sl.setSum(i, si-zob(x, len(p)-1))
			sl.setSum(j, sj+zob(x, len(q)))
			sl.depth++
			win := sl.search(in)
			sl.depth--
			sl.setSum(i, si)
			sl.setSum(j, sj)
			sl.piles[j] = q
			p[len(p)-1] = x
			sl.piles[i] = p
			if win {
				return sl.won1(h)
			}
		}
	}
	return false
}

// maxOrdered bounds the piles that order sorts (a suit has at most 26
// cards, so at most 26 projected piles).
const maxOrdered = 32

// order writes the indices of the projected piles into ord, those that
// hold a card a foundation takes soon under few cards first: the search
// moves cards off them first and onto the others (the last first). It
// returns the number of piles. The order changes no verdict (the search
// is exhaustive within its cap) but finds wins in fewer positions.
func (sl *suitLock) order(in *info, ord []int8) int {
	n := len(sl.piles) // at most maxOrdered (suitLocked)
	var score [maxOrdered]int16
	for i := range n {
		ord[i] = int8(i)
		p := sl.piles[i]
		best := 1 << 14
		for above := 0; above < len(p) && above < best; above++ {
			x := p[len(p)-1-above]
			for k, f := range sl.found {
				if u := int(in.pos[f][x]) - sl.h[k]; u >= 0 && u+above < best {
					best = u + above
				}
			}
		}
		score[i] = int16(best)
		for a := i; a > 0 && score[ord[a-1]] > int16(best); a-- {
			ord[a], ord[a-1] = ord[a-1], ord[a]
		}
	}
	return n
}
