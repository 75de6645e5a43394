package engine

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// The rules of Herz zu Herz (PySolFC 851, a Knockout with hearts;
// declared in engine/games/herz-zu-herz.game): a game of pure chance,
// every move of which is made by the rules.

// HerzRounds is the number of rounds of Herz zu Herz.
const HerzRounds = 3

// herzForced is the next move of Herz zu Herz with draws draws a round:
// finish the draw under way; else lay off a heart on top of a pile (t1
// first); else draw again if the round has draws left; else reshuffle if
// a round is left. Nothing once the game is won.
func herzForced(s *State, draws int) (Move, bool) {
	g := s.g
	if s.Won() {
		return Move{}, false
	}
	n := len(g.tableau)
	st := g.stock
	deal := func() (Move, bool) {
		t := g.tableau[s.drawn%n]
		return Move{Action: ActDeal, From: int8(st), To: int8(t), Card: s.Top(st)}, true
	}
	more := s.drawn < draws*n && len(s.piles[st]) > 0
	if more && s.drawn%n != 0 {
		return deal()
	}
	f := g.foundations[0]
	for _, t := range g.tableau {
		if c := s.Top(t); c != NoCard && c.Suit() == Hearts {
			return Move{Action: ActLayoff, From: int8(t), To: int8(f), Card: c}, true
		}
	}
	if more {
		return deal()
	}
	if s.redeals < g.Redeals {
		return Move{Action: ActRedeal, From: NoPile, To: NoPile}, true
	}
	return Move{}, false
}

// HerzZuHerzWinProbability returns the exact probability that a deal of
// Herz zu Herz with draws draws per round (5 by default; 4 and 6 in the
// variants) is won, taking every shuffle as uniformly random.
//
// Derivation. A drawn card lands on top of its pile, so a heart drawn is
// laid off at once: no heart is ever covered. The piles therefore never
// hold a heart, and a round lays off exactly the hearts among the cards it
// draws. At the start of a round with h hearts still out, the stock is a
// uniformly shuffled set of N = 24 + h cards (the 24 other cards and the h
// hearts: the piles and the rest of the stock are gathered and shuffled
// together), and the round draws k = min(3*draws, N) of them: a uniformly
// random k-subset. The number x of hearts among them is hypergeometric,
// P(x) = C(h, x) C(N-h, k-x) / C(N, k). With W(r, h) the chance to win
// from the start of round r with h hearts out, W(r, 0) = 1,
// W(HerzRounds+1, h) = 0 for h > 0, and
// W(r, h) = sum over x of P(x) W(r+1, h-x); the answer is W(1, 8),
// computed exactly in rationals.
func HerzZuHerzWinProbability(draws int) *big.Rat {
	const others, hearts = 24, 8
	var w func(round, h int) *big.Rat
	w = func(round, h int) *big.Rat {
		if h == 0 {
			return big.NewRat(1, 1)
		}
		if round > HerzRounds {
			return new(big.Rat)
		}
		n := others + h
		k := min(3*draws, n)
		sum := new(big.Rat)
		total := new(big.Int).Binomial(int64(n), int64(k))
		for x := 0; x <= min(h, k); x++ {
			if k-x > others {
				continue
			}
			ways := new(big.Int).Binomial(int64(h), int64(x))
			ways.Mul(ways, new(big.Int).Binomial(int64(others), int64(k-x)))
			p := new(big.Rat).SetFrac(ways, total)
			sum.Add(sum, p.Mul(p, w(round+1, h-x)))
		}
		return sum
	}
	return w(1, hearts)
}

// herzRounds is the rule of Herz zu Herz's rounds: each draw turns one
// card onto each tableau pile, draws draws make a round, and a round
// ends with a reshuffle. The position counts the cards drawn in the
// round (State.addDrawn).
type herzRounds struct {
	ruleBase
	draws int
}

func (herzRounds) Name() string             { return "draws" }
func (herzRounds) motion() Motion           { return MotionForced } // the rules draw cards onto the tableau
func (r herzRounds) fingerprint() string    { return fmt.Sprintf("draws=%d", r.draws) }
func (herzRounds) dealt(s *State, sign int) { s.addDrawn(sign) }

// requires: the draws deal from the stock onto the tableau piles, a
// heart drawn is laid off (the layoff rule) onto the first foundation,
// which takes any heart, and a round ends with a shuffle of the stock.
func (herzRounds) requires(g *Game) string {
	f := g.PilesOf(Foundation)
	switch {
	case len(g.PilesOf(Stock)) == 0 || len(g.PilesOf(Tableau)) == 0:
		return "the draws deal from a stock onto tableau piles"
	case !g.Piles[f[0]].Found.AnyRank || g.Piles[f[0]].Found.Suit != Hearts:
		return "the hearts are laid off onto the first foundation, which takes any heart (suit=hearts any-rank)"
	case !slices.Contains(g.rules, Layoff):
		return "the hearts drawn are laid off: rules: draws=N layoff"
	case g.Redeals > 0 && g.RedealKind != ShuffleStock:
		return "a round ends with redeal: shuffle-stock"
	}
	return ""
}

// install gives the game the rounds' hooks: every move is the rules'
// (herzForced), the game is won when the hearts pile is full, and a
// position counts the cards drawn in its round.
func (r herzRounds) install(g *Game) {
	g.allForced = true
	f := g.PilesOf(Foundation)[0]
	g.goal = int(g.Piles[f].Found.Len)
	draws := r.draws
	g.forced = func(s *State) (Move, bool) { return herzForced(s, draws) }
	g.won = func(s *State) bool { return len(s.piles[s.g.foundations[0]]) == s.g.goal }
	g.start = func(s *State) {
		s.drawn = len(s.piles[s.g.foundations[0]])
		for _, t := range s.g.tableau {
			s.drawn += len(s.piles[t])
		}
	}
}

func (r herzRounds) exactOdds(g *Game) *big.Rat { return HerzZuHerzWinProbability(r.draws) }

func (r herzRounds) summary(g *Game, row SummaryRow) []string {
	switch row {
	case RowStock:
		var ids []string
		for _, t := range g.tableau {
			ids = append(ids, g.Piles[t].ID)
		}
		return []string{fmt.Sprintf("each draw turns one card onto each of %s; %d draws make a round", strings.Join(ids, ", "), r.draws)}
	case RowRedeals:
		return []string{fmt.Sprintf("%d rounds in all: after each round but the last, %s", g.Redeals+1, g.DescribeRedeal())}
	case RowFill:
		// No move of the player's fills a pile (FillNever), but the
		// draws deal onto every pile, empty or not.
		return []string{"an emptied one gets a card at the next draw"}
	}
	return nil
}

// Layoff is Herz zu Herz's forced move: a heart on top of a pile is laid
// off onto the hearts pile.
var Layoff Rule = layoff{}

// ActLayoff is the layoff's kind of move.
var ActLayoff = newAction(Layoff)

type layoff struct{ ruleBase }

func (layoff) Name() string   { return "layoff" }
func (layoff) motion() Motion { return MotionForced } // the rules lay hearts off

// fingerprint: the layoffs come with the game's forced hook and its
// rounds, which the fingerprint records.
func (layoff) fingerprint() string { return "" }
func (layoff) forced() bool        { return true }

func (layoff) requires(g *Game) string {
	for _, r := range g.rules {
		if _, ok := r.(herzRounds); ok {
			return ""
		}
	}
	return "the layoffs are the moves of the rounds: rules: draws=N layoff"
}

// check is reached only when no layoff is forced: a layoff is made by the
// rules alone.
func (layoff) check(s *State, m Move) string { return "nothing is to be laid off now" }
func (layoff) absent(g *Game) string         { return "nothing is to be laid off now" }

func (layoff) forcedFirst(s *State, f Move) string {
	return fmt.Sprintf("%s on %s must first be laid off", s.CardName(f.Card), s.PileName(int(f.From)))
}

func (layoff) describe(s *State, m Move) string {
	return fmt.Sprintf("%s from %s is laid off (forced)", m.Card.Pretty(), s.g.Piles[m.From].Describe())
}
