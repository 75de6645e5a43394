package engine

import (
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"
)

// A Rule is one of a game's own rules: a kind of move that only some
// games have (the merci, the reversal, the layoff), or a rule that changes
// what the common moves do (Herz zu Herz's rounds of draws).
//
// As a goldmark extension brings its node kind with its parser and its
// renderer, a rule brings everything the engine and the tools around it
// need to know about it: its moves (legal, check, apply, undo), how a
// caption describes them, the keyword that writes them in the replay
// notation, its line in the rules summary of the site, the hash key of
// what it counts, and the exact odds it makes. A game's declaration
// names its rules on its rules: line (namedRules, procedure.go); no
// other code needs to name them (the solver's talon search, which plays
// reversals itself, names Reversal). A new kind of move is: a type
// embedding ruleBase in a file of its own, an Action from newAction, its
// name in namedRules, and its tests.
//
// Its methods other than Name are the engine's: a rule is declared inside
// this package, with its game.
type Rule interface {
	// Name names the rule; for a kind of move it is the action's name,
	// as the JSON export writes it ("merci").
	Name() string

	// keyword is the word that starts a written move of the kind in the
	// replay notation ("merci" in "merci t4:TH t9"), or "" if it is
	// written as a plain move ("f1 f5") or never written.
	keyword() string
	// forced reports whether the moves of the kind are made by the
	// rules, never by the player (they are replayed as "auto").
	forced() bool
	// limit is how many moves of the kind a game allows (the merci: one),
	// or 0 for no limit. A limited kind is counted in the position, and
	// the count has a hash key of its own (see ruleHashKeys).
	limit() int
	// legal appends the moves of the kind legal in s (never called while
	// the rules force a move).
	legal(s *State, buf []Move) []Move
	// check says why m, a move of the kind, is illegal in s, or "".
	check(s *State, m Move) string
	// absent says why a move of the kind cannot be made in g, which does
	// not have it, or "" for the usual "merci is not a move of ...".
	absent(g *Game) string
	// forcedFirst says, for a forced kind, that f must come first.
	forcedFirst(s *State, f Move) string
	// apply plays m; undo takes it back (the count of a limited kind is
	// kept by the engine).
	apply(s *State, m Move)
	undo(s *State, m Move)
	// describe says in words what m will do ("Merci: 5♥ pulled out from
	// under 2 cards in fan 1 to foundation 3, on 4♥"); outcome, once m is
	// applied, what it did ("; uncovers the A♠").
	describe(s *State, m Move) string
	outcome(s *State, m Move) string
	// plain reports whether a move written "FROM TO" without a keyword,
	// from pile from to pile to of g, is of the kind (a reversal: from
	// one foundation to another), whether or not g has it.
	plain(g *Game, from, to int) bool
	// take is the move of the kind written "KEYWORD FROM:CARD TO" in s,
	// To left for the caller; the string says why there is none.
	take(s *State, from int, c Card) (Move, string)

	// dealt is told of every deal (ActDeal) applied (+1) or taken back
	// (-1), after the card has moved.
	dealt(s *State, sign int)
	// leavesFoundations reports whether the rule lets a card leave a
	// foundation.
	leavesFoundations() bool
	// summary is what the rule says in row of the rules summary.
	summary(g *Game, row SummaryRow) []string
	// motion says how the rule's moves move cards (Motion), the
	// solver's sound rules being enabled by it: every rule says (ruleBase
	// has no default), a rule without moves of its own the motions of
	// the moves it changes.
	motion() Motion
	// fingerprint is the rule's "key=value" in Game.Fingerprint, or "" if
	// another part of the declaration pins it already. Every rule says
	// (ruleBase has no default): a rule that changes how deals play must
	// change the fingerprint.
	fingerprint() string
}

// ruleBase gives a Rule's methods their usual behaviour; a rule embeds it
// and overrides what it does differently.
type ruleBase struct{}

func (ruleBase) keyword() string                   { return "" }
func (ruleBase) forced() bool                      { return false }
func (ruleBase) limit() int                        { return 0 }
func (ruleBase) legal(s *State, buf []Move) []Move { return buf }
func (ruleBase) check(s *State, m Move) string     { return "" }
func (ruleBase) plain(g *Game, from, to int) bool  { return false }
func (ruleBase) dealt(s *State, sign int)          {}
func (ruleBase) leavesFoundations() bool           { return false }

func (ruleBase) summary(g *Game, row SummaryRow) []string { return nil }

func (ruleBase) forcedFirst(s *State, f Move) string {
	return fmt.Sprintf("the rules make the move %s first", f)
}

// apply and undo move the top card of From onto To, as a plain move.
func (ruleBase) apply(s *State, m Move) { s.push(int(m.To), s.pop(int(m.From))) }
func (ruleBase) undo(s *State, m Move)  { s.push(int(m.From), s.pop(int(m.To))) }

func (ruleBase) describe(s *State, m Move) string {
	return s.describeCard(m, "from "+s.g.Piles[m.From].Describe())
}

func (ruleBase) outcome(s *State, m Move) string { return s.uncovered(m) }

func (ruleBase) take(s *State, from int, c Card) (Move, string) {
	return Move{From: int8(from), Card: s.Top(from)}, ""
}

func (ruleBase) absent(g *Game) string { return "" }

// notAMove says why a move of kind a is not a move of g when a's rule
// says nothing (absent): "merci is not a move of La Belle Lucie (only of
// its variant three-shuffles-and-a-draw)".
func notAMove(r Rule, a Action, g *Game) string {
	var with []string
	for _, v := range Games() {
		if v.Slug == g.Slug && v.Has(a) {
			with = append(with, v.Variant)
		}
	}
	switch len(with) {
	case 0:
		return fmt.Sprintf("%s is not a move of %s", r.Name(), g.Name)
	case 1:
		return fmt.Sprintf("%s is not a move of %s (only of its variant %s)", r.Name(), g.Name, with[0])
	}
	return fmt.Sprintf("%s is not a move of %s (only of its variants %s)", r.Name(), g.Name, strings.Join(with, ", "))
}

// SummaryRow names a row of a game's rules summary that its rules may
// word (Game.Summary).
type SummaryRow uint8

const (
	RowStock   SummaryRow = iota // what the stock does
	RowRedeals                   // the redeals
	RowSpecial                   // the special rules: one line per rule
	RowFill                      // what fills an emptied tableau pile
)

// ruleHashKeys are the extra hash keys (zobrist.extra) of the counts of a
// game's limited kinds of move, in the order of its rules: the keys that
// the engine's own counts leave free (0 redeals, 2 cards drawn this
// round, 3 shuffled cards; see State.extraHash).
var ruleHashKeys = [maxLimited]int{1, 4}

// maxLimited is the most limited kinds of move a game may have.
const maxLimited = 2

// actionRules holds the Rule of each action that a game file declared
// with newAction; the engine's own actions have none.
var actionRules []Rule

// newAction returns a new Action for the kind of move r: the game file
// that declares r calls it once, in a package-level var.
func newAction(r Rule) Action {
	for len(actionRules) < int(firstRuleAction) {
		actionRules = append(actionRules, nil)
	}
	for _, a := range actionRules {
		if a != nil && (a.Name() == r.Name() || r.keyword() != "" && a.keyword() == r.keyword()) {
			panic("engine: two kinds of move named " + r.Name())
		}
	}
	actionRules = append(actionRules, r)
	return Action(len(actionRules) - 1)
}

// ruleOf returns the Rule of action a, or nil for the engine's own
// actions and unknown ones.
func ruleOf(a Action) Rule {
	if int(a) < len(actionRules) {
		return actionRules[a]
	}
	return nil
}

// actionOf returns the action of rule r, or false if r is not a kind of
// move.
func actionOf(r Rule) (Action, bool) {
	for a, k := range actionRules {
		if k == r {
			return Action(a), true
		}
	}
	return 0, false
}

// Keyword returns the word that starts a written move of kind a in the
// replay notation ("merci"), or "" if the move is written "FROM TO", or
// by a keyword of the notation itself ("deal", "redeal").
func (a Action) Keyword() string {
	if r := ruleOf(a); r != nil {
		return r.keyword()
	}
	return ""
}

// KeywordAction returns the kind of move whose notation keyword is word.
func KeywordAction(word string) (Action, bool) {
	for a, r := range actionRules {
		if r != nil && r.keyword() != "" && r.keyword() == word {
			return Action(a), true
		}
	}
	return 0, false
}

// Keywords returns the notation keywords of the games' kinds of move,
// sorted.
func Keywords() []string {
	var out []string
	for _, r := range actionRules {
		if r != nil && r.keyword() != "" {
			out = append(out, r.keyword())
		}
	}
	sort.Strings(out)
	return out
}

// withRules gives g its own rules, in the order of the rules summary.
func withRules(g *Game, rules ...Rule) *Game {
	g.rules = append(g.rules, rules...)
	return g
}

// Rules returns the game's own rules (see Rule), in declaration order.
func (g *Game) Rules() []Rule { return g.rules }

// Has reports whether a is a move of g: one of the engine's own actions,
// or the kind of move of one of g's rules.
func (g *Game) Has(a Action) bool {
	r := ruleOf(a)
	if r == nil {
		return int(a) < int(firstRuleAction)
	}
	for _, k := range g.rules {
		if k == r {
			return true
		}
	}
	return false
}

// HasRulesBeyond reports whether g has a rule other than those known: a
// search that plays only some rules (the solver's talon search knows the
// reversal) leaves games with others to a general one.
func (g *Game) HasRulesBeyond(known ...Rule) bool {
	for _, r := range g.rules {
		if !slices.Contains(known, r) {
			return true
		}
	}
	return false
}

// PlainAction returns the kind of a move written "FROM TO" without a
// keyword, from pile from to pile to: ActMove, or the kind of move that
// has that shape (a reversal, between two foundations) even if g does not
// have it, so that Check can say why not.
func (g *Game) PlainAction(from, to int) Action {
	for a, r := range actionRules {
		if r != nil && r.plain(g, from, to) {
			return Action(a)
		}
	}
	return ActMove
}

// CardsLeaveFoundations reports whether a rule of g lets a card leave a
// foundation (Patriarchs' reversal).
func (g *Game) CardsLeaveFoundations() bool {
	for _, r := range g.rules {
		if r.leavesFoundations() {
			return true
		}
	}
	return false
}

// oddsRule is a Rule that makes the exact odds of its game: it returns
// the probability that a deal of g is won, or nil. It is not a method of
// Rule, so that a program that never asks for the odds (the browser's
// engine) links no math/big: Rule's method types are in every program
// that plays a game.
type oddsRule interface {
	exactOdds(g *Game) *big.Rat
}

// ExactWinProbability returns the exact probability that a deal of g is
// won, when its rules make one (Herz zu Herz, whose every move is made by
// the rules), or nil.
func (g *Game) ExactWinProbability() *big.Rat {
	for _, r := range g.rules {
		if o, ok := r.(oddsRule); ok {
			if p := o.exactOdds(g); p != nil {
				return p
			}
		}
	}
	return nil
}

// Summary returns what g's own rules say in a row of its rules summary,
// or nil where the summary's usual wording stands.
func (g *Game) Summary(row SummaryRow) []string {
	var out []string
	for _, r := range g.rules {
		out = append(out, r.summary(g, row)...)
	}
	return out
}

// Take returns the move of kind a that a replay writes "KEYWORD
// FROM:CARD TO" (a merci: the buried card c pulled out of pile from); its
// To is left for the caller. The error says why there is none.
func (s *State) Take(a Action, from int, c Card) (Move, error) {
	r := ruleOf(a)
	if r == nil {
		return Move{}, illegal(fmt.Sprintf("%s is not a kind of move written with a keyword", a))
	}
	m, why := r.take(s, from, c)
	if why != "" {
		return Move{}, illegal(why)
	}
	m.Action = a
	return m, nil
}

// RulesUsed returns how many moves of g's limited kinds (the merci) have
// been made.
func (s *State) RulesUsed() int {
	n := 0
	for _, u := range s.used {
		n += int(u)
	}
	return n
}

// RulesSpent reports whether every limited kind of move of the game (the
// merci) has been used up, so that only the common moves remain.
func (s *State) RulesSpent() bool {
	for k, r := range s.g.limited {
		if int(s.used[k]) < r.limit() {
			return false
		}
	}
	return true
}

// usedOf returns how many moves of kind r, a limited one, have been made.
func (s *State) usedOf(r Rule) int {
	for k, l := range s.g.limited {
		if l == r {
			return int(s.used[k])
		}
	}
	return 0
}

// count changes the count of rule r's moves by sign, if r is limited.
func (s *State) count(r Rule, sign int) {
	for k, l := range s.g.limited {
		if l == r {
			s.used[k] = uint8(int(s.used[k]) + sign)
			s.hash += uint64(sign) * s.g.zob.extra[ruleHashKeys[k]]
		}
	}
}

// UnknownGameError is Lookup's error for a slug no game has.
type UnknownGameError struct {
	Slug  string
	Known []string // every game's slug
}

func (e *UnknownGameError) Error() string {
	return fmt.Sprintf("unknown game %q (known: %s)", e.Slug, strings.Join(e.Known, ", "))
}

// UnknownVariantError is Lookup's error for a variant the game does not
// have.
type UnknownVariantError struct {
	Slug, Variant string
	Known         []string // the game's variants; none for a game without
}

func (e *UnknownVariantError) Error() string {
	if len(e.Known) == 0 {
		return fmt.Sprintf("game %s has no variants, not even %q", e.Slug, e.Variant)
	}
	return fmt.Sprintf("unknown variant %q of %s (known: %s)", e.Variant, e.Slug, strings.Join(e.Known, ", "))
}
