package replay

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// Verified is a replay that the engine has played through: every move was
// legal, every asserted card matched and the end is what the replay says.
type Verified struct {
	Replay *Replay
	Game   *engine.Game
	Start  *engine.State // the starting position
	End    *engine.State // the final position
	Steps  []Step
}

// Step is one move of a verified replay: a written move, or a move the
// rules forced (a reserve refill), which has Index -1.
type Step struct {
	Move    engine.Move
	Index   int // index into Replay.Moves, or -1
	Caption string
	Note    string
	// Layout is the new layout after a shuffling redeal.
	Layout [][]engine.Card
	// Run is the cards a run's move moved, bottom first (nil for a
	// move of one card).
	Run []engine.Card
	// forced: the rules made the move (also when the author wrote it out).
	forced bool
}

// Auto reports whether the rules made the move.
func (s *Step) Auto() bool { return s.Index < 0 || s.forced || s.Move.Action.Forced() }

// Start returns the starting position the replay's header names: a deal
// number or an explicit layout.
func Start(r *Replay) (*engine.Game, *engine.State, error) {
	var errs srcpos.ErrorList
	at := func(key string) srcpos.Pos {
		if p, ok := r.Pos[key]; ok {
			return p
		}
		return srcpos.Pos{File: r.File, Line: 1, Col: 1}
	}
	if r.Game == "" {
		errs.Add(at("game"), "missing header \"game:\" (e.g. game: house-in-the-woods)")
		return nil, nil, errs
	}
	g, err := engine.Lookup(r.Game, r.Variant)
	if err != nil {
		key := "game"
		var unknown *engine.UnknownVariantError
		if errors.As(err, &unknown) {
			key = "variant"
		}
		errs.Add(at(key), err.Error())
		return nil, nil, errs
	}
	switch {
	case r.Deal != "" && len(r.Layout) > 0:
		errs.Add(at("layout"), "give either \"deal:\" or \"layout:\", not both")
	case r.Deal != "":
		d, err := pysolrand.ParseDeal(r.Deal)
		if err != nil {
			errs.Add(at("deal"), err.Error())
			break
		}
		return g, g.Deal(d), nil
	case len(r.Layout) > 0:
		s, err := startLayout(g, r.Layout)
		if err != nil {
			errs = append(errs, err...)
			break
		}
		return g, s, nil
	default:
		errs.Add(at("game"), "missing header \"deal:\" (a deal number) or \"layout:\" (the cards of every pile)")
	}
	return nil, nil, errs
}

func startLayout(g *engine.Game, layout []LayoutPile) (*engine.State, srcpos.ErrorList) {
	var errs srcpos.ErrorList
	piles := make([][]engine.Card, len(g.Piles))
	seen := map[string]bool{}
	for _, lp := range layout {
		i := g.PileIndex(lp.Pile)
		switch {
		case i < 0:
			errs.Add(lp.Pos, fmt.Sprintf("unknown pile %q in %s (%s)", lp.Pile, g.Name, pileList(g)))
			continue
		case seen[lp.Pile]:
			errs.Add(lp.Pos, fmt.Sprintf("pile %s given twice", lp.Pile))
			continue
		}
		seen[lp.Pile] = true
		for _, c := range lp.Cards {
			card, _ := engine.ParseCard(c)
			piles[i] = append(piles[i], card)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	s, err := g.NewStateFromLayout(piles)
	if err != nil {
		errs.Add(layout[0].Pos, "layout: "+err.Error())
		return nil, errs
	}
	return s, nil
}

// pileList names a game's piles compactly: "piles t1-t35, f1-f8".
func pileList(g *engine.Game) string {
	var parts []string
	for i := 0; i < len(g.Piles); {
		id := g.Piles[i].ID
		prefix := strings.TrimRight(id, "0123456789")
		j := i
		for j+1 < len(g.Piles) && strings.TrimRight(g.Piles[j+1].ID, "0123456789") == prefix && prefix != id {
			j++
		}
		if j > i {
			parts = append(parts, id+"-"+g.Piles[j].ID)
		} else {
			parts = append(parts, id)
		}
		i = j + 1
	}
	return "piles " + strings.Join(parts, ", ")
}

// Verify plays r through the engine. Errors carry the position of the
// offending move and say which step it is: "file:3:1: step 17 (t12 t3):
// 7H cannot go on 9H: t3 builds up or down in suit".
func Verify(r *Replay) (*Verified, error) {
	g, s, err := Start(r)
	if err != nil {
		return nil, err
	}
	if err := checkMarks(r, s); err != nil {
		return nil, err
	}
	v := &Verified{Replay: r, Game: g, Start: s.Clone()}
	for i := range r.Moves {
		if err := v.play(s, i); err != nil {
			return nil, err
		}
	}
	v.forceAll(s)
	v.End = s
	last := srcpos.Pos{File: r.File, Line: 1, Col: 1}
	if p, ok := r.Pos["result"]; ok {
		last = p
	} else if len(r.Moves) > 0 {
		last = r.Moves[len(r.Moves)-1].Pos
	}
	switch r.Result {
	case "", "won":
		if !s.Won() {
			return nil, srcpos.ErrorList{{Pos: last, Msg: fmt.Sprintf("the replay ends before the game is won: %d of %d cards are on the foundations (write \"result: stopped\" to end early)", s.OnFoundations(), g.Goal())}}
		}
	case "stuck":
		if legal := s.Legal(nil); len(legal) > 0 {
			return nil, srcpos.ErrorList{{Pos: last, Msg: fmt.Sprintf("result: stuck, but %d moves remain", len(legal))}}
		}
	}
	return v, nil
}

// play plays the written move i of the replay in s, after the forced
// moves that come before it.
func (v *Verified) play(s *engine.State, i int) error {
	m := &v.Replay.Moves[i]
	fail := func(format string, args ...any) error {
		return srcpos.ErrorList{{Pos: m.Pos, Msg: fmt.Sprintf("step %d (%s): %s", i+1, m.Text(), fmt.Sprintf(format, args...))}}
	}
	// The author may write a forced move (a refill, a Herz zu Herz
	// deal) out; until the written move is the forced one, the rules
	// make their forced moves first.
	v.forceUntil(s, m, fail)
	mv, err := resolve(s, m, fail)
	if err != nil {
		return err
	}
	if err := s.Check(mv); err != nil {
		return fail("%v", err)
	}
	v.step(s, mv, i, m.Note)
	return nil
}

// Extend plays the written move m after the end of v, as Verify plays
// a replay with m appended (its result not checked): the end, the steps
// and the replay's moves grow by it and the forced moves that follow.
// When m is not legal v is unchanged and the error says why, as
// Verify's would. m is a move of the player: the rules have made their
// forced moves at the end of v already, so one written out is refused.
func (v *Verified) Extend(m Move) error {
	v.Replay.Moves = append(v.Replay.Moves, m)
	i := len(v.Replay.Moves) - 1
	if err := v.play(v.End, i); err != nil {
		v.Replay.Moves = v.Replay.Moves[:i]
		return err
	}
	v.forceAll(v.End)
	return nil
}

// Truncate takes back the written moves from n on, with the forced
// moves that followed them, by undoing them in the end position: v is
// then what Verify gives for the first n moves.
func (v *Verified) Truncate(n int) {
	if n >= len(v.Replay.Moves) {
		return
	}
	cut := len(v.Steps)
	for cut > 0 && (v.Steps[cut-1].Index < 0 || v.Steps[cut-1].Index >= n) {
		cut--
		if v.Steps[cut].Index == n {
			break
		}
	}
	for i := len(v.Steps) - 1; i >= cut; i-- {
		v.End.Undo(v.Steps[i].Move)
	}
	v.Steps = v.Steps[:cut]
	v.Replay.Moves = v.Replay.Moves[:n]
}

// forceAll makes the moves the rules force; it reports whether it made any.
func (v *Verified) forceAll(s *engine.State) bool {
	made := false
	for {
		f, ok := s.Forced()
		if !ok {
			return made
		}
		v.step(s, f, -1, "")
		made = true
	}
}

// forceUntil makes the forced moves until none is left or the written
// move m is the one the rules force next.
func (v *Verified) forceUntil(s *engine.State, m *Move, fail func(string, ...any) error) {
	for {
		f, ok := s.Forced()
		if !ok {
			return
		}
		if mv, err := resolve(s, m, fail); err == nil && mv == f {
			return
		}
		v.step(s, f, -1, "")
	}
}

// step applies mv to s and records it.
func (v *Verified) step(s *engine.State, mv engine.Move, index int, note string) {
	st := Step{Move: mv, Index: index, Note: note, forced: s.IsForced(mv)}
	before := s.Describe(mv)
	if run := s.Moving(mv); len(run) > 1 {
		st.Run = run
	}
	s.Apply(mv)
	st.Caption = before + s.Outcome(mv)
	if mv.Action == engine.ActRedeal && mv.From == engine.NoPile {
		st.Layout = s.Layout()
	}
	v.Steps = append(v.Steps, st)
}

// resolve turns a written move into an engine move in position s.
func resolve(s *engine.State, m *Move, fail func(string, ...any) error) (engine.Move, error) {
	g := s.Game()
	pile := func(name string, pos srcpos.Pos) (int, error) {
		if i := g.PileIndex(name); i >= 0 {
			return i, nil
		}
		return -1, fail("unknown pile %q in %s (%s)", name, g.Name, pileList(g))
	}
	switch m.Action {
	case "deal", "redeal":
		// In a game whose deals are forced (Herz zu Herz) the written
		// move is the forced one.
		want := engine.ActRedeal
		if m.Action == "deal" {
			want = engine.ActDeal
		}
		if f, ok := s.Forced(); ok && f.Action == want {
			return f, nil
		}
	}
	switch m.Action {
	case "deal":
		st, w := g.PilesOf(engine.Stock), g.PilesOf(engine.Waste)
		if len(st) != 1 || len(w) != 1 {
			return engine.Move{}, fail("%s has no stock to deal from", g.Name)
		}
		return engine.Move{Action: engine.ActDeal, From: int8(st[0]), To: int8(w[0]), Card: s.Top(st[0])}, nil
	case "redeal":
		if g.RedealKind == engine.TurnWaste {
			st, w := g.PilesOf(engine.Stock), g.PilesOf(engine.Waste)
			return engine.Move{Action: engine.ActRedeal, From: int8(w[0]), To: int8(st[0])}, nil
		}
		return engine.Move{Action: engine.ActRedeal, From: engine.NoPile, To: engine.NoPile}, nil
	}
	from, err := pile(m.From, m.FromPos)
	if err != nil {
		return engine.Move{}, err
	}
	p := s.Pile(from)
	if len(p) == 0 {
		return engine.Move{}, fail("%s is empty", s.PileName(from))
	}
	mv := engine.Move{Action: engine.ActMove, From: int8(from), Card: p[len(p)-1]}
	if a, ok := engine.KeywordAction(m.Action); ok {
		// A game's own kind of move, written with its keyword ("merci").
		c := engine.NoCard
		if m.Card != "" {
			c, _ = engine.ParseCard(m.Card)
		}
		if mv, err = s.Take(a, from, c); err != nil {
			return engine.Move{}, fail("%v", err)
		}
	} else if m.Card != "" {
		if c, _ := engine.ParseCard(m.Card); c != mv.Card {
			if !g.Piles[from].Runs {
				written := m.Card
				if s.Words() && c != engine.NoCard {
					written = s.CardName(c)
				}
				return engine.Move{}, fail("the top card of %s is %s, not %s", s.PileName(from), s.CardName(mv.Card), written)
			}
			// The bottom card of a run that moves as one; Check says
			// whether it may.
			mv.Card = c
		}
	}
	if m.To == "f" {
		for _, i := range g.PilesOf(engine.Foundation) {
			t := mv
			t.To = int8(i)
			if s.Check(t) == nil {
				return t, nil
			}
		}
		return engine.Move{}, fail("no foundation takes %s now", s.CardName(mv.Card))
	}
	to, err := pile(m.To, m.ToPos)
	if err != nil {
		return engine.Move{}, err
	}
	mv.To = int8(to)
	if mv.Action == engine.ActMove && m.Card == "" && g.Piles[from].Runs && s.Check(mv) != nil {
		// "t3 t5" with no card: the one run that goes, if the top card
		// alone does not.
		if run, ok := onlyRun(s, mv); ok {
			mv = run
		}
	}
	if mv.Action == engine.ActMove {
		if refill, ok := s.Forced(); ok && refill.From == mv.From && refill.To == mv.To {
			return refill, nil
		}
		// A game's own kind of move may be written as a plain one (a
		// reversal, "f1 f5").
		mv.Action = g.PlainAction(from, to)
	}
	return mv, nil
}

// onlyRun returns the one legal move of a run from mv.From to mv.To, if
// there is exactly one.
func onlyRun(s *engine.State, mv engine.Move) (engine.Move, bool) {
	var found engine.Move
	n := 0
	for _, m := range s.Legal(nil) {
		if m.Action == engine.ActMove && m.From == mv.From && m.To == mv.To {
			found = m
			n++
		}
	}
	return found, n == 1
}

// DefaultID is the replay's id: its "id:" header, else the name of its
// file without ".replay", else "deal-" and the deal number.
func (r *Replay) DefaultID() string {
	if r.ID != "" {
		return r.ID
	}
	if base := path.Base(r.File); strings.HasSuffix(base, ".replay") && validID(strings.TrimSuffix(base, ".replay")) {
		return strings.TrimSuffix(base, ".replay")
	}
	if r.Deal != "" && validID(r.Deal) {
		return "deal-" + r.Deal
	}
	return "replay"
}
