package solver

import "github.com/patience-solitaire/patience/engine"

// The one-pass family's beam: games of the generic family whose stock is
// dealt one card at a time to a waste and never turned over (Napoleon at
// St Helena). Deals only ever go forward, so the number of cards dealt
// layers the positions as the talon family's beam does: within a layer a
// best-first search plays the tableau and foundation moves, then the
// width best positions of the layer each deal the next card. Every width
// thus keeps its best positions at every point of the stock, where the
// beam layered by cards home lets one layer's best-first search deal its
// way through the stock down a single line. Heuristic: it only finds
// wins; the depth-first searches (the exact phase) see the position of
// the generic family unchanged.

// dpos is the generic family's position; in the modes that ask for it
// (mode.deals), its beam is layered by deals.
type dpos struct {
	*epos
	byDeal bool
	root   int // cards in the stock at the root
}

// onePass reports whether the game's stock is dealt one card at a time
// to a waste, with no redeal, in a game with a tableau.
func (in *info) onePass() bool {
	return in.stock >= 0 && in.waste >= 0 && in.g.Redeals == 0 && len(in.tableau) > 0
}

// dealSearcher is a searcher on the one-pass family's position.
type dealSearcher = searcher[engine.Move, *dpos]

func newDealSearcher(in *info, s *engine.State, b *budget, sw switches) *dealSearcher {
	e := newEngineSearcher(in, s, b, sw)
	p := &dpos{epos: e.p, root: len(s.Pile(in.stock))}
	return &dealSearcher{budget: e.budget, p: p, tt: e.tt, maxTree: e.maxTree}
}

func (p *dpos) setMode(md mode) {
	p.epos.setMode(md)
	p.byDeal = md.deals
}

// layer is the number of cards dealt.
func (p *dpos) layer() int {
	if !p.byDeal {
		return p.epos.layer()
	}
	return p.root - len(p.s.Pile(p.in.stock))
}

func (p *dpos) layers() int {
	if !p.byDeal {
		return p.epos.layers()
	}
	return p.root + 1
}

func (p *dpos) dealLayers() bool { return p.byDeal }

// advance returns the deal of the stock's next card.
func (p *dpos) advance() (engine.Move, bool) {
	st := p.in.stock
	if len(p.s.Pile(st)) == 0 {
		return engine.Move{}, false
	}
	m := engine.Move{Action: engine.ActDeal, From: int8(st), To: int8(p.in.waste), Card: p.s.Top(st)}
	return m, p.s.Check(m) == nil
}

// beamMoves leaves the deal out when the layers are deals (advance
// plays it).
func (p *dpos) beamMoves(buf []engine.Move) []engine.Move {
	buf = p.epos.beamMoves(buf)
	if !p.byDeal {
		return buf
	}
	out := buf[:0]
	for _, m := range buf {
		if m.Action != engine.ActDeal {
			out = append(out, m)
		}
	}
	return out
}

// The beam by deals adds to the generic family's estimate (bestfirst.go)
// a bonus for every empty column (it takes any card: room to unpack
// the columns and park the waste's cards) and a cost for every card that
// lies on a card it could not be built on (a misfit, epos.misfits: it
// blocks the cards below it). On deals 11-50 of Napoleon at St Helena
// at 300,000 nodes, the beam by deals won 13 with the plain estimate,
// 14 with these weights and 12 with a cost of 100 and no bonus.
const (
	emptyColumnBonus = 300
	misfitCost       = 50
)

// evaluate is the beam's estimate (see above).
func (p *dpos) evaluate() int32 {
	score := p.epos.evaluate()
	if !p.byDeal {
		return score
	}
	in, s := p.in, p.s
	for _, t := range in.tableau {
		pile := s.Pile(t)
		if len(pile) == 0 {
			score += emptyColumnBonus
			continue
		}
		score -= misfitCost * int32(p.pileMisfits(t))
	}
	return score
}

// onePassPhases is the one-pass family's schedule: the check at the
// start, the beam by deals with the natural rule, the generic family's
// beam, the exact phase. On deals 11-50 at 300,000 nodes (the estimate
// above), the generic family's schedule won 8; the beam by deals in two
// modes (natural and sound) for 6/16 of the nodes, then the generic
// beam for 4/16 and restarts, 14; the beam by deals in both modes for
// 12/16, 15; in the natural mode alone for 12/16 (wider beams for the
// same nodes), 16. The generic beam stays for deals such as 98, which
// it wins at 4,000,000 nodes (the old schedule at 945,997, this one at
// 2,695,997) and the beam by deals does not; at that budget the beam by
// deals completes its width of 4096 (about 4·64·(16+64+...+4096) =
// 1,400,000 nodes) within 8/16. On deals 1-100 at 300,000 nodes: the
// generic family's schedule won 19, this one 41, the beam by deals
// alone for 12/16 45. The time shares, traced (solve --trace, solver 18,
// 10 s, two deals at a time) on the 99 decided deals of 1-1000 that took
// over 1.5 s: the generic beam won 14, each within 1.5 s of its start;
// the exact phase won 5 and proved 16 lost, within 2.0 s of its start.
// At 30 s a deal, of 40 deals the survey left unknown (drawn at random),
// the beam by deals won 615 and 687 at 7.4 and 9.3 s and the exact phase
// proved 255 lost after 2.5 s of its 7.5: no other split of the 10 s
// promises more than a few deals, so the shares stay.
//
// The beam by deals doubles its width (solver 19), where the other beams
// quadruple it: a win is found by some widths and not by others, and
// more widths for the same nodes find more. The beam by deals alone at
// 1,700,000 nodes (what it spends in its 5 s, two deals at a time), on
// deals 1-100: widths growing by four won the 49 deals that the survey
// had won there with it; by eight, 49 (25 and 26, unknown before, won;
// 45 and 97 not); by four up to 1024 and by eight after, 50; by two, 51,
// the 49 and 25 and 26. On 42 deals of 1-1000 that the survey left
// unknown (every twelfth), each of them won deal 623 and no other. Four
// other weightings of the estimate above (an empty column worth 600; a
// misfit costing 100; both halved; a misfit costing more the deeper it
// lies) won at most deal 623 of those 42 at 1,000,000 nodes, and two of
// them at 2,000,000 the same two deals as these weights (141 and 623):
// the weights stay.
var onePassPhases = []phase{
	{kind: checkPhase},
	{kind: beamPhase, modes: []mode{{auto: autoNatural, deals: true}}, nodes: share{8, 16}, time: share{8, 16}, rerun: true, grow: 2},
	{kind: beamPhase, modes: []mode{{auto: autoNatural}, {auto: autoSound}}, nodes: share{4, 16}, time: share{12, 16}},
	{kind: exactPhase, modes: []mode{{auto: autoSound}}, nodes: share{1, 1}},
}
