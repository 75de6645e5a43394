package fairplay

import (
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
)

func lucie(t testing.TB, variant string) *engine.Game {
	g, err := engine.Lookup("la-belle-lucie", variant)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSearchRoundLeavesState: the search plays on a copy, and every
// position it keeps has the cards home its Home says, no redeal taken.
func TestSearchRoundLeavesState(t *testing.T) {
	g := lucie(t, "")
	for _, d := range []uint64{1, 4, 7} {
		t.Run(pysolrand.Deal{N: d}.String(), func(t *testing.T) {
			s := g.Deal(pysolrand.Deal{N: d})
			before, hash := s.String(), s.Hash()
			r := SearchRound(s, 100000)
			if s.String() != before || s.Hash() != hash {
				t.Fatal("the search changed the position")
			}
			if !r.Complete || len(r.Homes) == 0 || len(r.Homes) != len(r.Ends) {
				t.Fatalf("complete %v, %d homes, %d ends", r.Complete, len(r.Homes), len(r.Ends))
			}
			for i, h := range r.Homes {
				e := r.Ends[h]
				if homeOf(e) != h || e.Redeals() != 0 || e.Hash() != e.RecomputeHash() {
					t.Fatalf("end %v: home %v, redeals %d", h, homeOf(e), e.Redeals())
				}
				if i > 0 && h.Count() > r.Homes[i-1].Count() {
					t.Fatalf("homes not sorted by cards home: %v after %v", h, r.Homes[i-1])
				}
			}
		})
	}
}

// TestRedealSampled: a redeal shuffles the fans' cards with the sampled
// stream, the same seed giving the same layout, another seed another.
func TestRedealSampled(t *testing.T) {
	s := lucie(t, "").Deal(pysolrand.Deal{N: 3})
	a, b, c := redeal(s, [2]uint64{1, 2}), redeal(s, [2]uint64{1, 2}), redeal(s, [2]uint64{1, 3})
	if a.String() != b.String() || a.String() == c.String() {
		t.Fatal("redeals are not a function of their seed")
	}
	if a.Redeals() != 1 || s.Redeals() != 0 {
		t.Fatalf("redeals %d and %d", a.Redeals(), s.Redeals())
	}
	if a.OnFoundations() != s.OnFoundations() {
		t.Fatal("a redeal moved cards home")
	}
}

// TestBoundsDeterministic: both bounds are functions of the deal and the
// seed, and the lower is at most the upper on the same deals.
func TestBoundsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	g := lucie(t, "")
	for _, d := range []uint64{4, 7} {
		s := g.Deal(pysolrand.Deal{N: d})
		o1, o2 := Greedy(s, Seed(1, d, 0), 5000), Greedy(s, Seed(1, d, 0), 5000)
		if o1 != o2 {
			t.Fatalf("deal %d: greedy gave %d then %d", d, o1, o2)
		}
		u := Upper(s, 2, Seed(1, d, 0), 5000)
		if u != Upper(s, 2, Seed(1, d, 0), 5000) || u < 0 || u > 1 {
			t.Fatalf("deal %d: upper %v", d, u)
		}
	}
}

// TestUpperUnfinishedRound: a round the search could not finish counts
// as won for the upper bound, whether or not a redeal is left, since
// the ends it did not reach might be better than those it found (the
// first version counted only the last round so: an earlier unfinished
// round was valued from the ends found, which could understate the
// bound).
func TestUpperUnfinishedRound(t *testing.T) {
	for _, variant := range []string{"", "no-redeal"} {
		t.Run(variant, func(t *testing.T) {
			s := lucie(t, variant).Deal(pysolrand.Deal{N: 4})
			if r := SearchRound(s, 10); r.Complete || r.Won {
				t.Fatalf("a search of 10 positions finished (won %v)", r.Won)
			}
			if u := Upper(s, 2, Seed(1, 4, 0), 10); u != 1 {
				t.Fatalf("upper %v with an unfinished round, want 1", u)
			}
		})
	}
	// Deal 15 as surveyed (3 shuffles a redeal, 50,000 positions a
	// round): a round before the last redeal does not finish, and the
	// first version valued the deal at 1/3.
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	s := lucie(t, "").Deal(pysolrand.Deal{N: 15})
	if u := Upper(s, 3, Seed(1, 15, 0), 50000); u != 1 {
		t.Fatalf("deal 15: upper %v, want 1", u)
	}
}

func TestRead(t *testing.T) {
	const head = `{"fairplay":1,"game":"la-belle-lucie","variant":"","engine":"e","seed":1,"limit":9}` + "\n"
	tests := []struct {
		name, text string
		want       string // "variant: lower rate low high deals first-last samples; upper ..."
		err        string
	}{
		{name: "both bounds", text: head +
			`{"deal":1,"bound":"lower","samples":4,"won":2}` + "\n" +
			`{"deal":2,"bound":"lower","samples":4,"won":4}` + "\n" +
			`{"deal":1,"bound":"upper","samples":2,"value":1}` + "\n",
			want: ": 0.750 0.260 1.000 2 1-2 4 9; 1.000 0.000 1.000 1 1-1 2 9"},
		{name: "a deal again counts once", text: head +
			`{"deal":1,"bound":"lower","samples":4,"won":0}` + "\n" +
			`{"deal":1,"bound":"lower","samples":4,"won":4}` + "\n",
			want: ": 1.000 0.000 1.000 1 1-1 4 9; 0.000 0.000 0.000 0 0-0 0 0"},
		{name: "no header", text: `{"deal":1,"bound":"lower","samples":4}`, err: "f:1:1: a deal's line before any header"},
		{name: "unknown field", text: head + `{"deal":1,"bound":"lower","samples":4,"x":1}`, err: `f:2:1: bad line: json: unknown field "x"`},
		{name: "too many won", text: head + `{"deal":1,"bound":"lower","samples":4,"won":5}`, err: "f:2:1: a lower line gives won and unknown, at most samples in all"},
		{name: "upper without value", text: head + `{"deal":1,"bound":"upper","samples":4}`, err: "f:2:1: an upper line gives a value from 0 to 1"},
		{name: "bad bound", text: head + `{"deal":1,"bound":"middle","samples":4}`, err: `f:2:1: bound "middle": want "lower" or "upper"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Read("f", strings.NewReader(tt.text))
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			s := got[""]
			f := func(e Estimate) string {
				return strings.Join([]string{ftoa(e.Rate), ftoa(e.Low), ftoa(e.High), itoa(e.Deals), utoa(e.First) + "-" + utoa(e.Last), itoa(e.Samples), itoa(e.Limit)}, " ")
			}
			if line := ": " + f(s.Lower) + "; " + f(s.Upper); line != tt.want {
				t.Errorf("got %q\nwant %q", line, tt.want)
			}
		})
	}
}

// FuzzRead checks that Read never panics and that what it accepts has
// rates and intervals within 0 and 1, low <= rate <= high.
func FuzzRead(f *testing.F) {
	f.Add(`{"fairplay":1,"game":"g"}` + "\n" + `{"deal":1,"bound":"lower","samples":2,"won":1}` + "\n" + `{"deal":2,"bound":"upper","samples":2,"value":0.5}`)
	f.Add(`{"fairplay":1}`)
	f.Add("\n\n{")
	f.Fuzz(func(t *testing.T, text string) {
		all, err := Read("f", strings.NewReader(text))
		if err != nil {
			return
		}
		for _, s := range all {
			for _, e := range []Estimate{s.Lower, s.Upper} {
				if e.Deals > 0 && !(0 <= e.Low && e.Low <= e.Rate+1e-12 && e.Rate <= e.High+1e-12 && e.High <= 1) {
					t.Fatalf("estimate %+v", e)
				}
			}
		}
	})
}

func ftoa(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }
func itoa(n int) string     { return strconv.Itoa(n) }
func utoa(n uint64) string  { return strconv.FormatUint(n, 10) }
