package solver

import (
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

// seatSamples walks the exact search's tree from deal n of Shamrocks
// (at most nodes positions) and returns positions on which the seat
// test condemns what the plain dead-end test does not, and positions
// with a move the seatless rule plays (and no other sound rule does),
// at most max of each.
func seatSamples(t *testing.T, n uint64, nodes, max int) (dead []*engine.State, seatless []*engine.State, moves []engine.Move) {
	s := deal(t, "shamrocks", n)
	in := infoFor(s.Game())
	p := newEngineSearcher(in, s.Clone(), &budget{}, switches{}).p
	p.setMode(mode{auto: autoNone})
	plain := newRelax(in, 52)
	plain.noSeats = true
	seen := newHashSet(nodes)
	var walk func(depth int)
	walk = func(depth int) {
		s := p.s
		if nodes == 0 || !seen.insert(s.Hash()) || s.Won() {
			return
		}
		nodes--
		if in.deadEnd(s, p.rx) {
			if !in.deadEnd(s, plain) && len(dead) < max {
				dead = append(dead, s.Clone())
			}
			return
		}
		for _, a := range in.tableau {
			x := s.Top(a)
			if x == engine.NoCard || in.stuckSafe(s, a, x) || in.deadBaseSafe(s, a, x) {
				continue
			}
			for _, f := range in.foundations {
				if in.accepts(s, f, x) && in.seatlessSafe(s, a, x, p.rx) && len(seatless) < max {
					seatless = append(seatless, s.Clone())
					moves = append(moves, engine.Move{Action: engine.ActMove, From: int8(a), To: int8(f), Card: x})
				}
			}
		}
		for _, m := range p.moves(nil) {
			p.apply(&m)
			walk(depth + 1)
			p.undo(&m)
		}
	}
	walk(0)
	return dead, seatless, moves
}

// TestSeatRules checks the seat test and the seatless rule (seats.go)
// against the exact search without them, on positions of real search
// trees where they have work to do: a position the seat test condemns
// must not be won without the seat rules; a move the seatless rule
// plays must not turn a won position lost.
func TestSeatRules(t *testing.T) {
	off := Options{MaxNodes: 200000, Timeout: -1, off: switches{noHeuristic: true, noSeats: true, noSeatless: true}}
	deadChecked, deadLost, safeChecked := 0, 0, 0
	for _, n := range []uint64{41, 42, 65, 134} {
		dead, safe, moves := seatSamples(t, n, 30000, 12)
		for _, s := range dead {
			r := solve(t, s, off)
			if r.Verdict == Won {
				t.Errorf("deal %d: the seat test condemns a won position\n%s", n, s)
			}
			deadChecked++
			if r.Verdict == Lost {
				deadLost++
			}
		}
		for i, s := range safe {
			a := solve(t, s, off)
			after := s.Clone()
			after.Apply(moves[i])
			b := solve(t, after, off)
			if a.Verdict == Won && b.Verdict == Lost {
				t.Errorf("deal %d: %s by the seatless rule loses a won position\n%s", n, moves[i], s)
			}
			if a.Verdict != Unknown && b.Verdict != Unknown {
				safeChecked++
			}
		}
	}
	t.Logf("%d positions condemned by the seat test alone (%d proved lost without it); %d seatless moves checked both ways", deadChecked, deadLost, safeChecked)
	if deadLost < 10 || safeChecked < 8 {
		t.Errorf("too little work: %d seat-dead positions proved lost, %d seatless moves decided", deadLost, safeChecked)
	}
}

// TestSeatTestOnWins: no position along a winning line fails the seat
// test.
func TestSeatTestOnWins(t *testing.T) {
	for _, n := range []uint64{3, 7, 8} {
		s := deal(t, "shamrocks", n)
		res := solve(t, s, testOptions(500000))
		if res.Verdict != Won {
			t.Fatalf("deal %d: %s", n, res.Verdict)
		}
		in := infoFor(s.Game())
		rx := newRelax(in, s.Game().Cards())
		p := s.Clone()
		for i, m := range res.Moves {
			if in.deadEnd(p, rx) {
				t.Fatalf("deal %d: dead end after %d moves of a win\n%s", n, i, p)
			}
			p.Apply(m)
		}
	}
}
