// Package replay reads, writes and verifies replays: the hand-writable
// text notation of a played deal, move by move with notes, checked
// against the rules engine, and exported as the public format 1 JSON.
//
// A replay looks like this:
//
//	# comments start with a hash
//	game: house-in-the-woods
//	deal: 123456
//	title: A win in 96 moves
//
//	1. t12:7H t3   -- frees the A♠ beneath
//	2. t5 f1
//	   -- a line that starts with two dashes continues the note
//	deal
//
// Parse turns text into a Replay (collecting every syntax error with its
// position), Print writes a Replay back in canonical form, and Verify
// plays it through the engine.
package replay

import "github.com/patience-solitaire/patience/engine/srcpos"

// Replay is a parsed replay: its header and its written moves.
type Replay struct {
	File string // name used in error positions

	Game    string // game slug
	Variant string // "" for the default rules
	Deal    string // deal number as written ("123456", "ms123"), or ""
	Layout  []LayoutPile
	Title   string
	ID      string   // "" to derive one from the file name or deal
	Result  string   // "" (= won), "won", "stuck" or "stopped"
	Note    string   // shown with the starting position
	Mark    []string // cards to mark in the starting position ("QS", "KS"), every copy

	// Pos holds where each header key was written, for error messages.
	Pos map[string]srcpos.Pos

	Moves []Move
}

// LayoutPile is one pile of an explicit layout (a deal from a book).
type LayoutPile struct {
	Pos   srcpos.Pos
	Pile  string
	Cards []string
}

// Move is one written move.
type Move struct {
	Pos    srcpos.Pos // the move's first token (after any number)
	Number int        // the move number the author wrote ("12."), or 0
	Action string     // "" for a card move, "deal", "redeal", or a game's keyword ("merci")
	From   string     // source pile ("t12"), "" for deal and redeal
	Card   string     // card asserted with From ("7H"), or ""
	To     string     // destination pile ("t3", or "f" for any foundation)
	Note   string

	FromPos, CardPos, ToPos srcpos.Pos
}

// Text returns the move as written, without number or note: "t12:7H t3".
func (m *Move) Text() string {
	s := m.From
	if m.Card != "" {
		s += ":" + m.Card
	}
	if m.To != "" {
		s += " " + m.To
	}
	if m.Action != "" {
		if s != "" {
			return m.Action + " " + s
		}
		return m.Action
	}
	return s
}
