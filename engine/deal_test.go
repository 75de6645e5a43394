package engine

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

var update = flag.Bool("update", false, "rewrite the golden deal layouts in testdata/deals")

// goldenDeals are deal numbers of both generators: the Microsoft one
// below 32000, the Mersenne Twister from 32000 on.
var goldenDeals = []uint64{1, 24, 617, 31999, 32000, 123456}

func goldenName(g *Game) string {
	return filepath.Join("testdata", "deals", strings.ReplaceAll(g.Key(), "/", "_")+".golden")
}

// TestGoldenDeals keeps the starting layout of several deals of every
// game and variant in testdata/deals/*.golden (go test -update rewrites
// them). The layouts are checked against PySolFC by TestPySolFCCrossCheck.
func TestGoldenDeals(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Key(), func(t *testing.T) {
			var b strings.Builder
			for _, n := range goldenDeals {
				s := g.Deal(pysolrand.Deal{N: n})
				cardCount(t, s)
				fmt.Fprintf(&b, "deal %d\n%s", n, s)
			}
			path := goldenName(g)
			if *update {
				if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			if string(want) != b.String() {
				t.Errorf("%s differs from the engine's deals:\n%s", path, b.String())
			}
		})
	}
}

// TestPySolFCCrossCheck compares the engine's deals with
// testdata/deals/pysolfc.txt, written by testdata/pysolfc_deals.py: an
// independent Python transliteration of PySolFC's Game.shuffle, of each
// game's _shuffleHook and startGame, and of the shuffling redeals of La
// Belle Lucie and Herz zu Herz, using Python's own random.Random for the
// Mersenne Twister deals. Every game and variant is checked on every
// golden deal number.
func TestPySolFCCrossCheck(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "deals", "pysolfc.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		g       *Game
		s       *State
		n       uint64
		checked = map[string]int{}
	)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "game "):
			slug, variant, _ := strings.Cut(fields[1], "/")
			g, err = Lookup(slug, variant)
			if err != nil {
				t.Fatal(err)
			}
			n, _ = strconv.ParseUint(fields[3], 10, 64)
			s = g.Deal(pysolrand.Deal{N: n})
			checked[g.Key()]++
		case strings.HasPrefix(line, "after redeal"):
			m := Move{Action: ActRedeal, From: NoPile, To: NoPile}
			if err := s.Check(m); err != nil {
				t.Fatalf("%s deal %d: %v", g.Key(), n, err)
			}
			s.Apply(m)
		case strings.HasPrefix(line, "deal: "):
			// Herz zu Herz: the shuffled list, the last card dealt first.
			cards := fields[1:]
			k := len(cards)
			for i, tp := range g.tableau {
				if got := s.Pile(tp); len(got) != 1 || got[0].String() != cards[k-1-i] {
					t.Errorf("%s deal %d: %s holds %v, PySolFC deals %s", g.Key(), n, g.Piles[tp].ID, got, cards[k-1-i])
				}
			}
			if got := cardsString(s.Pile(g.stock)); got != strings.Join(cards[:k-3], " ") {
				t.Errorf("%s deal %d: stock\n got %s\nwant %s", g.Key(), n, got, strings.Join(cards[:k-3], " "))
			}
		case strings.HasPrefix(line, "stock after redeal "):
			r, _ := strconv.Atoi(strings.TrimSuffix(fields[3], ":"))
			for s.Redeals() < r {
				m, ok := s.Forced()
				if !ok {
					t.Fatalf("%s deal %d: the game ends before redeal %d", g.Key(), n, r)
				}
				s.Apply(m)
			}
			if got, want := cardsString(s.Pile(g.stock)), strings.Join(fields[4:], " "); got != want {
				t.Errorf("%s deal %d: stock after redeal %d\n got %s\nwant %s", g.Key(), n, r, got, want)
			}
		case strings.HasPrefix(line, "laid off: "):
			for {
				m, ok := s.Forced()
				if !ok {
					break
				}
				s.Apply(m)
			}
			if got := strconv.Itoa(s.OnFoundations()); got != fields[2] {
				t.Errorf("%s deal %d: %s hearts laid off, PySolFC %s", g.Key(), n, got, fields[2])
			}
			if s.Won() != (fields[2] == "8") {
				t.Errorf("%s deal %d: Won() = %v with %s hearts laid off", g.Key(), n, s.Won(), fields[2])
			}
		default:
			id, cards, ok := strings.Cut(line, ":")
			i := g.PileIndex(id)
			if !ok || i < 0 {
				t.Fatalf("bad line %q", line)
			}
			if got := cardsString(s.Pile(i)); got != strings.TrimSpace(cards) {
				t.Errorf("%s deal %d: pile %s\n got %s\nwant %s", g.Key(), n, id, got, strings.TrimSpace(cards))
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, g := range Games() {
		if checked[g.Key()] != len(goldenDeals) {
			t.Errorf("%s: %d deals cross-checked, want %d", g.Key(), checked[g.Key()], len(goldenDeals))
		}
	}
}

func cardsString(cards []Card) string {
	s := make([]string, len(cards))
	for i, c := range cards {
		s[i] = c.String()
	}
	return strings.Join(s, " ")
}
