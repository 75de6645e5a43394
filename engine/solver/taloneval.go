package solver

import (
	"math/bits"

	"github.com/patience-solitaire/patience/engine"
)

// The order of the beam search on the talon family's position: the cards
// on the foundations and those that could follow them at once from the
// reserve, the wing and the waste's top.

// evaluate scores the position: cards home, plus those that could follow
// at once by foundation moves from the reserve, the wing tops and the
// waste's top (each card once), less costs for the cards the foundations
// need soon that lie buried and for the reserve cards they do not.
func (p *talonPos) evaluate() int32 {
	t := p.tstate
	tg := t.tg
	copy(p.evalHeight, t.foundHeight)
	for i := range p.used {
		p.used[i] = false
	}
	// inRes holds, by card, the reserve piles it lies in that no extra
	// card has taken yet (the lowest is taken first; at most 16 piles).
	var inRes [53]uint16
	for j, r := range t.res {
		if r != engine.NoCard {
			inRes[r] |= 1 << j
		}
	}
	extra := 0
	wingHeight := 0
	for changed := true; changed; {
		changed = false
		for k := range tg.found {
			for p.evalHeight[k] < tg.flen[k] {
				c := tg.seq[k][p.evalHeight[k]]
				ok := false
				if m := inRes[c]; m != 0 {
					j := bits.TrailingZeros16(m)
					inRes[c] = m &^ (1 << j)
					p.used[j] = true
					ok = true
				}
				if !ok {
					for j := range t.wing {
						if !p.used[len(t.res)+j] && t.wingTop(j) == c {
							p.used[len(t.res)+j] = true
							ok = true
							break
						}
					}
				}
				if !ok && wingHeight < len(t.waste) && t.talon[t.waste[len(t.waste)-1-wingHeight]] == c {
					wingHeight++
					ok = true
				}
				if !ok {
					break
				}
				p.evalHeight[k]++
				extra++
				changed = true
			}
		}
	}
	score := int32(1000 * (t.home + extra))
	// urg is how soon a foundation needs card c: the distance from a
	// foundation's height (with the extra cards) to c. In the games with
	// a redeal each foundation takes one copy, so the first copy met
	// (reserve first, then the waste from its top) gets the nearest
	// foundation's distance, the second the next one's; ucnt counts the
	// copies met: in Odd and Even, whose Ace and Deuce foundations of a
	// suit both take every card of the suit, far apart, the second copy
	// is not as urgent as the first. Royal Cotillion, which has no
	// redeal, keeps the nearest for both (TUNING.md, "The talon family's
	// beam").
	clear(p.ucnt[:])
	own := tg.redeals > 0
	urg := func(c engine.Card) int {
		u, u2 := 99, 99
		for _, k := range tg.fOf[c] {
			if q := tg.pos[k][c]; q >= p.evalHeight[k] {
				d := int(q - p.evalHeight[k])
				if d < u {
					u, u2 = d, u
				} else if d < u2 {
					u2 = d
				}
			}
		}
		p.ucnt[c]++
		if own && p.ucnt[c] > 1 {
			return u2
		}
		return u
	}
	// A reserve card that no foundation wants soon holds its space: with
	// clog set, it costs by how far off it is.
	for j, c := range t.res {
		if c == engine.NoCard || p.used[j] {
			continue
		}
		if u := urg(c); p.clog > 0 {
			score -= int32(min(u, 13) * p.clog)
		}
	}
	// Cards the foundations need soon cost for every card above them in
	// the waste or a wing column. Not in the waste before the last
	// redeal: turned over, the waste's deepest cards come first, so
	// depth there is no loss (TUNING.md, "The talon family's beam").
	w := t.waste[:len(t.waste)-wingHeight]
	last := t.redeals >= tg.redeals
	if !last {
		// No cost; the copies are counted only for the wings' urg.
		if own && len(t.wing) > 0 {
			for _, idx := range w {
				p.ucnt[t.talon[idx]]++
			}
		}
		w = nil
	}
	for j := len(w) - 1; j >= 0; j-- {
		u := urg(t.talon[w[j]])
		if above := len(w) - 1 - j; above > 0 && u < 8 {
			score -= int32((8 - u) * above * 10)
		}
	}
	for k := range t.wing {
		n := int(t.wingHeight[k])
		if p.used[len(t.res)+k] {
			n--
		}
		for j := n - 2; j >= 0; j-- {
			if u := urg(t.wing[k][j]); u < 8 {
				score -= int32((8 - u) * (n - 1 - j) * 10)
			}
		}
	}
	return score
}
