// Package play is the boundary between the browser's play and solve panel
// (templates/assets/play.js, in a Web Worker) and the rules engine: the
// messages in and out, handled in plain Go so that they are tested
// natively. The WebAssembly program in jsmain only passes the messages.
//
// Every request is complete in itself: the game, the deal and the moves
// the reader has played so far, in replay notation as earlier responses
// gave them, so a worker may be stopped (a cancelled solve) and started
// again without losing anything. The worker keeps the line it answered
// last (kept), so that the next request, a move more or an undo, costs
// that move, not a replay from the deal. The page keeps no rule: which
// moves are legal, why one is not, what a move is called and what the
// solver says all come from here, in the board's words (the engine's
// own: engine.State.SetWords).
package play

//go:generate go run ./gen

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/engine/solver"
	"github.com/patience-solitaire/patience/engine/srcpos"
	"github.com/patience-solitaire/patience/replay"
)

// Request is one message from the page.
type Request struct {
	// Op is what to do: "position" (the position after Moves, drawn),
	// "move" (play the attempt below), "hint" (the solver's next move),
	// "winnable" (a bounded solve of the position, its verdict only),
	// "solve" (solve the position; a win comes as a replay viewer),
	// "line" (Moves are a solution, as Response.Solution gave it: its
	// viewer, as "solve" would give it, without solving again), "auto"
	// (play the safe moves, as Auto does after a move) or "finish" (play
	// the finish, Response.Finish).
	Op      string   `json:"op"`
	Game    string   `json:"game"`
	Variant string   `json:"variant,omitempty"`
	Deal    string   `json:"deal"`
	Moves   []string `json:"moves,omitempty"`
	// Typed: the deal of "position" was typed in the panel's field, so
	// one that is not a deal is an Error saying why (the range), not
	// deal 1 with a note as for a link.
	Typed bool `json:"typed,omitempty"`

	// The attempt of "move": the card the reader picked (Card, in pile
	// From; a buried card is a merci where the game has one) and the pile
	// it goes to, or Action "deal" or "redeal" (a click on the stock).
	From   string `json:"from,omitempty"`
	Card   string `json:"card,omitempty"`
	To     string `json:"to,omitempty"`
	Action string `json:"action,omitempty"`
	// Auto: after a legal "move", play the cards the solver's sound
	// rules prove safe to send home (solver.Safe), one move each, and
	// then the finish once there is one (Response.Finish).
	Auto bool `json:"auto,omitempty"`

	// The budget of "hint", "winnable" and "solve": positions (0: the
	// defaults below), and the milliseconds after which the clock stops
	// the search as a safety net (0: the defaults below; negative: none).
	// The positions alone decide the verdict and the line.
	Nodes int64 `json:"nodes,omitempty"`
	MS    int64 `json:"ms,omitempty"`

	// Declaration is the text of the declaration file of a game that
	// the site declares (content/games/<slug>.game, published as
	// games/<slug>.game), and Skeletons the viewer skeletons of the game
	// and its variants (games/<slug>.skeletons.txt): the worker
	// registers the game before it answers. Both are empty for the
	// engine's own games.
	Declaration string `json:"declaration,omitempty"`
	Skeletons   string `json:"skeletons,omitempty"`
}

// Response is the answer to one Request.
type Response struct {
	// Error is set when the request itself is bad (an unknown game, a
	// deal number that is not one, moves that do not replay); nothing
	// else is then.
	Error string `json:"error,omitempty"`
	// Illegal is the engine's reason, in the board's words, when the
	// attempt of "move" is not a legal move, or when a move of Request.Moves
	// is not (a broken link): the position is the one before it.
	Illegal string `json:"illegal,omitempty"`

	// The position: the rules and the deal (those of the request, or the
	// ones shown instead of an unknown variant or a deal that is not one),
	// the moves played (the reader's, in notation), every step with its
	// caption (forced moves included), the piles, and whether it is won.
	Variant string              `json:"variant"`
	Deal    string              `json:"deal"`
	Moves   []string            `json:"moves"`
	Steps   []Step              `json:"steps"`
	Piles   []replay.ExportPile `json:"piles"`
	Won     bool                `json:"won"`
	// Buried: a buried card may be played now (a merci), so a click on
	// one picks it rather than its pile's top card.
	Buried bool `json:"buried,omitempty"`
	// Redeal: a redeal is a legal move now, so the panel shows its
	// Redeal control.
	Redeal bool `json:"redeal,omitempty"`
	// Safe: the solver's sound rules prove some moves to the
	// foundations safe in this game (solver.NewSafe), so the panel
	// offers to play them by themselves (Request.Auto).
	Safe bool `json:"safe,omitempty"`
	// Finish is the number of moves of the finish, when there is one:
	// every card left goes home by the obvious run (finish), and the
	// panel offers to play it (op "finish"). 0: none.
	Finish int `json:"finish,omitempty"`
	// Auto is how many of the last Moves the engine played itself for
	// this request (the safe moves and the finish), after the reader's.
	Auto int `json:"auto,omitempty"`
	// Legal lists the legal moves, so that the page draws one the reader
	// makes at once, before the engine's answer (with the forced moves
	// that follow it) comes.
	Legal []Play `json:"legal"`
	// Bases says, for each foundation, the card it starts with ("A♣",
	// "♥" for any heart) and how it is built ("A♣ up to K"): an empty
	// one shows them, as the layout diagram does.
	Bases map[string]Base `json:"bases"`
	// Names names each pile as the captions do ("fan 3", "the stock"),
	// for screen readers.
	Names map[string]string `json:"names"`
	// Over says how the game ended, once it has: won, or no move left.
	Over string `json:"over,omitempty"`
	// Line is the HTML of a replay viewer of the forced moves, for a game
	// the rules play by themselves (Herz zu Herz).
	Line string `json:"line,omitempty"`
	// Replay is the line in replay notation (played, or solved for a
	// won "solve"), for "Copy as replay".
	Replay string `json:"replay,omitempty"`
	// Figure is the HTML of a replay viewer: the position for
	// "position" and a legal "move" (no steps), the solution for a won
	// "solve".
	Figure string `json:"figure,omitempty"`

	// The solver's answer to "hint", "winnable" and "solve".
	Verdict string  `json:"verdict,omitempty"` // won, lost or unknown
	Nodes   int64   `json:"nodes,omitempty"`
	MS      float64 `json:"ms,omitempty"`
	TimeUp  bool    `json:"timeUp,omitempty"` // unknown because the clock, not the positions, ran out
	// Budget is the positions the search was allowed, and SurveyBudget
	// those the site's survey allows a deal (solver.DefaultMaxNodes,
	// with its clock), so that an undecided solve can say why the
	// survey may count the deal won.
	Budget       int64          `json:"budget,omitempty"`
	SurveyBudget int64          `json:"surveyBudget,omitempty"`
	Blocked      string         `json:"blocked,omitempty"` // lost: the cards the dead-end or suit-lock test found blocked
	Hint         *Hint          `json:"hint,omitempty"`
	Export       *replay.Export `json:"export,omitempty"` // a won "solve": the solution, format 1
	// Solution is a won "solve"'s line: the player's moves from the deal
	// (the rules make the forced ones), in notation, for a link that
	// opens it without solving again ("line").
	Solution []string `json:"solution,omitempty"`
}

// Step is one step of the played line.
type Step struct {
	Caption string `json:"caption"`
	Auto    bool   `json:"auto,omitempty"` // made by the rules
	Move    int    `json:"move"`           // index in Moves, -1 for a forced move
	// The piles it moved a card from and to ("" for none: a shuffle).
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// Base is what an empty foundation shows.
type Base struct {
	Card string `json:"card"`
	Rule string `json:"rule"`
}

// bases returns what the empty foundations of g show.
func bases(g *engine.Game) map[string]Base {
	m := map[string]Base{}
	for _, i := range g.PilesOf(engine.Foundation) {
		f := g.Piles[i].Found
		b := Base{Card: f.Suit.Symbol(), Rule: f.Describe()}
		if !f.AnyRank {
			b.Card = engine.NewCard(f.Base, f.Suit).Pretty()
		}
		m[g.Piles[i].ID] = b
	}
	return m
}

// Play is a legal move: Action (deal, redeal, merci, or "" for a card
// moved), the card that moves and the piles, as in Request.
type Play struct {
	Action string `json:"action,omitempty"`
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
	Card   string `json:"card,omitempty"`
}

// playOf is the legal move m of game g, for the page.
func playOf(g *engine.Game, m engine.Move) Play {
	p := Play{Action: replay.ActionWord(m.Action)}
	if m.From >= 0 {
		p.From = g.Piles[m.From].ID
	}
	if m.To >= 0 {
		p.To = g.Piles[m.To].ID
	}
	if m.Card != engine.NoCard {
		p.Card = m.Card.String()
	}
	return p
}

// Hint is the solver's next move, or when it found no win a legal move.
type Hint struct {
	Caption string `json:"caption"` // in words, as the list of moves says it
	Move    string `json:"move"`    // in notation
	Play
	Sure bool `json:"sure,omitempty"` // the first move of a win the solver found
}

// Default budgets: the solve the reader asks for, and the ones made after
// each move and for a hint. Positions decide; the clock is a safety net.
const (
	SolveNodes    = 4_000_000
	SolveDeadline = 2 * time.Minute
	CheckNodes    = 200_000
	CheckDeadline = 10 * time.Second
	// SolveShorten is the node budget for shortening a solution.
	SolveShorten = 50_000
)

// Options returns the solver's options for the request: the browser's
// solve and a native one (tests, benchmarks) use the same. The node
// budget alone divides the search (Timeout is negative), so that the
// same deal and budget give the same verdict and line anywhere.
func Options(req *Request) solver.Options {
	opt := solver.Options{MaxNodes: req.Nodes, Timeout: -1, Deadline: time.Duration(req.MS) * time.Millisecond}
	nodes, deadline := int64(CheckNodes), CheckDeadline
	if req.Op == "solve" {
		nodes, deadline = SolveNodes, SolveDeadline
		opt.Shorten = SolveShorten
	}
	if opt.MaxNodes <= 0 {
		opt.MaxNodes = nodes
	}
	switch {
	case req.MS == 0:
		// As many more seconds as positions ("Try again with 3 times
		// as many positions").
		opt.Deadline = time.Duration(float64(deadline) * float64(opt.MaxNodes) / float64(nodes))
	case req.MS < 0:
		opt.Deadline = 0
	}
	return opt
}

// kept is the worker's game: the line answered last.
var kept struct {
	sync.Mutex
	key string // the game's key and the deal
	v   *replay.Verified
	// The sound rules of the game of v (nil: none), made once per game.
	safeKey string
	safe    *solver.Safe
}

// safeRules returns the sound rules of g, made once while g is the
// worker's game.
func safeRules(g *engine.Game) *solver.Safe {
	if kept.safeKey != g.Key() {
		kept.safeKey, kept.safe = g.Key(), solver.NewSafe(g)
	}
	return kept.safe
}

// declared is the game the worker was given last (Request.Declaration),
// guarded by kept's lock.
var declared struct {
	text, skeletonsText string
	skeletons           map[string]string // by SkeletonName
}

// declare registers the game that req declares, if it is not the one
// registered already.
func (req *Request) declare() error {
	if req.Declaration == declared.text && req.Skeletons == declared.skeletonsText {
		return nil
	}
	sk, err := parseSkeletons(req.Skeletons)
	if err != nil {
		return err
	}
	games, err := engine.ParseGameFile(req.Game+engine.GameFileExt, []byte(req.Declaration))
	if err != nil {
		return err
	}
	if err := engine.SetDeclared(games); err != nil {
		return err
	}
	declared.text, declared.skeletonsText, declared.skeletons = req.Declaration, req.Skeletons, sk
	kept.key, kept.v = "", nil // a line of the game's old rules
	return nil
}

// Handle answers req. progress, if not nil, is called during a solve
// with the positions searched and the time spent, at most every 100 ms.
func Handle(req *Request, progress func(nodes int64, elapsed time.Duration)) *Response {
	kept.Lock()
	defer kept.Unlock()
	if req.Declaration != "" {
		if err := req.declare(); err != nil {
			return &Response{Error: err.Error()}
		}
	}
	v, broken, err := req.line()
	if err != nil {
		return &Response{Error: err.Error()}
	}
	var res *Response
	switch req.Op {
	case "position":
		res = position(v)
	case "move":
		if broken != "" {
			res = position(v)
		} else {
			res = req.move(v)
		}
	case "auto", "finish":
		if broken != "" {
			res = position(v)
			break
		}
		n := len(v.Replay.Moves)
		if req.Op == "auto" {
			autoMoves(v, false)
		} else {
			extend(v, finish(v.End))
		}
		res = position(v)
		res.Auto = len(v.Replay.Moves) - n
	case "hint", "winnable", "solve":
		res = req.solve(v, progress)
	case "line":
		res = &Response{Verdict: "won"}
		if broken != "" || !v.End.Won() {
			return &Response{Error: "the solution in the link does not win: " + cmp.Or(broken, over(v.End, 1)+" after its last move.")}
		}
		if err := solution(res, v, nil); err != nil {
			return &Response{Error: err.Error()}
		}
	default:
		return &Response{Error: fmt.Sprintf("unknown request %q", req.Op)}
	}
	if broken != "" && res.Error == "" {
		res.Illegal = broken
	}
	return res
}

// line returns the line of req, verified: kept, grown or cut back to it
// when it is the same deal, else played from the deal. When a move does
// not play, the line stops before it and broken says why, in the
// board's words.
func (req *Request) line() (v *replay.Verified, broken string, err error) {
	var fallback []string
	g, err := engine.Lookup(req.Game, req.Variant)
	var unknown *engine.UnknownVariantError
	if err != nil && req.Op == "position" && errors.As(err, &unknown) {
		// A link with rules the game does not have: its standard rules,
		// with a note (and no moves, which were for other rules).
		fallback = append(fallback, err.Error()+": the standard rules are shown")
		g, err = engine.Lookup(req.Game, "")
		req.Moves = nil
	}
	if err != nil {
		return nil, "", err
	}
	d, err := pysolrand.ParseDeal(req.Deal)
	if err != nil && req.Op == "position" && !req.Typed {
		// A link with a deal that is not one: deal 1, with a note.
		fallback = append(fallback, err.Error()+": deal 1 is shown")
		d, err = pysolrand.Deal{N: 1}, nil
		req.Moves = nil
	}
	if err != nil {
		return nil, "", err
	}
	if fallback != nil {
		defer func() {
			if v != nil {
				broken = strings.Join(fallback, "; ") + "."
			}
		}()
	}
	key := g.Key() + " " + d.String()
	if kept.key != key || kept.v == nil {
		r := &replay.Replay{File: "moves", Game: g.Slug, Variant: g.Variant, Deal: d.String(), Result: "stopped"}
		if kept.v, err = replay.Verify(r); err != nil {
			kept.key, kept.v = "", nil
			return nil, "", err
		}
		// The engine's reasons in the board's words.
		kept.v.End.SetWords(true)
		kept.key = key
	}
	v = kept.v
	same := 0
	for same < len(req.Moves) && same < len(v.Replay.Moves) && req.Moves[same] == v.Replay.Moves[same].Text() {
		same++
	}
	v.Truncate(same)
	if same == len(req.Moves) {
		return v, "", nil
	}
	for i := same; i < len(req.Moves); i++ {
		m, perr := replay.ParseMove("moves", i+1, req.Moves[i])
		err := perr
		if err == nil {
			err = v.Extend(m)
		}
		if err != nil {
			what := fmt.Sprintf("%q", req.Moves[i])
			if perr == nil {
				what = moveWords(g, &m)
			}
			before := "No move came before it."
			switch {
			case i == 1:
				before = "The move before it is kept."
			case i > 1:
				before = fmt.Sprintf("The %d moves before it are kept.", i)
			}
			return v, fmt.Sprintf("Move %d, %s, cannot be played: %s. %s", i+1, what, reason(err), before), nil
		}
	}
	return v, "", nil
}

// position describes the end of the verified line v.
func position(v *replay.Verified) *Response {
	r, end := v.Replay, v.End
	res := &Response{Variant: v.Game.Variant, Deal: r.Deal, Moves: []string{}, Steps: []Step{}, Piles: replay.ExportLayout(end), Won: end.Won()}
	legal := end.Legal(nil)
	res.Legal = make([]Play, 0, len(legal))
	for _, m := range legal {
		res.Buried = res.Buried || m.Action == engine.ActMerci
		res.Redeal = res.Redeal || m.Action == engine.ActRedeal
		if !m.Action.Forced() {
			res.Legal = append(res.Legal, playOf(v.Game, m))
		}
	}
	for i := range r.Moves {
		res.Moves = append(res.Moves, r.Moves[i].Text())
	}
	for _, st := range v.Steps {
		step := Step{Caption: st.Caption, Auto: st.Auto(), Move: st.Index}
		if st.Move.From >= 0 {
			step.From = v.Game.Piles[st.Move.From].ID
		}
		if st.Move.To >= 0 {
			step.To = v.Game.Piles[st.Move.To].ID
		}
		res.Steps = append(res.Steps, step)
	}
	res.Bases = bases(v.Game)
	res.Names = map[string]string{}
	for i := range v.Game.Piles {
		res.Names[v.Game.Piles[i].ID] = v.Game.Piles[i].Describe()
	}
	res.Safe = safeRules(v.Game) != nil
	res.Finish = len(finish(end))
	res.Over = over(end, len(legal))
	if res.Won {
		r.Result = "won"
	}
	res.Replay = string(replay.Format(r))
	r.Result = "stopped"
	fig, err := positionFigure(v, nil)
	if err != nil {
		return &Response{Error: err.Error()}
	}
	res.Figure = fig
	if v.Game.AllForced() && len(v.Steps) > 0 {
		// The rules played the deal: the viewer steps through it.
		line := v.Export()
		line.ID = "play-line"
		line.Title = fmt.Sprintf("Deal %s, as the rules play it", r.Deal)
		if res.Won {
			line.Result = "won"
		}
		if res.Line, err = Figure(line); err != nil {
			return &Response{Error: err.Error()}
		}
	}
	return res
}

// positionFigure is the viewer of the end of v alone, the cards mark
// marked.
func positionFigure(v *replay.Verified, mark []string) (string, error) {
	r := v.Replay
	e := &replay.Export{
		Format:  replay.ExportFormat,
		ID:      "play-position",
		Game:    v.Game.Slug,
		Variant: v.Game.Variant,
		Deal:    r.Deal,
		Title:   fmt.Sprintf("Deal %s, move %d", r.Deal, len(r.Moves)),
		Mark:    mark,
		Piles:   replay.ExportLayout(v.End),
		Steps:   []replay.ExportStep{},
		Result:  "stopped",
	}
	if len(r.Moves) == 0 {
		e.Title = "Deal " + r.Deal
	}
	if v.End.Won() {
		e.Result = "won"
	}
	return Figure(e)
}

// over says how the game at s, with n legal moves, has ended, or "" if
// it goes on.
func over(s *engine.State, n int) string {
	g := s.Game()
	home := fmt.Sprintf("%d of the %d cards are home", s.OnFoundations(), g.Cards())
	if g.Goal() != g.Cards() {
		home = fmt.Sprintf("%d of the %d cards the game needs are home", s.OnFoundations(), g.Goal())
	}
	switch {
	case s.Won() && g.Goal() == g.Cards():
		return "Won: every card is home."
	case s.Won():
		return "Won: " + home + "."
	case n == 0:
		return "Lost: no move is left; " + home + "."
	}
	return ""
}

// move plays the attempt of req after the line v.
func (req *Request) move(v *replay.Verified) *Response {
	m := replay.Move{Action: req.Action, From: req.From, Card: req.Card, To: req.To}
	switch req.Action {
	case "deal", "redeal":
		m.From, m.Card, m.To = "", "", ""
	case "", "merci":
		i := v.Game.PileIndex(req.From)
		if i >= 0 && v.Game.Piles[i].Kind == engine.Stock {
			// A click on the stock deals, or redeals once it is empty.
			m = replay.Move{Action: "deal"}
			if len(v.End.Pile(i)) == 0 {
				m.Action = "redeal"
			}
			break
		}
		if i < 0 || v.Game.PileIndex(req.To) < 0 && req.To != "f" {
			return &Response{Error: fmt.Sprintf("no pile %q or %q in %s", req.From, req.To, v.Game.Name)}
		}
		p := v.End.Pile(i)
		if m.Card == "" && len(p) > 0 {
			m.Card = p[len(p)-1].String()
		}
		if c, err := engine.ParseCard(m.Card); err == nil && len(p) > 1 && p[len(p)-1] != c {
			// A card that is not on top moves only by a game's own kind
			// of move (the merci): the engine's legal moves name it.
			m.Action = buriedMoveKeyword(v.End, i, v.Game.PileIndex(req.To), c)
		}
	default:
		return &Response{Error: fmt.Sprintf("unknown action %q", req.Action)}
	}
	if err := v.Extend(m); err != nil {
		res := position(v)
		res.Illegal = reason(err)
		return res
	}
	n := len(v.Replay.Moves)
	if req.Auto {
		autoMoves(v, true)
	}
	res := position(v)
	res.Auto = len(v.Replay.Moves) - n
	return res
}

// autoMoves plays after the line v the moves to the foundations that
// the game's sound rules prove safe, one after the other, and, with
// finishing, the finish once there is one.
func autoMoves(v *replay.Verified, finishing bool) {
	if sf := safeRules(v.Game); sf != nil {
		for {
			m, ok := sf.Move(v.End)
			if !ok || !extend(v, []engine.Move{m}) {
				break
			}
		}
	}
	if finishing {
		extend(v, finish(v.End))
	}
}

// extend plays the moves after the line v, as the reader's, and
// reports whether all of them played (they are legal: the engine chose
// them).
func extend(v *replay.Verified, moves []engine.Move) bool {
	for _, w := range replay.FromMoves(v.Game, "", "", moves).Moves {
		if v.Extend(w) != nil {
			return false
		}
	}
	return true
}

// finish returns the finish from s: the obvious run that brings every
// card left home, each move the first the engine lists to a foundation
// (from a pile that is not one), the rules making their forced moves in
// between. It returns nil when that run does not win (a choice is left
// to the reader: a deal, a move in the tableau), or when the game is won
// already.
func finish(s *engine.State) []engine.Move {
	g, start := s.Game(), s
	var moves, buf []engine.Move
	for range 4 * g.Cards() {
		if s.Won() {
			return moves
		}
		buf = s.Legal(buf[:0])
		next, ok := engine.Move{}, false
		for _, m := range buf {
			if m.Action.Forced() || m.Action == engine.ActMove && g.Piles[m.To].Kind == engine.Foundation && g.Piles[m.From].Kind != engine.Foundation {
				next, ok = m, true
				break
			}
		}
		if !ok {
			return nil
		}
		if s == start {
			s = s.Clone() // s is the reader's: cloned only once a move goes home
		}
		s.Apply(next)
		if !next.Action.Forced() {
			moves = append(moves, next)
		}
	}
	return nil
}

// buriedMoveKeyword returns the keyword of the legal move in s that takes
// the card c, not on top, from pile from to pile to; else that of the
// game's first kind of move written with a keyword, so that the verifier
// says why it is illegal now; else "" (a plain move, which the verifier
// refuses with its own reason).
func buriedMoveKeyword(s *engine.State, from, to int, c engine.Card) string {
	for _, mv := range s.Legal(nil) {
		if int(mv.From) == from && int(mv.To) == to && mv.Card == c && mv.Action.Keyword() != "" {
			return mv.Action.Keyword()
		}
	}
	for _, kw := range engine.Keywords() {
		if a, ok := engine.KeywordAction(kw); ok && s.Game().Has(a) {
			return kw
		}
	}
	return ""
}

// reason is the engine's reason in a verification error, without the
// position and step the replay package puts before it.
func reason(err error) string {
	var list srcpos.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		return err.Error()
	}
	msg := list[0].Msg
	if strings.HasPrefix(msg, "step ") {
		if i := strings.Index(msg, "): "); i >= 0 {
			msg = msg[i+3:]
		}
	}
	return msg
}

// solve runs the solver from the end of the line v.
func (req *Request) solve(v *replay.Verified, progress func(int64, time.Duration)) *Response {
	opt := Options(req)
	if progress != nil {
		var last time.Duration
		opt.Progress = func(nodes int64, elapsed time.Duration) {
			if elapsed-last >= 100*time.Millisecond {
				last = elapsed
				progress(nodes, elapsed)
			}
		}
	}
	res := &Response{}
	sol, err := solver.Solve(context.Background(), v.End, opt)
	if err != nil {
		return &Response{Error: err.Error()}
	}
	res.Verdict, res.Nodes, res.MS, res.TimeUp = sol.Verdict.String(), sol.Nodes, float64(sol.Elapsed.Microseconds())/1000, sol.TimeUp
	res.Budget, res.SurveyBudget = opt.MaxNodes, solver.DefaultMaxNodes
	switch sol.Verdict {
	case solver.Lost:
		var mark []string
		res.Blocked, mark = Explain(v.End)
		if req.Op == "solve" && len(mark) > 0 {
			// The board, its blocked cards marked, as the pages' lost deals.
			if res.Figure, err = positionFigure(v, mark); err != nil {
				return &Response{Error: err.Error()}
			}
		}
	case solver.Won:
		if req.Op == "solve" {
			if err := solution(res, v, sol.Moves); err != nil {
				return &Response{Error: err.Error()}
			}
		}
	}
	if req.Op == "hint" {
		if res.Hint = hint(v.End, sol.Moves); res.Hint != nil {
			res.Hint.Sure = sol.Verdict == solver.Won
		}
	}
	return res
}

// hint is the first move of the winning line moves from s, or with no
// line the first legal move the engine lists (its order puts moves to
// the foundations first); nil when there is none.
func hint(s *engine.State, moves []engine.Move) *Hint {
	g := s.Game()
	for _, m := range append(moves, s.Legal(nil)...) {
		if m.Action.Forced() {
			continue
		}
		w := replay.FromMoves(g, "", "", []engine.Move{m}).Moves[0]
		return &Hint{Caption: s.Describe(m), Move: w.Text(), Play: playOf(g, m)}
	}
	return nil
}

// solution puts into res the played line v followed by the solver's
// winning line: verified again by the engine, as a replay viewer, in
// notation and as format 1.
func solution(res *Response, v *replay.Verified, win []engine.Move) error {
	r := v.Replay
	var moves []engine.Move
	for _, st := range v.Steps {
		moves = append(moves, st.Move)
	}
	moves = append(moves, win...)
	sr := replay.FromMoves(v.Game, r.Deal, "", moves)
	sr.ID = SolutionID(v.Game.Variant, r.Deal)
	text := replay.Format(sr)
	parsed, err := replay.Parse("solution", 1, text)
	if err == nil {
		parsed.ID = sr.ID
		var sv *replay.Verified
		if sv, err = replay.Verify(parsed); err == nil {
			for _, st := range sv.Steps {
				if !st.Auto() {
					res.Solution = append(res.Solution, sv.Replay.Moves[st.Index].Text())
				}
			}
			res.Export = sv.Export()
			res.Replay = string(text)
			res.Figure, err = Figure(res.Export)
		}
	}
	if err != nil {
		return fmt.Errorf("internal error: the solution does not verify: %v", err)
	}
	return nil
}

// SolutionID is the replay id of the solution of a deal, as in its
// #id/step links: solution-DEAL, or solution-VARIANT-DEAL.
func SolutionID(variant, deal string) string {
	if variant != "" {
		return "solution-" + variant + "-" + deal
	}
	return "solution-" + deal
}

// Explain says which cards block the position when the dead-end or
// suit-lock test proves it lost, and gives their codes (to mark them on
// the board); "" and none when neither does (the search proved it).
func Explain(s *engine.State) (string, []string) {
	b, ok := solver.Explain(s)
	if !ok {
		return "", nil
	}
	var mark []string
	for _, c := range b.Cards {
		mark = append(mark, c.Card.String())
	}
	g := s.Game()
	name := engine.Card.Pretty
	var parts []string
	if b.SuitLock {
		byPile := map[int][]string{}
		var order []int
		for _, c := range b.Cards {
			if _, ok := byPile[c.Pile]; !ok {
				order = append(order, c.Pile)
			}
			byPile[c.Pile] = append(byPile[c.Pile], name(c.Card))
		}
		for _, p := range order {
			parts = append(parts, g.Piles[p].Describe()+": "+strings.Join(byPile[p], " "))
		}
		return fmt.Sprintf("The %s are locked: played on their own, with every other card taken away, they cannot all go home (%s, bottom first).", b.Suit.Name(), strings.Join(parts, "; ")), mark
	}
	for _, c := range b.Cards {
		under := ""
		switch c.Under {
		case 0:
		case 1:
			under = ", over 1 card"
		default:
			under = fmt.Sprintf(", over %d cards", c.Under)
		}
		parts = append(parts, fmt.Sprintf("%s in %s%s", name(c.Card), g.Piles[c.Pile].Describe(), under))
	}
	return fmt.Sprintf("These cards can never all go home, whatever is played: %s.", strings.Join(parts, "; ")), mark
}
