// Package engine models patience (solitaire) games: cards and packs, the
// declaration of each game as data, positions (State), legal moves, and
// apply/undo with an incrementally kept 64-bit hash.
//
// A game is declared once (see Game and PileSpec); the move generator, the
// rules summary, the layout diagram and the replay viewer's geometry are all
// derived from that declaration, so documentation and engine cannot drift.
package engine

import (
	"fmt"
	"strings"
)

// Suit is a card suit, in PySolFC's order: clubs, spades, hearts, diamonds.
type Suit uint8

const (
	Clubs Suit = iota
	Spades
	Hearts
	Diamonds
)

const suitLetters = "CSHD"

var suitSymbols = [4]string{"♣", "♠", "♥", "♦"}
var suitNames = [4]string{"clubs", "spades", "hearts", "diamonds"}

// String returns the suit's letter: C, S, H or D.
func (s Suit) String() string {
	if s > Diamonds {
		return "?"
	}
	return suitLetters[s : s+1]
}

// Symbol returns the suit's symbol, e.g. "♥".
func (s Suit) Symbol() string { return suitSymbols[s&3] }

// Name returns the suit's English name in the plural, e.g. "hearts".
func (s Suit) Name() string { return suitNames[s&3] }

// Red reports whether the suit is hearts or diamonds.
func (s Suit) Red() bool { return s == Hearts || s == Diamonds }

// Rank is a card rank from Ace (1) to King (13).
type Rank uint8

const (
	Ace   Rank = 1
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
)

const rankLetters = "?A23456789TJQK"

var rankNames = [14]string{"?", "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King"}

// String returns the rank's letter: A 2 3 4 5 6 7 8 9 T J Q K.
func (r Rank) String() string {
	if r < 1 || r > 13 {
		return "?"
	}
	return rankLetters[r : r+1]
}

// Name returns the rank's English name, e.g. "Queen".
func (r Rank) Name() string {
	if r > 13 {
		return "?"
	}
	return rankNames[r]
}

// Card is a playing card. The zero Card is no card. The two cards of a
// pair in a two-pack game are the same Card value: the engine treats them
// as interchangeable, which is what the rules do.
type Card uint8

// NoCard is the zero Card.
const NoCard Card = 0

// NewCard returns the card of rank r and suit s.
func NewCard(r Rank, s Suit) Card { return Card((uint8(r)-1)*4 + uint8(s) + 1) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank((c-1)/4 + 1) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit((c - 1) % 4) }

// Valid reports whether c is a real card.
func (c Card) Valid() bool { return c >= 1 && c <= 52 }

// String returns the card in notation form, rank then suit: "7H", "TC".
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().String()
}

// Pretty returns the card with its suit symbol, e.g. "7♥", "10♣".
func (c Card) Pretty() string {
	if !c.Valid() {
		return "?"
	}
	r := c.Rank().String()
	if c.Rank() == 10 {
		r = "10"
	}
	return r + c.Suit().Symbol()
}

// ParseCard parses a card in notation form: a rank letter (A 2-9 T J Q K,
// "10" is accepted for T) followed by a suit letter (C S H D), case
// insensitive.
func ParseCard(s string) (Card, error) {
	u := strings.ToUpper(s)
	if strings.HasPrefix(u, "10") {
		u = "T" + u[2:]
	}
	if len(u) != 2 {
		return NoCard, fmt.Errorf("bad card %q: want a rank (A 2-9 T J Q K) and a suit (C S H D), like 7H", s)
	}
	r := strings.IndexByte(rankLetters[1:], u[0]) + 1
	if r == 0 {
		return NoCard, fmt.Errorf("bad card %q: unknown rank %q (want A 2-9 T J Q K)", s, s[:1])
	}
	su := strings.IndexByte(suitLetters, u[1])
	if su < 0 {
		return NoCard, fmt.Errorf("bad card %q: unknown suit %q (want C S H D)", s, u[1:])
	}
	return NewCard(Rank(r), Suit(su)), nil
}

// Pack is the set of cards a game is played with.
type Pack uint8

const (
	OnePack  Pack = iota // one standard 52-card pack
	TwoPacks             // two standard packs, 104 cards
	SkatPack             // 32 cards: A K Q J T 9 8 7 of each suit
)

// String describes the pack for people, e.g. "two packs (104 cards)".
func (p Pack) String() string {
	switch p {
	case OnePack:
		return "one pack (52 cards)"
	case TwoPacks:
		return "two packs (104 cards)"
	case SkatPack:
		return "a 32-card Skat pack"
	}
	return "?"
}

// Size returns the number of cards in the pack.
func (p Pack) Size() int {
	switch p {
	case TwoPacks:
		return 104
	case SkatPack:
		return 32
	}
	return 52
}

// Ranks returns the ranks the pack holds, in PySolFC's order.
func (p Pack) Ranks() []Rank {
	if p == SkatPack {
		return []Rank{Ace, 7, 8, 9, 10, Jack, Queen, King}
	}
	return []Rank{Ace, 2, 3, 4, 5, 6, 7, 8, 9, 10, Jack, Queen, King}
}

// Cards returns the pack's cards in PySolFC's order before shuffling:
// pack by pack, suits clubs, spades, hearts, diamonds, ranks as Ranks.
func (p Pack) Cards() []Card {
	packs := 1
	if p == TwoPacks {
		packs = 2
	}
	cards := make([]Card, 0, p.Size())
	for range packs {
		for s := Clubs; s <= Diamonds; s++ {
			for _, r := range p.Ranks() {
				cards = append(cards, NewCard(r, s))
			}
		}
	}
	return cards
}
