package fairplay

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// The results file, content/odds/<slug>.fair.jsonl (one per game, the
// default rules and the variants together): JSON lines, each either a
// header, which applies to the deal lines after it,
//
//	{"fairplay":1,"game":"la-belle-lucie","variant":"","engine":"...","seed":1,"limit":20000}
//
// or a deal's result for one bound,
//
//	{"deal":7,"bound":"lower","samples":5,"won":2,"unknown":0}
//	{"deal":7,"bound":"upper","samples":4,"value":0.5}
//
// The lower line counts the games the policy Greedy won out of samples
// sampled shuffle streams, the i-th (from 0) seeded by Seed(seed, deal,
// i); the upper line gives Upper with samples shuffles at each redeal and
// seed Seed(seed, deal, 0). Every figure is a function of the header and
// the deal: running again gives the same file.

// Header starts the lines of one run.
type Header struct {
	Fairplay int    `json:"fairplay"` // format version: 1
	Game     string `json:"game"`
	Variant  string `json:"variant"`
	Engine   string `json:"engine"` // survey.Fingerprint
	Seed     uint64 `json:"seed"`
	Limit    int    `json:"limit"` // positions searched per round at most
}

// Line is one deal's result for one bound.
type Line struct {
	Deal    uint64   `json:"deal"`
	Bound   string   `json:"bound"` // "lower" or "upper"
	Samples int      `json:"samples"`
	Won     int      `json:"won,omitempty"`
	Unknown int      `json:"unknown,omitempty"`
	Value   *float64 `json:"value,omitempty"`
}

// Seed returns the seed of the shuffle stream of sample i of a deal.
func Seed(seed, deal uint64, i int) uint64 { return seed<<48 ^ deal<<16 ^ uint64(i) }

// Estimate is a bound measured over a range of deals: the mean over the
// deals of each deal's value (the fraction of its samples won, or its
// Upper) with a 95% interval (the mean plus or minus 1.96 standard errors
// of the deals' values, within 0 and 1).
type Estimate struct {
	First, Last uint64 // deal numbers, 0 if none
	Deals       int
	Samples     int // per deal (the largest, if they differ)
	Limit       int // positions per round (the largest, if they differ)
	Rate        float64
	Low, High   float64
}

// Summary is a game's results file read and summed up, per variant.
type Summary struct {
	Header
	Lower, Upper Estimate
}

// Read reads a results file, shown as file in messages, and sums it up
// by variant ("" for the default rules). The last header before a deal's
// line is the one that applies; a deal given twice for a bound counts
// once, the later line.
func Read(file string, r io.Reader) (map[string]*Summary, error) {
	type key struct {
		variant, bound string
		deal           uint64
	}
	vals := map[key]Line{}
	limits := map[key]int{} // the limit of the header above each line
	var order []key
	headers := map[string]Header{}
	var cur *Header
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		at := srcpos.Pos{File: file, Line: n, Col: 1}
		if strings.Contains(text, `"fairplay"`) {
			var h Header
			if err := strictUnmarshal(text, &h); err != nil || h.Fairplay != 1 || h.Game == "" {
				return nil, lineError(at, fmt.Sprintf("bad header line: want {\"fairplay\":1,\"game\":...} (%v)", err))
			}
			cur = &h
			headers[h.Variant] = h
			continue
		}
		var l Line
		if err := strictUnmarshal(text, &l); err != nil {
			return nil, lineError(at, fmt.Sprintf("bad line: %v", err))
		}
		switch {
		case cur == nil:
			return nil, lineError(at, "a deal's line before any header")
		case l.Deal == 0 || l.Samples < 1:
			return nil, lineError(at, "want a deal number and samples, both at least 1")
		case l.Bound == "lower" && (l.Value != nil || l.Won+l.Unknown > l.Samples || l.Won < 0 || l.Unknown < 0):
			return nil, lineError(at, "a lower line gives won and unknown, at most samples in all")
		case l.Bound == "upper" && (l.Value == nil || *l.Value < 0 || *l.Value > 1 || l.Won != 0 || l.Unknown != 0):
			return nil, lineError(at, "an upper line gives a value from 0 to 1")
		case l.Bound != "lower" && l.Bound != "upper":
			return nil, lineError(at, fmt.Sprintf("bound %q: want \"lower\" or \"upper\"", l.Bound))
		}
		k := key{cur.Variant, l.Bound, l.Deal}
		if _, dup := vals[k]; !dup {
			order = append(order, k)
		}
		vals[k], limits[k] = l, cur.Limit
	}
	if err := sc.Err(); err != nil {
		return nil, &srcpos.Error{Pos: srcpos.Pos{File: file, Line: 1, Col: 1}, Msg: err.Error()}
	}
	out := map[string]*Summary{}
	for v, h := range headers {
		out[v] = &Summary{Header: h}
	}
	values := map[key][]float64{} // by variant and bound
	for _, k := range order {
		l := vals[k]
		s := out[k.variant]
		e := &s.Lower
		x := float64(l.Won) / float64(l.Samples)
		if k.bound == "upper" {
			e, x = &s.Upper, *l.Value
		}
		if e.Deals == 0 || l.Deal < e.First {
			e.First = l.Deal
		}
		e.Last = max(e.Last, l.Deal)
		e.Deals++
		e.Samples = max(e.Samples, l.Samples)
		e.Limit = max(e.Limit, limits[k])
		vk := key{k.variant, k.bound, 0}
		values[vk] = append(values[vk], x)
	}
	for k, xs := range values {
		e := &out[k.variant].Lower
		if k.bound == "upper" {
			e = &out[k.variant].Upper
		}
		e.Rate, e.Low, e.High = meanInterval(xs)
	}
	return out, nil
}

// lineError is a problem of a line of the file.
func lineError(at srcpos.Pos, msg string) error { return &srcpos.Error{Pos: at, Msg: msg} }

func strictUnmarshal(text string, v any) error {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("data after the object")
	}
	return nil
}

// meanInterval returns the mean of xs and the 95% normal interval of the
// mean, clamped to [0, 1].
func meanInterval(xs []float64) (mean, low, high float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	mean /= n
	if len(xs) < 2 {
		return mean, 0, 1
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	se := math.Sqrt(ss / (n - 1) / n)
	return mean, max(0, mean-1.96*se), min(1, mean+1.96*se)
}
