package survey

import (
	"math"
	"testing"
)

func TestSampleCount(t *testing.T) {
	data := `{"game": "shamrocks", "engine": "x", "deals": "1-10", "won": 6, "lost": 2, "unknown": 2,
 "sample": {"drawn": "by hand", "undecided": [2, 4, 6, 8], "deals": [4, 6]}}`
	rs, err := ParseOdds("f.json", "shamrocks", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	s := rs[0].Sample
	if s == nil || s.Drawn != "by hand" || len(s.Undecided) != 4 || len(s.Deals) != 2 || s.Pos.Line != 2 || s.Pos.Col != 12 {
		t.Fatalf("sample %+v", s)
	}
	// results gives deals 1-10 their verdicts, the letters of v in turn.
	results := func(v string) []DealResult {
		var out []DealResult
		for i, c := range v {
			r := map[rune]string{'w': Won, 'l': Lost, 'u': Unknown}[c]
			out = append(out, DealResult{Deal: uint64(i + 1), Result: r})
		}
		return out
	}
	tests := []struct {
		name     string
		verdicts string // deals 1-10
		want     SampleCount
		estimate float64 // -1: none
		err      string
	}{
		// Deals 1, 3, 5, 7, 9 and 10 lie outside the population.
		{"sample undecided", "wuwuwuwulw", SampleCount{Undecided: 2, Population: 4, WonElsewhere: 5, N: 10}, -1, ""},
		{"half decided", "wuwwwulllw", SampleCount{Won: 1, Undecided: 1, Population: 4, WonElsewhere: 4, N: 10}, -1, ""},
		// One of two won: half the population of 4 taken as won, and 5
		// won elsewhere: 7 of 10.
		{"decided", "wuwwwlluww", SampleCount{Won: 1, Lost: 1, Population: 4, WonElsewhere: 5, N: 10}, 0.7, ""},
		{"undecided outside", "wuuwwlluww", SampleCount{}, -1, "f.json:2:12: sample: deal 3 is undecided in the survey but not one of the sample's undecided deals: draw the sample again from the deals undecided now"},
		{"missing", "wuwuw", SampleCount{}, -1, "f.json:2:12: sample: 1 of its 2 deals have no result in the survey"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := s.Count(results(tt.verdicts))
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.want.N == 0 {
				tt.want.N = len(tt.verdicts)
			}
			if c != tt.want {
				t.Errorf("count %+v, want %+v", c, tt.want)
			}
			rate, lo, hi, ok := c.Estimate()
			switch {
			case tt.estimate < 0 && ok:
				t.Errorf("an estimate %v from a sample not decided", rate)
			case tt.estimate >= 0 && (!ok || math.Abs(rate-tt.estimate) > 1e-9 || !(lo < rate && rate < hi)):
				t.Errorf("estimate %v (%v-%v, %v), want %v", rate, lo, hi, ok, tt.estimate)
			}
		})
	}
}

// TestEstimateInterval checks the estimate's interval on figures like
// Royal Cotillion's: the population's share won is the sample's, with
// the sample's Wilson interval.
func TestEstimateInterval(t *testing.T) {
	c := SampleCount{Won: 12, Lost: 8, Population: 84, WonElsewhere: 912, N: 1000}
	rate, lo, hi, ok := c.Estimate()
	wl, wh := Wilson(12, 20)
	want := []float64{(912 + 84*0.6) / 1000, (912 + 84*wl) / 1000, (912 + 84*wh) / 1000}
	if !ok || math.Abs(rate-want[0]) > 1e-12 || math.Abs(lo-want[1]) > 1e-12 || math.Abs(hi-want[2]) > 1e-12 {
		t.Errorf("estimate %v %v %v, want %v", rate, lo, hi, want)
	}
}
