package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// freecellLayout starts a FreeCell position from piles written
// "t1: KS QH JC", the other cards on the foundations as far as they go
// and the rest in column t8 (its order does not matter to these tests).
func freecellLayout(t *testing.T, piles ...string) *State {
	t.Helper()
	g, err := Lookup("freecell", "")
	if err != nil {
		t.Fatal(err)
	}
	layout := make([][]Card, len(g.Piles))
	used := map[Card]bool{}
	for _, p := range piles {
		id, cards, _ := strings.Cut(p, ":")
		i := g.PileIndex(id)
		if i < 0 {
			t.Fatalf("no pile %s", id)
		}
		for _, f := range strings.Fields(cards) {
			c, err := ParseCard(f)
			if err != nil {
				t.Fatal(err)
			}
			layout[i] = append(layout[i], c)
			used[c] = true
		}
	}
	rest := g.PileIndex("t8")
	for _, c := range g.Pack.Cards() {
		if !used[c] {
			layout[rest] = append(layout[rest], c)
		}
	}
	s, err := g.NewStateFromLayout(layout)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRunMoves checks the moves of runs in FreeCell: the limit from the
// free cells and empty columns, Check's reasons, the caption, the cards
// moved, and that Apply and Undo are exact inverses.
func TestRunMoves(t *testing.T) {
	// t1 ends in the run 9C 8H 7S 6D 5C; t2's top, TH, takes the 9C.
	base := []string{"t1: 2S 9C 8H 7S 6D 5C", "t2: TH"}
	cell := func(ids ...string) []string {
		var out []string
		for i, id := range ids {
			out = append(out, fmt.Sprintf("c%d: %s", i+1, id))
		}
		return out
	}
	tests := []struct {
		name  string
		piles []string
		card  string // bottom card of the run moved from t1
		to    string
		max   int    // MaxRun(to)
		why   string // Check's reason, "" if legal
	}{
		{"four cells, five empty columns", nil, "9C", "t2", 5 << 5, ""},
		{"no free cell, one empty column", append(cell("AH", "2H", "3H", "4H"), "t3: KD", "t4: KC", "t5: QD", "t6: JH"), "9C", "t2", 1 << 1,
			"9C cannot move with the 4 cards on it: 0 free cells and 1 empty pile let a run of at most 2 cards move"},
		{"two free cells, no empty column", append(cell("AH", "2H"), "t3: KD", "t4: KC", "t5: QD", "t6: JH", "t7: 3C"), "9C", "t2", 3,
			"9C cannot move with the 4 cards on it: 2 free cells and 0 empty piles let a run of at most 3 cards move"},
		{"onto an empty column: halved", append(cell("AH", "2H", "3H"), "t3: KD", "t4: KC", "t5: QD"), "9C", "t6", 2 << 1,
			"9C cannot move with the 4 cards on it: 1 free cell and 1 empty pile, the one it goes to left out, let a run of at most 4 cards move"},
		{"onto an empty column, four cards", append(cell("AH", "2H", "3H"), "t3: KD", "t4: KC", "t5: QD"), "8H", "t6", 2 << 1, ""},
		{"does not fit", nil, "8H", "t2", 5 << 5, "8H cannot go on TH: t2 builds down in alternate colours"},
		{"not a run", []string{"t1: 2S 9C 8H 7D 6D 5C", "t2: TH"}, "9C", "t2", 5 << 5, "9C cannot move with the 4 cards on it: 6D is not built on 7D (t1 builds down in alternate colours)"},
		{"not in the pile", nil, "KS", "t2", 5 << 5, "KS is not in t1"},
		{"to a cell", nil, "6D", "c1", 0, "6D cannot go to c1 with the 1 cards on it: only a run moved onto a tableau pile moves as one"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			piles := tc.piles
			if !slices.ContainsFunc(piles, func(p string) bool { return strings.HasPrefix(p, "t1:") }) {
				piles = append(slices.Clone(piles), base...)
			}
			s := freecellLayout(t, piles...)
			g := s.Game()
			c, _ := ParseCard(tc.card)
			m := Move{Action: ActMove, From: int8(g.PileIndex("t1")), To: int8(g.PileIndex(tc.to)), Card: c}
			if tc.max > 0 {
				if got := s.MaxRun(int(m.To)); got != tc.max {
					t.Errorf("MaxRun(%s) = %d, want %d", tc.to, got, tc.max)
				}
			}
			err := s.Check(m)
			switch {
			case tc.why == "" && err != nil:
				t.Fatalf("Check: %v", err)
			case tc.why != "" && (err == nil || err.Error() != tc.why):
				t.Fatalf("Check: %v, want %q", err, tc.why)
			case tc.why != "":
				if slices.Contains(s.Legal(nil), m) {
					t.Errorf("Legal lists %v, which Check refuses", m)
				}
				return
			}
			if !slices.Contains(s.Legal(nil), m) {
				t.Errorf("Legal does not list %v", m)
			}
			before := s.Clone()
			if tc.card != "9C" || tc.to != "t2" {
				s.Apply(m)
				s.Undo(m)
				samePosition(t, "undo", s, before)
				return
			}
			if got, want := s.Describe(m), "The run 9♣ 8♥ 7♠ 6♦ 5♣ from column 1 onto 10♥ in column 2"; got != want {
				t.Errorf("Describe = %q, want %q", got, want)
			}
			if got := fmt.Sprint(s.Moving(m)); got != "[9C 8H 7S 6D 5C]" {
				t.Errorf("Moving = %s", got)
			}
			s.Apply(m)
			if got := s.String(); !strings.Contains(got, "t1: 2S\n") || !strings.Contains(got, "t2: TH 9C 8H 7S 6D 5C\n") {
				t.Errorf("after the move:\n%s", got)
			}
			if s.Hash() != s.RecomputeHash() {
				t.Error("the kept hash differs from the recomputed one")
			}
			if got := s.Outcome(m); got != "; uncovers 2♠" {
				t.Errorf("Outcome = %q", got)
			}
			s.Undo(m)
			samePosition(t, "undo", s, before)
		})
	}
}

// TestMaxRunByOneCardMoves checks MaxRun's count against a model: a run
// of n cards is moved one card at a time onto the target, through f
// free cells and e empty columns, by an exhaustive search; the longest
// run that can be moved so must be MaxRun's. (The search knows only the
// run's cards: a card goes on the one below it in the run, or alone
// into a cell or an empty column; the bottom card goes on the target.)
func TestMaxRunByOneCardMoves(t *testing.T) {
	for f := range 4 {
		for e := range 3 {
			for _, emptyTarget := range []bool{false, true} {
				if emptyTarget && e == 0 {
					continue
				}
				name := fmt.Sprintf("cells=%d empty=%d onto-empty=%t", f, e, emptyTarget)
				t.Run(name, func(t *testing.T) {
					var piles []string
					for i := range 4 - f {
						piles = append(piles, fmt.Sprintf("c%d: %s", i+1, []string{"AH", "2H", "3H", "4H"}[i]))
					}
					// t1 the run's pile, t2 the target; of t3-t7, e
					// columns are empty (t2 counts among them when the
					// target is empty).
					piles = append(piles, "t1: 2S")
					fill := []string{"KD", "KC", "QD", "JH", "3C", "KH"}
					k := 0
					if !emptyTarget {
						piles = append(piles, "t2: "+fill[k])
						k++
					}
					free := e
					if emptyTarget {
						free--
					}
					for i := 3; i <= 7; i++ {
						if free > 0 {
							free--
							continue
						}
						piles = append(piles, fmt.Sprintf("t%d: %s", i, fill[k]))
						k++
					}
					s := freecellLayout(t, piles...)
					got := s.MaxRun(s.Game().PileIndex("t2"))
					targetFree := 0
					if emptyTarget {
						targetFree = 1
					}
					if want := longestRun(f, e-targetFree); got != want {
						t.Errorf("MaxRun = %d, the one-card-at-a-time search moves %d", got, want)
					}
				})
			}
		}
	}
}

// longestRun returns the longest run that can be moved one card at a
// time with f free cells and e empty columns besides the target.
func longestRun(f, e int) int {
	n := 1
	for runMovable(n+1, f, e) {
		n++
	}
	return n
}

// runMovable searches exhaustively whether a run of n cards (0 the
// bottom) on pile 0 can be moved onto pile 1 one card at a time; piles
// 2..e+1 are empty columns, and f cells hold one card each.
func runMovable(n, f, e int) bool {
	const none = -1
	type pos struct {
		cols  string // each column's cards, one byte each, columns separated by '|'
		cells string // the cards in cells, sorted
	}
	var key func(cols [][]int, cells []int) pos
	key = func(cols [][]int, cells []int) pos {
		var b strings.Builder
		for i, c := range cols {
			if i > 0 {
				b.WriteByte('|')
			}
			for _, x := range c {
				b.WriteByte(byte('a' + x))
			}
		}
		cs := slices.Clone(cells)
		slices.Sort(cs)
		var cb strings.Builder
		for _, x := range cs {
			cb.WriteByte(byte('a' + x))
		}
		return pos{b.String(), cb.String()}
	}
	start := make([][]int, e+2)
	for i := range n {
		start[0] = append(start[0], i)
	}
	seen := map[pos]bool{}
	var search func(cols [][]int, cells []int) bool
	search = func(cols [][]int, cells []int) bool {
		if len(cols[1]) == n {
			return true
		}
		k := key(cols, cells)
		if seen[k] {
			return false
		}
		seen[k] = true
		top := func(i int) int {
			if len(cols[i]) == 0 {
				return none
			}
			return cols[i][len(cols[i])-1]
		}
		// accepts: may card x go on column i?
		accepts := func(i, x int) bool {
			switch {
			case i == 0:
				return len(cols[0]) > 0 && top(0) == x-1 // back where it came from
			case i == 1:
				return len(cols[1]) == 0 && x == 0 || len(cols[1]) > 0 && top(1) == x-1
			}
			return len(cols[i]) == 0 || top(i) == x-1
		}
		// place puts card x on each column that takes it in turn, or
		// (toCell) into a free cell, and searches on from there.
		place := func(x int, cells []int, toCell bool) bool {
			for i := range cols {
				if !accepts(i, x) {
					continue
				}
				cols[i] = append(cols[i], x)
				ok := search(cols, cells)
				cols[i] = cols[i][:len(cols[i])-1]
				if ok {
					return true
				}
			}
			return toCell && len(cells) < f && search(cols, append(slices.Clone(cells), x))
		}
		for i := range cols {
			if len(cols[i]) == 0 || i == 1 {
				continue // the target's cards stay: moving off it is never needed
			}
			x := cols[i][len(cols[i])-1]
			cols[i] = cols[i][:len(cols[i])-1]
			ok := place(x, cells, true)
			cols[i] = append(cols[i], x)
			if ok {
				return true
			}
		}
		for j, x := range cells {
			rest := append(slices.Clone(cells[:j]), cells[j+1:]...)
			if place(x, rest, false) {
				return true
			}
		}
		return false
	}
	return search(start, nil)
}
