package solver

import (
	"time"

	"github.com/patience-solitaire/patience/engine"
)

// search is one depth-first search with a transposition table.
type search struct {
	in *info
	s  *engine.State
	tt *hashSet
	rx *relax

	nodes    int64
	limit    int64 // node budget of this search
	deadline time.Time
	done     <-chan struct{}
	stopped  bool              // budget, deadline or context ran out
	timeUp   bool              // the deadline or the context ran out
	tick     func(nodes int64) // Options.Progress, if set

	heuristic  bool // play the unsound natural rule automatically
	greedy     bool // heuristic: play every foundation move automatically instead
	dig        int  // heuristic: tableau moves must uncover a card this urgent (0: any)
	safe       bool // play the sound stuck-card rule automatically
	deadEnds   bool // prune dead ends
	noDeadBase bool // do not play the dead-base rule (tests)

	ev evalScratch

	// rng and noise perturb the move order of the restarts (noise 0:
	// the plain order).
	rng   uint64
	noise int32

	path []engine.Move
	bufs [][]engine.Move
	keys [][]int32
}

func newSearch(in *info, s *engine.State, tt *hashSet) *search {
	sr := &search{in: in, s: s, tt: tt, rx: newRelax(in, in.g.Cards())}
	return sr
}

// apply plays m (the position keeps its hash up to date).
func (sr *search) apply(m engine.Move) {
	sr.s.Apply(m)
}

// undo takes m back.
func (sr *search) undo(m engine.Move) {
	sr.s.Undo(m)
}

// run searches from the position; it reports whether it found a win (the
// moves are then in sr.path).
func (sr *search) run() bool {
	sr.path = sr.path[:0]
	sr.stopped = false
	return sr.dfs(0)
}

func (sr *search) out() bool {
	if sr.nodes >= sr.limit {
		return true
	}
	if sr.timeUp {
		return true
	}
	if sr.nodes&1023 == 0 {
		if sr.tick != nil && sr.nodes&4095 == 0 {
			sr.tick(sr.nodes)
		}
		if !sr.deadline.IsZero() && time.Now().After(sr.deadline) {
			sr.timeUp = true
			return true
		}
		if sr.done != nil {
			select {
			case <-sr.done:
				sr.timeUp = true
				return true
			default:
			}
		}
	}
	return false
}

func (sr *search) dfs(depth int) bool {
	s := sr.s
	if s.Won() {
		return true
	}
	if sr.out() {
		sr.stopped = true
		return false
	}
	sr.nodes++
	if !sr.tt.insert(sr.s.Hash()) {
		return false
	}
	mark := len(sr.path)
	if sr.heuristic || sr.safe {
		if sr.autoplay() > 0 {
			if s.Won() {
				return true
			}
			if !sr.tt.insert(sr.s.Hash()) {
				sr.unwind(mark)
				return false
			}
		}
	}
	for len(sr.bufs) <= depth {
		sr.bufs = append(sr.bufs, make([]engine.Move, 0, 64))
		sr.keys = append(sr.keys, make([]int32, 0, 64))
	}
	moves := s.Legal(sr.bufs[depth][:0])
	sr.bufs[depth] = moves
	static := sr.in.static(s)
	if sr.deadEnds && static && sr.in.deadEnd(s, sr.rx) {
		sr.unwind(mark)
		return false
	}
	moves = sr.order(moves, depth, static)
	sr.bufs[depth] = moves
	for i := 0; i < len(moves); i++ {
		m := sr.bufs[depth][i]
		sr.apply(m)
		sr.path = append(sr.path, m)
		if sr.dfs(depth + 1) {
			return true
		}
		sr.undo(m)
		sr.path = sr.path[:len(sr.path)-1]
		if sr.stopped {
			break
		}
	}
	sr.unwind(mark)
	return false
}

// unwind takes back the automatic moves played since the path had mark
// moves.
func (sr *search) unwind(mark int) {
	for len(sr.path) > mark {
		m := sr.path[len(sr.path)-1]
		sr.undo(m)
		sr.path = sr.path[:len(sr.path)-1]
	}
}

// dominated reports whether the move m (an ActMove) is dominated by the
// lone-card rule (see order).
func (sr *search) dominated(m engine.Move, static bool) bool {
	in := sr.in
	from, to := int(m.From), int(m.To)
	return static && in.kind[to] == engine.Tableau && in.kind[from] == engine.Tableau &&
		len(sr.s.Pile(from)) == 1 && in.spec[from].Fill == engine.FillNever && in.same[from][to]
}

// order drops dominated moves and sorts the rest, best first.
//
// The lone-card rule (sound): moving the only card X of a tableau pile A
// that is never refilled onto another pile B declared alike is never
// needed. The position before the move dominates the one after: X is
// exposed in both, and may be built on and moved in the same ways (the
// piles are alike, and A holds fewer cards than B will), while B's top
// card is exposed only before; the emptied A can take nothing. So any
// line of play from after the move can be followed from before it, with X
// played from A instead of from B.
func (sr *search) order(moves []engine.Move, depth int, static bool) []engine.Move {
	in, s := sr.in, sr.s
	keys := sr.keys[depth][:0]
	out := moves[:0]
	for _, m := range moves {
		k := int32(0)
		switch m.Action {
		case engine.ActMove:
			from, to := int(m.From), int(m.To)
			src := s.Pile(from)
			var exposed engine.Card
			if len(src) >= 2 {
				exposed = src[len(src)-2]
			}
			if in.kind[to] == engine.Foundation {
				k = 100000
				if exposed != engine.NoCard {
					k += int32(50 - in.urgency(s, exposed))
				}
				break
			}
			if sr.dominated(m, static) {
				continue
			}
			if sr.dig > 0 && in.kind[from] == engine.Tableau {
				best := 99
				for _, c := range src[:len(src)-1] {
					if u := in.urgency(s, c); u < best {
						best = u
					}
				}
				if best >= sr.dig {
					continue
				}
			}
			k = 10000
			if exposed != engine.NoCard {
				u := in.urgency(s, exposed)
				if u > 40 {
					u = 40
				}
				k -= int32(100 * u)
			} else {
				k -= 3000
			}
			if d := s.Top(to); d != engine.NoCard {
				u := in.urgency(s, d)
				if u > 20 {
					u = 20
				}
				k += int32(10 * u)
			}
		case engine.ActDeal:
			k = 0
		case engine.ActRedeal:
			k = -100000
		default:
			k = 0
		}
		if sr.noise > 0 && k < 100000 {
			k += int32(sr.rand() % uint64(sr.noise))
		}
		out = append(out, m)
		keys = append(keys, k)
	}
	// Insertion sort, stable: lists are short.
	for i := 1; i < len(out); i++ {
		m, k := out[i], keys[i]
		j := i
		for j > 0 && keys[j-1] < k {
			out[j], keys[j] = out[j-1], keys[j-1]
			j--
		}
		out[j], keys[j] = m, k
	}
	sr.keys[depth] = keys
	return out
}

// rand returns the next number of the restarts' generator (splitmix64).
func (sr *search) rand() uint64 {
	sr.rng += 0x9e3779b97f4a7c15
	z := sr.rng
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
