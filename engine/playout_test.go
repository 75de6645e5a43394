package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// samePosition compares two positions pile by pile and counter by counter.
func samePosition(t *testing.T, what string, a, b *State) {
	t.Helper()
	if a.String() != b.String() {
		t.Fatalf("%s: layouts differ:\n%s\nvs\n%s", what, a, b)
	}
	if a.hash != b.hash || a.redeals != b.redeals || a.used != b.used || a.drawn != b.drawn ||
		a.shuffled != b.shuffled || a.found != b.found || len(a.history) != len(b.history) {
		t.Fatalf("%s: counters differ: hash %x/%x redeals %d/%d used %v/%v drawn %d/%d shuffled %d/%d found %d/%d history %d/%d",
			what, a.hash, b.hash, a.redeals, b.redeals, a.used, b.used, a.drawn, b.drawn,
			a.shuffled, b.shuffled, a.found, b.found, len(a.history), len(b.history))
	}
}

// cardCount checks that the position holds exactly the game's pack.
func cardCount(t *testing.T, s *State) {
	t.Helper()
	var want [53]int
	for _, c := range s.g.Pack.Cards() {
		want[c]++
	}
	for _, p := range s.piles {
		for _, c := range p {
			want[c]--
		}
	}
	for c, n := range want {
		if n != 0 {
			t.Fatalf("card %s: %d missing\n%s", Card(c), n, s)
		}
	}
}

// TestPlayoutUndo plays random games from many deals of every game and
// variant, checking after every move that the kept hash equals the
// recomputed one, that every legal move passes Check, that Legal and
// Forced agree and that Legal's single-card moves are those canPlace
// allows (singleMoves), then undoes every move and checks that the starting
// position (state and hash) is back exactly, redeals, merci, refills and
// layoffs included.
func TestPlayoutUndo(t *testing.T) {
	deals := []uint64{1, 2, 3, 24, 617, 1000, 31999, 32000, 32001, 123456, 999999}
	for _, g := range Games() {
		t.Run(g.Key(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(len(g.Key()))))
			seen := map[Action]int{}
			for _, n := range deals {
				for rep := range 4 {
					s := g.Deal(pysolrand.Deal{N: n + uint64(rep)*7919})
					start := s.Clone()
					cardCount(t, s)
					var played []Move
					var buf []Move
					for step := 0; step < 600; step++ {
						buf = s.Legal(buf[:0])
						if len(buf) == 0 {
							break
						}
						if f, ok := s.Forced(); ok && (len(buf) != 1 || buf[0] != f) {
							t.Fatalf("deal %d: forced %v but Legal gives %v", n, f, buf)
						}
						if _, ok := s.Forced(); !ok && !g.allForced {
							want := singleMoves(s)
							got := buf[:min(len(want), len(buf))]
							if runs(g) {
								// Runs' moves come after each pile's single cards.
								got = slices.DeleteFunc(slices.Clone(buf), func(m Move) bool { return m.Action == ActMove && m.Card != s.Top(int(m.From)) })
								got = got[:min(len(want), len(got))]
							}
							if !slices.Equal(got, want) || !runs(g) && slices.ContainsFunc(buf[len(got):], func(m Move) bool { return m.Action == ActMove }) {
								t.Fatalf("deal %d: Legal gives %v, canPlace %v\n%s", n, buf, want, s)
							}
						}
						for _, m := range buf {
							if err := s.Check(m); err != nil {
								t.Fatalf("deal %d: Legal gave %v, Check refuses it: %v\n%s", n, m, err, s)
							}
						}
						// Prefer foundation moves a little, so games get somewhere.
						m := buf[rng.IntN(len(buf))]
						if rng.IntN(3) == 0 {
							for _, c := range buf {
								if c.To >= 0 && g.Piles[c.To].Kind == Foundation {
									m = c
									break
								}
							}
						}
						before := s.Clone()
						s.Apply(m)
						seen[m.Action]++
						if s.hash != s.RecomputeHash() {
							t.Fatalf("deal %d: after %v the kept hash %x differs from the recomputed %x", n, m, s.hash, s.RecomputeHash())
						}
						cardCount(t, s)
						// Undo at once now and then, to test single steps.
						if rng.IntN(5) == 0 {
							s.Undo(m)
							samePosition(t, "undo one", s, before)
							s.Apply(m)
						}
						played = append(played, m)
					}
					for _, m := range slices.Backward(played) {
						s.Undo(m)
					}
					samePosition(t, "undo all", s, start)
				}
			}
			t.Logf("actions played: %v", seen)
		})
	}
}

// singleMoves returns the single-card moves of a position that has no
// forced move, in Legal's order, by asking canPlace of every pair of
// piles (Legal asks it only of the pairs its sets of cards let through).
func singleMoves(s *State) []Move {
	g := s.g
	var out []Move
	for from := range s.piles {
		if !s.playsFrom(from) || len(s.piles[from]) == 0 {
			continue
		}
		c := s.Top(from)
		for _, to := range g.foundations {
			if s.canPlace(c, from, to) && !s.sameAsEarlier(to, g.foundations) {
				out = append(out, Move{Action: ActMove, From: int8(from), To: int8(to), Card: c})
			}
		}
		for _, to := range g.tableau {
			if to == from || !s.canPlace(c, from, to) {
				continue
			}
			if len(s.piles[to]) == 0 && (len(s.piles[from]) == 1 && g.class[from] == g.class[to] || s.sameAsEarlier(to, g.tableau)) {
				continue
			}
			out = append(out, Move{Action: ActMove, From: int8(from), To: int8(to), Card: c})
		}
		for _, to := range g.cells {
			if to == from || !s.canPlace(c, from, to) || len(s.piles[from]) == 1 && g.class[from] == g.class[to] || s.sameAsEarlier(to, g.cells) {
				continue
			}
			out = append(out, Move{Action: ActMove, From: int8(from), To: int8(to), Card: c})
		}
	}
	return out
}

// runs reports whether some pile of g moves runs as one.
func runs(g *Game) bool {
	return slices.ContainsFunc(g.Piles, func(p PileSpec) bool { return p.Runs })
}

// TestHashSeesSwappedCards checks that swapping single cards between two
// interchangeable piles changes the hash, while swapping whole piles
// does not.
func TestHashSeesSwappedCards(t *testing.T) {
	g, err := Lookup("house-in-the-woods", "")
	if err != nil {
		t.Fatal(err)
	}
	s := g.Deal(pysolrand.Deal{N: 1})
	layout := s.Layout()
	t1, t2 := g.PileIndex("t1"), g.PileIndex("t2")
	swapPiles := s.Layout()
	swapPiles[t1], swapPiles[t2] = swapPiles[t2], swapPiles[t1]
	swapCards := s.Layout()
	swapCards[t1][2], swapCards[t2][2] = swapCards[t2][2], swapCards[t1][2]
	a, _ := g.NewStateFromLayout(layout)
	b, _ := g.NewStateFromLayout(swapPiles)
	c, _ := g.NewStateFromLayout(swapCards)
	if a.Hash() != b.Hash() {
		t.Error("swapping two whole fans changed the hash")
	}
	if a.Hash() == c.Hash() {
		t.Error("swapping the top cards of two fans left the hash unchanged")
	}
}
