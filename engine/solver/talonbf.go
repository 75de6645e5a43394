package solver

import "github.com/patience-solitaire/patience/engine"

// The order of the beam search on the talon family's position: the cards
// on the foundations and those that could follow them at once from the
// reserve, the wing and the waste's top.

// evaluate scores the position: cards home, plus those that could follow
// at once by foundation moves from the reserve, the wing tops and the
// waste's top (each card once).
func (p *tpos) evaluate() int32 {
	t := p.tstate
	tg := t.tg
	copy(p.efh, t.fh)
	for i := range p.used {
		p.used[i] = false
	}
	extra := 0
	wh := 0
	for changed := true; changed; {
		changed = false
		for k := range tg.found {
			for p.efh[k] < tg.flen[k] {
				c := tg.seq[k][p.efh[k]]
				ok := false
				for j, r := range t.res {
					if r == c && !p.used[j] {
						p.used[j] = true
						ok = true
						break
					}
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
				if !ok && wh < len(t.waste) && t.talon[t.waste[len(t.waste)-1-wh]] == c {
					wh++
					ok = true
				}
				if !ok {
					break
				}
				p.efh[k]++
				extra++
				changed = true
			}
		}
	}
	score := int32(1000 * (t.home + extra))
	// Cards the foundations need soon cost for every card above them in
	// the waste or a wing column.
	urg := func(c engine.Card) int {
		u := 99
		for _, k := range tg.fOf[c] {
			if q := tg.pos[k][c]; q >= p.efh[k] && int(q-p.efh[k]) < u {
				u = int(q - p.efh[k])
			}
		}
		return u
	}
	w := t.waste[:len(t.waste)-wh]
	for j, idx := range w {
		above := len(w) - 1 - j
		if above == 0 {
			continue
		}
		if u := urg(t.talon[idx]); u < 8 {
			score -= int32((8 - u) * above * 10)
		}
	}
	// A reserve card that no foundation wants soon holds its space: with
	// clog set, it costs by how far off it is.
	if w := p.clog; w > 0 {
		for j, c := range t.res {
			if c == engine.NoCard || p.used[j] {
				continue
			}
			score -= int32(min(urg(c), 13) * w)
		}
	}
	for k := range t.wing {
		n := int(t.wh[k])
		if p.used[len(t.res)+k] {
			n--
		}
		for j := 0; j < n-1; j++ {
			if u := urg(t.wing[k][j]); u < 8 {
				score -= int32((8 - u) * (n - 1 - j) * 10)
			}
		}
	}
	return score
}
