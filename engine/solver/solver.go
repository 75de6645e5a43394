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
//	generic, one pass   check     dead-end and suit-lock test     (uncounted)  -
//	                    beam      by deals: natural, width x2     8/16         8/16
//	                    beam      natural, sound                  4/16         3/4
//	                    exact     sound                           the rest     -
//	talon, no reserves  dfs       natural rule                    1/256        -
//	                    exact     sound                           the rest     -
//	talon, reserves     dfs       natural rule                    1/256        -
//	                    beam      waste's top home,               15/16        15/16
//	                              four clog weights
//	                    exact     sound                           the rest     -
//
// Two-way: games where a suit has foundations from two bases
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
//	dead-end test                generic   sound      deadend.go (not run where allFloat
//	                                                  shows it finds nothing)
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
	Trace io.Writer

	off switches // tests
}

// switches turn parts of the solver off, for the tests that check that a
// rule changes no verdict.
type switches struct {
	// noSafeMoves turns off every automatic move, sound or not: the
	// heuristic phases are skipped and the stuck-card rule is not used
	// (and the talon family, which needs them, is not either).
	noSafeMoves bool
	noHeuristic bool // skip the heuristic phases
	noDeadEnds  bool // no dead-end tests (nor the check at the start)
	noDeadBase  bool // no dead-base rule (safe.go); the talon family: no automatic moves
	noHold      bool // no hold rule (talon.go)
	noSuitLock  bool // no suit-lock test (suitlock.go)
	noSeats     bool // no seat test (seats.go)
	noSeatless  bool // no seatless rule (seats.go)
	noTalon     bool // search the talon family's games as any game
}

// schedule returns sched without the phases the switches turn off.
func (sw switches) schedule(sched []phase) []phase {
	var out []phase
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
	Elapsed time.Duration
	// TimeUp: the clock (Timeout or Deadline), not the node budget,
	// ended a search that found no verdict.
	TimeUp bool
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
		v     Verdict
		moves []engine.Move
	)
	if t := talonState(in, pos, opt.off); t != nil {
		sr := newTalonSearcher(t, b, opt.off)
		if v = sr.solve(opt.off.schedule(talonPhases(t.tg)), start, timeout); v == Won {
			moves = t.tg.engineMoves(s, sr.path)
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
	res := Result{Verdict: v, Nodes: b.nodes}
	res.TimeUp = v == Unknown && !b.deadline.IsZero() && !time.Now().Before(b.deadline)
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
// measured; see the package doc and the notes beside them.
var (
	// The generic family: the check at the start; a depth-first search
	// that only digs toward cards the foundations need soon; beam
	// searches (on 20 House on the Hill deals that the other phases left
	// unknown at 10 s, they won 9 in 10 s each, and 14 of the next 20;
	// each of the three modes won some that the others did not);
	// restarts (wins in the fan games are found in a few hundred nodes
	// or not at all by one long search, which sinks below an early
	// mistake: restarts cut that heavy tail); the exact phase.
	genericPhases = []phase{
		{kind: checkPhase},
		{kind: dfsPhase, modes: []mode{{auto: autoNatural, dig: 4}}, nodes: share{1, 16}},
		{kind: beamPhase, modes: []mode{{auto: autoNatural}, {auto: autoSound}}, nodes: share{5, 16}, time: share{3, 8}},
		{kind: restartPhase, modes: []mode{{auto: autoNatural}}, upTo: share{3, 4}, time: share{3, 4}},
		{kind: exactPhase, modes: []mode{{auto: autoSound}}, nodes: share{1, 1}},
	}
	// The generic family where a suit has foundations from two bases
	// (info.twoWay): the greedy rule too, in the beam phase and in every
	// other restart; the beam until half the time. Solver 17 at 10 s, two
	// deals at a time, on 394 House on the Hill deals (those of 1-1000
	// that took over 0.3 s or were left unknown): the restarts won 16, the
	// last 2.1 s after they began (the first 12 within 0.1 s), so 2.5 s
	// are enough for them; the beam left deals 711 and 915 unknown
	// 11,000 and 25,000 positions short of the wins that it finds at
	// width 256 given the time (30 s runs). With the beam until half the
	// time (solver 18), the same deals: 5 more won, no win lost. Widths
	// that double (solver 20, as the beam by deals does, onepass.go): of
	// the 42 deals left unknown at 10 s, 6 won (253, 329, 533, 705, 867,
	// 904; 329 had stayed unknown at 120 s). The same widths won none of
	// the deals left unknown in Shamrocks (18), House in the Woods (84)
	// or, in the talon family's beam, Royal Cotillion (84): theirs stay.
	// Then a beam layered by the fits made too (search.go, misfits;
	// solver 21), until three quarters of the time, the restarts until
	// seven eighths. Of the 36 deals left unknown at 10 s, the beam by
	// fits alone won 13 at 5,000,000 positions (the beam by cards home
	// none); with this schedule 9 were won (39, 319, 327, 334, 387, 679,
	// 706, 903, 959, at widths 16 and 32), and each of the 261 wins of
	// 1-1000 that took over 1 s but 501 (as before). In place of the
	// beam by cards home it lost 12 of those wins; as more modes of the
	// same beam, 4 (253, 329 and 915, which that beam wins at width 128
	// after 3-5 s, and 501); at 5/8 of the time with more modes, the
	// same 4. Of the 297 deals, the restarts won 6 and the exact phase 2,
	// so their time was cut. The beam by fits won none of the deals left
	// unknown in House in the Woods (84; alone, 10 s each) and, of
	// Shamrocks' 18, only 155, after 8.9 s alone: theirs stay.
	// Then (solver 22) the dead-end test gives the suit-lock test the cap
	// of the check at the start (mode.locks) in a second digging search,
	// short, and in the restarts and the exact phase. A line that sends
	// the wrong copy of a card to a foundation can lock its suit many
	// moves before the end: the beams' best lines on deals left unknown
	// ended with 98-102 of the 104 cards home, locked, which the test
	// with its usual cap of 300 projected positions had not seen. Of the
	// 27 deals left unknown at 10 s, 10 were won (78, 143, 186, 374, 398,
	// 400, 495, 682, 781, 823), and each of the 270 wins of 1-1000 that
	// took over 1 s was won again (501 too). With a cap of 500,000 in
	// these phases, 9 won; with the beam by fits given the cap too, 35
	// won but 7 of the 270 wins were lost. With a larger cap in every phase (before the test
	// remembered lost projections, suitlock.go), 1,000: none; 5,000: 3;
	// 50,000: 4; 500,000: 8, but 19 of the 270 wins were lost: the
	// projected searches took the time (most of them won, each in a few
	// thousand positions). This schedule (with 500,000) won none of the
	// 84 deals left unknown in House in the Woods: theirs stays.
	// Then (solver 23) each beam tries its modes again with locks, after
	// the same modes without, at each width, and the beam by fits comes
	// first, until half the time. Alone from the deal, 60 s each, the
	// beam by fits with locks (and the memory of won lines) had won 5 of
	// the 17 deals left unknown at 10 s, but slowly: on deal 39, 98% of
	// the projected positions went to searches that ended won, a tenth
	// of those searches past 65,000 positions. With the order of the
	// projected moves and the memory of the lost positions below each
	// move to a foundation (suitlock.go), the four deals that beam had
	// won in 17.7, 5.8, 23.3 and 18.7 s (116, 370, 412, 549) took 7.9,
	// 2.8, 2.8 and 6.9 s. Of the 17 deals, 7 were won (35, 116, 370,
	// 412, 549, 989, 996), and each of the 270 wins of 1-1000 that took
	// over 1 s was won again. Measured on the same deals: the beam by
	// fits with locks in its slot, 1 won (35), and 39 lost of the 270;
	// moved before the beam by cards home, locks only, 3 (35, 370, 412),
	// 39 lost; the same with its modes without locks first, the same 3,
	// 39 won in one run of two; the beam by cards home first, both beams
	// with locks, 6 (not 996), 39 lost in one run of two; caps of
	// 200,000 and 1,000,000 in the beams, 1 and 4; 20,000,000, as
	// 5,000,000; the beam by cards home without its sound mode with
	// locks, 2.
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
	// Shamrocks), where the exact phase, with that test, ends within
	// the budget on some deals the heuristic phases leave: the beam until
	// half the time, the restarts until five eighths, the exact phase
	// the rest. Solver 17 at 10 s, two deals at a time, on 191 Shamrocks
	// deals (those of 1-1000 that took over 0.3 s or were left unknown):
	// the restarts won 7, the last 1.1 s after they began; alone, the
	// exact phase proved deal 609 lost in 2.9 s, for which it had had
	// 2.5 s, and a beam of 30 s won deal 453 at 4.6 s. With this
	// schedule (solver 18), the same deals: 2 more won, 609 proved lost,
	// no win lost.
	seatPhases = []phase{
		genericPhases[0],
		genericPhases[1],
		{kind: beamPhase, modes: genericPhases[2].modes, nodes: share{5, 16}, time: share{1, 2}},
		{kind: restartPhase, modes: genericPhases[3].modes, upTo: share{5, 8}, time: share{5, 8}},
		genericPhases[4],
	}
	// The talon family without reserves: the exhaustive search comes
	// almost at once. In Contradance, with the hold rule, it won each of
	// the 45 deals of 1-1000 known to be won within 1.7 s, and a
	// best-first phase that came before it (a sixteenth of the time)
	// only delayed every verdict.
	talonPlainPhases = []phase{
		{kind: dfsPhase, modes: []mode{{auto: autoNatural}}, nodes: share{1, 256}},
		{kind: exactPhase, modes: []mode{{auto: autoSound}}, nodes: share{1, 1}},
	}
	// The talon family with reserves, where the exhaustive search rarely
	// ends: beam searches of growing width (on deals 1-40 of Picture
	// Patience and Patriarchs, 5 s each, they won 31 and 39, a
	// best-first search 11 and 21, and the best-first search for a part
	// of the time before or between them 30 and 38). Until solver 12 a
	// depth-first search that played the waste's top home at once took
	// 5/16 after a beam of 10/16: at 4,000,000 positions a deal, no time
	// limit, it won none of the 24 Odd and Even deals left unknown at
	// 10 s nor Royal Cotillion's deal 708, which it had won at 10 s
	// (both phases leave it unknown at this budget); the beam has its
	// share now (talonBeamModes has the measurements).
	talonReservePhases = []phase{
		talonPlainPhases[0],
		{kind: beamPhase, modes: talonBeam, nodes: share{15, 16}, time: share{15, 16}, rerun: true},
		talonPlainPhases[1],
	}
)

func enginePhases(in *info) []phase {
	switch {
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
