package engine

import (
	"reflect"
	"slices"
	"testing"
)

// TestFingerprintChanges checks what the fingerprint sees (the rules
// text it hashes): rules, not
// geometry or labels.
func TestFingerprintChanges(t *testing.T) {
	base, err := Lookup("la-belle-lucie", "")
	if err != nil {
		t.Fatal(err)
	}
	fp := base.RulesText()
	copyGame := func() *Game {
		g := *base
		g.Piles = append([]PileSpec(nil), base.Piles...)
		return &g
	}
	same := map[string]func(g *Game){
		"name":     func(g *Game) { g.Name = "Fair Lucy" },
		"label":    func(g *Game) { g.Piles[5].Label = "the fifth fan" },
		"geometry": func(g *Game) { g.Piles[0].X, g.Piles[0].Y, g.Piles[6].Fan = 9, 9, 'd' },
	}
	for name, change := range same {
		g := copyGame()
		change(g)
		if got := g.RulesText(); got != fp {
			t.Errorf("changing the %s changed the rules text:\n%s\nwas\n%s", name, got, fp)
		}
	}
	differ := map[string]func(g *Game){
		"build":       func(g *Game) { g.Piles[5].Build = BuildUpOrDownInSuit },
		"fill":        func(g *Game) { g.Piles[5].Fill = FillAnyCard },
		"max length":  func(g *Game) { g.Piles[5].MaxLen = 3 },
		"runs":        func(g *Game) { g.Piles[5].Runs = true },
		"base":        func(g *Game) { g.Piles[0].Found.Base = King },
		"step":        func(g *Game) { g.Piles[0].Found.Step = 2 },
		"wrap":        func(g *Game) { g.Piles[0].Found.Wrap = true },
		"redeals":     func(g *Game) { g.Redeals = 1 },
		"merci":       func(g *Game) { withRules(g, Merci) },
		"reversal":    func(g *Game) { withRules(g, Reversal) },
		"draws":       func(g *Game) { withRules(g, herzRounds{draws: 5}) },
		"pack":        func(g *Game) { g.Pack = TwoPacks },
		"pile added":  func(g *Game) { g.Piles = append(g.Piles, PileSpec{ID: "r1", Kind: Reserve}) },
		"pile name":   func(g *Game) { g.Piles[5].ID = "x1" },
		"king rule":   func(g *Game) { g.shuffleHook = kingsToBottom(17, 51) },
		"variant key": func(g *Game) { g.Variant = "other" },
	}
	for name, change := range differ {
		g := copyGame()
		change(g)
		if g.RulesText() == fp {
			t.Errorf("changing the %s left the rules text as it was", name)
		}
	}
}

// TestFingerprintCoversFields fails when a field is added to Game,
// PileSpec or FoundationRule without a decision: hashed by Fingerprint
// (it changes how deals play) or left out (names, geometry, derived data).
func TestFingerprintCoversFields(t *testing.T) {
	known := map[string][]string{
		"Game": {
			// hashed
			"Slug", "Variant", "Pack", "Piles", "Redeals", "RedealKind", "rules",
			"shuffleHook", "deal", "redeal", "gather", "forced", "won", "start", "goal", "allForced",
			"builtin", "plan", // the plan (deal and shuffle) of a game declared outside the engine
			// left out: the name, and data derived from the piles and rules
			"Name", "pos", "foundations", "tableau", "cells", "stock", "waste", "class", "index", "zob", "zobOnce", "limited",
		},
		"PileSpec": {
			"ID", "Kind", "Build", "Fill", "MaxLen", "ToFoundationOnly", "Refill", "Runs", "Found",
			"Label", "X", "Y", "Fan", // left out: captions and geometry
		},
		"FoundationRule": {"Suit", "Base", "Step", "Wrap", "Len", "AnyRank"},
	}
	for _, v := range []any{Game{}, PileSpec{}, FoundationRule{}} {
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			name := typ.Field(i).Name
			if !slices.Contains(known[typ.Name()], name) {
				t.Errorf("%s.%s is new: write it in RulesText (fingerprint.go) if it changes how a deal plays, and list it in this test either way", typ.Name(), name)
			}
		}
	}
}
