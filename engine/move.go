package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"unsafe"
)

// Action is the kind of a move: one of the engine's own, common to the
// games, or the kind of move of a Rule (ActMerci in merci.go,
// ActReversal in reversal.go, ActLayoff in herz.go).
type Action uint8

const (
	ActMove   Action = iota // one card from one pile to another
	ActDeal                 // the stock's top card to the waste
	ActRedeal               // a new deal: waste turned over, or fans reshuffled
	ActRefill               // forced: a reserve space filled from waste or stock

	firstRuleAction // the games' own kinds of move follow (newAction)
)

var actionNames = [...]string{"move", "deal", "redeal", "refill"}

// String returns the action's name as used in the JSON export.
func (a Action) String() string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	if r := ruleOf(a); r != nil {
		return r.Name()
	}
	return "?"
}

// Forced reports whether moves of this kind are made by the rules, not the
// player (they are replayed with "auto": true).
func (a Action) Forced() bool {
	if r := ruleOf(a); r != nil {
		return r.forced()
	}
	return a == ActRefill
}

// NoPile is the From or To of a move that has none.
const NoPile = -1

// Move is one step of play. From and To are pile indices of the game;
// Card is the card that moves (for a deal, the card turned up; NoCard for
// a redeal; for a run of cards moved as one, from a pile that declares
// Runs, the bottom card of the run, the cards on it going with it);
// Depth is, for a merci, the index from the bottom of the card pulled out
// of From.
type Move struct {
	Action   Action
	From, To int8
	Card     Card
	Depth    uint8
}

// String returns the move in a debugging form, e.g. "t12>t3 7H".
func (m Move) String() string {
	return fmt.Sprintf("%s %d>%d %s", m.Action, m.From, m.To, m.Card)
}

// canPlace reports whether card c may go onto pile to (coming from pile
// from). It is the rule book of single-card moves; reason explains a no.
func (s *State) canPlace(c Card, from, to int) bool {
	spec := &s.g.Piles[to]
	p := s.piles[to]
	switch spec.Kind {
	case Foundation:
		f := &spec.Found
		if c.Suit() != f.Suit || len(p) >= int(f.Len) {
			return false
		}
		if f.AnyRank {
			return true
		}
		if len(p) == 0 {
			return c.Rank() == f.Base
		}
		return c.Rank() == f.Next(p[len(p)-1].Rank())
	case Tableau:
		fs := &s.g.Piles[from]
		if fs.ToFoundationOnly {
			return false
		}
		if spec.MaxLen > 0 && len(p) >= spec.MaxLen {
			return false
		}
		if len(p) == 0 {
			switch spec.Fill {
			case FillAnyCard:
				return true
			case FillFromWaste:
				return fs.Kind == Waste
			case FillKings:
				return c.Rank() == King
			}
			return false
		}
		return spec.Build.Accepts(p[len(p)-1], c)
	case Cell:
		return len(p) == 0 && !s.g.Piles[from].ToFoundationOnly
	}
	return false
}

// maxTableau bounds the tableau piles of a game (Legal keeps a set of
// cards for each).
const maxTableau = 64

// CardSet is a set of cards, bit c for card c (the two copies of a card
// in a two-pack game are one card). Legal and the solver's relaxed games
// test sets of cards in their inner loops.
type CardSet uint64

// Has reports whether card c is in the set.
func (b CardSet) Has(c Card) bool { return b&(1<<c) != 0 }

// allCards holds every card; suitCards[u] the cards of suit u; kings
// the four Kings.
var allCards, suitCards, kings = func() (CardSet, [4]CardSet, CardSet) {
	var all, k CardSet
	var suits [4]CardSet
	for c := Card(1); c <= 52; c++ {
		all |= 1 << c
		suits[c.Suit()] |= 1 << c
		if c.Rank() == King {
			k |= 1 << c
		}
	}
	return all, suits, k
}()

// buildTakes[b][x] is the set of cards that build rule b accepts on x.
var buildTakes = func() (t [NumBuilds][53]CardSet) {
	for b := range t {
		for x := Card(1); x <= 52; x++ {
			for c := Card(1); c <= 52; c++ {
				if Build(b).Accepts(x, c) {
					t[b][x] |= 1 << c
				}
			}
		}
	}
	return t
}()

// foundationTakes returns the cards that canPlace lets go onto
// foundation to.
func (s *State) foundationTakes(to int) CardSet {
	f := &s.g.Piles[to].Found
	p := s.piles[to]
	switch {
	case len(p) >= int(f.Len):
		return 0
	case f.AnyRank:
		return suitCards[f.Suit]
	}
	r := f.Base
	if len(p) > 0 {
		r = f.Next(p[len(p)-1].Rank())
	}
	if r < Ace || r > King {
		return 0
	}
	return 1 << NewCard(r, f.Suit)
}

// tableauTakes returns the cards that canPlace lets go onto tableau pile
// to from a pile whose cards may go to the tableau, leaving out an empty
// pile that takes only the waste's card.
func (s *State) tableauTakes(to int) CardSet {
	spec := &s.g.Piles[to]
	p := s.piles[to]
	switch {
	case spec.MaxLen > 0 && len(p) >= spec.MaxLen:
		return 0
	case len(p) == 0:
		switch spec.Fill {
		case FillAnyCard:
			return allCards
		case FillKings:
			return kings
		}
		return 0
	}
	return buildTakes[spec.Build][p[len(p)-1]]
}

// reason explains why canPlace said no.
func (s *State) reason(c Card, from, to int) string {
	spec := &s.g.Piles[to]
	p := s.piles[to]
	card, id := s.CardName(c), s.PileName(to)
	switch spec.Kind {
	case Foundation:
		f := &spec.Found
		switch {
		case c.Suit() != f.Suit:
			return fmt.Sprintf("%s cannot go to %s: it takes %s only", card, id, f.Suit.Name())
		case len(p) >= int(f.Len) && f.Len == 1:
			return fmt.Sprintf("%s cannot go to %s: it holds the %s of %s alone", card, id, f.Base.Name(), f.Suit.Name())
		case len(p) >= int(f.Len):
			return fmt.Sprintf("%s cannot go to %s: it is complete", card, id)
		case len(p) == 0:
			return fmt.Sprintf("%s cannot go to %s: it starts with the %s of %s", card, id, f.Base.Name(), f.Suit.Name())
		}
		return fmt.Sprintf("%s cannot go on %s in %s: it needs %s next", card, s.CardName(p[len(p)-1]), id, s.CardName(NewCard(f.Next(p[len(p)-1].Rank()), f.Suit)))
	case Tableau:
		fs := &s.g.Piles[from]
		switch {
		case fs.ToFoundationOnly:
			return fmt.Sprintf("cards from %s play only to the foundations", s.PileName(from))
		case spec.MaxLen > 0 && len(p) >= spec.MaxLen:
			return fmt.Sprintf("%s cannot go to %s: it already holds %d cards, the most a pile may hold", card, id, len(p))
		case len(p) == 0 && spec.Fill == FillFromWaste:
			return fmt.Sprintf("%s cannot go to %s: an empty column is filled only from the waste", card, id)
		case len(p) == 0 && spec.Fill == FillKings:
			return fmt.Sprintf("%s cannot go to %s: an emptied %s is filled only by a King", card, id, strings.Fields(spec.Describe())[0])
		case len(p) == 0:
			return fmt.Sprintf("%s cannot go to %s: an emptied %s is never refilled", card, id, strings.Fields(spec.Describe())[0])
		case spec.Build == BuildNone:
			return fmt.Sprintf("%s cannot go on %s: nothing is built on %s", card, s.CardName(p[len(p)-1]), spec.Describe())
		}
		return fmt.Sprintf("%s cannot go on %s: %s builds %s", card, s.CardName(p[len(p)-1]), id, spec.Build)
	case Reserve:
		return fmt.Sprintf("%s cannot go to %s: nothing is put on a reserve card, and a space is filled by the rules alone", card, id)
	case Cell:
		if fs := &s.g.Piles[from]; fs.ToFoundationOnly {
			return fmt.Sprintf("cards from %s play only to the foundations", s.PileName(from))
		}
		return fmt.Sprintf("%s cannot go to %s: a cell holds one card, and it holds %s", card, id, s.CardName(p[len(p)-1]))
	}
	return fmt.Sprintf("nothing may be put on %s (%s)", id, spec.Kind)
}

// valid reports whether i is a pile of the position.
func (s *State) valid(i int8) bool { return int(i) >= 0 && int(i) < len(s.piles) }

// playsFrom reports whether the top card of pile i may be played at all.
func (s *State) playsFrom(i int) bool {
	switch s.g.Piles[i].Kind {
	case Tableau, Reserve, Waste, Cell:
		return true
	}
	return false
}

// Forced returns the move the rules make next, if any: a game's own forced
// move (Herz zu Herz's draws, layoffs and reshuffles), else a reserve
// space filled at once from the waste, or from the stock while there is
// no waste.
func (s *State) Forced() (Move, bool) {
	if s.g.forced != nil {
		if m, ok := s.g.forced(s); ok {
			return m, true
		}
	}
	for i := range s.g.Piles {
		if spec := &s.g.Piles[i]; spec.Kind != Reserve || !spec.Refill || len(s.piles[i]) > 0 {
			continue
		}
		if w := s.g.waste; w >= 0 && len(s.piles[w]) > 0 {
			return Move{Action: ActRefill, From: int8(w), To: int8(i), Card: s.Top(w)}, true
		}
		if st := s.g.stock; st >= 0 && len(s.piles[st]) > 0 {
			return Move{Action: ActRefill, From: int8(st), To: int8(i), Card: s.Top(st)}, true
		}
	}
	return Move{}, false
}

// IsForced reports whether m is the move the rules make next.
func (s *State) IsForced(m Move) bool {
	f, ok := s.Forced()
	return ok && f == m
}

// Legal appends the legal moves of the position to buf and returns it.
// When the rules force a move (a refill), it is the only one. Moves that
// lead to the same position as an earlier one in the list (a card to the
// second of two identical empty piles) are left out.
func (s *State) Legal(buf []Move) []Move {
	if m, ok := s.Forced(); ok {
		return append(buf, m)
	}
	g := s.g
	if g.allForced {
		return buf
	}
	// What each foundation and tableau pile takes now, as sets of
	// cards, so that most pairs of piles cost a test of a bit (canPlace
	// decides the few that pass it); a pile filled from the waste only
	// is marked in wasteFill instead.
	var found CardSet
	for _, to := range g.foundations {
		found |= s.foundationTakes(to)
	}
	var tab [maxTableau]CardSet
	// wasteFill marks the empty piles filled from the waste only; twin,
	// the empty piles like an earlier one (sameAsEarlier), to which no
	// move is made.
	var wasteFill, twin uint64
	for k, to := range g.tableau {
		tab[k] = s.tableauTakes(to)
		if len(s.piles[to]) == 0 {
			if g.Piles[to].Fill == FillFromWaste {
				wasteFill |= 1 << k
			}
			if s.sameAsEarlier(to, g.tableau) {
				twin |= 1 << k
			}
		}
	}
	// The empty cells a card may go to, one of each class.
	var open [8]int
	cells := open[:0]
	for _, to := range g.cells {
		if len(s.piles[to]) == 0 && !s.sameAsEarlier(to, g.cells) {
			cells = append(cells, to)
		}
	}
	freeCells, freePiles := -1, 0 // the free spaces of legalRuns, counted once
	for from := range s.piles {
		if !s.playsFrom(from) || len(s.piles[from]) == 0 {
			continue
		}
		c := s.Top(from)
		// Foundations first: the move order the solver wants anyway.
		if found.Has(c) {
			for _, to := range g.foundations {
				if s.canPlace(c, from, to) && !s.sameAsEarlier(to, g.foundations) {
					buf = append(buf, Move{Action: ActMove, From: int8(from), To: int8(to), Card: c})
				}
			}
		}
		fs := &g.Piles[from]
		if fs.ToFoundationOnly {
			continue
		}
		fromWaste := fs.Kind == Waste
		for k, to := range g.tableau {
			if to == from || !tab[k].Has(c) && !(fromWaste && wasteFill&(1<<k) != 0) {
				continue
			}
			if len(s.piles[to]) == 0 {
				// A lone card moving to an empty pile of its own kind
				// changes nothing.
				if len(s.piles[from]) == 1 && g.class[from] == g.class[to] {
					continue
				}
				if twin&(1<<k) != 0 {
					continue
				}
			}
			buf = append(buf, Move{Action: ActMove, From: int8(from), To: int8(to), Card: c})
		}
		for _, to := range cells {
			if !(len(s.piles[from]) == 1 && g.class[from] == g.class[to]) {
				buf = append(buf, Move{Action: ActMove, From: int8(from), To: int8(to), Card: c})
			}
		}
		if fs.Runs {
			if freeCells < 0 {
				freeCells, freePiles = s.allFreeSpaces()
			}
			buf = s.legalRuns(from, tab[:len(g.tableau)], twin, freeCells, freePiles, buf)
		}
	}
	if st, w := g.stock, g.waste; st >= 0 && w >= 0 {
		if len(s.piles[st]) > 0 {
			buf = append(buf, Move{Action: ActDeal, From: int8(st), To: int8(w), Card: s.Top(st)})
		} else if g.RedealKind == TurnWaste && s.redeals < g.Redeals && len(s.piles[w]) > 0 {
			buf = append(buf, Move{Action: ActRedeal, From: int8(w), To: int8(st)})
		}
	}
	if g.RedealKind == ShuffleFans && s.redeals < g.Redeals && !s.Won() {
		buf = append(buf, Move{Action: ActRedeal, From: NoPile, To: NoPile})
	}
	for _, r := range g.rules {
		buf = r.legal(s, buf)
	}
	return buf
}

// forcedFirst says which forced move must come before any other.
func (s *State) forcedFirst(f Move) string {
	g := s.g
	switch f.Action {
	case ActRefill:
		return fmt.Sprintf("%s must first be filled from %s", s.PileName(int(f.To)), s.PileName(int(f.From)))
	case ActDeal:
		return fmt.Sprintf("the rules deal %s from %s to %s next", s.CardName(f.Card), s.PileName(int(f.From)), s.PileName(int(f.To)))
	case ActRedeal:
		return "the rules redeal next: " + g.DescribeRedeal()
	}
	if r := ruleOf(f.Action); r != nil {
		return r.forcedFirst(s, f)
	}
	return fmt.Sprintf("the rules make the move %s first", f)
}

// sameAsEarlier reports whether pile to is empty (or, for a foundation,
// equal) like an earlier pile of the same class in list, so that a move to
// it would give the same position as a move to that one.
func (s *State) sameAsEarlier(to int, list []int) bool {
	for _, j := range list {
		if j == to {
			return false
		}
		if s.g.class[j] != s.g.class[to] || len(s.piles[j]) != len(s.piles[to]) {
			continue
		}
		if len(s.piles[j]) == 0 || s.Top(j) == s.Top(to) && s.g.Piles[j].Kind == Foundation {
			return true
		}
	}
	return false
}

// ErrIllegal is wrapped by every error Check returns.
var ErrIllegal = errors.New("illegal move")

type illegal string

func (e illegal) Error() string        { return string(e) }
func (e illegal) Is(target error) bool { return target == ErrIllegal }

// Check returns nil if m is legal in the position, or an error saying in
// words why not ("7H cannot go on 9H: t3 builds up or down in suit", or
// in the board's words, SetWords: "7♥ cannot go on 9♥: fan 3 builds up
// or down in suit").
func (s *State) Check(m Move) error {
	g := s.g
	valid := s.valid
	f, forced := s.Forced()
	if forced && m != f {
		return illegal(s.forcedFirst(f))
	}
	if g.allForced {
		if !forced {
			return illegal(fmt.Sprintf("the game is over: every move of %s is made by the rules, and none is left", g.Name))
		}
		return nil
	}
	switch m.Action {
	case ActMove, ActRefill:
		if !valid(m.From) || !valid(m.To) {
			return illegal("no such pile")
		}
		from, to := int(m.From), int(m.To)
		fs := &g.Piles[from]
		if from == to {
			return illegal(fmt.Sprintf("a card cannot move from %s onto itself", s.PileName(from)))
		}
		if len(s.piles[from]) == 0 {
			return illegal(fmt.Sprintf("%s is empty", s.PileName(from)))
		}
		if m.Action == ActRefill {
			if !forced || f != m {
				return illegal(fmt.Sprintf("%s cannot be filled now", s.PileName(to)))
			}
			return nil
		}
		if !s.playsFrom(from) {
			// A move of a game's own kind written as a plain one (a
			// reversal) in a game without it.
			if a := g.PlainAction(from, to); a != ActMove && !g.Has(a) {
				return illegal(absent(a, g))
			}
			return illegal(fmt.Sprintf("cards do not play from %s (%s)", s.PileName(from), fs.Kind))
		}
		if c := s.Top(from); m.Card != c {
			if fs.Runs {
				return s.checkRun(m)
			}
			return illegal(fmt.Sprintf("the top card of %s is %s, not %s", s.PileName(from), s.CardName(c), s.CardName(m.Card)))
		}
		if !s.canPlace(m.Card, from, to) {
			return illegal(s.reason(m.Card, from, to))
		}
		return nil
	case ActDeal:
		if g.stock < 0 || g.waste < 0 {
			return illegal(g.Name + " has no stock to deal from")
		}
		if len(s.piles[g.stock]) == 0 {
			return illegal("the stock is empty")
		}
		if int(m.From) != g.stock || int(m.To) != g.waste {
			return illegal("a deal turns the stock's top card onto the waste")
		}
		if c := s.Top(g.stock); m.Card != c {
			return illegal(fmt.Sprintf("the top card of the stock is %s, not %s", s.CardName(c), s.CardName(m.Card)))
		}
		return nil
	case ActRedeal:
		switch {
		case g.RedealKind == NoRedeal || g.Redeals == 0:
			return illegal(g.Name + " has no redeal")
		case s.redeals >= g.Redeals:
			return illegal(fmt.Sprintf("no redeal left: %s allows %d", g.Name, g.Redeals))
		case s.Won():
			return illegal("the game is won")
		case g.RedealKind == TurnWaste && len(s.piles[g.stock]) > 0:
			return illegal("the stock is not empty yet")
		case g.RedealKind == TurnWaste && len(s.piles[g.waste]) == 0:
			return illegal("the waste is empty")
		case g.RedealKind == TurnWaste && (int(m.From) != g.waste || int(m.To) != g.stock):
			return illegal("a redeal turns the waste over onto the stock")
		case g.RedealKind != TurnWaste && (m.From != NoPile || m.To != NoPile):
			return illegal("a shuffling redeal names no pile")
		}
		return nil
	}
	r := ruleOf(m.Action)
	switch {
	case r == nil:
		return illegal(fmt.Sprintf("%s is not a move of %s", m.Action, g.Name))
	case !g.Has(m.Action):
		return illegal(absent(m.Action, g))
	}
	if why := r.check(s, m); why != "" {
		return illegal(why)
	}
	return nil
}

// absent says why a, a game's own kind of move, is not a move of g.
func absent(a Action, g *Game) string {
	r := ruleOf(a)
	if why := r.absent(g); why != "" {
		return why
	}
	return notAMove(r, a, g)
}

// Apply plays m, which must be legal (see Check).
func (s *State) Apply(m Move) {
	switch m.Action {
	case ActMove, ActRefill:
		if from := int(m.From); s.Top(from) != m.Card {
			s.moveRun(from, int(m.To), s.runFrom(from, m.Card))
			break
		}
		s.push(int(m.To), s.pop(int(m.From)))
	case ActDeal:
		s.push(int(m.To), s.pop(int(m.From)))
		for _, r := range s.g.rules {
			r.dealt(s, +1)
		}
	case ActRedeal:
		s.redeals++
		s.hash += s.g.zob.extra[0]
		switch s.g.RedealKind {
		case TurnWaste:
			for len(s.piles[m.From]) > 0 {
				s.push(int(m.To), s.pop(int(m.From)))
			}
		case ShuffleFans, ShuffleStock:
			s.shuffleRedeal()
		}
	default:
		if r := ruleOf(m.Action); r != nil {
			r.apply(s, m)
			s.count(r, +1)
		}
	}
}

// Undo takes back m, which must be the last move applied.
func (s *State) Undo(m Move) {
	switch m.Action {
	case ActMove, ActRefill:
		if to := int(m.To); s.Top(to) != m.Card {
			s.moveRun(to, int(m.From), s.runFrom(to, m.Card))
			break
		}
		s.push(int(m.From), s.pop(int(m.To)))
	case ActDeal:
		s.push(int(m.From), s.pop(int(m.To)))
		for _, r := range s.g.rules {
			r.dealt(s, -1)
		}
	case ActRedeal:
		s.redeals--
		s.hash -= s.g.zob.extra[0]
		switch s.g.RedealKind {
		case TurnWaste:
			for len(s.piles[m.To]) > 0 {
				s.push(int(m.From), s.pop(int(m.To)))
			}
		case ShuffleFans, ShuffleStock:
			s.restore()
		}
	default:
		if r := ruleOf(m.Action); r != nil {
			r.undo(s, m)
			s.count(r, -1)
		}
	}
}

// takeFrom removes the card at depth d of pile i.
func (s *State) takeFrom(i, d int) Card {
	var above []Card
	for len(s.piles[i]) > d+1 {
		above = append(above, s.pop(i))
	}
	c := s.pop(i)
	for k := len(above) - 1; k >= 0; k-- {
		s.push(i, above[k])
	}
	return c
}

// putAt inserts c at depth d of pile i.
func (s *State) putAt(i, d int, c Card) {
	var above []Card
	for len(s.piles[i]) > d {
		above = append(above, s.pop(i))
	}
	s.push(i, c)
	for k := len(above) - 1; k >= 0; k-- {
		s.push(i, above[k])
	}
}

// shuffleRedeal gathers the cards of a shuffling redeal in the game's
// order, shuffles them with the deal's stream and deals them again with
// the game's redeal hook.
func (s *State) shuffleRedeal() {
	snap := snapshot{piles: clonePiles(s.piles, 0), drawn: s.drawn, shuffled: s.shuffled}
	if s.shuffle != nil {
		snap.shuffle = s.shuffle.Clone()
	}
	s.history = append(s.history, snap)
	var cards []Card
	if s.g.gather != nil {
		cards = s.g.gather(s)
	} else {
		for _, i := range s.g.tableau {
			cards = append(cards, s.piles[i]...)
			for len(s.piles[i]) > 0 {
				s.pop(i)
			}
		}
	}
	if s.shuffle != nil {
		s.shuffle.ShuffleCards(cards)
	}
	h0 := s.extraHash()
	if len(cards) > 1 {
		s.shuffled += len(cards) - 1
	}
	s.drawn = 0
	s.hash += s.extraHash() - h0
	s.g.redeal(s.g, cards, func(i int, c Card) { s.push(i, c) })
}

// restore undoes the last shuffling redeal.
func (s *State) restore() {
	snap := s.history[len(s.history)-1]
	s.history = s.history[:len(s.history)-1]
	for i, want := range snap.piles {
		setPile(s, i, want)
	}
	s.shuffle = nil
	if snap.shuffle != nil {
		// A copy: clones of this position share the snapshot.
		s.shuffle = snap.shuffle.Clone()
	}
	h0 := s.extraHash()
	s.drawn, s.shuffled = snap.drawn, snap.shuffled
	s.hash += s.extraHash() - h0
}

// commonPrefix returns how many cards a and b have alike from the
// bottom. It compares eight at a time: a restore between two beam
// positions compares every pile, the stock's and the waste's dozens of
// cards among them, and mostly finds them alike.
func commonPrefix[C ~uint8](a []Card, b []C) int {
	n := min(len(a), len(b))
	ab := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(a))), n)
	bb := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(b))), n)
	k := 0
	for ; k+8 <= n; k += 8 {
		if x := binary.LittleEndian.Uint64(ab[k:]) ^ binary.LittleEndian.Uint64(bb[k:]); x != 0 {
			return k + bits.TrailingZeros64(x)/8
		}
	}
	for k < n && ab[k] == bb[k] {
		k++
	}
	return k
}

// setPile makes pile i hold want (cards, or the bytes of a snapshot),
// from the first card that differs. It keeps the hash as push and pop
// do, with the pile's change summed first and mixed once (a restore
// between two beam positions changes many cards of the waste).
func setPile[C ~uint8](s *State, i int, want []C) {
	p := s.piles[i]
	same := commonPrefix(p, want)
	if same == len(p) && same == len(want) {
		return
	}
	z, class := s.g.zob, s.g.class[i]
	var delta uint64
	for d := same; d < len(p); d++ {
		delta -= z.key(class, d, p[d])
	}
	old := len(p)
	p = p[:same]
	for _, c := range want[same:] {
		delta += z.key(class, len(p), Card(c))
		p = append(p, Card(c))
	}
	s.piles[i] = p
	if s.g.Piles[i].Kind == Foundation {
		s.found += len(p) - old
	}
	s.addToPile(i, delta)
}
