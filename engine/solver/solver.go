// Package solver decides whether a position of a patience game can be won,
// and finds a winning line of play when it can.
//
// The solver is generic over the game declaration: it uses only the
// position's legal moves, Check, Apply and Undo, and the declaration's
// piles. It looks at every card (face-down and stock cards too), as a
// player who could see them would: "thoughtful" solitaire.
//
// # The framework
//
// One budget (nodes, that is positions expanded, and time) is shared by
// the phases of a schedule, which one loop runs (framework.go). A phase is
// data: its kind, the share of the node budget it may spend, the share of
// the time by which it ends, and its modes of automatic play. The kinds
// are one depth-first search with a transposition table keyed by a 64-bit
// position hash, one beam search (positions grouped into layers that play
// only moves forward, each layer searched best first, the width growing by
// four (by two where the table says "width x2") until a width leaves
// nothing out; a position that can save itself is saved where it enters a
// layer, so that moving the search to another position of the layer
// restores that entry, not a long route through the tree: snapshot.go; the
// transposition table is one set a layer, emptied once the beam is done
// with the layer: table.go), restarts (short depth-first searches, each
// from an empty table, with noise in the move order, cycling through
// digging depths, their budgets following the Luby sequence
// 500 times 1 1 2 1 1 2 4 ..., seeded by their number, so results repeat
// when the node budget, not the clock, ends them) and the exact phase.
// Every search runs over a small position interface; each family of
// games supplies a position and plugs in its rules:
//
//   - the generic family (search.go): any game, on the engine's position
//     (engine.State.Hash: positions that differ only by a permutation of
//     interchangeable piles hash alike, the two copies of a card in a
//     two-pack game are the same card, each pile's hash is mixed before
//     the sum, and the random numbers drawn by shuffling redeals count);
//   - the talon family (talon.go): the games whose cards only ever go to
//     the foundations (Patriarchs, Picture Patience, Odd and Even, Royal
//     Cotillion, Contradance, Captured Queens), on a small position of
//     their own (the talon as a fixed sequence, foundation heights).
//
// Heuristic phases play automatic moves that are not sound and order or
// restrict moves freely: they only find wins. The exact phase uses sound
// rules alone; if it runs out of positions the game is lost: a proof, up
// to a collision of 64-bit hashes, which at the budgets used here has
// odds below one in a million per deal. Every win is shortened
// (shorten.go) and replayed with Check and Apply on a fresh copy of the
// position before it is returned.
//
// # Phases
//
// Shares of the node budget (each capped by what is left) and the share
// of the time by which a phase ends ("-": the deadline):
//
//	family              phase     modes                           nodes        time
//	generic             check     dead-end and suit-lock test     (uncounted)  -
//	                    dfs       natural rule, dig 4             1/16         -
//	                    beam      natural, sound                  5/16         3/8 [1/2]
//	                    restarts  natural                         until 3/4    3/4
//	                              (seat test: until 5/8, 5/8)
//	                    exact     sound                           the rest     -
//	generic, two-way    check     dead-end and suit-lock test     (uncounted)  -
//	                    dfs       natural rule, dig 4             1/16         -
//	                    dfs       natural rule, dig 4; locks      1/64         1/16
//	                    beam      by fits: natural, sound, then   5/16         1/2
//	                              each with locks; width x2
//	                    beam      natural, greedy, sound, then    4/16         3/4
//	                              each with locks; width x2
//	                    restarts  natural, greedy; locks          until 7/8    7/8
//	                    exact     sound; locks                    the rest     -
//	generic, spaces     check     dead-end and suit-lock test     (uncounted)  -
//	                    dfs       natural rule, dig 1             1/1024       -
//	                    exact     sound                           1/16         1/8
//	                    dfs       natural rule, dig 4             1/16         -
//	                    beam      natural, sound                  5/16         3/8
//	                    restarts  natural                         until 3/4    3/4
//	                    exact     sound                           the rest     -
//	generic, one pass   check     dead-end and suit-lock test     (uncounted)  -
//	                    beam      by deals: natural, width x2     11/16        11/16
//	                    beam      natural, sound                  1/16         3/4
//	                    exact     sound; dead-end test (emptied)  the rest     -
//	talon, no reserves  dfs       natural rule                    1/256        -
//	                    exact     sound                           the rest     -
//	talon, reserves     dfs       natural rule                    1/256        -
//	                    beam      waste's top home,               15/16        15/16
//	                              four clog weights
//	                    exact     sound                           the rest     -
//
// Spaces: games with free cells or runs moved as one (info.spaces, the
// FreeCell family), whose searches order moves by the free spaces they
// keep (cells.go), and where digging restricts only the moves that take
// a space or move a run across (dig 1: they must uncover a card a
// foundation takes now); an exact phase that searches every line (within
// its share) proves the deal lost at once, and one that is stopped may
// still have won. Two-way: games where a suit has foundations from two bases
// (info.twoWay, House on the Hill), where the natural rule rarely plays
// anything, hence the greedy rule; "by fits": the beam is layered by
// the cards home and the fits made (search.go, misfits); "locks": the
// dead-end test gives the suit-lock test the cap of the check at the
// start (5,000,000 projected positions, not 300: mode.locks). [1/2]:
// where the seat test applies (info.seats, Shamrocks). One pass: games
// of the generic family whose stock is dealt one card at a time and
// never turned over (Napoleon at St Helena, info.onePass); "by deals":
// the beam is layered by the cards dealt (onepass.go). Digging (dig d):
// tableau moves must uncover a card the foundations need within d cards.
// The measurements behind every share and mode are in TUNING.md, beside
// this package.
//
// # Rules
//
// Sound rules may prune the exact phase, so each has its proof beside it
// and a test that verdicts do not change with it switched off; heuristic
// rules serve only the phases that find wins.
//
//	rule                         family    kind       where
//	stuck-card rule              generic   sound      safe.go (stuckSafe)
//	dead-base rule               both      sound      safe.go (deadBaseSafe, trappedCopies), talon.go (safeMove)
//	lone-card rule               generic   sound      search.go (dominated)
//	dead-end test                generic   sound      deadend.go (where allFloat holds,
//	                                                  only in the exact phase and
//	                                                  without an empty column)
//	suit-lock test               generic   sound      suitlock.go (projections
//	                                                  remembered: suitLock.lost,
//	                                                  suitLock.won)
//	seat test                    generic   sound      seats.go (seatDead)
//	seatless rule                generic   sound      seats.go (seatlessSafe)
//	hold rule                    talon     sound      talon.go (holdTop, holdDead)
//	waste-order, release and     talon     sound      talondead.go
//	deadline tests
//	twin foundations             talon     sound      talon.go (firstTwin)
//	natural rule                 both      heuristic  safe.go (heuristicSafe), talon.go (naturalMove)
//	greedy rule                  generic   heuristic  safe.go (autoMove)
//	waste's top home             talon     heuristic  talon.go (autoMove)
//	digging, restart noise       generic   heuristic  search.go (order)
//	free-space order             generic   heuristic  cells.go (spacesKey)
//	deal layers                  generic   heuristic  onepass.go (dpos)
//	fit layers                   generic   heuristic  search.go (misfits)
package solver

import (
	"context"
	"fmt"
	"io"
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
// enough for a survey of thousands of deals. The clock is the budget
// that counts; the node limit is set so that it rarely ends a search
// first on a 2-core machine, two deals at a time (solver 14 reached
// 4,000,000 positions of Shamrocks in about 8 s; solver 17 reached
// 8,000,000 of Odd and Even in 6.8 s, and the limit, then 8,000,000,
// ended 454 of the 502 Napoleon at St Helena searches that solver 16
// left unknown).
const (
	DefaultMaxNodes = 16_000_000
	DefaultTimeout  = 10 * time.Second
)

// Options set the budget.
type Options struct {
	// MaxNodes is the node budget (positions expanded) for all phases
	// together; 0 means DefaultMaxNodes.
	MaxNodes int64
	// Timeout bounds the wall time; 0 means DefaultTimeout, a negative
	// value no limit (the context still applies).
	Timeout time.Duration
	// Deadline, if positive and Timeout is negative, stops the search
	// after this much wall time without dividing the phases by time as
	// Timeout does: the node budget alone decides what is searched, so
	// a solve that ends before it gives the same verdict and line on any
	// machine under any load; one that it stops says so (Result.TimeUp).
	Deadline time.Duration
	// Shorten is the node budget for looking for shortcuts in a win
	// (see Shorten); 0 means only the cheap passes, which always run.
	Shorten int64
	// Progress, if set, is called from the budget checks (every few
	// thousand positions) with the positions expanded so far and the
	// time spent: the browser's solve shows it. It must return quickly.
	Progress func(nodes int64, elapsed time.Duration)
	// Trace, if set, is told each phase's end and each beam's, with the
	// positions expanded and the time spent so far, one line each
	// (patience solve --trace): the schedules' shares were measured so.
	// The WebAssembly build writes none (tracing.go).
	Trace io.Writer

	off switches // tests
}

// switches turn parts of the solver off, for the tests that check that a
// rule changes no verdict.
type switches struct {
	// noSafeMoves turns off every automatic move, sound or not: the
	// heuristic phases are skipped and the stuck-card rule is not used
	// (and the talon family, which needs them, is not either).
	noSafeMoves  bool
	noHeuristic  bool // skip the heuristic phases
	noDeadEnds   bool // no dead-end tests (nor the check at the start)
	noDeadBase   bool // no dead-base rule (safe.go); the talon family: no automatic moves
	noHold       bool // no hold rule (talon.go)
	noSuitLock   bool // no suit-lock test (suitlock.go)
	noSeats      bool // no seat test (seats.go)
	noSeatless   bool // no seatless rule (seats.go)
	noTalon      bool // search the talon family's games as any game
	noPairs      bool // the release test counts every pool card homed (talondead.go)
	noFloatRules bool // the dead-end test's float rules as before solver 28 (deadend.go)
}

// schedule returns sched without the phases the switches turn off.
func (sw switches) schedule(sched []phase) []phase {
	out := make([]phase, 0, len(sched))
	for _, ph := range sched {
		switch {
		case ph.heuristic() && (sw.noHeuristic || sw.noSafeMoves):
			continue
		case ph.kind == checkPhase && sw.noDeadEnds:
			continue
		case ph.kind == exactPhase && sw.noSafeMoves:
			ph.modes = []mode{{auto: autoNone}}
		}
		out = append(out, ph)
	}
	return out
}

// Result is what Solve found.
type Result struct {
	Verdict Verdict
	Moves   []engine.Move // the winning line, for Won
	Nodes   int64         // positions expanded
	Elapsed time.Duration // the whole solve
	// Search is the time to the verdict: Elapsed but for shortening the
	// winning line (Shorten), which a verdict does not need.
	Search time.Duration
	// TimeUp: the clock (Timeout or Deadline), not the node budget,
	// ended a search that found no verdict.
	TimeUp bool
	// Best, for a deal not won, is the line to the position with the
	// most cards home that the searches reached, in the talon family
	// (nil in the others): where a search for wins from the deal's
	// beginning may start (scripts/satsurvey -guide).
	Best []engine.Move
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
		d := time.Since(start)
		return Result{Verdict: Won, Elapsed: d, Search: d}, nil
	}
	b := &budget{limit: limit, done: ctx.Done(), trace: opt.Trace}
	if opt.Progress != nil {
		b.tick = func(n int64) { opt.Progress(n, time.Since(start)) }
	}
	if timeout > 0 {
		b.deadline = start.Add(timeout)
	} else if opt.Deadline > 0 {
		b.deadline = start.Add(opt.Deadline)
	}
	var (
		v           Verdict
		moves, best []engine.Move
	)
	if t := talonState(in, pos, opt.off); t != nil {
		sr := newTalonSearcher(t, b, opt.off)
		if v = sr.solve(opt.off.schedule(talonPhases(t.tg)), start, timeout); v == Won {
			moves = t.tg.engineMoves(s, sr.path)
		} else if sr.best > 0 {
			best = t.tg.engineMoves(s, sr.bestLine)
		}
	} else if in.onePass() {
		sr := newDealSearcher(in, pos, b, opt.off)
		if v = sr.solve(opt.off.schedule(onePassPhases), start, timeout); v == Won {
			moves = append([]engine.Move(nil), sr.path...)
		}
	} else {
		sr := newEngineSearcher(in, pos, b, opt.off)
		if v = sr.solve(opt.off.schedule(enginePhases(in)), start, timeout); v == Won {
			moves = append([]engine.Move(nil), sr.path...)
		}
	}
	res := Result{Verdict: v, Nodes: b.nodes, Best: best}
	res.TimeUp = v == Unknown && !b.deadline.IsZero() && !time.Now().Before(b.deadline)
	res.Search = time.Since(start)
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

// talonState returns the talon family's view of pos, or nil if its game
// is not of the family (or the switches turn the family off).
func talonState(in *info, pos *engine.State, sw switches) *tstate {
	if sw.noTalon || sw.noSafeMoves {
		return nil
	}
	for _, r := range talonRules {
		if !in.sound[r] {
			return nil
		}
	}
	tg := in.talonGame()
	if tg == nil {
		return nil
	}
	t, ok := tg.newTState(pos)
	if !ok {
		return nil
	}
	return t
}

// The schedules. The phases' shares and the modes they try were each
// measured: TUNING.md has the measurements, schedule by schedule.
var (
	// The generic family: the check at the start; a depth-first search
	// that only digs toward cards the foundations need soon; beam
	// searches; restarts (one long search sinks below an early mistake,
	// restarts cut that heavy tail); the exact phase. Measurements:
	// TUNING.md, "The generic family".
	genericPhases = []phase{
		{kind: checkPhase},
		{kind: dfsPhase, modes: []mode{{auto: autoNatural, dig: 4}}, nodes: share{1, 16}},
		{kind: beamPhase, modes: []mode{{auto: autoNatural}, {auto: autoSound}}, nodes: share{5, 16}, time: share{3, 8}},
		{kind: restartPhase, modes: []mode{{auto: autoNatural}}, upTo: share{3, 4}, time: share{3, 4}},
		{kind: exactPhase, modes: []mode{{auto: autoSound}}, nodes: share{1, 1}},
	}
	// The generic family where a suit has foundations from two bases
	// (info.twoWay, House on the Hill): the greedy rule too, in the beams
	// and in every other restart. A short second digging search, the
	// beams, the restarts and the exact phase give the suit-lock test the
	// cap of the check at the start (mode.locks): a line that sends the
	// wrong copy of a card home can lock its suit long before the end. A
	// beam layered by the fits made too (search.go, misfits) until half
	// the time, then the beam by cards home until three quarters, each
	// trying its modes without, then with, locks at each width, widths
	// that double; the restarts until seven eighths. Measurements:
	// TUNING.md, "House on the Hill".
	twoWayPhases = []phase{
		genericPhases[0],
		genericPhases[1],
		{kind: dfsPhase, modes: []mode{{auto: autoNatural, dig: 4, locks: suitLockRootCap}}, nodes: share{1, 64}, time: share{1, 16}},
		{kind: beamPhase, modes: []mode{
			{auto: autoNatural, fits: true}, {auto: autoSound, fits: true},
			{auto: autoNatural, fits: true, locks: suitLockRootCap}, {auto: autoSound, fits: true, locks: suitLockRootCap},
		}, nodes: share{5, 16}, time: share{1, 2}, grow: 2},
		{kind: beamPhase, modes: []mode{
			{auto: autoNatural}, {auto: autoGreedy}, {auto: autoSound},
			{auto: autoNatural, locks: suitLockRootCap}, {auto: autoGreedy, locks: suitLockRootCap}, {auto: autoSound, locks: suitLockRootCap},
		}, nodes: share{4, 16}, time: share{3, 4}, grow: 2},
		{kind: restartPhase, modes: []mode{{auto: autoNatural, locks: suitLockRootCap}, {auto: autoGreedy, locks: suitLockRootCap}}, upTo: share{7, 8}, time: share{7, 8}},
		{kind: exactPhase, modes: []mode{{auto: autoSound, locks: suitLockRootCap}}, nodes: share{1, 1}},
	}
	// The generic family where the seat test applies (info.seats,
	// Shamrocks), where the exact phase, with that test, ends within the
	// budget on some deals the heuristic phases leave: the beam until
	// half the time, the restarts until five eighths, the exact phase the
	// rest. Measurements: TUNING.md, "Shamrocks".
	seatPhases = []phase{
		genericPhases[0],
		genericPhases[1],
		{kind: beamPhase, modes: genericPhases[2].modes, nodes: share{5, 16}, time: share{1, 2}},
		{kind: restartPhase, modes: genericPhases[3].modes, upTo: share{5, 8}, time: share{5, 8}},
		genericPhases[4],
	}
	// The games with free cells or runs moved as one (info.spaces, the
	// FreeCell family), whose moves the searches order by the free spaces
	// they keep (cells.go): a short depth-first search that takes a space
	// only to uncover a card the foundations take now (dig 1), which wins
	// most deals of FreeCell in a few hundred positions; then the exact
	// search for a sixteenth of the budget (an eighth of the time), which
	// proves most lost deals of Baker's Game within it and, a depth-first
	// search in the same order, wins many more; then the generic
	// family's phases. Measurements: TUNING.md, "The FreeCell family".
	spacesPhases = []phase{
		genericPhases[0],
		{kind: dfsPhase, modes: []mode{{auto: autoNatural, dig: 1}}, nodes: share{1, 1024}},
		{kind: exactPhase, modes: genericPhases[4].modes, nodes: share{1, 16}, time: share{1, 8}},
		genericPhases[1],
		genericPhases[2],
		genericPhases[3],
		genericPhases[4],
	}
	// The talon family without reserves: the exhaustive search comes
	// almost at once (a best-first phase before it only delayed every
	// verdict). Measurements: TUNING.md, "The talon family".
	talonPlainPhases = []phase{
		{kind: dfsPhase, modes: []mode{{auto: autoNatural}}, nodes: share{1, 256}},
		{kind: exactPhase, modes: []mode{{auto: autoSound}}, nodes: share{1, 1}},
	}
	// The talon family with reserves, where the exhaustive search rarely
	// ends: beam searches of growing width (talonBeam) for fifteen
	// sixteenths, then the exact phase. Measurements: TUNING.md, "The
	// talon family".
	talonReservePhases = []phase{
		talonPlainPhases[0],
		{kind: beamPhase, modes: talonBeam, nodes: share{15, 16}, time: share{15, 16}, rerun: true},
		talonPlainPhases[1],
	}
)

func enginePhases(in *info) []phase {
	switch {
	case in.spaces:
		return spacesPhases
	case in.twoWay:
		return twoWayPhases
	case in.seats > 0:
		return seatPhases
	}
	return genericPhases
}

func talonPhases(tg *talonGame) []phase {
	if len(tg.res) > 0 {
		return talonReservePhases
	}
	return talonPlainPhases
}

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
