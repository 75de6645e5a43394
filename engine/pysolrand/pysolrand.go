// Package pysolrand reproduces the random streams and card shuffles of
// PySolFC, so that a deal number shown on the rules website gives exactly
// the initial layout that PySolFC shows for the same game number.
//
// PySolFC builds its generator from the game number in
// pysollib/pysolrandom.py (construct_random); the generators themselves
// live in the pysol_cards package (pysol_cards/random.py,
// pysol_cards/random_base.py), and the shuffle of a new game is
// Game.shuffle in pysollib/game/__init__.py:
//
//   - A number N with 1 <= N < 32000, or any number written with the
//     "ms" prefix (1 <= N <= 2^33-1), uses pysol_cards' LCRandom31, the
//     Microsoft C runtime rand() of Windows FreeCell, extended to 33-bit
//     seeds. See [New].
//   - Every other number uses the Mersenne Twister (MT19937) of Python's
//     random module (PySolFC uses random2.Random, which is seeded by the
//     same C code as random.Random(N) in Python 3).
//
// # Reproducing a PySolFC deal
//
// To get the initial layout of PySolFC's game number d for some game:
//
//  1. Build the game's card list in PySolFC's order (Game.createCards):
//     pack by pack; within a pack suit by suit in the order clubs, spades,
//     hearts, diamonds (suit indexes 0..3, only the suits the game uses);
//     within a suit the ranks in the order of the game's GameInfo ranks
//     (normally A, 2, ..., K; A, 7, 8, 9, T, J, Q, K for a Skat pack);
//     trump cards, if any, follow each pack's suits. Cards a game does not
//     create are simply absent.
//  2. r := New(d); ShuffleCards(r, cards). This is exactly Game.shuffle up
//     to the subclass hook: with the Microsoft generator and exactly 52
//     cards the list is first put in FreeCell order (see
//     [MicrosoftOrder]), then shuffled with [Shuffle].
//  3. Apply the game's _shuffleHook, if it has one, to the shuffled list.
//     A hook that needs randomness must draw from the same r.
//  4. Deal from the END of the list: PySolFC puts the cards on the talon
//     in list order, so cards[len(cards)-1] is the top of the talon and is
//     dealt first, then cards[len(cards)-2], and so on. A hook that moves
//     cards "to the top" moves them to the end of the list.
//  5. Later shuffles of the same game (shuffling redeals) continue the
//     same stream: call [Shuffle] (never ShuffleCards, PySolFC does not
//     reorder there) with the same r. Use Source.Clone to snapshot the
//     stream first if it has to be restored.
//
// Games that PySolFC shuffles with Game.shuffleSeparateDecks (each pack
// shuffled on its own, no Microsoft reordering) must call [Shuffle] on
// each pack's slice in pack order instead of step 2.
//
// Everything here is deterministic and free of global state; a Source is
// not safe for concurrent use.
package pysolrand

import (
	"fmt"
	"slices"
)

// Source is a PySolFC random stream.
//
// Randint returns an integer in [a, b], both ends included, exactly as the
// randint method of the PySolFC generator would; it panics if b < a.
//
// Clone returns an independent copy in the same state: drawing from the
// copy does not advance the original and vice versa. It is used to
// snapshot and restore the stream around shuffling redeals.
type Source interface {
	Randint(a, b int) int
	Clone() Source
}

// New returns the random stream that PySolFC uses for deal d
// (pysollib/pysolrandom.py construct_random):
//
//   - if d.MS is set or d.N < [MSThreshold], the Microsoft-compatible
//     linear congruential generator pysol_cards.random.LCRandom31;
//   - otherwise pysol_cards.random.MTRandom, i.e. MT19937 seeded like
//     Python's random.Random(d.N), with randint(a, b) computed as
//     a + int(random() * (b - a + 1)).
//
// New panics if d is not valid (see [Deal.Validate]); deals returned by
// [ParseDeal] always are.
func New(d Deal) Source {
	if err := d.Validate(); err != nil {
		panic("pysolrand.New: " + err.Error())
	}
	if d.Microsoft() {
		return newMS(d.N)
	}
	return newMT(d.N)
}

// IsMicrosoft reports whether r is PySolFC's Microsoft-compatible generator
// (LCRandom31). PySolFC's Game.shuffle tests exactly this
// (isinstance(self.random, LCRandom31)) to decide on [MicrosoftOrder].
func IsMicrosoft(r Source) bool {
	_, ok := r.(*msRandom)
	return ok
}

// Shuffle shuffles s in place like pysol_cards' RandomBase.shuffle (also
// the loop of PySolFC's AShuffleStackMove): for n from len(s)-1 down to 1,
// j = r.Randint(0, n) and s[n], s[j] are swapped.
func Shuffle[T any](r Source, s []T) {
	for n := len(s) - 1; n > 0; n-- {
		j := r.Randint(0, n)
		s[n], s[j] = s[j], s[n]
	}
}

// ShuffleCards shuffles the full card list of a new game in place as
// PySolFC's Game.shuffle (pysollib/game/__init__.py) does before calling
// the game's _shuffleHook: if r is the Microsoft generator
// ([IsMicrosoft]) the cards are first put in FreeCell order with
// [MicrosoftOrder] (which only acts on exactly 52 cards), then [Shuffle]
// is applied. cards must be in PySolFC's creation order (see the package
// documentation); afterwards the last element is the first card dealt.
func ShuffleCards[T any](r Source, cards []T) {
	if IsMicrosoft(r) {
		MicrosoftOrder(cards)
	}
	Shuffle(r, cards)
}

// MicrosoftOrder reorders cards in place as pysol_cards.cards.ms_rearrange
// does, and only if len(cards) == 52; other lengths are left alone. For a
// pack created in PySolFC order (clubs, spades, hearts, diamonds; A..K)
// the result is AC AD AH AS 2C 2D 2H 2S ... KC KD KH KS, the order in
// which Windows FreeCell numbers its cards. The reordering is purely
// positional: element i*4+k of the result is the element at index
// i + [0, 39, 26, 13][k] of the input, whatever the 52 elements are.
func MicrosoftOrder[T any](cards []T) {
	if len(cards) != 52 {
		return
	}
	src := slices.Clone(cards)
	for i := range 13 {
		for k, off := range [4]int{0, 39, 26, 13} {
			cards[i*4+k] = src[i+off]
		}
	}
}

// checkRange panics if [a, b] is empty and returns the number of integers
// in it, b-a+1, as a uint64 (0 standing for 2^64, the whole int64 range).
func checkRange(a, b int) uint64 {
	if b < a {
		panic(fmt.Sprintf("pysolrand: Randint(%d, %d): empty range", a, b))
	}
	return uint64(b) - uint64(a) + 1
}
