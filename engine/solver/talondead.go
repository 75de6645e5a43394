package solver

import (
	"math/bits"
	"slices"

	"github.com/patience-solitaire/patience/engine"
)

// talonDead is the talon family's dead-end test, for the last pass
// of a game without reserves and wings (Contradance, Captured Queens):
// no redeal is left, and cards leave the waste only from its top and
// only to the foundations.
//
// # The waste-order test (sound)
//
// Take a class of foundations declared alike (twins: t piles with the
// same sequence s_0, s_1, ...), such that each card of the sequence has
// exactly t copies in the pack and belongs to no other foundation's
// sequence. In a won game each pile of the class receives one copy of
// each card it still needs, in sequence order. Let n_i be the number of
// piles that still need s_i (those of height at most i). For a winning
// line, sort the times at which the copies of s_i still off the
// foundations go home, latest first; then for every k < n_{i-1} the
// k-th latest time of s_i is later than the k-th latest time of
// s_{i-1}. Proof: the k piles that receive the k latest copies of
// s_{i-1} each receive a copy of s_i after their copy of s_{i-1}, so k
// copies of s_i go home after the k-th latest time of s_{i-1}.
//
// In the last pass a card leaves the waste only from the top and only to
// a foundation, so a card of the waste goes home before every card that
// lies below it there. So if every copy off the foundations of s_i and
// of s_{i-1} lies in the waste, their times are ordered by depth, the
// deepest latest, and the position is lost if for some k < n_{i-1} the
// k-th deepest copy of s_i lies above the k-th deepest copy of s_{i-1}.
type talonDead struct {
	cnt [53]int8
	at  [53][4]int16
	// the release test's scratch
	homed     [53]int8
	top       []int8
	wpos      []int8    // the exposed card of each wing column
	waitPool  [53]int8  // available cards of the pool not home yet
	waitWing  [53]uint8 // the wing columns whose exposed card waits
	homedPool [53]int8  // copies homed from the pool, by card
	noPairs   bool      // tests: count every pool card homed (no poolBound)
	// pairBest is poolBound's count for the pair of foundations whose
	// lower index it is held at, valid unless the pair's bit is in stale.
	pairBest []int
	stale    uint64
	queue    []released
	// the deadline test's scratch
	dl, deal []int16
	chains   []int16
	hi       []int8 // by class (its first foundation): its highest pile
}

// test reports whether the position is proved lost.
func (d *talonDead) test(t *tstate) bool {
	tg := t.tg
	if t.redeals < tg.redeals {
		return false
	}
	// Where the waste-order test applies, the release test is left out:
	// it condemned few positions and took half the time of the
	// exhaustive search (TUNING.md, "The talon family").
	if !tg.reversal && !tg.chains && d.release(t) {
		return true
	}
	if !tg.chains {
		return false
	}
	for c := range d.cnt {
		d.cnt[c] = 0
	}
	for i, idx := range t.waste {
		c := t.talon[idx]
		if d.cnt[c] < 4 {
			d.at[c][d.cnt[c]] = int16(i)
		}
		d.cnt[c]++
	}
	for _, cl := range tg.classes {
		seq := tg.seq[cl[0]]
		lo := tg.flen[cl[0]]
		for _, k := range cl {
			lo = min(lo, t.foundHeight[k])
		}
		for i := int(lo) + 1; i < len(seq); i++ {
			nPrev, nCur := 0, 0
			for _, k := range cl {
				if int(t.foundHeight[k]) <= i-1 {
					nPrev++
				}
				if int(t.foundHeight[k]) <= i {
					nCur++
				}
			}
			c, p := seq[i], seq[i-1]
			if int(d.cnt[c]) != nCur || int(d.cnt[p]) != nPrev || nCur > 4 {
				continue
			}
			for k := 0; k < nPrev; k++ {
				if d.at[c][k] > d.at[p][k] {
					return true
				}
			}
		}
	}
	return d.deadlines(t)
}

// # The deadline test (sound, last pass, where the waste-order test applies)
//
// In a class of foundations whose lowest pile has height lo and highest
// hi (with one pile, hi is the end of the sequence), each card of the
// sequence from lo up to hi has one copy off the foundations, and the
// lowest pile must take these copies (the chain) in order. In the last
// pass a card leaves the waste only to go home, so:
//   - if a chain card lies above an earlier one in the waste, the
//     position is lost (as in the waste-order test);
//   - if a chain card u lies in the waste and a later one v in the
//     stock, u must be home before v is dealt: dealt onto u, v would
//     have to go home first;
//   - a card that must be home before the k-th deal from now must be
//     dealt before it, the cards above it in the waste must be home
//     before it, and so must the chain cards before it in its chain;
//   - beyond the chains both copies of each card are off, and a card
//     there goes home only once some pile holds every card before it:
//     a copy of each card from the highest pile's height up to it must
//     be home first. If both copies of such a card come too late, the
//     position is lost; if one does, the other must be home in time.
//
// If these deadlines ask a card of the stock to be home before it is
// dealt, the position is lost. On Contradance deals 543, 877 and 93 the
// test cut the exhaustive search from 6.3, 4.3 and 2.7 million
// positions to 4.4, 3.1 and 1.2 million.
func (d *talonDead) deadlines(t *tstate) bool {
	tg := t.tg
	n := len(t.talon)
	if cap(d.dl) < n {
		d.dl = make([]int16, n)
		d.deal = make([]int16, n)
	}
	// dl: the deal before which the card must be home (never: none);
	// deal: the deal that brings it (1 the next), or for a card of the
	// waste -1 minus its place there (-1 the bottom card).
	dl, deal := d.dl[:n], d.deal[:n]
	const never = 1 << 14
	for i, idx := range t.waste {
		dl[idx], deal[idx] = never, int16(-1-i)
	}
	for i, idx := range t.stock {
		dl[idx], deal[idx] = never, int16(len(t.stock)-i)
	}
	// where[c]: the talon indices of the copies of c in the talon.
	var where [53][2]int16
	var cnt [53]int8
	for _, l := range [][]int16{t.waste, t.stock} {
		for _, idx := range l {
			c := t.talon[idx]
			if cnt[c] < 2 {
				where[c][cnt[c]] = idx
			}
			cnt[c]++
		}
	}
	if d.hi == nil {
		d.hi = make([]int8, len(tg.found))
	}
	// The chains, each followed by -1.
	chains := d.chains[:0]
	for _, cl := range tg.classes {
		seq := tg.seq[cl[0]]
		lo, hi := tg.flen[cl[0]], int8(0)
		for _, k := range cl {
			lo, hi = min(lo, t.foundHeight[k]), max(hi, t.foundHeight[k])
		}
		if len(cl) == 1 {
			hi = tg.flen[cl[0]]
		}
		d.hi[cl[0]] = hi
		start := len(chains)
		for _, c := range seq[lo:hi] {
			if cnt[c] != 1 {
				chains = chains[:start] // not a chain: leave the class out
				break
			}
			chains = append(chains, where[c][0])
		}
		if len(chains) > start {
			chains = append(chains, -1)
		}
	}
	d.chains = chains
	// Seeds, chain by chain from its end: a waste card below a later one
	// (lost), a waste card before a later one of the stock.
	minDeal, top := int16(never), int16(0) // top: 1 + the highest waste position of a later card
	for i := len(chains) - 1; i >= 0; i-- {
		idx := chains[i]
		switch {
		case idx < 0:
			minDeal, top = never, 0
		case deal[idx] > 0:
			minDeal = min(minDeal, deal[idx])
		default:
			h := -deal[idx] // 1 + its position in the waste
			if h < top {
				return true
			}
			top = max(top, h)
			dl[idx] = min(dl[idx], minDeal)
		}
	}
	// Propagate to a fixpoint: up the waste, back along the chains.
	for changed := true; changed; {
		changed = false
		cur := int16(never)
		for _, idx := range t.waste {
			if dl[idx] < cur {
				cur = dl[idx]
			} else if dl[idx] > cur {
				dl[idx], changed = cur, true
			}
		}
		cur = never
		for i := len(chains) - 1; i >= 0; i-- {
			idx := chains[i]
			if idx < 0 {
				cur = never
				continue
			}
			if dl[idx] < cur {
				cur = dl[idx]
			} else if dl[idx] > cur {
				dl[idx], changed = cur, true
			}
			if deal[idx] >= dl[idx] {
				return true
			}
		}
		// Beyond the chains, both copies of each card are off: a card
		// with a deadline needs a copy of each card between the highest
		// pile of its class and itself home before it. Lost if no copy
		// can be (both dealt too late); if only one can, it must.
		for _, l := range [][]int16{t.waste, t.stock} {
			for _, idx := range l {
				due := dl[idx]
				if due == never {
					continue
				}
				if deal[idx] >= due {
					return true
				}
				c := t.talon[idx]
				k := tg.fOf[c][0]
				for _, e := range tg.seq[k][min(d.hi[tg.fclass[k]], tg.pos[k][c]):tg.pos[k][c]] {
					if cnt[e] != 2 {
						continue
					}
					a, b := where[e][0], where[e][1]
					switch {
					case deal[a] >= due && deal[b] >= due:
						return true
					case deal[a] >= due && dl[b] > due:
						dl[b], changed = due, true
					case deal[b] >= due && dl[a] > due:
						dl[a], changed = due, true
					}
				}
			}
		}
	}
	return false
}

// initChains sets tg.chains and tg.classes: the waste-order test applies
// (no reserves, no wing, and every class of foundations declared alike
// has as many piles as its cards have copies, and its cards belong to
// no other class).
func (tg *talonGame) initChains() {
	if len(tg.res) > 0 || len(tg.wing) > 0 {
		return
	}
	seen := map[int]bool{}
	for k := range tg.found {
		cl := tg.fclass[k]
		if seen[cl] {
			continue
		}
		seen[cl] = true
		tg.classes = append(tg.classes, tg.twins[k])
	}
	for _, cl := range tg.classes {
		for _, c := range tg.seq[cl[0]] {
			if int(tg.copies[c]) != len(cl) || len(tg.fOf[c]) != len(cl) {
				return
			}
		}
		for _, k := range cl {
			if !slices.Equal(tg.seq[k], tg.seq[cl[0]]) {
				return
			}
		}
	}
	tg.chains = true
}

// # The release test (sound, last pass, no reversal)
//
// In the last pass the waste is a stack: a card leaves it only from the
// top, by a foundation move or by a refill, and a refill happens only
// when a reserve card goes home. So every card that leaves the waste
// (a pop) takes one foundation move from the pool (a reserve or the
// waste's top; the wing's foundation moves pop nothing), and a card
// dealt goes on top of every card in the waste. The j-th waste card
// from the top (j = 1 is the top) can come out only once the j-1 cards
// above it and every card dealt since have been popped: when pool homes
// minus cards dealt reach j-1. (A refill from the stock, when the
// waste is empty, counts as dealt; by then no card of the waste is left
// to wait.) A wing card is available only after the cards above it in
// its column have gone home.
//
// The test plays a relaxed game in phases: phase e has the first e
// stock cards dealt. Every reserve card is available from the start,
// each stock card from its phase on (for good: the real card may be
// buried again), the j-th waste card from the first moment at which
// pool homes minus phase reach j-1, a wing card once those above it
// have gone home; an available card goes home when some foundation
// could reach it, as in deadend.go (every card of its sequence from its
// height up to the card has a copy homed in the relaxed game). Within a
// phase, homing only makes more cards available and more foundations
// reachable, so the phase has one greatest outcome, reached greedily;
// the next phase starts only when nothing more goes home. By induction
// over the moves of a real line of play, every card that line brings
// home while e stock cards are out of the stock is homed by the end of
// phase e (its availability and its foundation carry over, and the
// line's pool homes so far are at most the relaxed game's). So if the
// relaxed game leaves a card off the foundations, the position is lost.
// Reversals break the foundation rule, so games with them are left out.
//
// The count of pool homes (solver 27, poolBound). Where the foundations
// come in pairs whose sequences hold the same cards, each card with two
// copies (Royal Cotillion and Odd and Even: the Ace and the Deuce pile of
// a suit; Picture Patience: the Ace and the King pile), the relaxed game
// homes every copy of a card that one pile of its pair could reach, both
// copies where a line of play may home only one; counted as pool homes,
// both would pop a waste card. It counts instead the most pool homes
// that a line could have made with the cards it has homed. A line's
// homes since the position are, on each pair (a, b), the cards of
// a's sequence from its height to some i and of b's from its height to
// some k, n_c copies of card c (0, 1 or 2), each copy one of the cards
// the line has homed. By the induction, those are among the relaxed
// game's homed cards (h_c copies of c, p_c of them from the pool), so
// n_c <= h_c, and the line's pool homes on the pair number at most the
// sum over c of min(n_c, p_c). poolBound takes the largest such sum
// over the pairs (i, k) with n_c <= h_c for every c: for each i from
// a's reach down, the largest k that fits (it only grows as i falls),
// and the sum only grows with i and k. So the count stays at least the
// line's and the induction goes through. On Royal Cotillion's 56 deals
// left unknown by solver 26 at 10 s, solver 27 proved 12 lost (within
// 3,570 positions each) and won 13 (TUNING.md, "Session 9").
//
// (Before solver 10 every stock card was available at once and the
// j-th waste card after any j-1 homes; the phases proved Royal
// Cotillion deal 994 lost in 25 ms, where 10 s had not been enough.)
func (d *talonDead) release(t *tstate) bool {
	tg := t.tg
	if d.top == nil {
		d.top = make([]int8, len(tg.found))
		d.wpos = make([]int8, len(tg.wing))
	}
	d.homed = [53]int8{}
	d.waitPool = [53]int8{}
	d.waitWing = [53]uint8{}
	d.homedPool = [53]int8{}
	for k := range tg.found {
		d.top[k] = t.foundHeight[k]
	}
	queue := d.queue[:0]
	left := t.tg.total - t.home
	// canHome holds the cards that some foundation k could reach: at a
	// position p of its sequence with t.foundHeight[k] <= p <= d.top[k] (a
	// sequence holds a card at most once). Bits are added as top grows.
	var canHome engine.CardSet
	for k := range tg.found {
		if t.foundHeight[k] < tg.flen[k] {
			canHome |= 1 << tg.seq[k][t.foundHeight[k]]
		}
	}
	// avail makes card c available, from the pool (wing < 0) or as the
	// exposed card of a wing column: it goes home at once if some
	// foundation reaches it, or waits until one does.
	avail := func(c engine.Card, wing int) {
		switch {
		case canHome.Has(c):
			queue = append(queue, released{c, int8(wing)})
		case wing < 0:
			d.waitPool[c]++
		default:
			d.waitWing[c] |= 1 << wing
		}
	}
	// dealt is the number of stock cards dealt in the relaxed game, and
	// free the number of waste cards counted from the top that have been
	// available (the most that pool homes minus deals has been, plus one).
	dealt, poolHomes, free := 0, 0, 0
	freeTo := func(n int) {
		for free < n && free < len(t.waste) {
			free++
			avail(t.talon[t.waste[len(t.waste)-free]], -1)
		}
	}
	for _, c := range t.res {
		if c != engine.NoCard {
			avail(c, -1)
		}
	}
	for k := range t.wing {
		d.wpos[k] = t.wingHeight[k] - 1
		if d.wpos[k] >= 0 {
			avail(t.wing[k][d.wpos[k]], k)
		}
	}
	freeTo(1)
	// homes counts the pool cards homed. paired: the pool homes are
	// counted by poolBound instead, for a pair again only once a card of
	// its piles has gone home since the last count (d.stale).
	paired, homes := tg.partner != nil && !d.noPairs, 0
	if paired {
		d.stale = 1<<len(tg.found) - 1
		if d.pairBest == nil {
			d.pairBest = make([]int, len(tg.found))
		}
	}
	for {
		for len(queue) > 0 {
			r := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			c := r.c
			left--
			if paired {
				for _, k := range tg.fOf[c] {
					d.stale |= 1 << k
				}
			}
			if r.wing < 0 {
				homes++
				if paired {
					d.homedPool[c]++
				} else {
					poolHomes = homes
					freeTo(poolHomes - dealt + 1)
				}
			} else if k := r.wing; d.wpos[k] > 0 {
				d.wpos[k]--
				avail(t.wing[k][d.wpos[k]], int(k))
			}
			d.homed[c]++
			if d.homed[c] != 1 {
				continue
			}
			for _, k := range tg.fOf[c] {
				if tg.pos[k][c] != d.top[k] {
					continue
				}
				seq, top := tg.seq[k], d.top[k]
				for int(top) < len(seq) && d.homed[seq[top]] > 0 {
					top++
					d.top[k] = top
					// The card at the new top, and copies of those
					// passed, can go home now.
					if int(top) < len(seq) {
						e := seq[top]
						canHome |= 1 << e
						for ; d.waitPool[e] > 0; d.waitPool[e]-- {
							queue = append(queue, released{e, -1})
						}
						for w := d.waitWing[e]; w != 0; w &= w - 1 {
							queue = append(queue, released{e, int8(bits.TrailingZeros8(w))})
						}
						d.waitWing[e] = 0
					}
				}
			}
		}
		// poolBound is at most homes: skip it where homes frees no more.
		if paired && d.stale != 0 && free < len(t.waste) && homes-dealt+1 > free {
			if b := d.poolBound(t); b > poolHomes {
				poolHomes = b
				freeTo(poolHomes - dealt + 1)
				if len(queue) > 0 {
					continue
				}
			}
		}
		if left == 0 {
			d.queue = queue
			return false
		}
		if dealt == len(t.stock) {
			d.queue = queue
			return true
		}
		dealt++
		avail(t.talon[t.stock[len(t.stock)-dealt]], -1)
	}
}

// poolBound is the most pool homes that a line of play can have made
// with the cards the release test has homed (d.homed, d.homedPool), on
// the pairs of foundations of tg.partner: see the release test.
func (d *talonDead) poolBound(t *tstate) int {
	tg := t.tg
	var n [53]int8
	total := 0
	for a, b := range tg.partner {
		if b < a {
			continue
		}
		if d.stale&(1<<a|1<<b) == 0 {
			total += d.pairBest[a]
			continue
		}
		sa, sb := tg.seq[a], tg.seq[b]
		ha, hb := int(t.foundHeight[a]), int(t.foundHeight[b])
		ta, tb := int(d.top[a]), int(d.top[b])
		sum := 0
		add := func(c engine.Card) {
			if n[c] < d.homedPool[c] {
				sum++
			}
			n[c]++
		}
		for i := ha; i < ta; i++ {
			add(sa[i])
		}
		best, k := 0, hb
		for i := ta; ; i-- {
			for k < tb && n[sb[k]] < d.homed[sb[k]] {
				add(sb[k])
				k++
			}
			best = max(best, sum)
			if i == ha {
				break
			}
			c := sa[i-1]
			n[c]--
			if n[c] < d.homedPool[c] {
				sum--
			}
		}
		n = [53]int8{}
		d.pairBest[a] = best
		total += best
	}
	d.stale = 0
	return total
}

// released is a card the release test sends home, and where from: a wing
// column, or the pool (-1).
type released struct {
	c    engine.Card
	wing int8
}

// initPartners sets tg.partner where the foundations come in pairs: each
// card of a foundation's sequence has two copies and lies on exactly one
// other foundation's sequence, the same one for all its cards.
func (tg *talonGame) initPartners() {
	partner := make([]int, len(tg.found))
	for k := range tg.found {
		partner[k] = -1
		for _, c := range tg.seq[k] {
			if tg.copies[c] != 2 || len(tg.fOf[c]) != 2 {
				return
			}
			o := tg.fOf[c][0]
			if o == k {
				o = tg.fOf[c][1]
			}
			if o == k || partner[k] >= 0 && partner[k] != o {
				return
			}
			partner[k] = o
		}
		if partner[k] < 0 {
			return
		}
	}
	tg.partner = partner
}
