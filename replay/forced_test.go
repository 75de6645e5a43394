package replay

import (
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// TestVerifyAllForced checks that a Herz zu Herz replay of its header
// lines alone plays the deal through (every move is forced), that "won"
// uses the game's own goal (the eight hearts) and that a lost deal is
// "stuck". Deals 1 and 24 are won, 617 is lost with seven hearts out
// (engine/testdata/deals/pysolfc.txt, PySolFC's play of the same deals).
func TestVerifyAllForced(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"won", "game: herz-zu-herz\ndeal: 1\n", ""},
		{"won 24", "game: herz-zu-herz\ndeal: 24\nresult: won\n", ""},
		{"lost", "game: herz-zu-herz\ndeal: 617\n", "x.replay:1:1: the replay ends before the game is won: 7 of 8 cards"},
		{"stuck", "game: herz-zu-herz\ndeal: 617\nresult: stuck\n", ""},
		{"written deal", "game: herz-zu-herz\ndeal: 1\nresult: stopped\ndeal\ndeal\n", ""},
		{"written redeal", "game: herz-zu-herz\ndeal: 1\nresult: stopped\nredeal -- round 2\ndeal\n", ""},
		{"no choice", "game: herz-zu-herz\ndeal: 1\nresult: stopped\nt1 t2\n", "x.replay:4:1: step 1 (t1 t2): "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Parse("x.replay", 1, []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			v, err := Verify(r)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				auto := 0
				for _, st := range v.Steps {
					if st.Auto() {
						auto++
					}
				}
				if auto != len(v.Steps) {
					t.Errorf("%d of %d steps are marked auto, want all", auto, len(v.Steps))
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error\n%v\nwant prefix\n%s", err, tt.want)
			}
		})
	}
}

// TestVerifyMerciAndReversal plays a merci after La Belle Lucie's two
// redeals and refuses one before them, and resolves a foundation to
// foundation move in Patriarchs as a reversal.
func TestVerifyMerciAndReversal(t *testing.T) {
	g, err := engine.Lookup("la-belle-lucie", "three-shuffles-and-a-draw")
	if err != nil {
		t.Fatal(err)
	}
	s := g.Deal(pysolrand.Deal{N: 1})
	redeal := engine.Move{Action: engine.ActRedeal, From: engine.NoPile, To: engine.NoPile}
	s.Apply(redeal)
	s.Apply(redeal)
	var merci engine.Move
	for _, m := range s.Legal(nil) {
		if m.Action == engine.ActMerci {
			merci = m
			break
		}
	}
	if merci.Action != engine.ActMerci {
		t.Fatal("no merci after the last redeal of deal 1")
	}
	line := "merci " + g.Piles[merci.From].ID + ":" + merci.Card.String() + " " + g.Piles[merci.To].ID
	head := "game: la-belle-lucie\nvariant: three-shuffles-and-a-draw\ndeal: 1\nresult: stopped\n"
	r, err := Parse("x.replay", 1, []byte(head+"redeal\nredeal\n"+line+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := Verify(r)
	if err != nil {
		t.Fatal(err)
	}
	if c := v.Steps[2].Caption; !strings.HasPrefix(c, "Merci: ") {
		t.Errorf("caption %q", c)
	}
	first := g.Deal(pysolrand.Deal{N: 1}).Pile(g.PileIndex("t1"))[0]
	r, _ = Parse("x.replay", 1, []byte(head+"merci t1:"+first.String()+" t2\n"))
	if _, err := Verify(r); err == nil || !strings.Contains(err.Error(), "only after the last redeal") {
		t.Errorf("a merci before the last redeal: %v", err)
	}

	layout := "game: patriarchs\nresult: stopped\nlayout:\n"
	p, _ := engine.Lookup("patriarchs", "")
	piles := map[string]string{"f1": "AC 2C 3C 4C 5C 6C", "f5": "KC QC JC TC 9C 8C 7C"}
	used := map[engine.Card]int{}
	for _, id := range []string{"f1", "f5"} {
		for _, c := range strings.Fields(piles[id]) {
			card, _ := engine.ParseCard(c)
			used[card]++
		}
	}
	var rest []string
	for _, c := range p.Pack.Cards() {
		if used[c] > 0 {
			used[c]--
			continue
		}
		rest = append(rest, c.String())
	}
	piles["s"] = strings.Join(rest[9:], " ")
	for i := range 9 {
		piles["r"+string(rune('1'+i))] = rest[i]
	}
	for _, sp := range p.Piles {
		if c, ok := piles[sp.ID]; ok {
			layout += "  " + sp.ID + ": " + c + "\n"
		}
	}
	r, err = Parse("x.replay", 1, []byte(layout+"f1 f5\nf5 f1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if v, err = Verify(r); err != nil {
		t.Fatal(err)
	}
	if v.Steps[0].Move.Action != engine.ActReversal || !strings.HasSuffix(v.Steps[0].Caption, "(reversal)") {
		t.Errorf("step 1: %v %q", v.Steps[0].Move, v.Steps[0].Caption)
	}
}
