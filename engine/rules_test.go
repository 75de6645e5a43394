package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// position builds a position of game key from the named piles (cards
// bottom first, as "3D 4D 6C"); other piles are empty, except reserve
// spaces, which hold a 9D unless given as "-" (empty). The pack is not
// checked: rule tests look at a few cards only.
func position(t *testing.T, key string, piles map[string]string, redeals int, merci bool) *State {
	t.Helper()
	slug, variant, _ := strings.Cut(key, "/")
	g, err := Lookup(slug, variant)
	if err != nil {
		t.Fatal(err)
	}
	layout := make([][]Card, len(g.Piles))
	for i, p := range g.Piles {
		if _, given := piles[p.ID]; !given && p.Kind == Reserve {
			layout[i] = []Card{NewCard(9, Diamonds)}
		}
	}
	for id, cards := range piles {
		i := g.PileIndex(id)
		if i < 0 {
			t.Fatalf("%s has no pile %s", key, id)
		}
		for _, f := range strings.Fields(strings.Trim(cards, "-")) {
			c, err := ParseCard(f)
			if err != nil {
				t.Fatal(err)
			}
			layout[i] = append(layout[i], c)
		}
	}
	s := g.newState(layout, nil)
	s.redeals = redeals
	if merci {
		s.count(Merci, +1)
	}
	s.hash = s.RecomputeHash()
	return s
}

// move builds a move of action a from pile from to pile to with card c
// ("" for none); a merci finds c's depth in from.
func move(t *testing.T, s *State, a Action, from, to, c string) Move {
	t.Helper()
	g := s.g
	m := Move{Action: a, From: NoPile, To: NoPile}
	if from != "" {
		m.From = int8(g.PileIndex(from))
	}
	if to != "" {
		m.To = int8(g.PileIndex(to))
	}
	if c != "" {
		card, err := ParseCard(c)
		if err != nil {
			t.Fatal(err)
		}
		m.Card = card
		if a == ActMerci {
			m.Depth = uint8(slices.Index(s.piles[m.From], card))
		}
	}
	return m
}

func TestRules(t *testing.T) {
	type P = map[string]string
	tests := []struct {
		name    string
		game    string
		piles   P
		redeals int
		merci   bool
		act     Action
		from    string
		to      string
		card    string
		want    string // "" for legal, else a piece of the refusal
	}{
		// House in the Woods / on the Hill.
		{"house up in suit", "house-in-the-woods", P{"t1": "3D 4D 6C", "t2": "9H 5C"}, 0, false, ActMove, "t2", "t1", "5C", ""},
		{"house down in suit", "house-in-the-woods", P{"t1": "3D 4D 6C", "t2": "9H 7C"}, 0, false, ActMove, "t2", "t1", "7C", ""},
		{"house other suit", "house-in-the-woods", P{"t1": "3D 4D 6C", "t2": "9H 7S"}, 0, false, ActMove, "t2", "t1", "7S", "builds up or down in suit"},
		{"house king on ace", "house-in-the-woods", P{"t1": "AC", "t2": "KC"}, 0, false, ActMove, "t2", "t1", "KC", "builds up or down in suit"},
		{"house ace on king", "house-in-the-woods", P{"t1": "KC", "t2": "5D AC"}, 0, false, ActMove, "t2", "t1", "AC", "builds up or down in suit"},
		{"house empty fan", "house-in-the-woods", P{"t2": "5D 7C"}, 0, false, ActMove, "t2", "t1", "7C", "never refilled"},
		{"house ace to foundation", "house-in-the-woods", P{"t2": "5D AC"}, 0, false, ActMove, "t2", "f1", "AC", ""},
		{"house ace to wrong suit", "house-in-the-woods", P{"t2": "5D AC"}, 0, false, ActMove, "t2", "f2", "AC", "takes spades only"},
		{"house buried card", "house-in-the-woods", P{"t2": "AC 5D"}, 0, false, ActMove, "t2", "f1", "AC", "top card of t2 is 5D"},
		{"house no reversal", "house-in-the-woods", P{"f1": "AC 2C"}, 0, false, ActReversal, "f1", "f5", "2C", "has no reversal"},
		{"hill king foundation", "house-on-the-hill", P{"t2": "5D KC"}, 0, false, ActMove, "t2", "f5", "KC", ""},
		{"hill queen after king", "house-on-the-hill", P{"f5": "KC", "t2": "QC"}, 0, false, ActMove, "t2", "f5", "QC", ""},
		{"hill ace on king pile", "house-on-the-hill", P{"t2": "AC"}, 0, false, ActMove, "t2", "f5", "AC", "starts with the King of clubs"},

		// La Belle Lucie.
		{"lucie down in suit", "la-belle-lucie", P{"t1": "9H", "t2": "8H"}, 0, false, ActMove, "t2", "t1", "8H", ""},
		{"lucie not up", "la-belle-lucie", P{"t1": "9H", "t2": "TH"}, 0, false, ActMove, "t2", "t1", "TH", "builds down in suit"},
		{"lucie king on ace", "la-belle-lucie", P{"t1": "AH", "t2": "KH"}, 0, false, ActMove, "t2", "t1", "KH", "builds down in suit"},
		{"lucie empty fan", "la-belle-lucie", P{"t2": "KH"}, 0, false, ActMove, "t2", "t1", "KH", "never refilled"},
		{"lucie redeal", "la-belle-lucie", P{"t1": "KH"}, 1, false, ActRedeal, "", "", "", ""},
		{"lucie no redeal left", "la-belle-lucie", P{"t1": "KH"}, 2, false, ActRedeal, "", "", "", "no redeal left"},
		{"lucie no-redeal", "la-belle-lucie/no-redeal", P{"t1": "KH"}, 0, false, ActRedeal, "", "", "", "has no redeal"},
		{"lucie no merci", "la-belle-lucie", P{"t1": "5H KS", "f3": "AH 2H 3H 4H"}, 2, false, ActMerci, "t1", "f3", "5H", "only of its variant"},
		{"merci before last deal", "la-belle-lucie/three-shuffles-and-a-draw", P{"t1": "5H KS", "f3": "AH 2H 3H 4H"}, 1, false, ActMerci, "t1", "f3", "5H", "only after the last redeal"},
		{"merci to foundation", "la-belle-lucie/three-shuffles-and-a-draw", P{"t1": "5H KS", "f3": "AH 2H 3H 4H"}, 2, false, ActMerci, "t1", "f3", "5H", ""},
		{"merci onto a fan", "la-belle-lucie/three-shuffles-and-a-draw", P{"t1": "5H 2C KS", "t2": "6H"}, 2, false, ActMerci, "t1", "t2", "5H", ""},
		{"merci onto its own fan", "la-belle-lucie/three-shuffles-and-a-draw", P{"t1": "5H 2C 6H"}, 2, false, ActMerci, "t1", "t1", "5H", ""},
		{"merci twice", "la-belle-lucie/three-shuffles-and-a-draw", P{"t1": "5H KS", "f3": "AH 2H 3H 4H"}, 2, true, ActMerci, "t1", "f3", "5H", "already been played"},
		{"merci of the top card", "la-belle-lucie/three-shuffles-and-a-draw", P{"t1": "KS 5H", "f3": "AH 2H 3H 4H"}, 2, false, ActMerci, "t1", "f3", "5H", "buried card"},
		{"merci that does not fit", "la-belle-lucie/three-shuffles-and-a-draw", P{"t1": "5H KS", "t2": "7H"}, 2, false, ActMerci, "t1", "t2", "5H", "builds down in suit"},

		// Shamrocks.
		{"shamrocks up any suit", "shamrocks", P{"t1": "9H", "t2": "TC"}, 0, false, ActMove, "t2", "t1", "TC", ""},
		{"shamrocks down any suit", "shamrocks", P{"t1": "9H", "t2": "8S"}, 0, false, ActMove, "t2", "t1", "8S", ""},
		{"shamrocks third card", "shamrocks", P{"t1": "2D 9H", "t2": "8S"}, 0, false, ActMove, "t2", "t1", "8S", ""},
		{"shamrocks fourth card", "shamrocks", P{"t1": "2D 5C 9H", "t2": "8S"}, 0, false, ActMove, "t2", "t1", "8S", "already holds 3 cards"},
		{"shamrocks king on ace", "shamrocks", P{"t1": "AH", "t2": "KS"}, 0, false, ActMove, "t2", "t1", "KS", "builds up or down regardless of suit"},
		{"shamrocks ace on king", "shamrocks/no-king-rule", P{"t1": "KH", "t2": "AS"}, 0, false, ActMove, "t2", "t1", "AS", "builds up or down regardless of suit"},
		{"shamrocks no redeal", "shamrocks", P{"t1": "KH"}, 0, false, ActRedeal, "", "", "", "has no redeal"},

		// Beleaguered Castle.
		{"castle down any suit", "beleaguered-castle", P{"t1": "9H", "t2": "8C"}, 0, false, ActMove, "t2", "t1", "8C", ""},
		{"castle not up", "beleaguered-castle", P{"t1": "9H", "t2": "TH"}, 0, false, ActMove, "t2", "t1", "TH", "builds down regardless of suit"},
		{"castle space any card", "beleaguered-castle", P{"t2": "5D 7C"}, 0, false, ActMove, "t2", "t1", "7C", ""},
		{"castle run without a space", "beleaguered-castle", P{"t1": "9H 8S", "t2": "TD", "t3": "2C", "t4": "2D", "t5": "2H", "t6": "2S", "t7": "3C", "t8": "3D"}, 0, false, ActMove, "t1", "t2", "9H", "at most 1"},
		{"castle run over a space", "beleaguered-castle", P{"t1": "9H 8S", "t2": "TD", "t3": "2C", "t4": "2D", "t5": "2H", "t6": "2S", "t7": "3C"}, 0, false, ActMove, "t1", "t2", "9H", ""},
		{"castle ace home", "beleaguered-castle", P{"t1": "9H AS"}, 0, false, ActMove, "t1", "f2", "AS", ""},

		// Streets and Alleys.
		{"alleys down any suit", "streets-and-alleys", P{"t1": "9H", "t2": "8C"}, 0, false, ActMove, "t2", "t1", "8C", ""},
		{"alleys not in suit only", "streets-and-alleys", P{"t1": "9H", "t2": "7H"}, 0, false, ActMove, "t2", "t1", "7H", "builds down regardless of suit"},
		{"alleys space any card", "streets-and-alleys", P{"t2": "5D 7C"}, 0, false, ActMove, "t2", "t1", "7C", ""},
		{"alleys ace home", "streets-and-alleys", P{"t1": "9H AS"}, 0, false, ActMove, "t1", "f2", "AS", ""},
		{"alleys two before ace", "streets-and-alleys", P{"t1": "9H 2S"}, 0, false, ActMove, "t1", "f2", "2S", "Ace"},

		// Fan.
		{"fan down in suit", "fan", P{"t1": "9H", "t2": "8H"}, 0, false, ActMove, "t2", "t1", "8H", ""},
		{"fan other suit", "fan", P{"t1": "9H", "t2": "8S"}, 0, false, ActMove, "t2", "t1", "8S", "builds down in suit"},
		{"fan king to space", "fan", P{"t2": "5D KC"}, 0, false, ActMove, "t2", "t1", "KC", ""},
		{"fan queen to space", "fan", P{"t2": "5D QC"}, 0, false, ActMove, "t2", "t1", "QC", "filled only by a King"},
		{"fan one card at a time", "fan", P{"t1": "9H 8H", "t2": "TH"}, 0, false, ActMove, "t1", "t2", "9H", "top card"},
		{"fan no redeal", "fan", P{"t1": "KH"}, 0, false, ActRedeal, "", "", "", "has no redeal"},

		// Baker's Dozen.
		{"dozen down any suit", "bakers-dozen", P{"t1": "9H", "t2": "8C"}, 0, false, ActMove, "t2", "t1", "8C", ""},
		{"dozen not up", "bakers-dozen", P{"t1": "9H", "t2": "TC"}, 0, false, ActMove, "t2", "t1", "TC", "builds down regardless of suit"},
		{"dozen space never filled", "bakers-dozen", P{"t2": "5D KC"}, 0, false, ActMove, "t2", "t1", "KC", "never refilled"},
		{"dozen one card at a time", "bakers-dozen", P{"t1": "9H 8C", "t2": "TH"}, 0, false, ActMove, "t1", "t2", "9H", "top card"},
		{"dozen ace home", "bakers-dozen", P{"t1": "9H AS"}, 0, false, ActMove, "t1", "f2", "AS", ""},

		// Napoleon at St Helena.
		{"napoleon down in suit", "napoleon-at-st-helena", P{"t1": "9H", "w": "8H"}, 0, false, ActMove, "w", "t1", "8H", ""},
		{"napoleon not other suit", "napoleon-at-st-helena", P{"t1": "9H", "w": "8D"}, 0, false, ActMove, "w", "t1", "8D", "builds down in suit"},
		{"napoleon empty from waste", "napoleon-at-st-helena", P{"t1": "9H", "w": "8D"}, 0, false, ActMove, "w", "t2", "8D", ""},
		{"napoleon empty from column", "napoleon-at-st-helena", P{"t1": "9H 8D"}, 0, false, ActMove, "t1", "t2", "8D", ""},
		{"cadogan empty from waste", "napoleon-at-st-helena/cadogan", P{"t1": "9H", "w": "8D"}, 0, false, ActMove, "w", "t2", "8D", ""},
		{"cadogan empty from column", "napoleon-at-st-helena/cadogan", P{"t1": "9H 8D"}, 0, false, ActMove, "t1", "t2", "8D", "filled only from the waste"},
		{"napoleon deal", "napoleon-at-st-helena", P{"s": "9H 8D"}, 0, false, ActDeal, "s", "w", "8D", ""},
		{"napoleon no redeal", "napoleon-at-st-helena", P{"w": "9H 8D"}, 0, false, ActRedeal, "w", "s", "", "has no redeal"},

		// Patriarchs and Picture Patience.
		{"reserve to foundation", "patriarchs", P{"r1": "2C", "f1": "AC", "s": "9D"}, 0, false, ActMove, "r1", "f1", "2C", ""},
		{"reserve onto reserve", "patriarchs", P{"r1": "2C", "r2": "3C", "s": "9D"}, 0, false, ActMove, "r1", "r2", "2C", "nothing is put on a reserve card"},
		{"waste onto reserve", "patriarchs", P{"r1": "2C", "w": "3C"}, 0, false, ActMove, "w", "r1", "3C", "nothing is put on a reserve card"},
		{"reserve refill first", "patriarchs", P{"w": "3C 5D", "f1": "AC", "r1": "-"}, 0, false, ActMove, "w", "f1", "5D", "r1 must first be filled from w"},
		{"reserve refill", "patriarchs", P{"w": "3C 5D", "f1": "AC", "r1": "-"}, 0, false, ActRefill, "w", "r1", "5D", ""},
		{"refill from stock", "patriarchs", P{"s": "3C 5D", "r1": "-"}, 0, false, ActRefill, "s", "r1", "5D", ""},
		{"reversal down", "patriarchs", P{"f1": "AC 2C 3C 4C 5C 6C", "f5": "KC QC JC TC 9C 8C 7C", "s": "9D"}, 0, false, ActReversal, "f1", "f5", "6C", ""},
		{"reversal up", "patriarchs", P{"f1": "AC 2C 3C 4C 5C 6C", "f5": "KC QC JC TC 9C 8C 7C", "s": "9D"}, 0, false, ActReversal, "f5", "f1", "7C", ""},
		{"reversal out of sequence", "patriarchs", P{"f1": "AC 2C 3C 4C 5C", "f5": "KC QC JC TC 9C 8C 7C", "s": "9D"}, 0, false, ActReversal, "f1", "f5", "5C", "needs 6C next"},
		{"reversal of the base ace", "patriarchs", P{"f1": "AC", "f5": "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "s": "9D"}, 0, false, ActReversal, "f1", "f5", "AC", "base card"},
		{"reversal of the base king", "patriarchs", P{"f1": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC", "f5": "KC", "s": "9D"}, 0, false, ActReversal, "f5", "f1", "KC", "base card"},
		{"reversal across suits", "patriarchs", P{"f1": "AC 2C 3C 4C 5C 6C", "f6": "KS QS JS TS 9S 8S 7S", "s": "9D"}, 0, false, ActReversal, "f1", "f6", "6C", "takes spades only"},
		{"picture patience no reversal", "picture-patience", P{"f1": "AC 2C 3C 4C 5C 6C", "f5": "KC QC JC TC 9C 8C 7C", "s": "9D"}, 0, false, ActReversal, "f1", "f5", "6C", "has no reversal"},
		{"picture patience ace placed", "picture-patience", P{"r3": "AC", "s": "9D"}, 0, false, ActMove, "r3", "f1", "AC", ""},
		{"picture patience king placed", "picture-patience", P{"r3": "KC", "s": "9D"}, 0, false, ActMove, "r3", "f5", "KC", ""},
		{"picture patience redeal", "picture-patience", P{"w": "KC 9D"}, 0, false, ActRedeal, "w", "s", "", ""},
		{"picture patience no-redeal", "picture-patience/no-redeal", P{"w": "KC 9D"}, 0, false, ActRedeal, "w", "s", "", "has no redeal"},
		{"patriarchs one redeal", "patriarchs", P{"w": "KC 9D"}, 1, false, ActRedeal, "w", "s", "", "no redeal left"},
		{"redeal with stock left", "patriarchs", P{"w": "KC 9D", "s": "5C"}, 0, false, ActRedeal, "w", "s", "", "stock is not empty"},

		// Odd and Even.
		{"odd and even by twos", "odd-and-even", P{"f1": "AC", "w": "3C", "r1": "9D"}, 0, false, ActMove, "w", "f1", "3C", ""},
		{"odd and even not by ones", "odd-and-even", P{"f1": "AC", "w": "2C", "r1": "9D"}, 0, false, ActMove, "w", "f1", "2C", "needs 3C next"},
		{"odd and even wraps", "odd-and-even", P{"f1": "AC 3C 5C 7C 9C JC KC", "w": "2C", "r1": "9D"}, 0, false, ActMove, "w", "f1", "2C", ""},
		{"deuce pile wraps", "odd-and-even", P{"f5": "2C 4C 6C 8C TC QC", "w": "AC", "r1": "9D"}, 0, false, ActMove, "w", "f5", "AC", ""},
		{"deuce pile base", "odd-and-even", P{"w": "2C", "r1": "9D"}, 0, false, ActMove, "w", "f5", "2C", ""},

		// Royal Cotillion.
		{"left wing to foundation", "royal-cotillion", P{"l1": "9D AC", "r1": "5S"}, 0, false, ActMove, "l1", "f1", "AC", ""},
		{"left wing buried card", "royal-cotillion", P{"l1": "AC 9D", "r1": "5S"}, 0, false, ActMove, "l1", "f1", "AC", "top card of l1 is 9D"},
		{"left wing onto left wing", "royal-cotillion", P{"l1": "9D", "l2": "TD", "r1": "5S"}, 0, false, ActMove, "l1", "l2", "9D", "only to the foundations"},
		{"waste onto left wing", "royal-cotillion", P{"l2": "TD", "w": "9D", "r1": "5S"}, 0, false, ActMove, "w", "l2", "9D", "nothing is built on left wing column 2"},
		{"waste into left wing gap", "royal-cotillion", P{"w": "9D", "r1": "5S"}, 0, false, ActMove, "w", "l2", "9D", "never refilled"},
		{"right wing to foundation", "royal-cotillion", P{"r5": "2H", "w": "9D"}, 0, false, ActMove, "r5", "f7", "2H", ""},

		// Contradance and Captured Queens.
		{"fives down to king", "contradance", P{"f1": "5C 4C 3C 2C AC", "w": "KC"}, 0, false, ActMove, "w", "f1", "KC", ""},
		{"fives end at king", "contradance", P{"f1": "5C 4C 3C 2C AC KC", "w": "QC"}, 0, false, ActMove, "w", "f1", "QC", "complete"},
		{"sixes up to queen", "contradance", P{"f9": "6C 7C 8C 9C TC JC", "w": "QC"}, 0, false, ActMove, "w", "f9", "QC", ""},
		{"contradance one redeal", "contradance", P{"w": "QC"}, 1, false, ActRedeal, "w", "s", "", "no redeal left"},
		{"queen to the centre", "captured-queens", P{"w": "QH"}, 0, false, ActMove, "w", "q3", "QH", ""},
		{"queen to another suit", "captured-queens", P{"w": "QH"}, 0, false, ActMove, "w", "q1", "QH", "takes clubs only"},
		{"second card on a queen", "captured-queens", P{"q3": "QH", "w": "JH"}, 0, false, ActMove, "w", "q3", "JH", "holds the Queen of hearts alone"},
		{"sixes end at jack", "captured-queens", P{"f5": "6C 7C 8C 9C TC JC", "w": "QC"}, 0, false, ActMove, "w", "f5", "QC", "complete"},
		{"five placed", "captured-queens", P{"w": "5D"}, 0, false, ActMove, "w", "f4", "5D", ""},
		{"captured queens two redeals", "captured-queens", P{"w": "5D"}, 1, false, ActRedeal, "w", "s", "", ""},

		// Herz zu Herz: every move is forced.
		{"herz layoff", "herz-zu-herz", P{"t1": "7C", "t2": "8S", "t3": "KH", "s": "9D 9C 9S"}, 0, false, ActLayoff, "t3", "f1", "KH", ""},
		{"herz no choice", "herz-zu-herz", P{"t1": "7C", "t2": "8S", "t3": "KH", "s": "9D 9C 9S"}, 0, false, ActMove, "t3", "f1", "KH", "KH on t3 must first be laid off"},
		{"herz deal", "herz-zu-herz", P{"t1": "7C", "t2": "8S", "t3": "KD", "s": "9D 9C 9S"}, 0, false, ActDeal, "s", "t1", "9S", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.game, tc.piles, tc.redeals, tc.merci)
			m := move(t, s, tc.act, tc.from, tc.to, tc.card)
			err := s.Check(m)
			inLegal := slices.Contains(s.Legal(nil), m)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("Check(%v) = %v, want legal", m, err)
			case tc.want == "" && !inLegal:
				t.Fatalf("Check allows %v but Legal does not list it: %v", m, s.Legal(nil))
			case tc.want != "" && err == nil:
				t.Fatalf("Check(%v) allows it, want a refusal with %q", m, tc.want)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Fatalf("Check(%v) = %q, want it to say %q", m, err, tc.want)
			case tc.want != "" && inLegal:
				t.Fatalf("Check refuses %v but Legal lists it", m)
			}
			if tc.want == "" {
				// Apply then Undo restores the position and its hash.
				before := s.Clone()
				s.Apply(m)
				if s.hash != s.RecomputeHash() {
					t.Fatalf("hash drifts after %v", m)
				}
				s.Undo(m)
				samePosition(t, "undo", s, before)
			}
		})
	}
}

// TestShamrocksKingRule checks the king rule on many deals: no King lies
// above a card other than a King in its fan, fans keep their sizes, and
// without the rule the deal is La Belle Lucie's. (With the rule PySolFC
// 714 reads the shuffled list from the other end, so the fans hold other
// cards than without it.)
func TestShamrocksKingRule(t *testing.T) {
	kingRule, _ := Lookup("shamrocks", "")
	plain, _ := Lookup("shamrocks", "no-king-rule")
	lucie, _ := Lookup("la-belle-lucie", "")
	moved := 0
	for n := uint64(1); n <= 3000; n += 7 {
		d := pysolrand.Deal{N: n*13 + 31990}
		s, p := kingRule.Deal(d), plain.Deal(d)
		if p.String() != lucie.Deal(d).String() {
			t.Fatalf("deal %d: Shamrocks without the king rule is not dealt like La Belle Lucie", d.N)
		}
		for _, i := range kingRule.tableau {
			fan := s.Pile(i)
			if len(fan) != len(p.Pile(i)) {
				t.Fatalf("deal %d: fan %s has %d cards, want %d", d.N, kingRule.Piles[i].ID, len(fan), len(p.Pile(i)))
			}
			for k := 1; k < len(fan); k++ {
				if fan[k].Rank() == King && fan[k-1].Rank() != King {
					t.Fatalf("deal %d: fan %s = %v has a King above another card", d.N, kingRule.Piles[i].ID, fan)
				}
			}
		}
		if s.String() != p.String() {
			moved++
		}
	}
	if moved == 0 {
		t.Errorf("the king rule never changed a deal")
	}
}
