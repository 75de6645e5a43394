package solver

import (
	"encoding/binary"
	"slices"
	"sync"

	"github.com/patience-solitaire/patience/engine"
)

// The talon family: the games in which every card only ever goes to a
// foundation, the Patriarchs family (Patriarchs, Picture Patience, Odd
// and Even, Royal Cotillion, Contradance, Captured Queens). It applies to
// any declaration whose piles are foundations, a stock and a waste turned
// over by redeals, reserves that play only to the foundations and are
// refilled at once, and tableau piles that play only to the foundations
// and are never refilled (Royal Cotillion's left wing); see talonGameFor.
//
// In such a game the stock and the waste together keep one fixed order:
// dealing moves the stock's top card onto the waste, turning the waste
// over makes the card dealt first the stock's top again, and a card
// leaves them only from the top of one of them. So the talon is a fixed
// sequence of the cards in dealing order, and the position of the talon
// is which of its cards are gone (to a reserve or a foundation), which
// are in the waste (an initial part) and which in the stock. Foundations
// hold a prefix of their sequence (also with reversals), so a height
// says all. The position is therefore small, and its hash sums keys of
// (talon index, place), (foundation class, height), reserve card (the
// reserve spaces are interchangeable, so their cards form a multiset) and
// (wing column, height), plus the redeals taken.
//
// The framework's searches (framework.go) run on this position
// (talonPos). Its exact phase is exhaustive (every legal move tried,
// foundation moves first, over a transposition table), with only
// automatic moves whose soundness is proved in safe.go and the sound
// dead-end tests of talondead.go: a "lost" verdict is a proof (up to a
// collision of 64-bit hashes).

type talonGame struct {
	in       *info
	found    []int // engine pile of each foundation
	fclass   []int // foundations declared alike share a class
	twins    [][]int
	seq      [][]engine.Card
	pos      [][53]int8
	flen     []int8
	res      []int // engine reserve piles
	wing     []int // engine tableau piles
	stock    int
	waste    int
	redeals  int
	reversal bool
	total    int // cards on the foundations in a won position
	copies   [53]int8
	// fOf[c] lists the foundation slots whose sequence holds card c.
	fOf [53][]int

	foundKeys   [][]uint64 // [foundation][height]
	reserveKeys [53]uint64
	wingKeys    [][]uint64 // [wing][height]
	redealKey   uint64
	talonKeys   [][2]uint64 // [talon index][stock, waste]
	// chains: the waste-order test of talondead.go applies, to the
	// classes of foundations declared alike.
	chains  bool
	classes [][]int
	// holdRule: the hold rule (holdable) applies; heldKeys are the keys of
	// the cards it marks, by talon index.
	holdRule bool
	holdable [53]bool
	heldKeys []uint64
	// partner pairs the foundations for the release test's count of pool
	// homes (poolBound): nil unless every foundation has exactly one
	// partner whose sequence holds the same cards, each with two copies.
	partner []int
}

const (
	locStock uint8 = iota
	locWaste
	locGone
)

// talonGameFor returns the talon family's view of g, or nil if g is not
// a game of the family.
func talonGameFor(in *info) *talonGame {
	g := in.g
	if g.HasRulesBeyond(engine.Reversal) || g.AllForced() || g.Goal() != g.Cards() || !in.capacity {
		return nil
	}
	if g.Redeals > 0 && g.RedealKind != engine.TurnWaste {
		return nil
	}
	if in.stock < 0 || in.waste < 0 {
		return nil
	}
	tg := &talonGame{in: in, stock: in.stock, waste: in.waste, redeals: g.Redeals, reversal: g.Has(engine.ActReversal), total: g.Cards(), copies: in.copies}
	for i := range g.Piles {
		p := &g.Piles[i]
		switch p.Kind {
		case engine.Foundation:
			if p.Found.AnyRank {
				return nil
			}
			tg.found = append(tg.found, i)
		case engine.Reserve:
			if !p.Refill || !p.ToFoundationOnly {
				return nil
			}
			tg.res = append(tg.res, i)
		case engine.Tableau:
			if !p.ToFoundationOnly || p.Fill != engine.FillNever {
				return nil
			}
			tg.wing = append(tg.wing, i)
		case engine.Stock, engine.Waste:
		default:
			return nil
		}
	}
	if len(tg.found) > 16 || len(tg.res) > 16 || len(tg.wing) > 8 {
		return nil
	}
	rng := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return rng * 0x2545f4914f6cdd1d
	}
	tg.fclass = make([]int, len(tg.found))
	for k, f := range tg.found {
		tg.fclass[k] = k
		for j := 0; j < k; j++ {
			if in.same[tg.found[j]][f] {
				tg.fclass[k] = tg.fclass[j]
				break
			}
		}
		tg.seq = append(tg.seq, in.seq[f])
		tg.pos = append(tg.pos, in.pos[f])
		tg.flen = append(tg.flen, int8(len(in.seq[f])))
		for _, c := range in.seq[f] {
			tg.fOf[c] = append(tg.fOf[c], k)
		}
	}
	tg.twins = make([][]int, len(tg.found))
	for k := range tg.found {
		for j := range tg.found {
			if tg.fclass[j] == tg.fclass[k] {
				tg.twins[k] = append(tg.twins[k], j)
			}
		}
	}
	// Keys: twins share their keys, so positions that differ by an
	// exchange of two twin foundations hash alike.
	tg.foundKeys = make([][]uint64, len(tg.found))
	for k := range tg.found {
		if tg.fclass[k] != k {
			tg.foundKeys[k] = tg.foundKeys[tg.fclass[k]]
			continue
		}
		tg.foundKeys[k] = make([]uint64, tg.flen[k]+1)
		for h := range tg.foundKeys[k] {
			tg.foundKeys[k][h] = next()
		}
	}
	for c := range tg.reserveKeys {
		tg.reserveKeys[c] = next()
	}
	tg.wingKeys = make([][]uint64, len(tg.wing))
	for k := range tg.wing {
		tg.wingKeys[k] = make([]uint64, g.Cards()+1)
		for h := range tg.wingKeys[k] {
			tg.wingKeys[k][h] = next()
		}
	}
	tg.initChains()
	tg.initPartners()
	tg.redealKey = next()
	tg.talonKeys = make([][2]uint64, g.Cards())
	for i := range tg.talonKeys {
		tg.talonKeys[i] = [2]uint64{next(), next()}
	}
	tg.holdRule = len(tg.res) == 0 && len(tg.wing) == 0 && !tg.reversal
	for c, ks := range tg.fOf {
		tg.holdable[c] = tg.copies[c] == 2 && len(ks) > 0
		for _, k := range ks {
			tg.holdable[c] = tg.holdable[c] && tg.fclass[k] == tg.fclass[ks[0]]
		}
	}
	tg.heldKeys = make([]uint64, g.Cards())
	for i := range tg.heldKeys {
		tg.heldKeys[i] = next()
	}
	return tg
}

// tstate is a position of a talonGame.
type tstate struct {
	tg          *talonGame
	foundHeight []int8        // foundation heights
	res         []engine.Card // reserve spaces
	wing        [][]engine.Card
	wingHeight  []int8 // wing heights
	talon       []engine.Card
	loc         []uint8
	waste       []int16 // talon indices, bottom first
	stock       []int16 // talon indices, top last
	redeals     int
	home        int
	hash        uint64
	// held marks the cards of the talon that the hold rule keeps off the
	// foundations until their twin is home, by talon index; noHold turns
	// the rule off.
	held   []bool
	noHold bool
	// saved keeps the waste of each redeal taken, for Undo.
	saved [][]int16
}

// newTState converts an engine position; ok is false for one that the
// talon family's position cannot hold (a forced move pending, a
// foundation not holding a prefix of its sequence).
func (tg *talonGame) newTState(s *engine.State) (*tstate, bool) {
	if _, forced := s.Forced(); forced {
		return nil, false
	}
	t := &tstate{tg: tg, foundHeight: make([]int8, len(tg.found)), res: make([]engine.Card, len(tg.res)),
		wing: make([][]engine.Card, len(tg.wing)), wingHeight: make([]int8, len(tg.wing)), redeals: s.Redeals()}
	for k, f := range tg.found {
		p := s.Pile(f)
		if len(p) > len(tg.seq[k]) {
			return nil, false
		}
		for i, c := range p {
			if tg.seq[k][i] != c {
				return nil, false
			}
		}
		t.foundHeight[k] = int8(len(p))
		t.home += len(p)
		t.hash += tg.foundKeys[k][len(p)]
	}
	for k, r := range tg.res {
		p := s.Pile(r)
		if len(p) > 1 {
			return nil, false
		}
		if len(p) == 1 {
			t.res[k] = p[0]
			t.hash += tg.reserveKeys[p[0]]
		}
	}
	for k, w := range tg.wing {
		t.wing[k] = append([]engine.Card(nil), s.Pile(w)...)
		t.wingHeight[k] = int8(len(t.wing[k]))
		t.hash += tg.wingKeys[k][t.wingHeight[k]]
	}
	w, st := s.Pile(tg.waste), s.Pile(tg.stock)
	t.talon = append(t.talon, w...)
	for i := len(st) - 1; i >= 0; i-- {
		t.talon = append(t.talon, st[i])
	}
	t.loc = make([]uint8, len(t.talon))
	t.held = make([]bool, len(t.talon))
	for i := range w {
		t.waste = append(t.waste, int16(i))
		t.loc[i] = locWaste
		t.hash += tg.talonKeys[i][locWaste]
	}
	for i := len(t.talon) - 1; i >= len(w); i-- {
		t.stock = append(t.stock, int16(i))
		t.hash += tg.talonKeys[i][locStock]
	}
	t.hash += uint64(t.redeals) * tg.redealKey
	return t, true
}

// tmove is a move of the talon family's position. For a move from a reserve,
// refill is the talon index that refilled the space (-1: none) and
// fromStock says it came from the stock.
type tmove struct {
	kind      uint8
	src       int8 // reserve space or wing column; for a reversal, the foundation it leaves
	f         int8 // foundation (slot) it goes to
	card      engine.Card
	refill    int16
	fromStock bool
	// hold: a deal or redeal that made the hold rule mark the waste's
	// top, a foundation move that unmarked the card it played.
	hold bool
}

const (
	tmRes uint8 = iota
	tmWaste
	tmWing
	tmReversal
	tmDeal
	tmRedeal
)

func (t *tstate) wasteTop() engine.Card {
	if len(t.waste) == 0 {
		return engine.NoCard
	}
	return t.talon[t.waste[len(t.waste)-1]]
}

func (t *tstate) wingTop(k int) engine.Card {
	if t.wingHeight[k] == 0 {
		return engine.NoCard
	}
	return t.wing[k][t.wingHeight[k]-1]
}

// accepts reports whether foundation slot k takes card c now.
func (t *tstate) accepts(k int, c engine.Card) bool {
	h := t.foundHeight[k]
	return h < t.tg.flen[k] && t.tg.seq[k][h] == c
}

func (t *tstate) setF(k int, h int8) {
	tg := t.tg
	t.hash += tg.foundKeys[k][h] - tg.foundKeys[k][t.foundHeight[k]]
	t.home += int(h) - int(t.foundHeight[k])
	t.foundHeight[k] = h
}

func (t *tstate) apply(m *tmove) {
	tg := t.tg
	switch m.kind {
	case tmRes:
		t.setF(int(m.f), t.foundHeight[m.f]+1)
		t.hash -= tg.reserveKeys[m.card]
		m.refill = -1
		m.fromStock = false
		var idx int16 = -1
		if n := len(t.waste); n > 0 {
			idx = t.waste[n-1]
			t.waste = t.waste[:n-1]
			t.hash -= tg.talonKeys[idx][locWaste]
		} else if n := len(t.stock); n > 0 {
			idx = t.stock[n-1]
			t.stock = t.stock[:n-1]
			t.hash -= tg.talonKeys[idx][locStock]
			m.fromStock = true
		}
		m.refill = idx
		if idx >= 0 {
			t.loc[idx] = locGone
			c := t.talon[idx]
			t.res[m.src] = c
			t.hash += tg.reserveKeys[c]
		} else {
			t.res[m.src] = engine.NoCard
		}
	case tmWaste:
		t.setF(int(m.f), t.foundHeight[m.f]+1)
		idx := t.waste[len(t.waste)-1]
		t.waste = t.waste[:len(t.waste)-1]
		t.loc[idx] = locGone
		t.hash -= tg.talonKeys[idx][locWaste]
		m.refill = idx
		m.hold = t.held[idx]
		if m.hold {
			t.held[idx] = false
			t.hash -= tg.heldKeys[idx]
		}
	case tmWing:
		t.setF(int(m.f), t.foundHeight[m.f]+1)
		k := int(m.src)
		t.hash += tg.wingKeys[k][t.wingHeight[k]-1] - tg.wingKeys[k][t.wingHeight[k]]
		t.wingHeight[k]--
	case tmReversal:
		t.setF(int(m.src), t.foundHeight[m.src]-1)
		t.setF(int(m.f), t.foundHeight[m.f]+1)
	case tmDeal:
		m.hold = t.holdTop()
		idx := t.stock[len(t.stock)-1]
		t.stock = t.stock[:len(t.stock)-1]
		t.waste = append(t.waste, idx)
		t.loc[idx] = locWaste
		t.hash += tg.talonKeys[idx][locWaste] - tg.talonKeys[idx][locStock]
	case tmRedeal:
		m.hold = t.holdTop()
		// Kept for Undo, in the buffer of a redeal undone since if
		// there is one: the beam's routes take and undo redeals often.
		if n := len(t.saved); n < cap(t.saved) {
			t.saved = t.saved[:n+1]
			t.saved[n] = append(t.saved[n][:0], t.waste...)
		} else {
			t.saved = append(t.saved, append([]int16(nil), t.waste...))
		}
		for i := len(t.waste) - 1; i >= 0; i-- {
			idx := t.waste[i]
			t.stock = append(t.stock, idx)
			t.loc[idx] = locStock
			t.hash += tg.talonKeys[idx][locStock] - tg.talonKeys[idx][locWaste]
		}
		t.waste = t.waste[:0]
		t.redeals++
		t.hash += tg.redealKey
	}
}

// The beam search's snapshots (snapshot.go): the foundations' heights,
// the reserve, the wings' heights, each talon card's place (and hold
// mark, where the hold rule applies), the waste and the stock, the counts
// and the hash, in bytes. A talon of more than 255 cards cannot be saved
// (no game has one).

func (t *tstate) snapshotSize() int {
	n := len(t.talon)
	if n > 255 || t.tg.redeals > 255 || t.tg.total > 255 {
		return 0
	}
	size := len(t.foundHeight) + len(t.res) + len(t.wingHeight) + 2*n + 2 + 3 + 8
	if t.tg.holdRule {
		size += n
	}
	return size
}

func (t *tstate) save(b []byte) {
	i := 0
	for _, h := range t.foundHeight {
		b[i] = byte(h)
		i++
	}
	for _, c := range t.res {
		b[i] = byte(c)
		i++
	}
	for _, h := range t.wingHeight {
		b[i] = byte(h)
		i++
	}
	i += copy(b[i:], t.loc)
	if t.tg.holdRule {
		for _, h := range t.held {
			b[i] = 0
			if h {
				b[i] = 1
			}
			i++
		}
	}
	b[i], b[i+1] = byte(len(t.waste)), byte(len(t.stock))
	i += 2
	for _, x := range t.waste {
		b[i] = byte(x)
		i++
	}
	for _, x := range t.stock {
		b[i] = byte(x)
		i++
	}
	i = len(b) - 11
	b[i], b[i+1], b[i+2] = byte(t.redeals), byte(t.home), byte(len(t.saved))
	binary.LittleEndian.PutUint64(b[i+3:], t.hash)
}

// restore leaves the waste kept by each redeal (saved) as it is but for
// its length: only the redeals taken after the restore are undone.
func (t *tstate) restore(b []byte) {
	i := 0
	for k := range t.foundHeight {
		t.foundHeight[k] = int8(b[i])
		i++
	}
	for k := range t.res {
		t.res[k] = engine.Card(b[i])
		i++
	}
	for k := range t.wingHeight {
		t.wingHeight[k] = int8(b[i])
		i++
	}
	i += copy(t.loc, b[i:])
	if t.tg.holdRule {
		for k := range t.held {
			t.held[k] = b[i] != 0
			i++
		}
	}
	lw, ls := int(b[i]), int(b[i+1])
	i += 2
	t.waste = slices.Grow(t.waste[:0], lw)[:lw]
	for k, x := range b[i : i+lw] {
		t.waste[k] = int16(x)
	}
	i += lw
	t.stock = slices.Grow(t.stock[:0], ls)[:ls]
	for k, x := range b[i : i+ls] {
		t.stock[k] = int16(x)
	}
	i = len(b) - 11
	t.redeals, t.home = int(b[i]), int(b[i+1])
	t.saved = t.saved[:b[i+2]]
	t.hash = binary.LittleEndian.Uint64(b[i+3:])
}

func (t *tstate) undo(m *tmove) {
	tg := t.tg
	switch m.kind {
	case tmRes:
		if idx := m.refill; idx >= 0 {
			t.hash -= tg.reserveKeys[t.res[m.src]]
			if m.fromStock {
				t.stock = append(t.stock, idx)
				t.loc[idx] = locStock
				t.hash += tg.talonKeys[idx][locStock]
			} else {
				t.waste = append(t.waste, idx)
				t.loc[idx] = locWaste
				t.hash += tg.talonKeys[idx][locWaste]
			}
		}
		t.res[m.src] = m.card
		t.hash += tg.reserveKeys[m.card]
		t.setF(int(m.f), t.foundHeight[m.f]-1)
	case tmWaste:
		idx := m.refill
		t.waste = append(t.waste, idx)
		t.loc[idx] = locWaste
		t.hash += tg.talonKeys[idx][locWaste]
		t.setF(int(m.f), t.foundHeight[m.f]-1)
		if m.hold {
			t.held[idx] = true
			t.hash += tg.heldKeys[idx]
		}
	case tmWing:
		k := int(m.src)
		t.hash += tg.wingKeys[k][t.wingHeight[k]+1] - tg.wingKeys[k][t.wingHeight[k]]
		t.wingHeight[k]++
		t.setF(int(m.f), t.foundHeight[m.f]-1)
	case tmReversal:
		t.setF(int(m.f), t.foundHeight[m.f]-1)
		t.setF(int(m.src), t.foundHeight[m.src]+1)
	case tmDeal:
		idx := t.waste[len(t.waste)-1]
		t.waste = t.waste[:len(t.waste)-1]
		t.stock = append(t.stock, idx)
		t.loc[idx] = locStock
		t.hash += tg.talonKeys[idx][locStock] - tg.talonKeys[idx][locWaste]
		t.unholdTop(m)
	case tmRedeal:
		for _, idx := range t.stock {
			t.loc[idx] = locWaste
			t.hash += tg.talonKeys[idx][locWaste] - tg.talonKeys[idx][locStock]
		}
		t.stock = t.stock[:0]
		t.waste = append(t.waste[:0], t.saved[len(t.saved)-1]...)
		t.saved = t.saved[:len(t.saved)-1]
		t.redeals--
		t.hash -= tg.redealKey
		t.unholdTop(m)
	}
}

// The hold rule (games without reserves, wings and reversals; cards with
// two copies whose foundations are all alike, as in Contradance). When the
// waste's top card c could go home, its twin c' is off the foundations,
// and the search deals or redeals instead, c is marked: it may go home
// only once c' is home. Proof that no win is lost: take a winning line
// from the position after the deal in which c goes home before c'; play
// c home at once instead (on the foundation that took it) and then the
// same line without c's move. Every move stays legal: until c's move
// the only card that a foundation taking c could take is a copy of c,
// and c' comes later; a foundation of c's class that reaches c's place
// meanwhile and takes c in the line is alike, so the two swap roles; the
// waste and stock only lack c, which the line moved from its top only.
// So that line wins too, and it is searched from the position before the
// deal. The exchange, like those that prove holdDead and the automatic
// moves of safe.go, plays one card home k moves earlier and at most k-1
// others one move later, so it lowers the sum over the cards of the move
// numbers at which they go home: a winning line with the lowest sum
// keeps every rule, and the search, which follows every line that keeps
// them, finds one. The mark is part of the position (and of its hash),
// so the transposition table never mixes marked and unmarked positions.

// holdTop marks the waste's top card if the hold rule applies to it, and
// reports whether it did.
func (t *tstate) holdTop() bool {
	tg := t.tg
	if !tg.holdRule || t.noHold || len(t.waste) == 0 {
		return false
	}
	idx := t.waste[len(t.waste)-1]
	c := t.talon[idx]
	if t.held[idx] || !tg.holdable[c] || t.homeCount(c) != 0 {
		return false
	}
	for _, k := range tg.fOf[c] {
		if t.accepts(k, c) {
			t.held[idx] = true
			t.hash += tg.heldKeys[idx]
			return true
		}
	}
	return false
}

// unholdTop undoes holdTop for move m, the waste's top card being the
// one marked.
func (t *tstate) unholdTop(m *tmove) {
	if m.hold {
		idx := t.waste[len(t.waste)-1]
		t.held[idx] = false
		t.hash -= t.tg.heldKeys[idx]
	}
}

// holdDead reports whether the hold rule leaves no line worth searching
// from here. Take a card c that it marked, in the waste, its twin c' off.
// One foundation of c's class waits at c's place for c' (only a copy of c
// can move it on). The position is dead if
//   - two foundations take c: any line from here is matched by one from
//     the position where c was marked, with c played home at once and
//     c' on the other foundation;
//   - or c' is marked too: each must go home after the other;
//   - or no redeal is left and a card that must go home before c lies
//     below c in the waste, where it cannot leave before c: c' (the
//     mark), or the card of the other foundation's sequence, from its
//     height up to c (c goes home last of the two copies, onto the
//     other foundation; the other copy of each of those cards is on the
//     waiting one).
func (t *tstate) holdDead() bool {
	tg := t.tg
	if !tg.holdRule {
		return false
	}
	last := t.redeals >= tg.redeals
	var below, marked [53]bool
	for _, idx := range t.stock {
		if t.held[idx] {
			marked[t.talon[idx]] = true
		}
	}
	for _, idx := range t.waste {
		c := t.talon[idx]
		if t.held[idx] && t.homeCount(c) == 0 {
			if marked[c] {
				return true
			}
			marked[c] = true
			n, low := 0, int8(127)
			for _, k := range tg.fOf[c] {
				if t.accepts(k, c) {
					n++
				}
				low = min(low, t.foundHeight[k])
			}
			if n >= 2 {
				return true
			}
			if last {
				k := tg.fOf[c][0]
				for _, d := range tg.seq[k][low : tg.pos[k][c]+1] {
					if below[d] {
						return true
					}
				}
			}
		}
		below[c] = true
	}
	return false
}

// barred reports whether the hold rule keeps the waste's top card c off
// the foundations.
func (t *tstate) barred() bool {
	return len(t.waste) > 0 && t.held[t.waste[len(t.waste)-1]] && t.homeCount(t.wasteTop()) == 0
}

// firstTwin reports whether foundation slot k is the first of its twins
// with its height (moves to a later twin of the same height give the
// same position).
func (t *tstate) firstTwin(k int) bool {
	for _, j := range t.tg.twins[k] {
		if j == k {
			return true
		}
		if t.foundHeight[j] == t.foundHeight[k] {
			return false
		}
	}
	return true
}

// legal appends the legal moves, foundation moves first.
func (t *tstate) legal(buf []tmove) []tmove {
	tg := t.tg
	for k := range tg.found {
		h := t.foundHeight[k]
		if h >= tg.flen[k] || !t.firstTwin(k) {
			continue
		}
		c := tg.seq[k][h]
		for j, r := range t.res {
			if r != c {
				continue
			}
			dup := false
			for _, r2 := range t.res[:j] {
				if r2 == c {
					dup = true
				}
			}
			if !dup {
				buf = append(buf, tmove{kind: tmRes, src: int8(j), f: int8(k), card: c})
			}
		}
		for j := range t.wing {
			if t.wingTop(j) == c {
				buf = append(buf, tmove{kind: tmWing, src: int8(j), f: int8(k), card: c})
			}
		}
		if t.wasteTop() == c && !t.barred() {
			buf = append(buf, tmove{kind: tmWaste, f: int8(k), card: c})
		}
	}
	if len(t.stock) > 0 {
		buf = append(buf, tmove{kind: tmDeal, card: t.talon[t.stock[len(t.stock)-1]]})
	} else if len(t.waste) > 0 && t.redeals < tg.redeals {
		buf = append(buf, tmove{kind: tmRedeal})
	}
	if tg.reversal {
		for k := range tg.found {
			h := t.foundHeight[k]
			if h >= tg.flen[k] || !t.firstTwin(k) {
				continue
			}
			c := tg.seq[k][h]
			for _, j := range tg.fOf[c] {
				if j != k && t.foundHeight[j] >= 2 && tg.seq[j][t.foundHeight[j]-1] == c {
					buf = append(buf, tmove{kind: tmReversal, src: int8(j), f: int8(k), card: c})
				}
			}
		}
	}
	return buf
}

// homeCount is the number of copies of c on the foundations.
func (t *tstate) homeCount(c engine.Card) int8 {
	n := int8(0)
	for _, k := range t.tg.fOf[c] {
		if t.tg.pos[k][c] < t.foundHeight[k] {
			n++
		}
	}
	return n
}

// safeMove returns an automatic move proved safe, if any: the
// dead-base rule of safe.go for a wing card (a tableau pile: its absence
// changes no refill), and for the waste's top card in a game without
// reserves, with condition 3' (trappedCopies) there too. Conditions 1
// (nothing is ever built on a card: these games have no building) and 2
// (no foundation takes any rank) hold for every talonGame; the rule
// needs a game without reversal.
func (t *tstate) safeMove() (tmove, bool) {
	tg := t.tg
	if tg.reversal {
		return tmove{}, false
	}
	try := func(c engine.Card, trapped bool) (int, bool) {
		k, first, alike := 0, -1, true
		home := func(d engine.Card) bool { return t.homeCount(d) >= tg.copies[d] }
		for _, j := range tg.fOf[c] {
			if !t.accepts(j, c) {
				continue
			}
			k++
			if first < 0 {
				first = j
			} else if !sameRest(tg.seq[first], tg.seq[j], tg.pos[first][c], tg.pos[j][c], home) {
				alike = false
			}
		}
		if k == 0 {
			return 0, false
		}
		off := tg.copies[c] - t.homeCount(c)
		if int8(k) >= off {
			return first, alike
		}
		if !trapped || t.redeals < tg.redeals {
			return 0, false
		}
		// Condition 3': every foundation holding c in its sequence is
		// alike, and every other copy off the foundations lies below c
		// in the waste.
		for _, j := range tg.fOf[c] {
			if tg.fclass[j] != tg.fclass[tg.fOf[c][0]] {
				return 0, false
			}
		}
		n := int8(0)
		for _, idx := range t.waste[:len(t.waste)-1] {
			if t.talon[idx] == c {
				n++
			}
		}
		return first, n == off-1
	}
	for j := range t.wing {
		if c := t.wingTop(j); c != engine.NoCard {
			if f, ok := try(c, false); ok {
				return tmove{kind: tmWing, src: int8(j), f: int8(f), card: c}, true
			}
		}
	}
	if len(tg.res) == 0 && !t.barred() {
		if c := t.wasteTop(); c != engine.NoCard {
			if f, ok := try(c, len(tg.wing) == 0); ok {
				return tmove{kind: tmWaste, f: int8(f), card: c}, true
			}
		}
	}
	return tmove{}, false
}

// engineMoves converts a line of talon moves (tmove) into the engine's
// moves from s (which it does not change), with the forced refills.
func (tg *talonGame) engineMoves(s *engine.State, line []tmove) []engine.Move {
	e := s.Clone()
	var out []engine.Move
	play := func(m engine.Move) {
		e.Apply(m)
		out = append(out, m)
		for {
			f, ok := e.Forced()
			if !ok {
				return
			}
			e.Apply(f)
			out = append(out, f)
		}
	}
	for _, m := range line {
		f := int8(-1)
		if m.kind != tmDeal && m.kind != tmRedeal {
			f = int8(tg.found[m.f])
		}
		switch m.kind {
		case tmRes:
			play(engine.Move{Action: engine.ActMove, From: int8(tg.res[m.src]), To: f, Card: m.card})
		case tmWaste:
			play(engine.Move{Action: engine.ActMove, From: int8(tg.waste), To: f, Card: m.card})
		case tmWing:
			play(engine.Move{Action: engine.ActMove, From: int8(tg.wing[m.src]), To: f, Card: m.card})
		case tmReversal:
			play(engine.Move{Action: engine.ActReversal, From: int8(tg.found[m.src]), To: f, Card: m.card})
		case tmDeal:
			play(engine.Move{Action: engine.ActDeal, From: int8(tg.stock), To: int8(tg.waste), Card: e.Top(tg.stock)})
		case tmRedeal:
			play(engine.Move{Action: engine.ActRedeal, From: int8(tg.waste), To: int8(tg.stock)})
		}
	}
	return out
}

var talonGames sync.Map // *info -> *talonGame (nil: not such a game)

func (in *info) talonGame() *talonGame {
	if v, ok := talonGames.Load(in); ok {
		return v.(*talonGame)
	}
	v, _ := talonGames.LoadOrStore(in, talonGameFor(in))
	return v.(*talonGame)
}

// naturalMove returns a move by the natural rule (see heuristicSafe): a
// card goes home when every copy of the card below it there is home. Not
// sound; used only to find wins.
func (t *tstate) naturalMove() (tmove, bool) {
	tg := t.tg
	for k := range tg.found {
		h := t.foundHeight[k]
		if h >= tg.flen[k] {
			continue
		}
		if h > 0 {
			prev := tg.seq[k][h-1]
			if t.homeCount(prev) < tg.copies[prev] {
				continue
			}
		}
		c := tg.seq[k][h]
		for j, r := range t.res {
			if r == c {
				return tmove{kind: tmRes, src: int8(j), f: int8(k), card: c}, true
			}
		}
		for j := range t.wing {
			if t.wingTop(j) == c {
				return tmove{kind: tmWing, src: int8(j), f: int8(k), card: c}, true
			}
		}
		if t.wasteTop() == c {
			return tmove{kind: tmWaste, f: int8(k), card: c}, true
		}
	}
	return tmove{}, false
}

// autoMove returns the move the search plays without branching, if any:
// a proven-safe move, or in the heuristic phases the natural one.
func (p *talonPos) autoMove() (tmove, bool) {
	t := p.tstate
	if !p.noDeadBase {
		if m, ok := t.safeMove(); ok {
			return m, true
		}
	}
	if p.topHome {
		if c := t.wasteTop(); c != engine.NoCard {
			for _, k := range t.tg.fOf[c] {
				if t.accepts(k, c) {
					return tmove{kind: tmWaste, f: int8(k), card: c}, true
				}
			}
		}
	}
	if p.heuristic {
		return t.naturalMove()
	}
	return tmove{}, false
}

// talonPos is the position of the talon family, with the searches' modes:
// the talon family's position (tstate) and its rules, the automatic
// moves of safeMove (sound), the hold rule (sound), the dead-end tests
// of talondead.go (sound), and in the heuristic modes the natural rule
// and topHome (not sound).
type talonPos struct {
	*tstate
	deadEnds bool // the dead-end tests (test switch noDeadEnds)
	// heuristic: also play the natural rule automatically (not sound:
	// for finding wins only).
	heuristic bool
	// topHome: also play the waste's top home whenever a foundation
	// takes it (not proved sound: for finding wins only).
	topHome bool
	// clog weighs, in the beam search's order, the reserve cards that
	// no foundation wants soon.
	clog int
	// noDeadBase turns the automatic moves off (test switch).
	noDeadBase bool
	d          talonDead
	// the beam search's evaluation scratch
	evalHeight []int8
	used       []bool
	ucnt       [53]int8 // copies met, by card
}

// talonSearcher is a searcher on the talon family's position.
type talonSearcher = searcher[tmove, *talonPos]

// newTalonSearcher returns a searcher on t (which it changes while it
// searches), with the test switches sw.
func newTalonSearcher(t *tstate, b *budget, sw switches) *talonSearcher {
	t.noHold = sw.noHold
	p := &talonPos{tstate: t, deadEnds: !sw.noDeadEnds, noDeadBase: sw.noDeadBase,
		evalHeight: make([]int8, len(t.foundHeight)), used: make([]bool, len(t.res)+len(t.wing))}
	p.d.noPairs = sw.noPairs
	b.mask = 4095
	return &talonSearcher{budget: b, p: p, tt: newHashSet(1 << 14), maxTree: 2 * maxTalonTree}
}

const maxTalonTree = 1 << 22

func (p *talonPos) won() bool                 { return p.home == p.tg.total }
func (p *talonPos) progress() int             { return p.home }
func (p *talonPos) hash() uint64              { return p.tstate.hash }
func (p *talonPos) perturb(uint64)            {}
func (p *talonPos) rootLost() bool            { return false }
func (p *talonPos) moves(buf []tmove) []tmove { return p.legal(buf) }
func (p *talonPos) dealLayers() bool          { return true }

func (p *talonPos) setMode(md mode) {
	p.heuristic = md.auto == autoNatural
	p.topHome = md.auto == autoTopHome
	p.clog = md.clog
}

// dead: the dead-end tests of talondead.go and the hold rule's.
func (p *talonPos) dead() bool {
	return p.deadEnds && p.d.test(p.tstate) || p.holdDead()
}

// layer is how far play has gone through the talon: the redeals taken,
// then the cards dealt from or taken off the stock; it only ever grows.
// Comparing positions only with others as far through the talon keeps
// the beam search from spending itself on the many ways to play the same
// few cards early, which is where a plain best-first search goes in the
// games with reserves.
func (p *talonPos) layer() int {
	n := len(p.talon)
	return p.redeals*(n+1) + n - len(p.stock)
}

func (p *talonPos) layers() int { return (p.tg.redeals + 1) * (len(p.talon) + 1) }

// beamMoves are the moves within a layer: foundation moves and reversals
// (a refill from the stock moves the position on to a later layer).
func (p *talonPos) beamMoves(buf []tmove) []tmove {
	buf = p.legal(buf)
	out := buf[:0]
	for _, m := range buf {
		if m.kind != tmDeal && m.kind != tmRedeal {
			out = append(out, m)
		}
	}
	return out
}

// advance deals, or turns the waste over.
func (p *talonPos) advance() (tmove, bool) {
	switch {
	case len(p.stock) > 0:
		return tmove{kind: tmDeal, card: p.talon[p.stock[len(p.stock)-1]]}, true
	case len(p.waste) > 0 && p.redeals < p.tg.redeals:
		return tmove{kind: tmRedeal}, true
	}
	return tmove{}, false
}

// beamClogs are the weights of clogged reserve cards (talonPos.clog) that
// each width of the beam phase tries in turn: the orders they give win
// different deals. Measurements: TUNING.md, "The talon family's beam".
var beamClogs = []int{0, 40, 250, 100}

// talonBeamModes are the automatic plays the beam phase tries, in turn,
// at each width and weight: sending the waste's top home at once. The
// natural rule is left out (it helps only easy deals, which the other
// modes win too, and misleads the beam in the hard ones), and so is the
// sound mode. Measurements: TUNING.md, "The talon family's beam".
var talonBeamModes = []autoMode{autoTopHome}

// talonBeam is the beam phase's modes: each weight of beamClogs with
// each of talonBeamModes.
var talonBeam = func() []mode {
	var ms []mode
	for _, c := range beamClogs {
		for _, a := range talonBeamModes {
			ms = append(ms, mode{auto: a, clog: c})
		}
	}
	return ms
}()
