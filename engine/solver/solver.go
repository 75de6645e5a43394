// Package solver decides whether a position of a patience game can be won,
// and finds a winning line of play when it can.
//
// The solver is generic over the game declaration: it uses only the
// position's legal moves, Check, Apply and Undo, and the declaration's
// piles. It looks at every card (face-down and stock cards
// too), as a player who could see them would: "thoughtful" solitaire.
//
// # Search
//
// Solve runs a depth-first search with a transposition table keyed by a
// 64-bit position hash, engine.State.Hash (positions that differ only by
// a permutation of interchangeable piles hash alike, and the two copies
// of a card in a two-pack game are the same card, so symmetric positions
// are searched once; each pile's hash is mixed before the sum, so cards
// exchanged between such piles do not hash alike, and the count of
// random numbers drawn by shuffling redeals is included). It runs in phases on one node
// budget:
//
//   - A check at the start: if the dead-end test or the suit-lock test
//     (suitlock.go, with a large cap there) condemns the position, it is
//     lost before any search. (The check's projected searches are not
//     counted in the node budget; they take well under a second.)
//   - Heuristic phases that may also play automatic moves that are not
//     sound, such as the natural foundation rule (a card goes up as soon
//     as every copy of the card it needs below it is up; see safe.go),
//     so these phases can only find wins. The first (a sixteenth of the
//     budget) is a depth-first search that only digs toward cards the
//     foundations need soon. The second (up to five sixteenths of the
//     budget, and until three eighths of the time) runs beam searches
//     of growing width (beam.go): positions are grouped by the number
//     of cards on the foundations, and within a group searched best
//     first, by how many cards are on the foundations or could get there
//     at once. Each width is tried with three kinds of automatic play:
//     the natural rule; every foundation move at once, in games where a
//     suit has foundations from two bases (House on the Hill's Ace and
//     King piles), where the natural rule rarely plays anything
//     (info.twoWay); and the sound rules alone. Then come restarts: short
//     depth-first searches, each from an empty table, with random noise
//     added to the move-ordering keys (never enough to put a tableau
//     move before a foundation move) and cycling through digging depths,
//     their budgets following the Luby sequence (500 nodes times 1 1 2 1
//     1 2 4 ...), until three quarters of the node budget or of the time
//     are spent (in twoWay games every other restart plays every
//     foundation move at once). Wins in the fan games are found in a
//     few hundred nodes or not at all by one long search, which sinks
//     below an early mistake: restarts cut that heavy tail. The noise
//     comes from a generator seeded by the restart's number, so results
//     repeat when the node budget, not the clock, ends the restarts.
//   - An exact phase, with the rest of the budget and sound pruning
//     only: the stuck-card and dead-base rules (safe.go), the lone-card
//     rule (search.go), the dead-end test (deadend.go) and, inside it,
//     the suit-lock test (suitlock.go, small cap). If it runs out of
//     positions the game is lost: a proof, up to a collision of 64-bit
//     hashes, which at the budgets used here has odds below one in a
//     million per deal.
//
// Every win is shortened (shorten.go) and replayed with Check and Apply on
// a fresh copy of the position before it is returned.
package solver

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/patience-solitaire/patience/engine"
)

// Verdict is the outcome of a search.
type Verdict uint8

const (
	Unknown Verdict = iota // the budget ran out
	Won                    // a winning line was found (Result.Moves)
	Lost                   // no line of play wins: the search space was exhausted
)

var verdictNames = [...]string{"unknown", "won", "lost"}

// String returns "unknown", "won" or "lost", as in the survey's JSON.
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return "?"
}

// ParseVerdict is the inverse of Verdict.String.
func ParseVerdict(s string) (Verdict, error) {
	for i, n := range verdictNames {
		if n == s {
			return Verdict(i), nil
		}
	}
	return Unknown, fmt.Errorf("unknown result %q (want won, lost or unknown)", s)
}

// Default budget: enough to decide almost every fan-game deal, small
// enough for a survey of thousands of deals.
const (
	DefaultMaxNodes = 4_000_000
	DefaultTimeout  = 10 * time.Second
)

// Options set the budget and switch parts of the solver off (for tests).
type Options struct {
	// MaxNodes is the node budget (positions expanded) for both phases
	// together; 0 means DefaultMaxNodes.
	MaxNodes int64
	// Timeout bounds the wall time; 0 means DefaultTimeout, a negative
	// value no limit (the context still applies).
	Timeout time.Duration
	// NoSafeMoves turns off every automatic move, sound or not: the
	// heuristic phase is skipped and the stuck-card rule is not used.
	NoSafeMoves bool
	// NoHeuristic skips the heuristic phase.
	NoHeuristic bool
	// NoDeadEnds turns off the dead-end test.
	NoDeadEnds bool
	// NoDeadBase turns off the dead-base rule (safe.go) only.
	NoDeadBase bool
	// NoHold turns off the hold rule of the dedicated search (talon.go)
	// only.
	NoHold bool
	// NoSuitLock turns off the suit-lock test (suitlock.go) only.
	NoSuitLock bool
	// NoTalon turns off the dedicated search of the games whose cards
	// only go to the foundations (talon.go), which otherwise replaces
	// the phases above for them (and honours NoHeuristic, NoDeadEnds,
	// NoDeadBase and NoHold).
	NoTalon bool
	// Shorten is the node budget for looking for shortcuts in a win
	// (see Shorten); 0 means only the cheap passes, which always run.
	Shorten int64

	// Progress, if set, is called from the budget checks (every few
	// thousand positions) with the positions expanded so far and the
	// time spent: the browser's solve shows it. It must return quickly.
	Progress func(nodes int64, elapsed time.Duration)
}

// Result is what Solve found.
type Result struct {
	Verdict Verdict
	Moves   []engine.Move // the winning line, for Won
	Nodes   int64         // positions expanded
	Elapsed time.Duration
}

var infos sync.Map // *engine.Game -> *info

func infoFor(g *engine.Game) *info {
	if v, ok := infos.Load(g); ok {
		return v.(*info)
	}
	v, _ := infos.LoadOrStore(g, newInfo(g))
	return v.(*info)
}

// Solve searches from position s, which it does not change. The error is
// non-nil only if a winning line it found failed to replay, which would
// be a bug in the solver or the engine.
func Solve(ctx context.Context, s *engine.State, opt Options) (Result, error) {
	start := time.Now()
	limit := opt.MaxNodes
	if limit <= 0 {
		limit = DefaultMaxNodes
	}
	timeout := opt.Timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	in := infoFor(s.Game())
	pos := s.Clone()
	if pos.Won() {
		return Result{Verdict: Won, Elapsed: time.Since(start)}, nil
	}
	if !opt.NoTalon && !opt.NoSafeMoves {
		var deadline time.Time
		if timeout > 0 {
			deadline = start.Add(timeout)
		}
		if v, moves, n, ok := solveTalon(in, pos, limit, deadline, ctx.Done(), opt, start); ok {
			res := Result{Verdict: v, Nodes: n}
			if v == Won {
				short, err := Shorten(ctx, s, moves, opt.Shorten)
				if err != nil {
					return res, err
				}
				res.Moves = short
			}
			res.Elapsed = time.Since(start)
			return res, nil
		}
	}
	// The table starts small (most wins take a few hundred nodes) and
	// doubles as it fills.
	tt := newHashSet(1 << 14)
	sr := newSearch(in, pos, tt)
	if timeout > 0 {
		sr.deadline = start.Add(timeout)
	}
	sr.done = ctx.Done()
	var nodes int64
	if opt.Progress != nil {
		sr.tick = func(n int64) { opt.Progress(nodes+n, time.Since(start)) }
	}
	won := false
	// phase runs one search with the given share of the budget.
	phase := func(share int64, heuristic bool, dig int, how phaseKind) {
		if won || sr.timeUp || nodes >= limit {
			return
		}
		tt.reset()
		sr.nodes = 0
		sr.limit = share
		if rest := limit - nodes; sr.limit > rest {
			sr.limit = rest
		}
		sr.heuristic = heuristic
		sr.safe = !opt.NoSafeMoves
		sr.deadEnds = !opt.NoDeadEnds
		sr.noDeadBase = opt.NoDeadBase
		sr.dig = dig
		switch how {
		case beamPhase:
			var cutoff time.Time
			if timeout > 0 {
				cutoff = start.Add(timeout * 3 / 8)
			}
			won = sr.beamWiden(cutoff)
		default:
			won = sr.run()
		}
		nodes += sr.nodes
	}
	// A position the dead-end test or the suit-lock test condemns is
	// lost however it is searched: say so before the heuristic phases
	// spend their budget. The suit-lock test gets a large cap here, as it
	// runs once (most projections are won or lost in a few thousand
	// positions; in House in the Woods deals 1-300 a cap of 5,000,000
	// proves as many deals lost as one of 100,000,000).
	sr.rx.noSuitLock = opt.NoSuitLock
	if !opt.NoDeadEnds && in.static(pos) && (in.deadEnd(pos, sr.rx) || in.suitLock && !opt.NoSuitLock && in.suitLocked(pos, sr.rx, suitLockRootCap)) {
		return Result{Verdict: Lost, Nodes: 1, Elapsed: time.Since(start)}, nil
	}
	if !opt.NoSafeMoves && !opt.NoHeuristic {
		phase(limit/16, true, 4, dfsPhase)
		phase(limit*5/16, true, 0, beamPhase)
		// Restarts: short depth-first searches with a perturbed move
		// order and varied digging depths, their budgets following the
		// Luby sequence, until three quarters of the node budget (or of
		// the time) are spent.
		main := tt
		tt = newHashSet(1 << 14)
		sr.tt = tt
		share := limit * 3 / 4
		var cutoff time.Time
		if timeout > 0 {
			cutoff = start.Add(timeout * 3 / 4)
		}
		// exhausted[g]: a restart with digging depth 0 (no digging
		// restriction) searched the whole space of the natural rule (g
		// false) or of the greedy one (g true): other orders would search
		// it again.
		var exhausted [2]bool
		for i := 1; nodes < share && !won && !sr.timeUp; i++ {
			if !cutoff.IsZero() && time.Now().After(cutoff) {
				break
			}
			b := restartBase * luby(i)
			if b > share-nodes {
				b = share - nodes
			}
			sr.rng = uint64(i) * 0x2545f4914f6cdd1d
			sr.noise = restartNoise
			dig := restartDigs[i%len(restartDigs)]
			g := 0
			if in.twoWay {
				// Alternate the rules, each cycling through the depths.
				g = i % 2
				dig = restartDigs[(i/2)%len(restartDigs)]
			}
			if exhausted[g] {
				g = 1 - g
			}
			sr.greedy = g == 1
			phase(b, true, dig, dfsPhase)
			if dig == 0 && !won && !sr.stopped {
				exhausted[g] = true
				if !in.twoWay || exhausted[1-g] {
					break
				}
			}
		}
		sr.noise, sr.greedy = 0, false
		tt = main
		sr.tt = tt
	}
	phase(limit, false, 0, dfsPhase)
	stopped := !won && (sr.stopped || sr.timeUp)
	res := Result{Nodes: nodes}
	switch {
	case won:
		res.Verdict = Won
		moves := append([]engine.Move(nil), sr.path...)
		short, err := Shorten(ctx, s, moves, opt.Shorten)
		if err != nil {
			return res, err
		}
		res.Moves = short
	case stopped:
		res.Verdict = Unknown
	default:
		res.Verdict = Lost
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// phaseKind is the search a phase of Solve runs.
type phaseKind uint8

const (
	dfsPhase  phaseKind = iota // depth-first (search.go)
	beamPhase                  // beam searches of growing width (beam.go)
)

// Verify replays moves from s (which it does not change) with Check and
// Apply and returns an error unless every move is legal and the last
// position is won.
func Verify(s *engine.State, moves []engine.Move) error {
	t := s.Clone()
	for i, m := range moves {
		if err := t.Check(m); err != nil {
			return fmt.Errorf("solver: move %d (%s): %w", i+1, m, err)
		}
		t.Apply(m)
	}
	if !t.Won() {
		return fmt.Errorf("solver: the %d moves do not win: %d of %d cards on the foundations", len(moves), t.OnFoundations(), s.Game().Cards())
	}
	return nil
}

// The restarts of the heuristic phase: the first budget (nodes), the
// noise added to the move-ordering keys (enough to reorder moves of
// different urgency, not to put them before foundation moves), and the
// digging depths they cycle through (0: any tableau move).
const (
	restartBase  = 500
	restartNoise = 10000
)

var restartDigs = [...]int{3, 4, 5, 6, 8, 0}

// luby returns the i-th term (from 1) of the Luby sequence
// 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
func luby(i int) int64 {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - 1<<(k-1) + 1)
		}
	}
}
