package engine

import "fmt"

// Merci is the rule of La Belle Lucie's variant "Three Shuffles and a
// Draw": once, after the last redeal, one buried card of a fan may be
// pulled out and played to a foundation or onto the top card of a fan
// (its own fan included), the cards above it closing up. A replay writes
// it "merci t4:TH t9".
var Merci Rule = merci{}

// ActMerci is the merci's kind of move: Move.Depth is the index, from the
// bottom, of the card pulled out of From.
var ActMerci = newAction(Merci)

type merci struct{ ruleBase }

func (merci) Name() string    { return "merci" }
func (merci) motion() Motion  { return MotionBuried } // a buried card pulled out
func (merci) keyword() string { return "merci" }
func (merci) limit() int      { return 1 }

func (merci) summary(g *Game, row SummaryRow) []string {
	if row != RowSpecial {
		return nil
	}
	return []string{"merci: once, after the last redeal, one buried card of a fan may be pulled out and played"}
}

func (merci) fingerprint() string { return "merci=true" }

func (merci) requires(g *Game) string {
	if len(g.PilesOf(Tableau)) == 0 {
		return "the merci pulls a card out of a tableau pile, and the game has none"
	}
	return ""
}

// legal appends every merci: a buried card of a fan pulled out and
// played to a foundation or onto a fan (its own fan included).
func (merci) legal(s *State, buf []Move) []Move {
	if merciRefusal(s) != "" {
		return buf
	}
	g := s.g
	for _, from := range g.tableau {
		p := s.piles[from]
		for d := 0; d < len(p)-1; d++ {
			c := p[d]
			for _, to := range g.foundations {
				if s.canPlace(c, from, to) && !s.sameAsEarlier(to, g.foundations) {
					buf = append(buf, Move{Action: ActMerci, From: int8(from), To: int8(to), Card: c, Depth: uint8(d)})
				}
			}
			for _, to := range g.tableau {
				if len(s.piles[to]) > 0 && s.canPlace(c, from, to) {
					buf = append(buf, Move{Action: ActMerci, From: int8(from), To: int8(to), Card: c, Depth: uint8(d)})
				}
			}
		}
	}
	return buf
}

// merciRefusal says why no merci may be played now, or "" if one may.
func merciRefusal(s *State) string {
	g := s.g
	switch {
	case s.usedOf(Merci) > 0:
		return "the merci has already been played"
	case s.redeals < g.Redeals:
		return fmt.Sprintf("the merci comes only after the last redeal (%d of %d redeals taken so far)", s.redeals, g.Redeals)
	}
	return ""
}

func (merci) check(s *State, m Move) string {
	if why := merciRefusal(s); why != "" {
		return why
	}
	g := s.g
	if !s.valid(m.From) || !s.valid(m.To) {
		return "no such pile"
	}
	from, to := int(m.From), int(m.To)
	fs := &g.Piles[from]
	p := s.piles[from]
	switch {
	case fs.Kind != Tableau:
		return fmt.Sprintf("the merci pulls a card out of a fan, not out of %s", fs.Describe())
	case int(m.Depth) >= len(p):
		return fmt.Sprintf("%s holds only %d cards", s.PileName(from), len(p))
	case int(m.Depth) == len(p)-1:
		return fmt.Sprintf("the merci pulls out a buried card; %s is the top card of %s and plays as usual", s.CardName(p[len(p)-1]), s.PileName(from))
	case p[m.Depth] != m.Card:
		return fmt.Sprintf("%s is not at that place in %s", s.CardName(m.Card), s.PileName(from))
	}
	if k := g.Piles[to].Kind; k != Foundation && k != Tableau {
		return fmt.Sprintf("the merci card plays to a foundation or onto a fan, not to %s", g.Piles[to].Describe())
	}
	if g.Piles[to].Kind == Tableau && len(s.piles[to]) == 0 {
		return fmt.Sprintf("%s cannot go to %s: an emptied fan is never refilled", s.CardName(m.Card), s.PileName(to))
	}
	if !s.canPlace(m.Card, from, to) {
		return s.reason(m.Card, from, to)
	}
	return ""
}

func (merci) apply(s *State, m Move) {
	s.takeFrom(int(m.From), int(m.Depth))
	s.push(int(m.To), m.Card)
}

func (merci) undo(s *State, m Move) {
	s.pop(int(m.To))
	s.putAt(int(m.From), int(m.Depth), m.Card)
}

func (merci) describe(s *State, m Move) string {
	buried := len(s.Pile(int(m.From))) - 1 - int(m.Depth)
	src := fmt.Sprintf("pulled out from under %d %s in %s", buried, plural(buried, "card"), s.g.Piles[m.From].Describe())
	return "Merci: " + s.describeCard(m, src)
}

// outcome: the merci uncovers nothing, unless it empties its fan.
func (merci) outcome(s *State, m Move) string {
	if s.Top(int(m.From)) != NoCard {
		return ""
	}
	return s.uncovered(m)
}

// take finds the buried card c in pile from, the lowest of its copies
// being the last found from the top.
func (merci) take(s *State, from int, c Card) (Move, string) {
	id := s.g.Piles[from].ID
	if c == NoCard {
		return Move{}, fmt.Sprintf("a merci names the card it pulls out: merci %s:7H TO", id)
	}
	p := s.piles[from]
	for d := len(p) - 2; d >= 0; d-- {
		if p[d] == c {
			return Move{From: int8(from), Card: c, Depth: uint8(d)}, ""
		}
	}
	return Move{}, fmt.Sprintf("%s is not buried in %s", c, id)
}
