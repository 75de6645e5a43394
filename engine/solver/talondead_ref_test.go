package solver

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

// releaseScratch is the scratch of releaseRef.
type releaseScratch struct {
	rHomed [53]int8
	rPool  [53]int8 // copies homed from the pool
	rTop   []int8
	rDone  []bool
	rWdone [][]bool
}

// releaseRef is the release test as solver 10 wrote it, scanning every
// available card again after each change, with solver 27's count of pool
// homes by pairs of foundations done by trying every pair of heights:
// the reference that TestReleaseFast holds the event-driven release to.
func (d *releaseScratch) releaseRef(t *tstate) bool {
	tg := t.tg
	if d.rTop == nil {
		d.rTop = make([]int8, len(tg.found))
		d.rWdone = make([][]bool, len(tg.wing))
	}
	d.rHomed = [53]int8{}
	d.rPool = [53]int8{}
	for k := range tg.found {
		d.rTop[k] = t.foundHeight[k]
	}
	n := len(t.res) + len(t.stock) + len(t.waste)
	if cap(d.rDone) < n {
		d.rDone = make([]bool, n)
	}
	done := d.rDone[:n]
	for i := range done {
		done[i] = false
	}
	for k := range t.wing {
		if cap(d.rWdone[k]) < int(t.wingHeight[k]) {
			d.rWdone[k] = make([]bool, t.wingHeight[k])
		}
		d.rWdone[k] = d.rWdone[k][:t.wingHeight[k]]
		for i := range d.rWdone[k] {
			d.rWdone[k][i] = false
		}
	}
	left := t.tg.total - t.home
	canHome := func(c engine.Card) bool {
		for _, k := range tg.fOf[c] {
			p := tg.pos[k][c]
			if p >= t.foundHeight[k] && p <= d.rTop[k] {
				return true
			}
		}
		return false
	}
	stale := true // a card has gone home since pairBound's last count
	home := func(c engine.Card) {
		left--
		stale = true
		d.rHomed[c]++
		if d.rHomed[c] != 1 {
			return
		}
		for _, k := range tg.fOf[c] {
			if tg.pos[k][c] != d.rTop[k] {
				continue
			}
			for d.rTop[k] < tg.flen[k] && d.rHomed[tg.seq[k][d.rTop[k]]] > 0 {
				d.rTop[k]++
			}
		}
	}
	// dealt is the number of stock cards dealt in the relaxed game, and
	// free the number of waste cards counted from the top that have been
	// available (the most that pool homes minus deals has been, plus one).
	dealt, count, free := 0, 0, 1
	// poolHome counts a pool card homed; poolHomes is the most pool homes
	// a line can have made.
	poolHome := func(c engine.Card) {
		count++
		d.rPool[c]++
	}
	bound := 0
	poolHomes := func() int {
		if tg.partner == nil {
			return count
		}
		if stale {
			bound, stale = d.pairBound(t), false
		}
		return bound
	}
	for left > 0 {
		changed := false
		i := 0
		for _, c := range t.res {
			if c != engine.NoCard && !done[i] && canHome(c) {
				done[i] = true
				home(c)
				poolHome(c)
				changed = true
			}
			i++
		}
		for j := 1; j <= dealt; j++ {
			idx := t.stock[len(t.stock)-j]
			if !done[i+j-1] && canHome(t.talon[idx]) {
				done[i+j-1] = true
				home(t.talon[idx])
				poolHome(t.talon[idx])
				changed = true
			}
		}
		i += len(t.stock)
		free = max(free, poolHomes()-dealt+1)
		for j := 1; j <= len(t.waste) && j <= free; j++ {
			c := t.talon[t.waste[len(t.waste)-j]]
			if !done[i+j-1] && canHome(c) {
				done[i+j-1] = true
				home(c)
				poolHome(c)
				free = max(free, poolHomes()-dealt+1)
				changed = true
			}
		}
		for k := range t.wing {
			w := d.rWdone[k]
			for j := len(w) - 1; j >= 0; j-- {
				if w[j] {
					continue
				}
				if !canHome(t.wing[k][j]) {
					break
				}
				w[j] = true
				home(t.wing[k][j])
				changed = true
			}
		}
		if changed {
			continue
		}
		// Deal until a card dealt goes home: nothing else can change
		// before that.
		for {
			if dealt == len(t.stock) {
				return left > 0
			}
			dealt++
			if c := t.talon[t.stock[len(t.stock)-dealt]]; canHome(c) {
				done[len(t.res)+dealt-1] = true
				home(c)
				poolHome(c)
				break
			}
		}
	}
	return false
}

// pairBound is poolBound by trying every pair of heights of every pair
// of foundations.
func (d *releaseScratch) pairBound(t *tstate) int {
	tg := t.tg
	total := 0
	for a, b := range tg.partner {
		if b < a {
			continue
		}
		best := 0
		for i := int(t.foundHeight[a]); i <= int(tg.flen[a]); i++ {
			var n [53]int8
			over, sum := 0, 0 // cards used more often than homed; the count
			add := func(c engine.Card) {
				n[c]++
				if n[c] == d.rHomed[c]+1 {
					over++
				}
				if n[c] <= d.rPool[c] {
					sum++
				}
			}
			for _, c := range tg.seq[a][t.foundHeight[a]:i] {
				add(c)
			}
			for k := int(t.foundHeight[b]); ; k++ {
				if over == 0 {
					best = max(best, sum)
				}
				if k == int(tg.flen[b]) {
					break
				}
				add(tg.seq[b][k])
			}
		}
		total += best
	}
	return total
}

// TestReleaseFast holds the release test to releaseRef on the positions
// of random lines of play in every game of the talon family (the
// test itself does not look at redeals or reversals: its callers do).
func TestReleaseFast(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	for _, slug := range []string{"royal-cotillion", "odd-and-even", "picture-patience", "patriarchs", "contradance", "captured-queens"} {
		positions, lost := 0, 0
		var d talonDead
		var ref releaseScratch
		for n := uint64(1); n <= 40; n++ {
			ts := talonOf(t, deal(t, slug, n))
			for range 600 {
				got, want := d.release(ts), ref.releaseRef(ts)
				positions++
				if got != want {
					t.Fatalf("%s deal %d: release says lost %v, the reference %v", slug, n, got, want)
				}
				if want {
					lost++
				}
				if _, ok := playForward(ts, rng); !ok {
					break
				}
			}
		}
		t.Logf("%s: %d positions, %d lost", slug, positions, lost)
		if lost == 0 || lost == positions {
			t.Errorf("%s: %d of %d positions lost: the test proves little", slug, lost, positions)
		}
	}
}

// BenchmarkRelease times the release test and releaseRef on the
// positions of a random line of play in each game with reserves.
func BenchmarkRelease(b *testing.B) {
	rng := rand.New(rand.NewSource(19))
	var positions []*tstate
	for _, slug := range []string{"royal-cotillion", "odd-and-even", "picture-patience"} {
		for n := uint64(1); n <= 5; n++ {
			ts := talonOf(b, deal(b, slug, n))
			var line []tmove
			for range 200 {
				m, ok := playForward(ts, rng)
				if !ok {
					break
				}
				line = append(line, m)
				if len(line)%10 == 0 {
					positions = append(positions, talonOf(b, deal(b, slug, n)))
					for i := range line {
						m := line[i]
						positions[len(positions)-1].apply(&m)
					}
				}
			}
		}
	}
	b.Run("events", func(b *testing.B) {
		var d talonDead
		for b.Loop() {
			for _, ts := range positions {
				d.release(ts)
			}
		}
	})
	b.Run("rescan", func(b *testing.B) {
		var d releaseScratch
		for b.Loop() {
			for _, ts := range positions {
				d.releaseRef(ts)
			}
		}
	})
}

// playForward plays a move of a random line that favours the foundation
// moves (the first legal ones), so that lines go far; ok is false if
// there is none.
func playForward(ts *tstate, rng *rand.Rand) (m tmove, ok bool) {
	moves := ts.legal(nil)
	if len(moves) == 0 {
		return tmove{}, false
	}
	m = moves[0]
	if rng.Intn(3) == 0 {
		m = moves[rng.Intn(len(moves))]
	}
	ts.apply(&m)
	return m, true
}

// TestReleaseSparesWins replays wins found with every dead-end test off
// in the games where the release test counts pool homes by pairs of
// foundations (poolBound), and asks the test at every position of each
// line before the last pass's end: a position of a win is never lost.
func TestReleaseSparesWins(t *testing.T) {
	for _, slug := range []string{"royal-cotillion", "odd-and-even", "picture-patience"} {
		t.Run(slug, func(t *testing.T) {
			wins, positions := 0, 0
			for n := uint64(1); n <= 12; n++ {
				s := deal(t, slug, n)
				r := solve(t, s, Options{MaxNodes: 400_000, Timeout: -1, off: switches{noDeadEnds: true}})
				if r.Verdict != Won {
					continue
				}
				wins++
				tg := infoFor(s.Game()).talonGame()
				if tg.partner == nil {
					t.Fatal("no pairs of foundations")
				}
				ts := talonOf(t, s)
				ts.noHold = true
				var d talonDead
				e := s.Clone()
				for i, m := range r.Moves {
					if m.Action == engine.ActRefill {
						e.Apply(m)
						continue
					}
					if ts.redeals >= tg.redeals {
						positions++
						if d.release(ts) {
							t.Fatalf("deal %d: the release test calls the position after %d moves of a win lost\n%s", n, i, e)
						}
					}
					if !followMove(ts, e, m) {
						t.Fatalf("deal %d: move %d (%v) is not a legal move of the talon family's position", n, i, m)
					}
					e.Apply(m)
				}
			}
			t.Logf("%d wins, %d positions tested", wins, positions)
			if wins < 6 {
				t.Errorf("only %d of 12 deals won: the test sees too little", wins)
			}
		})
	}
}

// TestPoolBoundVerdicts takes positions of random lines of play that the
// release test calls lost with the pool homes counted by pairs of
// foundations (poolBound) and not without, and searches each without
// that count (the exact phase, every other test on): none may be won.
func TestPoolBoundVerdicts(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	for _, slug := range []string{"royal-cotillion", "odd-and-even", "picture-patience"} {
		t.Run(slug, func(t *testing.T) {
			tried, lost := 0, 0
			for n := uint64(1); n <= 100 && tried < 8; n++ {
				s := deal(t, slug, n)
				ts := talonOf(t, s)
				var with, without talonDead
				without.noPairs = true
				var line []tmove
				for range 400 {
					if ts.redeals >= ts.tg.redeals && ts.home > ts.tg.total/4 && with.release(ts) && !without.release(ts) {
						e := s.Clone()
						for _, m := range ts.tg.engineMoves(s, line) {
							e.Apply(m)
						}
						isLost, _ := searchCondemned(t, e, switches{noPairs: true}, 400_000, fmt.Sprintf("deal %d: the count by pairs", n))
						tried++
						if isLost {
							lost++
						}
						break
					}
					m, ok := playForward(ts, rng)
					if !ok {
						break
					}
					line = append(line, m)
				}
			}
			t.Logf("%d positions lost only by the count by pairs: %d proved lost without it, the rest undecided", tried, lost)
			if lost < 3 {
				t.Errorf("only %d of %d positions decided without the count: the test sees too little", lost, tried)
			}
		})
	}
}
