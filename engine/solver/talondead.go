package solver

import "github.com/patience-solitaire/patience/engine"

// talonDead is the dedicated search's dead-end test, for the last pass
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
}

// test reports whether the position is proved lost.
func (d *talonDead) test(t *tstate) bool {
	tg := t.tg
	if !tg.chains || t.redeals < tg.redeals {
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
			lo = min(lo, t.fh[k])
		}
		for i := int(lo) + 1; i < len(seq); i++ {
			nPrev, nCur := 0, 0
			for _, k := range cl {
				if int(t.fh[k]) <= i-1 {
					nPrev++
				}
				if int(t.fh[k]) <= i {
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
			if !sameCards(tg.seq[k], tg.seq[cl[0]]) {
				return
			}
		}
	}
	tg.chains = true
}

func sameCards(a, b []engine.Card) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
