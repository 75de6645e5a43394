// Package survey holds the formats of the solver's surveys and of the
// site's odds, so that the command that writes them, the solver that
// fills them and the site that shows them share one definition:
//
//   - survey files, in JSON lines: a header line ([Header]) and one line
//     per deal ([DealResult]); [Read], [Merge], [Write], and [Open],
//     which resumes an interrupted survey;
//   - the summary of a survey ([Summarize], with the 95% [Wilson]
//     interval) and its odds object ([File.OddsObject], [WriteOdds]), as
//     kept in the site's content/odds/<slug>.json;
//   - the reader of those odds files ([ParseOdds]), which the site uses
//     to show the figures, with positioned errors;
//   - the deal ranges and shards of the survey command ([ParseDealRange],
//     [Shard], and [Deals], which every loop over a range goes through).
//
// Solving the deals is package runner's (engine/survey/runner), so that
// reading a survey does not link the solver.
package survey

import (
	"errors"
	"fmt"
	"iter"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// Format is the version of the survey's JSON lines format.
const Format = 1

// The results of a deal.
const (
	Won     = "won"
	Lost    = "lost"
	Unknown = "unknown"
)

// DealResult is one line of a survey file: the verdict on one deal.
type DealResult struct {
	Deal   uint64  `json:"deal"`
	Result string  `json:"result"` // Won, Lost or Unknown
	MS     float64 `json:"ms"`     // wall time of the solve, milliseconds
	Nodes  int64   `json:"nodes"`
	Moves  int     `json:"moves"` // length of the (shortened) win, 0 otherwise
	// SearchMS is the part of MS spent finding the verdict, without
	// shortening the win (solver.Result.Search): what comparisons with
	// other solvers time. Nil (absent) in lines of solvers before 26.
	SearchMS *float64 `json:"search_ms,omitempty"`
}

// Header is the first line of a survey file, and the first line of each
// later run with another budget, time limit or solver.
type Header struct {
	Survey    int    `json:"survey"` // Format
	Game      string `json:"game"`
	Variant   string `json:"variant"`
	Engine    string `json:"engine"`     // engine.Game.Fingerprint of the rules
	Solver    string `json:"solver"`     // solver.Version
	Budget    int64  `json:"budget"`     // node budget per deal
	TimeoutMS int64  `json:"timeout_ms"` // time budget per deal
	// Method names how the run decided its deals when not by the
	// solver's search: "sat" is the SAT model of engine/solver/satmodel
	// (scripts/satsurvey), whose wins are replayed by the engine and whose
	// losses are UNSAT for two independent SAT solvers; Solver then names
	// the model's version and TimeoutMS the time of each SAT solver.
	Method string `json:"method,omitempty"`
}

// Summary is what a survey found.
type Summary struct {
	Deals, Won, Lost, Unknown int
	// WinRate is Won/Deals; Low and High are the ends of the 95% Wilson
	// interval, counting the unknown deals as lost for Low and as won for
	// High.
	WinRate, Low, High float64
	// MedianMS and P99MS are the median and 99th percentile of the time
	// per deal.
	MedianMS, P99MS float64
}

// Summarize computes the summary of results.
func Summarize(results []DealResult) Summary {
	var s Summary
	ms := make([]float64, 0, len(results))
	for _, r := range results {
		s.Deals++
		switch r.Result {
		case Won:
			s.Won++
		case Lost:
			s.Lost++
		default:
			s.Unknown++
		}
		ms = append(ms, r.MS)
	}
	if s.Deals > 0 {
		s.WinRate = float64(s.Won) / float64(s.Deals)
		s.Low, _ = Wilson(s.Won, s.Deals)
		_, s.High = Wilson(s.Won+s.Unknown, s.Deals)
		sort.Float64s(ms)
		s.MedianMS = percentile(ms, 0.5)
		s.P99MS = percentile(ms, 0.99)
	}
	return s
}

// percentile returns the p-quantile of sorted values (nearest rank).
func percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	k := int(math.Ceil(p*float64(len(sorted)))) - 1
	k = max(0, min(k, len(sorted)-1))
	return sorted[k]
}

// Wilson returns the 95% Wilson score interval for k successes in n
// trials.
func Wilson(k, n int) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nf := float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z / d * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return math.Max(0, c-h), math.Min(1, c+h)
}

// String prints the summary in a few lines for people.
func (s Summary) String() string {
	var b strings.Builder
	pct := func(k int) string {
		if s.Deals == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(s.Deals))
	}
	fmt.Fprintf(&b, "deals    %d\n", s.Deals)
	fmt.Fprintf(&b, "won      %d (%s)\n", s.Won, pct(s.Won))
	fmt.Fprintf(&b, "lost     %d (%s)\n", s.Lost, pct(s.Lost))
	fmt.Fprintf(&b, "unknown  %d (%s)\n", s.Unknown, pct(s.Unknown))
	fmt.Fprintf(&b, "win rate %.2f%%, 95%% interval %.2f%% - %.2f%% (unknown counted as lost / won)\n",
		100*s.WinRate, 100*s.Low, 100*s.High)
	fmt.Fprintf(&b, "time     median %.1f ms, p99 %.1f ms per deal\n", s.MedianMS, s.P99MS)
	return b.String()
}

// ElapsedMS converts a duration to milliseconds as survey files print
// them.
func ElapsedMS(d time.Duration) float64 {
	return math.Round(float64(d.Microseconds())/10) / 100
}

// ParseDealRange parses "A-B" (or a single "N") into the deals from A to
// B inclusive.
func ParseDealRange(s string) (from, to uint64, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	da, err := parseDeal(a)
	if err != nil {
		return 0, 0, fmt.Errorf("bad deal range %q: %v", s, err)
	}
	db, err := parseDeal(b)
	if err != nil {
		return 0, 0, fmt.Errorf("bad deal range %q: %v", s, err)
	}
	if db < da {
		return 0, 0, fmt.Errorf("bad deal range %q: %d is before %d", s, db, da)
	}
	return da, db, nil
}

func parseDeal(s string) (uint64, error) {
	d, err := pysolrand.ParseDeal(strings.TrimSpace(s))
	if err == nil && d.MS {
		err = errors.New("the ms prefix is not supported in a survey range")
	}
	return d.N, err
}

// Shard returns the deals from..to that belong to shard i of n (i from 1):
// deal d is in shard (d-from) mod n + 1.
func Shard(from, to uint64, i, n int) []uint64 {
	return slices.Collect(Deals(from, to, i, n))
}

// Deals yields the deals from..to of shard i of n (see Shard) in order,
// without wrapping round at the largest deal number: every loop over a
// range of deals goes through it.
func Deals(from, to uint64, i, n int) iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		step := uint64(n)
		d := from + uint64(i-1)
		if d < from || d > to {
			return
		}
		for yield(d) && to-d >= step {
			d += step
		}
	}
}
