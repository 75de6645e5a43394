package solver

import "github.com/patience-solitaire/patience/engine"

// The suit-lock test (sound, part of the dead-end test).
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
// searched exhaustively with a node cap; when the cap is reached the test
// says nothing. Within it the lone-card rule of search.go is used (all
// projected piles are alike under the relaxed rules), and results are
// cached by the projection's hash. A search that ends without a win and
// within its cap has visited every projected position reachable from its
// start but through positions known to be lost, and none of them is won;
// a winning line from any of them would stay among them: each is lost,
// and later searches stop at any of them (lost; kept where the cap is
// larger than suitLockCap, where the searches are large enough to gain:
// mode.locks). TestSuitLockMemory checks that no verdict changes.

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
	store [][]engine.Card // the piles' backing arrays, reused
	found []int           // foundations of the suit
	h     []int           // their heights
	seen  hashSet         // positions of the current projected search
	lost  hashSet         // projected positions known to be lost
	nodes int
	limit int
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
		sl.seen = *newHashSet(1 << 10)
		sl.lost = *newHashSet(1 << 10)
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
		if len(sl.piles) == 0 {
			continue
		}
		sl.sums = sl.sums[:0]
		for _, p := range sl.piles {
			var sum uint64
			for d, c := range p {
				sum += zob(c, d)
			}
			sl.sums = append(sl.sums, sum)
		}
		key := sl.hash() ^ uint64(suit+1)*0x5851f42d4c957f2d
		v, ok := sl.cache[key]
		if !ok || v > 0 && int(v) < limit {
			sl.seen.reset()
			sl.nodes = 0
			sl.limit = limit
			win := sl.search(in)
			if !win && sl.nodes <= limit && limit > suitLockCap {
				sl.remember()
			}
			if len(sl.seen.slots) > 1<<16 {
				// A big search at the start: do not clear its table at
				// every later call.
				sl.seen = *newHashSet(1 << 10)
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
// piles are alike), and the foundations' heights. A pile's hash is the
// mix of its sum of zob over its cards (sums).
func (sl *suitLock) hash() uint64 {
	var h uint64
	for _, sum := range sl.sums {
		h += mix(sum)
	}
	for i, x := range sl.h {
		h ^= zob(engine.Card(53+i), x)
	}
	return h
}

// remember adds the positions of the search just ended, which found no
// win within its cap, to the lost ones (see above), forgetting the older
// ones when there would be too many.
func (sl *suitLock) remember() {
	if sl.seen.n > maxLostProjections {
		return
	}
	if sl.lost.n+sl.seen.n > maxLostProjections {
		sl.lost = *newHashSet(1 << 10)
	}
	for _, h := range sl.seen.slots {
		if h != 0 {
			sl.lost.insert(h)
		}
	}
}

// maxLostProjections bounds the memory of suitLock.lost (8 to 16 bytes a
// position).
const maxLostProjections = 1 << 22

// search reports whether the projected game can be won; it also says so
// when it passes the node cap.
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
	if sl.nodes > sl.limit {
		return true
	}
	h := sl.hash()
	if sl.lost.n > 0 && sl.lost.has(h) || !sl.seen.insert(h) {
		return false
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
			sl.sums[i] -= zob(x, len(p)-1)
			sl.h[k]++
			win := sl.search(in)
			sl.h[k]--
			sl.sums[i] = sum
			p[len(p)-1] = x // deeper moves may have built on the shortened pile
			sl.piles[i] = p
			if win {
				return true
			}
		}
	}
	for i, p := range sl.piles {
		if len(p) < 2 {
			continue // empty, or the lone-card rule
		}
		x := p[len(p)-1]
		for j, q := range sl.piles {
			if j == i || len(q) == 0 || !in.targetSet[x].Has(q[len(q)-1]) {
				continue
			}
			sl.piles[i] = p[:len(p)-1]
			sl.piles[j] = append(q, x)
			si, sj := sl.sums[i], sl.sums[j]
			sl.sums[i] -= zob(x, len(p)-1)
			sl.sums[j] += zob(x, len(q))
			win := sl.search(in)
			sl.sums[i], sl.sums[j] = si, sj
			sl.piles[j] = q
			p[len(p)-1] = x
			sl.piles[i] = p
			if win {
				return true
			}
		}
	}
	return false
}
