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

// dealExpand: within a layer, the beam by deals' best-first search
// expands up to dealExpand·width positions before the width best go on
// (the other beams, 4·width): the tableau moves between two deals are
// searched further, and for the same positions the widths are narrower.
// Solver 33; measured in TUNING.md, "The beam by deals' expansions".
const dealExpand = 16

// dealModes are the beam by deals' modes, each width run in every one:
// as it is, then spread (sendOn), at most two and then one position of
// a line sent on, then with lines taken four layers back (one and two
// positions) and sixteen (one). A win is found by some of them and not
// by the others (TUNING.md, "The beam by deals spread").
var dealModes = []mode{
	{auto: autoNatural, deals: true},
	{auto: autoNatural, deals: true, spread: 2},
	{auto: autoNatural, deals: true, spread: 1},
	{auto: autoNatural, deals: true, spread: 1, lineBack: 4},
	{auto: autoNatural, deals: true, spread: 2, lineBack: 4},
	{auto: autoNatural, deals: true, spread: 1, lineBack: 16},
}

// onePassPhases is the one-pass family's schedule: the check at the
// start, the beam by deals with the natural rule until 11/16 of the time
// (its width doubles, where the other beams' quadruples: a win is found
// by some widths and not by others; each width in every one of
// dealModes, for the same reason), the generic family's beam until 3/4
// (its first widths win a few deals the beam by deals does not, within
// a fraction of a second), the exact phase, which alone runs the
// dead-end test (mode.emptied: it finds dead ends only where no column
// can be emptied again, and would cost the beams time). Measurements,
// and those of the estimate's weights: TUNING.md, "Napoleon at St
// Helena" (the shares: "The generic beam's time", solver 34).
var onePassPhases = []phase{
	{kind: checkPhase},
	{kind: beamPhase, modes: dealModes, nodes: share{11, 16}, time: share{11, 16}, rerun: true, grow: 2},
	{kind: beamPhase, modes: []mode{{auto: autoNatural}, {auto: autoSound}}, nodes: share{1, 16}, time: share{12, 16}},
	{kind: exactPhase, modes: []mode{{auto: autoSound, emptied: true}}, nodes: share{1, 1}},
}
