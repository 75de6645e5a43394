package engine

import (
	"regexp"
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// cardCode matches a card written in the notation, as a whole word.
var cardCode = regexp.MustCompile(`(^|[^A-Za-z0-9'])([A2-9TJQK][CDHS])([^A-Za-z0-9]|$)`)

// notationIn returns a card code or pile id of g in text, as a whole
// word, or "".
func notationIn(g *Game, text string) string {
	if m := cardCode.FindStringSubmatch(text); m != nil {
		return m[2]
	}
	for _, w := range regexp.MustCompile(`[A-Za-z0-9']+`).FindAllString(text, -1) {
		if g.PileIndex(w) >= 0 {
			return w
		}
	}
	return ""
}

// TestCheckWords: with SetWords, Check's reasons name cards and piles in
// the board's words; without, in the notation, as replays are written.
// Every game the reader plays (not one whose moves the rules make),
// along a line from deal 1: every card moved from any pile to any
// other, and a card that is not the one on top, as a plain move and as
// the games' own kinds of move (the merci, the reversal).
func TestCheckWords(t *testing.T) {
	g, err := Lookup("napoleon-at-st-helena", "")
	if err != nil {
		t.Fatal(err)
	}
	s := g.Deal(pysolrand.Deal{N: 2})
	var bad Move
	for _, from := range g.PilesOf(Tableau) {
		for _, to := range g.PilesOf(Tableau) {
			m := Move{Action: ActMove, From: int8(from), To: int8(to), Card: s.Top(from)}
			if from != to && s.Check(m) != nil && bad.Card == NoCard {
				bad = m
			}
		}
	}
	notation := s.Check(bad).Error()
	s.SetWords(true)
	words := s.Check(bad).Error()
	if notationIn(g, notation) == "" || notationIn(g, words) != "" || words == notation {
		t.Errorf("in the notation %q, in words %q", notation, words)
	}
	if c := s.Clone(); !c.Words() {
		t.Error("Clone forgets SetWords")
	}

	for _, g := range Games() {
		if g.AllForced() {
			continue
		}
		t.Run(g.Key(), func(t *testing.T) {
			s := g.Deal(pysolrand.Deal{N: 1})
			s.SetWords(true)
			for step := 0; step < 20; step++ {
				for from := range g.Piles {
					for to := range g.Piles {
						if len(s.Pile(from)) == 0 {
							continue
						}
						for _, c := range []Card{s.Top(from), s.Pile(from)[0]} {
							for _, act := range []Action{ActMove, ActMerci, ActReversal} {
								err := s.Check(Move{Action: act, From: int8(from), To: int8(to), Card: c})
								if err == nil {
									continue
								}
								if w := notationIn(g, err.Error()); w != "" {
									t.Fatalf("step %d, %s from %s to %s: %q says %q", step, c, g.Piles[from].ID, g.Piles[to].ID, err, w)
								}
							}
						}
					}
				}
				legal := s.Legal(nil)
				if len(legal) == 0 {
					break
				}
				s.Apply(legal[(7*step+3)%len(legal)])
			}
		})
	}
}
