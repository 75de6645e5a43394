package solver

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// TestSoundRulesDeclared fails for a sound rule that says nothing of
// what its proof assumes: every rule the table of rules in solver.go
// calls sound must be in soundRules, with the motions its proof covers
// and its other assumptions.
func TestSoundRulesDeclared(t *testing.T) {
	src, err := os.ReadFile("solver.go")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for r, p := range soundRules {
		if p.name == "" || p.covers == 0 || p.assumes == "" {
			t.Errorf("sound rule %d says nothing of its proof: %+v", r, p)
		}
		names[p.name] = true
	}
	table := 0
	for _, line := range strings.Split(string(src), "\n") {
		// "//	stuck-card rule              generic   sound      safe.go (stuckSafe)"
		f := strings.Split(strings.TrimPrefix(line, "//\t"), "  ")
		if !strings.HasPrefix(line, "//\t") || !strings.Contains(line, " sound ") || len(f) < 2 {
			continue
		}
		table++
		name := strings.TrimSpace(f[0])
		found := names[name]
		for n := range names {
			// "waste-order, release and" continues on the next line.
			found = found || strings.HasPrefix(n, name)
		}
		if !found {
			t.Errorf("solver.go's table calls %q sound, but soundRules says nothing of its proof", name)
		}
	}
	if table < 10 {
		t.Errorf("found %d sound rules in solver.go's table: has its form changed?", table)
	}
}

// TestSoundRulesGate checks which sound rules each game gets: every one
// for the games declared before the gate (their verdicts and node counts
// are unchanged), only the dead-base rule for the FreeCell family, whose
// free cells, runs and King-only piles no other proof has considered,
// and the talon family's rules only for the games its search takes.
func TestSoundRulesGate(t *testing.T) {
	for _, g := range engine.Games() {
		in := infoFor(g)
		for r, p := range soundRules {
			talon := p.covers == talonMotions
			if talon && in.talonGame() == nil {
				continue // the talon family does not take the game
			}
			want := true
			switch {
			case g.Motions()&(engine.MotionCell|engine.MotionRun|engine.MotionKingFill) != 0:
				want = soundRule(r) == ruleDeadBase // the FreeCell family: its proof alone considers them
			case talon:
				// The talon family's games: its rules must cover them.
			case g.Motions()&(engine.MotionForced|engine.MotionOffFoundation) != 0:
				// Herz zu Herz, whose rules play every move, and
				// Patriarchs' reversal (info.pruning is off there too).
				want = false
			}
			if in.sound[r] != want {
				t.Errorf("%s: %s enabled %t, want %t (the game's motions: %s)", g.Key(), p.name, in.sound[r], want, g.Motions())
			}
		}
	}
}

// TestFreeCellFamily solves a few deals of the FreeCell family with a
// node budget, every sound rule but the dead-base rule off (free cells
// and runs: TestSoundRulesGate):
// each verdict is Freecell Solver's too (fc-solve, default configuration,
// --game bakers_game, eight_off, seahaven_towers, beleaguered_castle,
// streets_and_alleys; scripts/SPEED.md), wins
// replay (Solve verifies them) and losses are the plain exhaustive
// search's.
func TestFreeCellFamily(t *testing.T) {
	// The budget of scripts/freecell-vs-fcsolve.sh; each deal takes at
	// most a few hundred thousand positions.
	tests := []struct {
		slug string
		deal uint64
		want Verdict
	}{
		{"freecell", 1, Won}, {"freecell", 3, Won}, {"freecell", 16, Won},
		{"bakers-game", 3, Won}, {"bakers-game", 6, Won}, {"bakers-game", 22, Lost},
		{"eight-off", 3, Won},
		{"seahaven-towers", 2, Won}, {"seahaven-towers", 21, Lost},
		{"beleaguered-castle", 2, Won}, {"beleaguered-castle", 1, Lost},
		{"streets-and-alleys", 8, Won}, {"streets-and-alleys", 2, Lost},
		// Fan: not compared with fc-solve (Debian's build takes at most
		// ten stacks; Fan has 18). Kings-only fills keep sound rules off.
		{"fan", 4, Won}, {"fan", 5, Lost},
		{"bakers-dozen", 4, Won}, // 13 stacks: not compared with fc-solve either
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/ms%d", tc.slug, tc.deal), func(t *testing.T) {
			g, err := engine.Lookup(tc.slug, "")
			if err != nil {
				t.Fatal(err)
			}
			res, err := Solve(context.Background(), g.Deal(pysolrand.Deal{N: tc.deal, MS: true}), testOptions(1_000_000))
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != tc.want {
				t.Fatalf("%s after %d positions, want %s", res.Verdict, res.Nodes, tc.want)
			}
		})
	}
}

// TestSoundRulesOffForNewDeclarations: a pile filled by Kings only, a
// free cell or a pile moving runs turns every sound rule off but the
// dead-base rule (no other proof considers them), while a plain Fan-like
// declaration keeps them.
func TestSoundRulesOffForNewDeclarations(t *testing.T) {
	found := engine.PileSpec{ID: "f1", Kind: engine.Foundation, Found: engine.FoundationRule{Base: engine.Ace, Step: 1, Len: 13}}
	column := engine.PileSpec{ID: "t1", Kind: engine.Tableau, Build: engine.BuildDownInSuit, Fill: engine.FillNever}
	tests := []struct {
		name    string
		change  func(p *engine.PileSpec)
		extra   []engine.PileSpec
		generic bool
	}{
		{"never refilled", func(p *engine.PileSpec) {}, nil, true},
		{"filled by any card", func(p *engine.PileSpec) { p.Fill = engine.FillAnyCard }, nil, true},
		{"filled by Kings only", func(p *engine.PileSpec) { p.Fill = engine.FillKings }, nil, false},
		{"runs", func(p *engine.PileSpec) { p.Runs = true }, nil, false},
		{"a free cell", func(p *engine.PileSpec) {}, []engine.PileSpec{{ID: "c1", Kind: engine.Cell}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := column
			tc.change(&c)
			g := &engine.Game{Piles: append([]engine.PileSpec{found, c}, tc.extra...)}
			for r, p := range soundRules {
				// The talon family's rules cover one-card moves too; the
				// dead-base rule's proof considers the FreeCell family's
				// motions.
				want := tc.generic || soundRule(r) == ruleDeadBase
				if got := covered(g, soundRule(r)); got != want {
					t.Errorf("%s covers %s: %t, want %t", p.name, g.Motions(), got, want)
				}
			}
		})
	}
	// Fan: La Belle Lucie's fans, but an emptied fan takes a King.
	g, err := engine.Lookup("fan", "")
	if err != nil {
		t.Fatal(err)
	}
	for r, p := range soundRules {
		if covered(g, soundRule(r)) != (soundRule(r) == ruleDeadBase) {
			t.Errorf("%s covers fan (%s): %t", p.name, g.Motions(), covered(g, soundRule(r)))
		}
	}
}

// TestDeadBaseFreeCellEndgames compares verdicts with and without the
// dead-base rule on small random endgames of the FreeCell family (free
// cells, runs moved as one, piles filled by Kings alone), which the exact
// search decides either way: the last cards of each suit dealt at random
// to a few columns and the cells.
func TestDeadBaseFreeCellEndgames(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	lostAll := 0
	for _, slug := range []string{"bakers-game", "freecell", "seahaven-towers", "fan", "beleaguered-castle"} {
		g := lookup(t, slug)
		in := infoFor(g)
		if !in.sound[ruleDeadBase] {
			t.Fatalf("%s: the dead-base rule does not apply", slug)
		}
		cells := g.PilesOf(engine.Cell)
		// Cards left of each suit: 5 to 4+left (more where free cells
		// and empty columns make most endgames easy).
		left := 7
		if len(cells) > 0 {
			left = 10
		}
		decided, lost := 0, 0
		for trial := 0; trial < 60; trial++ {
			piles := make([][]engine.Card, len(g.Piles))
			var pool []engine.Card
			for _, f := range in.foundations {
				seq := in.seq[f]
				h := max(0, len(seq)-5-rng.Intn(left))
				piles[f] = append(piles[f], seq[:h]...)
				pool = append(pool, seq[h:]...)
			}
			rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
			for _, c := range cells {
				if len(pool) > 0 && rng.Intn(4) > 0 {
					piles[c] = append(piles[c], pool[len(pool)-1])
					pool = pool[:len(pool)-1]
				}
			}
			// Some of the columns, so that some endgames are lost.
			cols := in.tableau[:2+rng.Intn(len(in.tableau)-1)]
			for _, c := range pool {
				tp := cols[rng.Intn(len(cols))]
				piles[tp] = append(piles[tp], c)
			}
			s, err := g.NewStateFromLayout(piles)
			if err != nil {
				t.Fatal(err)
			}
			deadBaseEndgame(t, slug, s, &decided, &lost)
		}
		t.Logf("%s: %d endgames decided both ways, %d lost", slug, decided, lost)
		if decided < 50 {
			t.Errorf("%s: only %d endgames decided", slug, decided)
		}
		lostAll += lost
	}
	if lostAll < 30 {
		t.Errorf("only %d endgames lost: too few to test the rule", lostAll)
	}
}
