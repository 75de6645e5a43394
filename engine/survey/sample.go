package survey

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// A Sample is a random sample of the deals a survey had left undecided,
// drawn once and then decided beyond the survey's budget (issue 44): the
// "sample" field of an odds file,
//
//	"sample": {
//	  "drawn": "2026-12-05, Python 3.11: random.seed(44); random.sample(sorted(undecided), 20)",
//	  "undecided": [14, 30, ...],
//	  "deals": [14, 39, ...]
//	}
//
// undecided is the population: every deal of the survey's range that was
// undecided when the sample was drawn; deals is the sample, drawn from it
// at random as drawn says (so that anyone can draw it again). Both are
// lists of deal numbers in increasing order, deals a part of undecided.
//
// While some of the sample's deals are undecided the sample says only
// how many of them are won and lost. Once all are decided, the share won
// estimates the share of the population that is won (Estimate): an
// estimate, not a bound, as it rests on the sample's being random.
type Sample struct {
	Pos       srcpos.Pos `json:"-"` // where the "sample" value starts
	Drawn     string     `json:"drawn"`
	Undecided []uint64   `json:"undecided"`
	Deals     []uint64   `json:"deals"`
}

// parseSample reads the "sample" field's value v of r; its problems go
// to p's error list.
func (p *parser) parseSample(r *Odds, v value) {
	var o Sample
	dec := json.NewDecoder(strings.NewReader(string(v.raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		p.errs.Add(v.pos, fmt.Sprintf("sample: %v: want an object with drawn (how the sample was drawn), undecided and deals (lists of deal numbers)", strings.TrimPrefix(err.Error(), "json: ")))
		return
	}
	bad := func(format string, args ...any) {
		p.errs.Add(v.pos, "sample: "+fmt.Sprintf(format, args...))
	}
	switch {
	case strings.TrimSpace(o.Drawn) == "":
		bad("drawn must say how the sample was drawn (when, and the seed), so that anyone can draw it again")
	case len(o.Deals) == 0:
		bad("deals is empty")
	case !increasing(o.Undecided):
		bad("undecided must list deal numbers in increasing order, each once")
	case !increasing(o.Deals):
		bad("deals must list deal numbers in increasing order, each once")
	case r.Deals == "":
		bad("a sample needs the survey's deals")
	case o.Undecided[0] < r.First || o.Undecided[len(o.Undecided)-1] > r.Last:
		bad("undecided lists deals outside the survey's %s", r.Deals)
	default:
		for _, d := range o.Deals {
			if _, found := slices.BinarySearch(o.Undecided, d); !found {
				bad("deal %d of the sample is not one of the undecided deals it is drawn from", d)
				return
			}
		}
		o.Pos = v.pos
		r.Sample = &o
	}
}

// increasing tells whether the numbers are in increasing order, each
// once (an empty list is not).
func increasing(ds []uint64) bool {
	if len(ds) == 0 {
		return false
	}
	for i := 1; i < len(ds); i++ {
		if ds[i] <= ds[i-1] {
			return false
		}
	}
	return true
}

// SampleCount is what a survey says of a sample now: its deals won,
// lost and still undecided, and the deals of the survey won outside the
// population.
type SampleCount struct {
	Won, Lost, Undecided int
	Population           int // len(Undecided)
	WonElsewhere         int // won deals of the survey not in the population
	N                    int // the survey's deals
}

// Count reads the survey's results for the sample. Every deal outside the
// population must be decided (it was when the sample was drawn, and a
// survey never takes a verdict back), and every deal of the sample must
// have a result; otherwise the sample is not of this survey, and the
// error says so at the sample's position.
func (s *Sample) Count(results []DealResult) (SampleCount, error) {
	c := SampleCount{Population: len(s.Undecided), N: len(results)}
	inSample := 0
	for _, d := range results {
		_, inPop := slices.BinarySearch(s.Undecided, d.Deal)
		_, sampled := slices.BinarySearch(s.Deals, d.Deal)
		switch {
		case !inPop && d.Result == Unknown:
			return c, &srcpos.Error{Pos: s.Pos, Msg: fmt.Sprintf("sample: deal %d is undecided in the survey but not one of the sample's undecided deals: draw the sample again from the deals undecided now", d.Deal)}
		case !inPop && d.Result == Won:
			c.WonElsewhere++
		case sampled:
			inSample++
			switch d.Result {
			case Won:
				c.Won++
			case Lost:
				c.Lost++
			default:
				c.Undecided++
			}
		}
	}
	if inSample != len(s.Deals) {
		return c, &srcpos.Error{Pos: s.Pos, Msg: fmt.Sprintf("sample: %d of its %d deals have no result in the survey", len(s.Deals)-inSample, len(s.Deals))}
	}
	return c, nil
}

// Estimate is the win rate over the survey's deals that a decided sample
// implies: the deals won outside the population, plus the population
// times the share of the sample won, over the deals; low and high carry
// the 95% Wilson interval of that share. ok is false while some of the
// sample's deals are undecided.
func (c SampleCount) Estimate() (rate, low, high float64, ok bool) {
	n := c.Won + c.Lost
	if c.Undecided > 0 || n == 0 || c.N == 0 {
		return 0, 0, 0, false
	}
	at := func(share float64) float64 {
		return (float64(c.WonElsewhere) + share*float64(c.Population)) / float64(c.N)
	}
	lo, hi := Wilson(c.Won, n)
	return at(float64(c.Won) / float64(n)), at(lo), at(hi), true
}
