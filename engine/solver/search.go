package solver

import (
	"github.com/patience-solitaire/patience/engine"
)

// epos is the position of the generic family: any game, searched on the
// engine's position with its legal moves. Its rules: the automatic moves
// of safe.go (the stuck-card and dead-base rules, sound; the natural and
// greedy rules, heuristic), the lone-card rule (below, sound), the
// dead-end test (deadend.go, sound) and inside it the suit-lock test
// (suitlock.go, sound).
type epos struct {
	in *info
	s  *engine.State
	rx *relax

	heuristic bool // play the unsound natural rule automatically
	greedy    bool // heuristic: play every foundation move automatically instead
	dig       int  // tableau moves must uncover a card this urgent (0: any)
	byFits    bool // the beam's layers count the fits made too (layer)
	mis       int  // byFits: the misfits, kept by apply and undo
	safe      bool // play the sound stuck-card and dead-base rules automatically
	deadEnds  bool // prune dead ends (test switch noDeadEnds)
	// emptied: the dead-end test runs even where it finds nothing in a
	// position with an empty pile that takes any card (info.allFloat;
	// mode.emptied).
	emptied    bool
	noDeadBase bool // do not play the dead-base rule (test switch)

	ev evalScratch

	// rng and noise perturb the move order of the restarts (noise 0:
	// the plain order).
	rng   uint64
	noise int32

	keys []int32 // order's scratch space
}

// engineSearcher is a searcher on the generic family's position.
type engineSearcher = searcher[engine.Move, *epos]

// newEngineSearcher returns a searcher on s (which it changes while it
// searches), with the test switches sw.
func newEngineSearcher(in *info, s *engine.State, b *budget, sw switches) *engineSearcher {
	p := &epos{in: in, s: s, rx: newRelax(in, in.g.Cards()), deadEnds: !sw.noDeadEnds, noDeadBase: sw.noDeadBase}
	p.rx.noSuitLock = sw.noSuitLock
	p.rx.noSeats, p.rx.noSeatless = sw.noSeats, sw.noSeatless
	p.rx.noFloatRules = sw.noFloatRules
	p.rx.clock = b
	b.mask = 1023
	// The table starts small and grows: most deals of the FreeCell
	// family are won in a few hundred positions, where clearing a large
	// table cost more than the search.
	return &engineSearcher{budget: b, p: p, tt: newHashSet(0), maxTree: maxBFNodes}
}

func (p *epos) won() bool    { return p.s.Won() }
func (p *epos) hash() uint64 { return p.s.Hash() }

// apply and undo play a move and take it back; in a beam by fits they
// keep the misfits counted (counted).
func (p *epos) apply(m *engine.Move) {
	if p.byFits {
		p.counted(m, true)
		return
	}
	p.s.Apply(*m)
}

func (p *epos) undo(m *engine.Move) {
	if p.byFits {
		p.counted(m, false)
		return
	}
	p.s.Undo(*m)
}

// counted applies m (forward) or undoes it, and updates the misfits from
// the two piles a card moves between.
func (p *epos) counted(m *engine.Move, forward bool) {
	before := p.pairMisfits(m)
	if forward {
		p.s.Apply(*m)
	} else {
		p.s.Undo(*m)
	}
	p.mis += p.pairMisfits(m) - before
}

func (p *epos) dealLayers() bool             { return false }
func (p *epos) advance() (engine.Move, bool) { return engine.Move{}, false }

// layer is the cards on the foundations or, in a beam by fits, those and
// the fits made: the cards of the pack less the misfits (see misfits).
func (p *epos) layer() int {
	if p.byFits {
		return p.s.OnFoundations() + p.s.Game().Cards() - p.mis
	}
	return p.s.OnFoundations()
}

func (p *epos) layers() int {
	if p.byFits {
		return 2*p.s.Game().Cards() + 1
	}
	return p.s.Game().Cards() + 1
}

// misfits counts the cards of the tableau piles that lie on a card they
// could not be built on. Where info.fits holds no move makes one: a
// move lays a card only on a card it may be built on or on a foundation,
// and takes cards off the top, which can only end a misfit. So the
// misfits only fall, and the cards home only rise: layered by their sum
// a beam plays only forward, and a move that tidies a pile counts as
// progress even before any card goes home (House on the Hill, where
// the cards a foundation needs lie under cards of other suits).
func (p *epos) misfits() int {
	n := 0
	for _, i := range p.in.tableau {
		n += p.pileMisfits(i)
	}
	return n
}

// pileMisfits counts the misfits of pile i (none but in a tableau pile).
func (p *epos) pileMisfits(i int) int {
	if p.in.kind[i] != engine.Tableau {
		return 0
	}
	n := 0
	pile := p.s.Pile(i)
	for j := 1; j < len(pile); j++ {
		if !p.in.targetSet[pile[j]].Has(pile[j-1]) {
			n++
		}
	}
	return n
}

// pairMisfits counts the misfits of the piles move m plays between (all
// of them, for any other action: none in the games info.fits admits).
func (p *epos) pairMisfits(m *engine.Move) int {
	if m.Action != engine.ActMove {
		return p.misfits()
	}
	return p.pileMisfits(int(m.From)) + p.pileMisfits(int(m.To))
}

func (p *epos) setMode(md mode) {
	p.heuristic = md.auto == autoNatural || md.auto == autoGreedy
	p.greedy = md.auto == autoGreedy
	p.safe = md.auto != autoNone
	p.emptied = md.emptied
	p.dig = md.dig
	p.byFits = md.fits && p.in.fits
	p.rx.lockCap = md.locks
	if p.byFits {
		p.mis = p.misfits()
	}
}

func (p *epos) perturb(seed uint64) {
	p.rng, p.noise = seed, 0
	if seed != 0 {
		p.noise = restartNoise
	}
}

// dead is the dead-end test (deadend.go), in static positions. Where it
// finds nothing in a position with an empty pile that takes any card
// (allFloat: Napoleon at St Helena), it runs only in the modes that ask
// for it (mode.emptied: the exact phase), as it costs time and rarely
// condemns a position the beams would expand.
func (p *epos) dead() bool {
	return p.deadEnds && (p.emptied || !p.in.allFloat) && p.in.static(p.s, ruleDeadEnd) && p.in.deadEnd(p.s, p.rx)
}

// rootLost: a position the dead-end test or the suit-lock test condemns
// is lost however it is searched: say so before the heuristic phases
// spend their budget. The suit-lock test gets a large cap here, as it
// runs once (most projections are won or lost in a few thousand
// positions; in House in the Woods deals 1-300 a cap of 5,000,000 proves
// as many deals lost as one of 100,000,000). (The projected searches are
// not counted in the node budget; they take well under a second.)
func (p *epos) rootLost() bool {
	in, s := p.in, p.s
	return p.deadEnds && in.static(s, ruleDeadEnd) && (in.deadEnd(s, p.rx) || in.suitLock && !p.rx.noSuitLock && in.suitLocked(s, p.rx, suitLockRootCap))
}

// moves returns the legal moves in the depth-first search's order (see
// order).
func (p *epos) moves(buf []engine.Move) []engine.Move {
	return p.order(p.s.Legal(buf), p.in.static(p.s, ruleLoneCard))
}

// beamMoves returns the legal moves but those the lone-card rule drops.
func (p *epos) beamMoves(buf []engine.Move) []engine.Move {
	buf = p.s.Legal(buf)
	static := p.in.static(p.s, ruleLoneCard)
	out := buf[:0]
	for _, m := range buf {
		if m.Action == engine.ActMove && p.dominated(m, static) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// dominated reports whether the move m (an ActMove) is dominated by the
// lone-card rule (see order).
func (p *epos) dominated(m engine.Move, static bool) bool {
	in := p.in
	from, to := int(m.From), int(m.To)
	return static && in.kind[to] == engine.Tableau && in.kind[from] == engine.Tableau &&
		len(p.s.Pile(from)) == 1 && in.spec[from].Fill == engine.FillNever && in.same[from][to]
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
// Assumed motions (sound.go, ruleLoneCard): as the stuck-card rule's.
func (p *epos) order(moves []engine.Move, static bool) []engine.Move {
	in, s := p.in, p.s
	keys := p.keys[:0]
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
			if p.dominated(m, static) {
				continue
			}
			if in.spaces {
				key, ok := p.spacesKey(m)
				if !ok {
					continue
				}
				k = key
				break
			}
			if p.dig > 0 && in.kind[from] == engine.Tableau && in.mostUrgent(s, src[:len(src)-1]) >= p.dig {
				continue
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
		if p.noise > 0 && k < 100000 {
			k += int32(p.rand() % uint64(p.noise))
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
	p.keys = keys
	return out
}

// rand returns the next number of the restarts' generator (splitmix64).
func (p *epos) rand() uint64 {
	p.rng += 0x9e3779b97f4a7c15
	z := p.rng
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
