package solver

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/patience-solitaire/patience/engine"
)

var update = flag.Bool("update", false, "rewrite the long line in testdata (a beam search of half a minute)")

// TestCutCyclesSymmetric pads a win with a move of a lone card into an
// empty column, which leaves the position as it was up to an exchange of
// the two columns, and renames the columns in the moves after it: only
// the symmetric cut takes the detour out.
func TestCutCyclesSymmetric(t *testing.T) {
	for _, tc := range []struct {
		slug string
		deal uint64
	}{
		{"napoleon-at-st-helena", 32},
		{"napoleon-at-st-helena", 804},
	} {
		t.Run(fmt.Sprint(tc.slug, "/", tc.deal), func(t *testing.T) {
			s := deal(t, tc.slug, tc.deal)
			res := solve(t, s, testOptions(200000))
			if res.Verdict != Won {
				t.Fatalf("deal %d not won", tc.deal)
			}
			p := s.Clone()
			var long []engine.Move
			swap := func(i int8) int8 { return i }
			padded := false
			for _, m := range res.Moves {
				if !padded {
					if x, ok := loneToEmpty(p); ok {
						padded = true
						long = append(long, x)
						p.Apply(x)
						a, b := x.From, x.To
						swap = func(i int8) int8 {
							switch i {
							case a:
								return b
							case b:
								return a
							}
							return i
						}
					}
				}
				if m.From >= 0 {
					m.From = swap(m.From)
				}
				if m.To >= 0 {
					m.To = swap(m.To)
				}
				long = append(long, m)
				p.Apply(m)
			}
			if !padded {
				t.Skip("no lone card and empty column on the line")
			}
			if err := Verify(s, long); err != nil {
				t.Fatal(err)
			}
			if n := len(cutCycles(s, long, false)); n != len(long) {
				t.Errorf("the exact cut made %d moves into %d", len(long), n)
			}
			cut := cutCycles(s, long, true)
			if err := Verify(s, cut); err != nil {
				t.Fatal(err)
			}
			if len(cut) >= len(long) {
				t.Errorf("the symmetric cut left %d moves of %d", len(cut), len(long))
			}
		})
	}
}

// loneToEmpty returns a move of the only card of a tableau pile into an
// empty pile of the same class, if the rules allow one (Legal leaves such
// moves out, as they change nothing that matters).
func loneToEmpty(p *engine.State) (engine.Move, bool) {
	g := p.Game()
	for from := range g.Piles {
		if g.Piles[from].Kind != engine.Tableau || len(p.Pile(from)) != 1 {
			continue
		}
		for to := range g.Piles {
			if to == from || len(p.Pile(to)) != 0 || g.PileClass(from) != g.PileClass(to) {
				continue
			}
			x := engine.Move{Action: engine.ActMove, From: int8(from), To: int8(to), Card: p.Top(from)}
			if p.Check(x) == nil {
				return x, true
			}
		}
	}
	return engine.Move{}, false
}

// longLine is a beam's win of Napoleon at St Helena deal 433 (solver 13,
// 4,000,000 positions): 20,144 moves, most of them wandering among the
// columns with 73 cards home. Each move is stored as five bytes.
const longLine = "testdata/napoleon-433.line.gz"

// TestShortenLongLine checks that a line too long to merge is shortened
// well below the replay limit (20,000 moves), and soon.
func TestShortenLongLine(t *testing.T) {
	s := deal(t, "napoleon-at-st-helena", 433)
	if *update {
		in := infoFor(s.Game())
		sr := newDealSearcher(in, s.Clone(), &budget{limit: 4_000_000}, switches{})
		if sr.solve(onePassPhases, time.Now(), -1) != Won {
			t.Fatal("deal 433 not won")
		}
		if err := writeLine(longLine, sr.path); err != nil {
			t.Fatal(err)
		}
	}
	long, err := readLine(longLine)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(s, long); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	short, err := Shorten(context.Background(), s, long, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d moves shortened to %d in %v", len(long), len(short), time.Since(start))
	if len(short) > 2000 {
		t.Errorf("%d moves shortened to %d", len(long), len(short))
	}
}

func writeLine(name string, moves []engine.Move) error {
	var buf bytes.Buffer
	z, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	for _, m := range moves {
		z.Write([]byte{byte(m.Action), byte(m.From), byte(m.To), byte(m.Card), m.Depth})
	}
	if err := z.Close(); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, buf.Bytes(), 0o644)
}

func readLine(name string) ([]engine.Move, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(z)
	if err != nil {
		return nil, err
	}
	var moves []engine.Move
	for ; len(b) >= 5; b = b[5:] {
		moves = append(moves, engine.Move{Action: engine.Action(b[0]), From: int8(b[1]), To: int8(b[2]), Card: engine.Card(b[3]), Depth: b[4]})
	}
	return moves, nil
}
