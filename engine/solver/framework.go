package solver

import (
	"fmt"
	"io"
	"slices"
	"time"
)

// The search framework: one budget, one depth-first search, one beam
// search and one loop that runs a schedule of phases, all over a small
// position interface. Each family of games supplies a position (search.go
// for any game, talon.go for the games whose cards only go home) and its
// schedules (solver.go); its pruning rules live with its position, each
// with its soundness argument beside it.

// position is what the searches need of a family's position. M is its
// move; apply may record in the move what undo needs.
type position[M any] interface {
	won() bool
	hash() uint64
	apply(m *M)
	undo(m *M)
	// setMode sets the automatic play and move order of the searches
	// that follow; perturb seeds the noise of a restart's move order (0:
	// none).
	setMode(md mode)
	perturb(seed uint64)
	// autoMove returns the next automatic move of the mode, if any.
	autoMove() (M, bool)
	// dead reports whether the family's sound dead-end rules condemn the
	// position (after its automatic moves).
	dead() bool
	// moves appends the moves the depth-first search tries, best first,
	// without those a rule proves needless.
	moves(buf []M) []M
	// rootLost reports whether the check at the start proves the
	// position lost.
	rootLost() bool

	// The beam search: positions are grouped into layers (layer, at most
	// layers()) that play only ever moves forward; evaluate orders a
	// layer; beamMoves are the moves searched within a layer. With
	// dealLayers, the best positions of each layer then take the move
	// of advance (a deal) into a later one, which beamMoves leaves out.
	layer() int
	layers() int
	evaluate() int32
	beamMoves(buf []M) []M
	dealLayers() bool
	advance() (M, bool)
}

// autoMode is the automatic play of a search.
type autoMode uint8

const (
	autoNone    autoMode = iota // none (tests: test switch noSafeMoves)
	autoSound                   // the sound rules only: the exact phase
	autoNatural                 // and the natural rule (safe.go; not sound)
	autoGreedy                  // and every foundation move (not sound)
	autoTopHome                 // and the waste's top home (talon.go; not sound)
)

var autoModeNames = [...]string{"none", "sound", "natural", "greedy", "waste's top home"}

// String names the mode as the trace and the package doc do.
func (a autoMode) String() string { return autoModeNames[a] }

// mode is the automatic play and move order of one search.
type mode struct {
	auto autoMode
	// dig: tableau moves must uncover a card this urgent (0: any); in
	// the FreeCell family only the moves that take a space or move a run
	// across, and not those that free a card to build (cells.go).
	dig int
	// clog weighs, in the beam search's order, the reserve cards that no
	// foundation wants soon (the talon family only).
	clog int
	// deals: the beam search is layered by the cards dealt (the one-pass
	// family only, onepass.go).
	deals bool
	// fits: the beam search is layered by the cards home and the fits
	// made (the generic family where info.fits holds, search.go).
	fits bool
	// locks: the suit-lock test's cap in the dead-end test (0:
	// suitLockCap; the generic family only, suitlock.go).
	locks int
	// emptied: the dead-end test runs in games where it finds nothing
	// in a position with an empty pile that takes any card
	// (info.allFloat; the generic family only, search.go, epos.dead).
	emptied bool
	// spread: at most this many of the positions a beam by deals sends
	// on from a layer come from one position dealt into it (0: no
	// limit; see sendOn).
	spread int
	// lineBack: the line spread counts in is the position dealt into
	// the layer this many layers back (0 or 1: into the layer itself),
	// a coarser line the further back (see sendOn).
	lineBack int
}

// phaseKind is the search a phase runs.
type phaseKind uint8

const (
	checkPhase   phaseKind = iota // the position's check at the start (rootLost)
	dfsPhase                      // one depth-first search in modes[0]
	beamPhase                     // beam searches of growing width, each width in every mode
	restartPhase                  // short depth-first searches with noise, Luby budgets
	exactPhase                    // the exhaustive search, sound rules only: its end is a proof
)

var phaseNames = [...]string{"check", "dfs", "beam", "restarts", "exact"}

// String names the kind as the trace and the package doc do.
func (k phaseKind) String() string { return phaseNames[k] }

// share is a fraction of the node budget or of the time.
type share struct{ num, den int64 }

func (f share) of(x int64) int64 { return x * f.num / f.den }

// phase is one step of a schedule.
type phase struct {
	kind  phaseKind
	modes []mode
	// nodes is the share of the node budget it may spend (capped by what
	// is left); a restart phase instead goes on until the solve has
	// spent upTo of it.
	nodes, upTo share
	// time: it ends when this share of the time has passed since the
	// solve began ({0, 0}: at the deadline).
	time share
	// rerun: a beam phase runs every mode at every width, even one whose
	// search left nothing out at a smaller width (as the talon family
	// always has).
	rerun bool
	// grow: a beam phase's widths grow by this factor (0: by four).
	grow int
}

// heuristic reports whether the phase can only find wins.
func (ph phase) heuristic() bool { return ph.kind != checkPhase && ph.kind != exactPhase }

// budget is the node budget and clock that the searches of one solve
// share.
type budget struct {
	nodes    int64     // positions expanded, all phases together
	limit    int64     // the current search stops at this count
	deadline time.Time // the current search stops at this time (zero: never)
	done     <-chan struct{}
	stopped  bool  // the current search ran out of budget, time or context
	timeUp   bool  // its deadline or the context ran out
	mask     int64 // the clock is read when nodes&mask is 0
	// tick, if set, is told the positions expanded so far when the
	// clock is read (Options.Progress).
	tick func(nodes int64)
	// trace, if set, is told each phase's end and each beam's
	// (Options.Trace, tracef).
	trace io.Writer
}

// out reports whether the current search must stop.
func (b *budget) out() bool {
	if b.nodes >= b.limit || b.timeUp {
		return true
	}
	if b.nodes&b.mask == 0 {
		if b.tick != nil {
			b.tick(b.nodes)
		}
		if b.late() {
			b.timeUp = true
			return true
		}
	}
	return false
}

// late reports whether the deadline has passed or the context is done.
func (b *budget) late() bool {
	return !b.deadline.IsZero() && time.Now().After(b.deadline) || b.cancelled()
}

// cancelled reports whether the context is done.
func (b *budget) cancelled() bool {
	if b.done == nil {
		return false
	}
	select {
	case <-b.done:
		return true
	default:
		return false
	}
}

// searcher runs the searches of one solve on a position of type P.
type searcher[M any, P position[M]] struct {
	*budget
	p    P
	tt   *hashSet
	path []M // the line found (or being searched)
	// the depth-first search's positions with moves left to try, and
	// their moves
	frames []dfsFrame
	stack  []M
	m      M // a move being played
	// maxTree bounds the beam search's tree (its memory).
	maxTree int
	// the beam search's tree and snapshots (snapshot.go), kept from one
	// beam to the next
	tree      bfTree[M]
	snaps     *snapshots
	layers    [][]bfItem
	layerTT   layerSets // the beam's transposition table
	spread    int       // the beam's mode.spread
	lineBack  int       // and mode.lineBack (at least 1)
	starts    []int32   // the last node made before each layer started
	lines     []int32   // sendOn's line of each position
	spreadBuf []bfItem  // and the positions it leaves for last

	start   time.Time     // the solve's start
	timeout time.Duration // and time budget (0: none)
	total   int64         // its node budget
	end     time.Time     // and deadline (zero: none)

	// best is the most cards home in a position the searches reached,
	// bestLine the line to it, for a position that says (progressor):
	// what a deal not won offers a search for wins that starts from its
	// beginning (the SAT track's guided runs, scripts/satsurvey).
	best     int
	bestLine []M
}

// progressor is a position that tells how many cards it has home.
type progressor interface{ progress() int }

// newBest reports whether the position now has more cards home than
// any the searches reached before, and counts it as the best if so; the
// caller then records the line to it (at most once per card).
func (sr *searcher[M, P]) newBest() bool {
	pr, ok := any(sr.p).(progressor)
	if !ok {
		return false
	}
	if h := pr.progress(); h > sr.best {
		sr.best = h
		return true
	}
	return false
}

// tracing reports whether the solve writes a trace.
func (sr *searcher[M, P]) tracing() bool { return tracingBuilt && sr.trace != nil }

// tracef writes one line of the trace, if there is one: what was
// searched, then the positions expanded so far and the time since the
// solve began.
func (sr *searcher[M, P]) tracef(format string, args ...any) {
	if !sr.tracing() {
		return
	}
	fmt.Fprintf(sr.trace, format, args...)
	fmt.Fprintf(sr.trace, ": %d positions, %v\n", sr.nodes, time.Since(sr.start).Round(time.Millisecond))
}

// run runs a depth-first search from the position; it reports whether it
// found a win (then in path).
func (sr *searcher[M, P]) run() bool {
	sr.path = sr.path[:0]
	sr.stopped = false
	return sr.dfs()
}

// dfsFrame is a position on the depth-first search's line whose moves
// are being tried: they are sr.stack[lo:hi], next is the one to try
// next, played says one of them is on the path now, and mark is the
// length of the path before the position's automatic moves.
type dfsFrame struct {
	mark, lo, hi, next int
	played             bool
}

// dfs is the depth-first search of run. It keeps its line in slices, not
// on the goroutine's stack: in Shamrocks the exhaustive search follows
// lines of millions of tableau moves between distinct positions (deal
// 65 passed 3,000,000 at 20 s), which overflowed the stack when the
// search recursed. It tries the positions in the order the recursion
// did.
func (sr *searcher[M, P]) dfs() bool {
	p := sr.p
	frames, stack := sr.frames[:0], sr.stack[:0]
	defer func() { sr.frames, sr.stack = frames[:0], stack[:0] }()
	for {
		// A position just reached: the start, or after a move.
		mark, expand, won := sr.enter()
		if won {
			return true
		}
		if expand {
			lo := len(stack)
			stack = append(stack, p.moves(stack[lo:lo])...)
			frames = append(frames, dfsFrame{mark: mark, lo: lo, hi: len(stack), next: lo})
		}
		// Play the next move of the deepest position with one left,
		// taking back those that have none. Moves are applied and undone
		// in place (in the path, the trees' slices, sr.m): a pointer to a
		// local would escape through the interface and cost an
		// allocation per move.
		for {
			if len(frames) == 0 {
				return false
			}
			f := &frames[len(frames)-1]
			if f.played {
				p.undo(&sr.path[len(sr.path)-1])
				sr.path = sr.path[:len(sr.path)-1]
				f.played = false
				if sr.stopped {
					f.next = f.hi
				}
			}
			if f.next < f.hi {
				sr.path = append(sr.path, stack[f.next])
				f.next++
				f.played = true
				p.apply(&sr.path[len(sr.path)-1])
				break
			}
			sr.unwind(f.mark)
			stack = stack[:f.lo]
			frames = frames[:len(frames)-1]
		}
	}
}

// enter looks at the position just reached by the depth-first search:
// it reports a win, or plays the automatic moves and reports whether the
// position is to be expanded (new, not condemned, the budget not spent),
// with the length of the path before those moves. A position not to be
// expanded is left as it was reached.
func (sr *searcher[M, P]) enter() (mark int, expand, won bool) {
	p := sr.p
	if p.won() {
		return 0, false, true
	}
	if sr.out() {
		sr.stopped = true
		return 0, false, false
	}
	sr.nodes++
	if !sr.tt.insert(p.hash()) {
		return 0, false, false
	}
	mark = len(sr.path)
	auto := false
	for {
		m, ok := p.autoMove()
		if !ok {
			break
		}
		sr.path = append(sr.path, m)
		p.apply(&sr.path[len(sr.path)-1])
		auto = true
	}
	if auto {
		if p.won() {
			return 0, false, true
		}
		if !sr.tt.insert(p.hash()) {
			sr.unwind(mark)
			return 0, false, false
		}
	}
	if sr.newBest() {
		sr.bestLine = append(sr.bestLine[:0], sr.path...)
	}
	if p.dead() {
		sr.unwind(mark)
		return 0, false, false
	}
	return mark, true, false
}

// unwind takes back the moves played since the path had mark moves.
func (sr *searcher[M, P]) unwind(mark int) {
	for len(sr.path) > mark {
		sr.p.undo(&sr.path[len(sr.path)-1])
		sr.path = sr.path[:len(sr.path)-1]
	}
}

// goTo moves the position from the tree's current node to node n.
func (sr *searcher[M, P]) goTo(t *bfTree[M], n int32) {
	t.route(n)
	for _, a := range t.up {
		sr.p.undo(&t.nodes[a].move)
	}
	for i := len(t.down) - 1; i >= 0; i-- {
		sr.p.apply(&t.nodes[t.down[i]].move)
	}
}

// beam is a beam search, to find wins: the positions are grouped into
// layers (position.layer), which play only ever moves forward. Within a
// layer a best-first search (position.evaluate) plays the moves that stay
// in it, expanding at most 4*width positions (dealExpand*width with
// dealLayers); a move that leads to a later layer sends the position
// there. With dealLayers, the width best (sendOn) positions of the
// layer, expanded or not, then each deal into the next.
// It reports whether it found a win (then in path) and whether any
// position was left out (if not, a wider beam searches the same). Its
// failures prove nothing.
func (sr *searcher[M, P]) beam(width int) (won, cut bool) {
	p := sr.p
	t := &sr.tree
	if c := min(4*len(t.nodes), sr.maxTree+1); cap(t.nodes) < c {
		// A beam of the next width grows about four times as large.
		t.nodes = make([]bfNode[M], 0, c)
	}
	t.nodes = append(t.nodes[:0], bfNode[M]{parent: -1})
	t.cur = 0
	sr.path = sr.path[:0]
	sr.stopped = false
	sr.layerTT.reset(p.layers())
	sr.layerTT.insert(p.layer(), p.hash())
	// layers holds the positions sent to each layer, scored when made
	// (the score depends only on the position, and the search is at the
	// position then: going back to it later would cost a route).
	// Their storage is kept from one beam to the next.
	layers := slices.Grow(sr.layers[:0], p.layers())[:p.layers()]
	for l := range layers {
		layers[l] = layers[l][:0]
	}
	sr.layers = layers
	layers[p.layer()] = append(layers[p.layer()], bfItem{p.evaluate(), 0})
	sn := sr.snapshots(len(layers))
	deals := p.dealLayers()
	limit := 4 * width // a layer's expansions
	if deals {
		limit = dealExpand * width
	}
	var (
		buf  []M
		heap bfHeap
		seen []bfItem
	)
	// queue puts the child just made, at the position now, into its
	// layer, or on the heap if that is layer l.
	queue := func(l int, child int32) {
		score := p.evaluate()
		if q := p.layer(); q != l {
			layers[q] = append(layers[q], bfItem{score, child})
			if sn != nil {
				sn.save(child, q)
			}
			return
		}
		heap.push(score, child)
	}
	starts := slices.Grow(sr.starts[:0], len(layers))[:len(layers)]
	sr.starts = starts
	for l := range layers {
		// With deal layers, the positions dealt into layer l are the
		// last nodes made before it starts (spread); those dealt into
		// the layer lineBack-1 layers before it, the nodes made before
		// that one started.
		starts[l] = int32(len(t.nodes) - 1)
		if len(layers[l]) == 0 {
			continue
		}
		entered := starts[max(l-sr.lineBack+1, 0)]
		heap, seen = heap[:0], seen[:0]
		for _, it := range layers[l] {
			heap.push(it.score, it.node)
		}
		for expanded := 0; len(heap) > 0 && expanded < limit; {
			if sr.out() || len(t.nodes) > sr.maxTree || sn.full() {
				sr.stopped = true
				sr.jump(t, sn, 0, l)
				return false, true
			}
			sr.nodes++
			it := heap.pop()
			sr.jump(t, sn, it.node, l)
			n := it.node
			for {
				m, ok := p.autoMove()
				if !ok {
					break
				}
				sr.m = m
				p.apply(&sr.m)
				n = t.add(n, sr.m)
				t.cur = n
			}
			if p.won() {
				sr.path = t.path(n, sr.path)
				return true, cut
			}
			if sr.newBest() {
				sr.bestLine = t.path(n, sr.bestLine)
			}
			if n != it.node {
				if !sr.layerTT.insert(p.layer(), p.hash()) {
					continue
				}
				if p.layer() != l {
					queue(l, n)
					continue
				}
			}
			if p.dead() {
				continue
			}
			expanded++
			if deals {
				// The item's score is this position's, unless automatic
				// moves have been played since.
				score := it.score
				if n != it.node {
					score = p.evaluate()
				}
				seen = append(seen, bfItem{score, n})
			}
			buf = p.beamMoves(buf[:0])
			for i := range buf {
				p.apply(&buf[i])
				if sr.layerTT.insert(p.layer(), p.hash()) {
					child := t.add(n, buf[i])
					if p.won() {
						t.cur = child
						sr.path = t.path(child, sr.path)
						return true, cut
					}
					queue(l, child)
				}
				p.undo(&buf[i])
			}
		}
		cut = cut || len(heap) > 0
		if deals {
			// The best positions of the layer, expanded or not, go on.
			cut = cut || len(seen)+len(heap) > width
			seen = append(seen, heap...)
			slices.SortFunc(seen, func(a, b bfItem) int {
				if better(a, b) {
					return -1
				}
				if better(b, a) {
					return 1
				}
				return 0
			})
			for _, it := range sr.sendOn(seen, width, entered) {
				sr.jump(t, sn, it.node, l)
				m, ok := p.advance()
				if !ok {
					continue
				}
				sr.m = m
				p.apply(&sr.m)
				if sr.layerTT.insert(p.layer(), p.hash()) {
					child := t.add(it.node, sr.m)
					layers[p.layer()] = append(layers[p.layer()], bfItem{p.evaluate(), child})
					if sn != nil {
						sn.save(child, p.layer())
					}
				}
				p.undo(&sr.m)
			}
		}
		layers[l] = layers[l][:0]
		sr.layerTT.done(l)
		if sn != nil {
			sn.done(l)
		}
	}
	sr.jump(t, sn, 0, 0)
	return false, cut
}

// sendOn returns the width best of a layer's positions, seen, sorted
// best first, that a beam by deals sends on to the next layer. With a
// spread, at most that many come from one line of the layer (one
// position dealt into it, or into a layer before it with mode.lineBack:
// the last node made by the time that layer started, entered or before,
// that a position descends from): the best positions of a layer are
// often one line's variations (the same cards home, the columns moved
// about), and a narrow beam of them follows one line through the stock.
// Positions left out that way fill the width if too few lines are left.
// A heuristic choice: the beam only finds wins.
func (sr *searcher[M, P]) sendOn(seen []bfItem, width int, entered int32) []bfItem {
	if sr.spread == 0 || len(seen) <= width {
		return seen[:min(width, len(seen))]
	}
	lines := sr.lines[:0]
	for _, it := range seen {
		a := it.node
		for a > entered {
			a = sr.tree.nodes[a].parent
		}
		lines = append(lines, a)
	}
	sr.lines = lines
	sr.spreadBuf = spreadOut(seen, lines, sr.spread, sr.spreadBuf)
	return seen[:width]
}

// spreadOut reorders seen, stably, to put first the positions that are
// among the best spread of their line (lines[i] is seen[i]'s), and
// returns its scratch space.
func spreadOut(seen []bfItem, lines []int32, spread int, buf []bfItem) []bfItem {
	first, last := lines[0], lines[0]
	for _, a := range lines {
		first, last = min(first, a), max(last, a)
	}
	count := make([]int32, last-first+1)
	taken := 0
	rest := buf[:0]
	for i, it := range seen {
		if c := &count[lines[i]-first]; int(*c) < spread {
			*c++
			seen[taken] = it
			taken++
		} else {
			rest = append(rest, it)
		}
	}
	copy(seen[taken:], rest)
	return rest
}

// widen runs the beam searches of phase ph: widths 16, 64, 256, ...
// (16, 32, 64, ... if ph.grow is 2), each width in every mode of
// ph.modes in turn (every one that has not yet searched its whole space,
// unless ph.rerun), each from an empty table, until one wins (then the
// line is in path), the budget is spent, or at some width no search left
// anything out.
func (sr *searcher[M, P]) widen(ph phase) bool {
	modes := ph.modes
	grow := ph.grow
	if grow == 0 {
		grow = 4
	}
	exhausted := make([]bool, len(modes))
	for w := 16; w <= 1<<30; w *= grow {
		anyCut := false
		for k, md := range modes {
			if exhausted[k] && !ph.rerun {
				continue
			}
			sr.p.setMode(md)
			sr.spread = md.spread
			sr.lineBack = max(md.lineBack, 1)
			won, cut := sr.beam(w)
			if sr.tracing() {
				sr.tracef("  beam width %d, %s%s: %s", w, md.auto, md.traceSuffix(), outcome(won, cut, sr.stopped))
			}
			if won {
				return true
			}
			if sr.stopped {
				return false
			}
			anyCut = anyCut || cut
			exhausted[k] = !cut
		}
		if !anyCut {
			return false
		}
	}
	return false
}

// The restarts: the first budget (nodes), the noise added to the
// move-ordering keys (enough to reorder moves of different urgency, not to
// put them before foundation moves), and the digging depths they cycle
// through (0: any tableau move).
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

// solve runs the phases of a schedule on the budget (sr.limit: the
// whole node budget; sr.deadline: the solve's deadline, zero for none)
// and returns the verdict, with the winning line in path for Won. Time
// shares count from start, of timeout.
func (sr *searcher[M, P]) solve(sched []phase, start time.Time, timeout time.Duration) Verdict {
	sr.start, sr.timeout = start, timeout
	sr.total, sr.end = sr.limit, sr.deadline
	won, exact := false, false
	for _, ph := range sched {
		if won || exact || sr.timeUp || sr.nodes >= sr.total {
			break
		}
		switch ph.kind {
		case checkPhase:
			if sr.p.rootLost() {
				sr.nodes = 1
				if sr.tracing() {
					sr.tracef("check: lost (the position's own test)")
				}
				return Lost
			}
		case dfsPhase, exactPhase:
			sr.spend(ph.nodes.of(sr.total), ph.time)
			sr.tt.reset()
			sr.p.setMode(ph.modes[0])
			won = sr.run()
			exact = ph.kind == exactPhase && !won && !sr.stopped
		case beamPhase:
			sr.spend(ph.nodes.of(sr.total), ph.time)
			won = sr.widen(ph)
		case restartPhase:
			won = sr.restarts(ph)
		}
		if sr.tracing() {
			sr.tracef("%s: %s", ph.kind, phaseOutcome(ph, won, exact, sr.stopped))
		}
		// A phase's own cutoff is not the end of the solve.
		sr.deadline = sr.end
		if sr.timeUp && (sr.end.IsZero() || time.Now().Before(sr.end)) && !sr.cancelled() {
			sr.timeUp = false
		}
	}
	switch {
	case won:
		return Won
	case exact:
		return Lost
	}
	return Unknown
}

// outcome says how a beam search ended, for the trace.
func outcome(won, cut, stopped bool) string {
	switch {
	case won:
		return "won"
	case stopped:
		return "stopped by the budget"
	case cut:
		return "left positions out"
	}
	return "searched its whole space"
}

// phaseOutcome says how a phase ended, for the trace.
func phaseOutcome(ph phase, won, exact, stopped bool) string {
	switch {
	case won:
		return "won"
	case exact:
		return "lost (every line searched)"
	case ph.kind == checkPhase:
		return "nothing found"
	case stopped:
		return "stopped by its share of the budget"
	}
	return "ended"
}

// traceSuffix describes the rest of the mode for the trace.
func (md mode) traceSuffix() string {
	var s string
	if md.dig > 0 {
		s += fmt.Sprintf(", dig %d", md.dig)
	}
	if md.clog > 0 {
		s += fmt.Sprintf(", clog %d", md.clog)
	}
	if md.deals {
		s += ", by deals"
	}
	if md.spread > 0 {
		s += fmt.Sprintf(", spread %d", md.spread)
	}
	if md.lineBack > 1 {
		s += fmt.Sprintf(", lines back %d", md.lineBack)
	}
	if md.fits {
		s += ", by fits"
	}
	if md.locks > 0 {
		s += fmt.Sprintf(", locks %d", md.locks)
	}
	return s
}

// cutoff returns the time when the share until of the time has passed
// (zero: none).
func (sr *searcher[M, P]) cutoff(until share) time.Time {
	if until.den == 0 || sr.timeout <= 0 {
		return time.Time{}
	}
	return sr.start.Add(time.Duration(until.of(int64(sr.timeout))))
}

// spend sets the next search's node limit (nodes more, capped by what is
// left) and deadline (the cutoff of until, if before the solve's).
func (sr *searcher[M, P]) spend(nodes int64, until share) {
	sr.limit = sr.nodes + min(nodes, sr.total-sr.nodes)
	sr.deadline = sr.end
	if cut := sr.cutoff(until); !cut.IsZero() && (sr.end.IsZero() || cut.Before(sr.end)) {
		sr.deadline = cut
	}
}

// restarts runs short depth-first searches, each from an empty table, with
// random noise added to the move order, the modes in turn, each cycling
// through the digging depths, their budgets following the Luby sequence,
// until the solve has spent ph.upTo of the node budget or ph.time of the
// time (checked between restarts). The noise comes from a generator
// seeded by the restart's number, so results repeat when the node budget,
// not the clock, ends them.
func (sr *searcher[M, P]) restarts(ph phase) bool {
	main := sr.tt
	sr.tt = newHashSet(1 << 14)
	defer func() {
		sr.tt = main
		sr.p.perturb(0)
	}()
	upTo := ph.upTo.of(sr.total)
	cutoff := sr.cutoff(ph.time)
	k := len(ph.modes)
	// exhausted[g]: a restart with digging depth 0 (no digging
	// restriction) searched the whole space of mode g: other orders would
	// search it again.
	exhausted := make([]bool, k)
	for i := 1; sr.nodes < upTo && !sr.timeUp; i++ {
		if !cutoff.IsZero() && time.Now().After(cutoff) {
			break
		}
		g := i % k
		dig := restartDigs[(i/k)%len(restartDigs)]
		for exhausted[g] {
			g = (g + 1) % k
		}
		sr.spend(min(restartBase*luby(i), upTo-sr.nodes), share{})
		sr.tt.reset()
		md := ph.modes[g]
		md.dig = dig
		sr.p.setMode(md)
		sr.p.perturb(uint64(i) * 0x2545f4914f6cdd1d)
		if sr.run() {
			return true
		}
		if dig == 0 && !sr.stopped {
			exhausted[g] = true
			if !slices.Contains(exhausted, false) {
				break
			}
		}
	}
	return false
}
