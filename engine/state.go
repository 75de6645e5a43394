package engine

import (
	"fmt"
	"slices"
	"strings"
)

// State is a position of a game: the cards of every pile, bottom card
// first, plus what the rules count (redeals taken, the merci). It is
// changed in place by Apply and restored exactly by Undo; Clone copies it.
type State struct {
	g     *Game
	piles [][]Card
	hash  uint64
	// pileHash is each pile's share of the hash before mixing (see
	// RecomputeHash).
	pileHash []uint64
	found    int // cards on the foundations
	redeals  int // redeals taken
	// used counts the moves of the game's limited kinds (the merci), at
	// the index of the kind in Game.limited.
	used [maxLimited]uint8
	// drawn counts the cards drawn in the current round, in a game whose
	// rules count them (Herz zu Herz); a shuffling redeal starts a round.
	drawn int
	// shuffled counts the random numbers drawn by shuffling redeals, so
	// that positions whose future shuffles differ hash apart.
	shuffled int
	// shuffle is the random stream that shuffling redeals continue; nil
	// for a layout given card by card.
	shuffle Shuffler
	// history keeps what Undo needs for moves that rearrange many cards.
	history []snapshot
	// words: the position's texts name cards and piles in the board's
	// words (SetWords).
	words bool
}

// Shuffler is the random stream of a deal, continued by shuffling redeals.
type Shuffler interface {
	ShuffleCards(cards []Card)
	Clone() Shuffler
}

type snapshot struct {
	piles    [][]Card
	shuffle  Shuffler
	drawn    int
	shuffled int
}

// Game returns the game the position belongs to.
func (s *State) Game() *Game { return s.g }

// SetWords sets how the texts of Check (and of the replay package's
// verifier, on this position) name cards and piles: in the board's
// words ("9♣", "fan 3"), as the play panel shows them, or, off (the
// default), in the replay notation ("9C", "t3"), as replays and their
// errors are written. Clone keeps it.
func (s *State) SetWords(on bool) { s.words = on }

// Words reports whether the position's texts are in the board's words.
func (s *State) Words() bool { return s.words }

// CardName is card c as the position's texts name it: "9♣" or "9C".
// It is not inlined: it is called only to say why a move is illegal, at
// many places (the play panel's WebAssembly module is kept small).
//
//go:noinline
func (s *State) CardName(c Card) string {
	if s.words {
		return c.Pretty()
	}
	return c.String()
}

// PileName is pile i as the position's texts name it: "fan 3" or "t3".
// Not inlined, as CardName.
//
//go:noinline
func (s *State) PileName(i int) string {
	if s.words {
		return s.g.Piles[i].Describe()
	}
	return s.g.Piles[i].ID
}

// Pile returns the cards of pile i, bottom first. The slice must not be
// changed.
func (s *State) Pile(i int) []Card { return s.piles[i] }

// Top returns the exposed card of pile i, or NoCard.
func (s *State) Top(i int) Card {
	p := s.piles[i]
	if len(p) == 0 {
		return NoCard
	}
	return p[len(p)-1]
}

// Hash returns the position's 64-bit hash, kept incrementally. Positions
// that differ only by a permutation of interchangeable piles hash alike;
// see RecomputeHash.
func (s *State) Hash() uint64 { return s.hash }

// Redeals returns the number of redeals taken so far.
func (s *State) Redeals() int { return s.redeals }

// OnFoundations returns the number of cards on the foundations.
func (s *State) OnFoundations() int { return s.found }

// Drawn returns the number of cards drawn in the current round (Herz zu
// Herz; 0 in other games).
func (s *State) Drawn() int { return s.drawn }

// Won reports whether the game is won: every card is on the foundations
// (Herz zu Herz: all eight hearts are laid off).
func (s *State) Won() bool {
	if s.g.won != nil {
		return s.g.won(s)
	}
	return s.found == s.g.Goal()
}

// SamePosition reports whether t is the same position as s, pile by
// pile (not up to interchangeable piles, as Hash is) and counter by
// counter, so that the same moves are legal from both and do the same:
// the two come from one deal (a shuffling redeal's stream is the same
// where it has been drawn alike).
func (s *State) SamePosition(t *State) bool {
	if s.g != t.g || s.found != t.found || s.redeals != t.redeals || s.used != t.used || s.drawn != t.drawn || s.shuffled != t.shuffled {
		return false
	}
	for i, p := range s.piles {
		if !slices.Equal(p, t.piles[i]) {
			return false
		}
	}
	return true
}

// Clone returns an independent copy of the position.
func (s *State) Clone() *State {
	c := *s
	c.piles = clonePiles(s.piles, s.g.Cards())
	c.pileHash = append([]uint64(nil), s.pileHash...)
	if s.shuffle != nil {
		c.shuffle = s.shuffle.Clone()
	}
	c.history = append([]snapshot(nil), s.history...)
	return &c
}

// clonePiles copies piles into one backing array, each pile with room to
// grow to every card of the game, so that appends never reallocate.
func clonePiles(piles [][]Card, capacity int) [][]Card {
	out := make([][]Card, len(piles))
	total := 0
	for _, p := range piles {
		total += max(len(p), capacity)
	}
	back := make([]Card, total)
	for i, p := range piles {
		c := max(len(p), capacity)
		out[i] = back[:len(p):c]
		copy(out[i], p)
		back = back[c:]
	}
	return out
}

// RecomputeHash computes the hash from scratch (Hash keeps it
// incrementally; the two must always agree).
//
// Each pile's cards are summed into a pile hash, one key per (pile class,
// depth, card); each pile hash goes through a one-to-one 64-bit mixer and
// the results are summed. The sum makes the hash blind to the order of
// interchangeable piles (the solver's symmetry reduction); the mixer
// keeps it from being blind to cards swapped between two such piles at
// the same depth, which a plain sum over all cards would be.
func (s *State) RecomputeHash() uint64 {
	var h uint64
	for i := range s.piles {
		h += mix64(s.pileSum(i))
	}
	return h + s.extraHash()
}

// pileSum is pile i's hash before mixing.
func (s *State) pileSum(i int) uint64 {
	var h uint64
	for d, c := range s.piles[i] {
		h += s.g.zob.key(s.g.class[i], d, c)
	}
	return h
}

// mix64 is MurmurHash3's 64-bit finalizer, a bijection with mix64(0) = 0.
func mix64(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// addToPile changes pile i's hash by delta, keeping the total in step.
func (s *State) addToPile(i int, delta uint64) {
	old := s.pileHash[i]
	s.pileHash[i] = old + delta
	s.hash += mix64(old+delta) - mix64(old)
}

func (s *State) extraHash() uint64 {
	z := &s.g.zob.extra
	h := uint64(s.redeals)*z[0] + uint64(s.drawn)*z[2] + uint64(s.shuffled)*z[3]
	for k, n := range s.used {
		h += uint64(n) * z[ruleHashKeys[k]]
	}
	return h
}

// addDrawn changes the count of cards drawn in the round by n.
func (s *State) addDrawn(n int) {
	s.drawn += n
	s.hash += uint64(n) * s.g.zob.extra[2]
}

// push puts c on pile i.
func (s *State) push(i int, c Card) {
	s.addToPile(i, s.g.zob.key(s.g.class[i], len(s.piles[i]), c))
	s.piles[i] = append(s.piles[i], c)
	if s.g.Piles[i].Kind == Foundation {
		s.found++
	}
}

// pop takes the top card off pile i.
func (s *State) pop(i int) Card {
	p := s.piles[i]
	c := p[len(p)-1]
	s.piles[i] = p[:len(p)-1]
	s.addToPile(i, -s.g.zob.key(s.g.class[i], len(p)-1, c))
	if s.g.Piles[i].Kind == Foundation {
		s.found--
	}
	return c
}

// String prints the position one pile a line: "t1: 3D 4D 6C".
func (s *State) String() string {
	var b strings.Builder
	for i, p := range s.piles {
		b.WriteString(s.g.Piles[i].ID)
		b.WriteByte(':')
		for _, c := range p {
			b.WriteByte(' ')
			b.WriteString(c.String())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Layout returns a copy of every pile's cards, bottom first.
func (s *State) Layout() [][]Card { return clonePiles(s.piles, 0) }

// NewStateFromLayout starts a position from an explicit layout (a deal from
// a book), one slice of cards per pile, bottom first. The cards must be
// exactly the game's pack.
func (g *Game) NewStateFromLayout(piles [][]Card) (*State, error) {
	if len(piles) != len(g.Piles) {
		return nil, fmt.Errorf("%s has %d piles, the layout gives %d", g.Name, len(g.Piles), len(piles))
	}
	count := map[Card]int{}
	for _, c := range g.Pack.Cards() {
		count[c]++
	}
	for i, p := range piles {
		spec := g.Piles[i]
		if spec.MaxLen > 0 && len(p) > spec.MaxLen {
			return nil, fmt.Errorf("pile %s holds at most %d cards, the layout gives %d", spec.ID, spec.MaxLen, len(p))
		}
		for _, c := range p {
			if !c.Valid() {
				return nil, fmt.Errorf("pile %s: not a card", spec.ID)
			}
			count[c]--
			if count[c] < 0 {
				return nil, fmt.Errorf("pile %s: too many %s for %s", spec.ID, c, g.Pack)
			}
		}
	}
	var missing []string
	for _, c := range g.Pack.Cards() {
		if count[c] > 0 {
			missing = append(missing, c.String())
			count[c]--
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("the layout lacks %d cards: %s", len(missing), strings.Join(missing, " "))
	}
	return g.newState(piles, nil), nil
}

func (g *Game) newState(piles [][]Card, sh Shuffler) *State {
	g.zobOnce.once.Do(func() { g.zob = newZobrist(g, g.zobOnce.classes) })
	s := &State{g: g, piles: clonePiles(piles, g.Cards()), shuffle: sh, pileHash: make([]uint64, len(piles))}
	for i, p := range s.piles {
		if g.Piles[i].Kind == Foundation {
			s.found += len(p)
		}
	}
	if g.start != nil {
		g.start(s)
	}
	for i := range s.piles {
		s.pileHash[i] = s.pileSum(i)
	}
	s.hash = s.RecomputeHash()
	return s
}
