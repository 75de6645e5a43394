// Package fairplay measures how often a game with shuffling redeals (La
// Belle Lucie and its variant Three Shuffles and a Draw) comes out for a
// player who sees every card on the table but cannot know how a redeal
// not yet made will fall.
//
// The solver's rate (package solver, "thoughtful" play) sees the whole
// random stream: it plays toward the layouts its redeals will give. Here
// every redeal is a fresh uniform shuffle of the cards still in the fans,
// drawn from a seeded stream of our own (math/rand/v2's PCG), so nothing
// can be played toward it.
//
// # What a redeal depends on
//
// A shuffling redeal gathers every card of the fans and deals them again
// in a uniformly random order. What the player did in the fans before it
// is lost, except which cards went home: two positions with the same
// cards on the foundations have the same chances from the redeal on. A
// round (the play between two redeals) therefore comes down to the set
// of foundation heights it can reach ([Home]), and a player's choice in
// it to which of them to redeal from, or to win outright.
//
// # The two bounds
//
// Lower: the policy [Greedy] redeals from the reachable Home with the
// most cards home (the first in a fixed order of the ties), having
// searched the round exhaustively; after the last redeal it wins if any
// line of play wins. It decides without the future shuffles, so its rate,
// measured over sampled shuffles, is at most the best rate a player can
// reach: a lower bound.
//
// Upper: [Upper] is the sample-average value of the game: at each redeal
// it takes, for every reachable Home, the mean over n sampled shuffles of
// the value of what follows, and keeps the best mean. Choosing the best
// of noisy means overrates the best choice on average (E max >= max E),
// so the expected value of Upper is at least the best player's rate: an
// upper bound, in expectation, whose sampling error the interval over
// deals covers. A round the search could not finish within its node
// limit counts as won for the upper bound, at every redeal (the ends it
// did not reach might be better than those it found). For the lower
// bound an unfinished last round counts as lost, and an unfinished
// earlier one redeals from the best end found: a policy a player could
// follow, so the bound still holds.
package fairplay

import (
	"math/rand/v2"
	"slices"

	"github.com/patience-solitaire/patience/engine"
)

// Home is how many cards each foundation holds, in the game's order of
// foundations. With foundations built in one sequence from a fixed base
// it says which cards are home, and so which cards the next redeal
// shuffles.
type Home [8]uint8

// Count returns the number of cards home.
func (h Home) Count() int {
	n := 0
	for _, c := range h {
		n += int(c)
	}
	return n
}

func homeOf(s *engine.State) Home {
	var h Home
	for i, f := range s.Game().PilesOf(engine.Foundation) {
		h[i] = uint8(len(s.Pile(f)))
	}
	return h
}

// Round is what the play of one round can reach from its first position.
type Round struct {
	Won bool // some line of play wins without a redeal
	// Complete: the search saw every position of the round (it stops at
	// the node limit, or early at a win).
	Complete bool
	Nodes    int
	// Ends holds, for each Home reachable, the first position met with
	// it; Homes lists them by cards home, most first, then in decreasing
	// order of the heights.
	Ends  map[Home]*engine.State
	Homes []Home
}

// SearchRound searches every position reachable from s without a
// redeal, visiting at most limit positions.
func SearchRound(s *engine.State, limit int) *Round {
	r := &Round{Ends: map[Home]*engine.State{}}
	seen := map[uint64]bool{}
	s = s.Clone()
	var bufs [][]engine.Move
	var walk func(depth int) bool // false: stop
	walk = func(depth int) bool {
		home := playHome(s)
		defer func() {
			for i := len(home) - 1; i >= 0; i-- {
				s.Undo(home[i])
			}
		}()
		if seen[s.Hash()] {
			return true
		}
		seen[s.Hash()] = true
		r.Nodes++
		if s.Won() {
			r.Won = true
			return false
		}
		if h := homeOf(s); r.Ends[h] == nil {
			r.Ends[h] = s.Clone()
		}
		if r.Nodes >= limit {
			return false
		}
		if depth == len(bufs) {
			bufs = append(bufs, nil)
		}
		moves := s.Legal(bufs[depth][:0])
		bufs[depth] = moves
		for i := range moves {
			m := bufs[depth][i]
			if m.Action == engine.ActRedeal {
				continue
			}
			s.Apply(m)
			ok := walk(depth + 1)
			s.Undo(m)
			if !ok {
				return false
			}
		}
		return true
	}
	r.Complete = walk(0) || r.Won
	for h := range r.Ends {
		r.Homes = append(r.Homes, h)
	}
	slices.SortFunc(r.Homes, func(a, b Home) int {
		if d := b.Count() - a.Count(); d != 0 {
			return d
		}
		for i := range a {
			if a[i] != b[i] {
				return int(b[i]) - int(a[i])
			}
		}
		return 0
	})
	return r
}

// playHome plays every top card that can go to a foundation until none
// can, and returns the moves made. In these games a card goes home only
// on the card below it in its suit, and a fan's top card receives only
// the card below it in its suit, which is then home already: a top card
// that may go home is worth nothing where it is, and playing it home
// loses no line of play in the round.
func playHome(s *engine.State) []engine.Move {
	g := s.Game()
	found, fans := g.PilesOf(engine.Foundation), g.PilesOf(engine.Tableau)
	var made []engine.Move
	for moved := true; moved; {
		moved = false
		for _, t := range fans {
			c := s.Top(t)
			if c == engine.NoCard {
				continue
			}
			for _, f := range found {
				if takes(g.Piles[f].Found, s.Top(f), c) {
					m := engine.Move{Action: engine.ActMove, From: int8(t), To: int8(f), Card: c}
					s.Apply(m)
					made = append(made, m)
					moved = true
					break
				}
			}
		}
	}
	return made
}

// takes tells whether a foundation built by rule, whose top is top
// (NoCard when empty), takes c.
func takes(rule engine.FoundationRule, top, c engine.Card) bool {
	if c.Suit() != rule.Suit {
		return false
	}
	if top == engine.NoCard {
		return c.Rank() == rule.Base
	}
	return rule.Next(top.Rank()) == c.Rank()
}

// redealsLeft returns how many redeals s may still take.
func redealsLeft(s *engine.State) int { return s.Game().Redeals - s.Redeals() }

// redeal returns the position after a redeal from s whose shuffle is
// drawn from a stream seeded with seed.
func redeal(s *engine.State, seed [2]uint64) *engine.State {
	t := s.WithShuffler(newShuffler(seed))
	t.Apply(engine.Move{Action: engine.ActRedeal, From: engine.NoPile, To: engine.NoPile})
	return t
}

// Outcome is how a game played by a policy ended.
type Outcome uint8

const (
	Lost    Outcome = iota
	Won             // won
	Unknown         // the last round's search hit its node limit
)

// Greedy plays s to the end with the greedy policy (see the package
// comment), its redeals shuffled by streams seeded from seed: the i-th
// redeal by (seed, i).
func Greedy(s *engine.State, seed uint64, limit int) Outcome {
	for i := uint64(0); ; i++ {
		r := SearchRound(s, limit)
		switch {
		case r.Won:
			return Won
		case redealsLeft(s) > 0:
			s = redeal(r.Ends[r.Homes[0]], [2]uint64{seed, i})
		case r.Complete:
			return Lost
		default:
			return Unknown
		}
	}
}

// Upper returns the sample-average value of s (see the package comment)
// with n sampled shuffles at each redeal; the shuffles of the j-th
// sample at redeal i are seeded by (seed, i*n+j) whichever Home they
// follow (common random numbers). A redeal's mean is given up as soon as
// it can no longer beat the best so far.
func Upper(s *engine.State, n int, seed uint64, limit int) float64 {
	return upper(s, n, seed, 0, limit)
}

func upper(s *engine.State, n int, seed, round uint64, limit int) float64 {
	r := SearchRound(s, limit)
	switch {
	case r.Won:
		return 1
	case !r.Complete:
		// Some ends of the round may be missing: value it as won, which
		// can only raise the bound.
		return 1
	case redealsLeft(s) == 0:
		return 0
	}
	best := 0.0
	for _, h := range r.Homes {
		sum := 0.0
		for j := range n {
			// Even n wins from here could not beat best.
			if sum+float64(n-j) <= best*float64(n) {
				break
			}
			t := redeal(r.Ends[h], [2]uint64{seed, round*uint64(n) + uint64(j)})
			sum += upper(t, n, seed^(uint64(j+1)<<32), round+1, limit)
		}
		best = max(best, sum/float64(n))
		if best == 1 {
			break
		}
	}
	return best
}

// shuffler draws uniform shuffles from a PCG stream.
type shuffler struct{ pcg rand.PCG }

func newShuffler(seed [2]uint64) *shuffler {
	return &shuffler{pcg: *rand.NewPCG(seed[0], seed[1])}
}

func (s *shuffler) ShuffleCards(cards []engine.Card) {
	rand.New(&s.pcg).Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
}

func (s *shuffler) Clone() engine.Shuffler {
	c := *s
	return &c
}
