package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestLookupErrors checks that Lookup's errors are typed and say what is
// known.
func TestLookupErrors(t *testing.T) {
	tests := []struct {
		slug, variant string
		want          any // *UnknownGameError or *UnknownVariantError
		text          string
	}{
		{"nope", "", &UnknownGameError{}, `unknown game "nope" (known: `},
		{"nope", "x", &UnknownGameError{}, `unknown game "nope"`},
		{"la-belle-lucie", "x", &UnknownVariantError{}, `unknown variant "x" of la-belle-lucie (known: no-redeal, three-shuffles-and-a-draw)`},
		{"shamrocks", "x", &UnknownVariantError{}, `unknown variant "x" of shamrocks (known: no-king-rule)`},
		{"royal-cotillion", "x", &UnknownVariantError{}, `game royal-cotillion has no variants, not even "x"`},
	}
	for _, tc := range tests {
		t.Run(tc.slug+"/"+tc.variant, func(t *testing.T) {
			_, err := Lookup(tc.slug, tc.variant)
			if err == nil || !strings.Contains(err.Error(), tc.text) {
				t.Fatalf("error %v, want %q", err, tc.text)
			}
			var game *UnknownGameError
			var variant *UnknownVariantError
			switch tc.want.(type) {
			case *UnknownGameError:
				if !errors.As(err, &game) || game.Slug != tc.slug || !slices.Contains(game.Known, "shamrocks") {
					t.Errorf("%#v is not the unknown game %s", err, tc.slug)
				}
			case *UnknownVariantError:
				if !errors.As(err, &variant) || variant.Variant != tc.variant {
					t.Errorf("%#v is not the unknown variant %s", err, tc.variant)
				}
			}
		})
	}
}

// TestRulesOfGames checks what the games' own rules tell the tools around
// the engine.
func TestRulesOfGames(t *testing.T) {
	tests := []struct {
		game         string
		has          []Action
		hasNot       []Action
		leaves       bool // cards leave foundations
		exact        bool
		special      int // lines in the special rules row
		stock, round bool
	}{
		{"house-in-the-woods", []Action{ActMove}, []Action{ActMerci, ActReversal, ActLayoff}, false, false, 0, false, false},
		{"la-belle-lucie/three-shuffles-and-a-draw", []Action{ActMerci, ActRedeal}, []Action{ActReversal}, false, false, 1, false, false},
		{"patriarchs", []Action{ActReversal, ActRefill}, []Action{ActMerci}, true, false, 1, false, false},
		{"picture-patience", nil, []Action{ActReversal}, false, false, 0, false, false},
		{"herz-zu-herz/draws-4", []Action{ActLayoff, ActDeal}, []Action{ActMerci}, false, true, 0, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			g := game(t, tc.game)
			for _, a := range tc.has {
				if !g.Has(a) {
					t.Errorf("does not have %s", a)
				}
			}
			for _, a := range tc.hasNot {
				if g.Has(a) {
					t.Errorf("has %s", a)
				}
			}
			if got := g.CardsLeaveFoundations(); got != tc.leaves {
				t.Errorf("CardsLeaveFoundations %v", got)
			}
			if p := g.ExactWinProbability(); (p != nil) != tc.exact {
				t.Errorf("ExactWinProbability %v", p)
			} else if p != nil && p.Cmp(HerzZuHerzWinProbability(4)) != 0 {
				t.Errorf("ExactWinProbability %v, want that of 4 draws", p)
			}
			if n := len(g.Summary(RowSpecial)); n != tc.special {
				t.Errorf("%d special rules: %q", n, g.Summary(RowSpecial))
			}
			if got := len(g.Summary(RowStock)) > 0; got != tc.stock {
				t.Errorf("stock row %q", g.Summary(RowStock))
			}
			if got := len(g.Summary(RowRedeals)) > 0; got != tc.round {
				t.Errorf("redeals row %q", g.Summary(RowRedeals))
			}
			if g.HasRulesBeyond(g.Rules()...) {
				t.Error("has rules beyond its own")
			}
		})
	}
}

// TestActions checks the names, keywords and kinds of the actions, the
// engine's own and the games'.
func TestActions(t *testing.T) {
	tests := []struct {
		a       Action
		name    string
		keyword string
		forced  bool
	}{
		{ActMove, "move", "", false},
		{ActDeal, "deal", "", false},
		{ActRedeal, "redeal", "", false},
		{ActRefill, "refill", "", true},
		{ActMerci, "merci", "merci", false},
		{ActReversal, "reversal", "", false},
		{ActLayoff, "layoff", "", true},
		{Action(200), "?", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.a.String() != tc.name || tc.a.Keyword() != tc.keyword || tc.a.Forced() != tc.forced {
				t.Errorf("%d: %s %q %v, want %s %q %v", tc.a, tc.a, tc.a.Keyword(), tc.a.Forced(), tc.name, tc.keyword, tc.forced)
			}
			if tc.keyword != "" {
				if a, ok := KeywordAction(tc.keyword); !ok || a != tc.a {
					t.Errorf("KeywordAction(%q) = %s, %v", tc.keyword, a, ok)
				}
			}
		})
	}
	if got := Keywords(); !slices.Equal(got, []string{"merci"}) {
		t.Errorf("Keywords() = %q", got)
	}
	if _, ok := KeywordAction("deal"); ok {
		t.Error(`"deal" is the notation's own keyword, not a game's`)
	}
	g := game(t, "patriarchs")
	if a := g.PlainAction(g.PileIndex("f1"), g.PileIndex("f5")); a != ActReversal {
		t.Errorf("f1 f5 is a %s", a)
	}
	if a := g.PlainAction(g.PileIndex("r1"), g.PileIndex("f5")); a != ActMove {
		t.Errorf("r1 f5 is a %s", a)
	}
}

func game(t *testing.T, key string) *Game {
	t.Helper()
	slug, variant, _ := strings.Cut(key, "/")
	g, err := Lookup(slug, variant)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
