package solver

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// Version identifies the solver in survey files; it changes when a change
// to the solver could change a verdict (a new pruning rule, a fix).
const Version = "12"

// SurveyFormat is the version of the survey's JSON lines format.
const SurveyFormat = 1

// DealResult is one line of a survey file: the verdict on one deal.
type DealResult struct {
	Deal   uint64  `json:"deal"`
	Result string  `json:"result"` // won, lost or unknown
	MS     float64 `json:"ms"`     // wall time of the solve, milliseconds
	Nodes  int64   `json:"nodes"`
	Moves  int     `json:"moves"` // length of the (shortened) win, 0 otherwise
}

// SurveyHeader is the first line of a survey file.
type SurveyHeader struct {
	Survey    int    `json:"survey"` // SurveyFormat
	Game      string `json:"game"`
	Variant   string `json:"variant"`
	Engine    string `json:"engine"`     // engine.Game.Fingerprint of the rules
	Solver    string `json:"solver"`     // Version
	Budget    int64  `json:"budget"`     // node budget per deal
	TimeoutMS int64  `json:"timeout_ms"` // time budget per deal
}

// Survey solves deals of one game on many cores.
type Survey struct {
	Game    *engine.Game
	Deals   []uint64 // in increasing order
	Jobs    int      // workers; 0 means runtime.NumCPU()
	Options Options
	// Progress, if set, is called after each deal with the number done.
	Progress func(done, total int)
}

// Run solves every deal and calls emit with the results in increasing
// order of deal number, each as soon as it and every deal before it are
// done (so a file written by emit stays sorted and can be resumed).
// It stops at the first error of emit or of the solver, or when ctx is
// done (then it returns ctx.Err() after emitting the deals finished).
func (sv *Survey) Run(ctx context.Context, emit func(DealResult) error) error {
	jobs := sv.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type done struct {
		i   int
		r   DealResult
		err error
	}
	work := make(chan int)
	results := make(chan done)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				r, err := SolveDeal(ctx, sv.Game, sv.Deals[i], sv.Options)
				select {
				case results <- done{i, r, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(work)
		for i := range sv.Deals {
			select {
			case work <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	pending := map[int]DealResult{}
	next, finished := 0, 0
	var firstErr error
	for d := range results {
		if firstErr != nil {
			continue
		}
		if d.err != nil {
			firstErr = d.err
			cancel()
			continue
		}
		if ctx.Err() != nil && d.r.Result == Unknown.String() {
			// Cut short by cancellation: not a verdict.
			continue
		}
		pending[d.i] = d.r
		finished++
		if sv.Progress != nil {
			sv.Progress(finished, len(sv.Deals))
		}
		for {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if err := emit(r); err != nil {
				firstErr = err
				cancel()
				break
			}
		}
	}
	if firstErr != nil {
		return firstErr
	}
	if next < len(sv.Deals) {
		return ctx.Err()
	}
	return nil
}

// SolveDeal solves deal n of game g and returns its survey line.
func SolveDeal(ctx context.Context, g *engine.Game, n uint64, opt Options) (DealResult, error) {
	d := pysolrand.Deal{N: n}
	if err := d.Validate(); err != nil {
		return DealResult{}, err
	}
	s := g.Deal(d)
	res, err := Solve(ctx, s, opt)
	if err != nil {
		return DealResult{}, fmt.Errorf("deal %d: %w", n, err)
	}
	return DealResult{
		Deal:   n,
		Result: res.Verdict.String(),
		MS:     ElapsedMS(res.Elapsed),
		Nodes:  res.Nodes,
		Moves:  len(res.Moves),
	}, nil
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
		case "won":
			s.Won++
		case "lost":
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

// SurveyFile is a survey file read back: its header (if it had one) and
// its deal lines sorted by deal.
//
// A file resumed with another budget, time limit or solver has one
// header line per such run, each before the lines that run wrote; an
// unknown deal is tried again by a run unlike the one that left it
// unknown (see OpenSurvey).
type SurveyFile struct {
	Header  *SurveyHeader // the first header line
	Last    *SurveyHeader // the last header line (nil: as Header)
	Results []DealResult
	// under[d] is the header of the run that left deal d unknown.
	under map[uint64]*SurveyHeader
}

// latest returns the header of the file's last run.
func (f *SurveyFile) latest() *SurveyHeader {
	if f.Last != nil {
		return f.Last
	}
	return f.Header
}

// ReadSurvey reads a survey file in JSON lines: header lines (with a
// "survey" key) and deal lines. A deal that appears twice keeps its
// decided result (won or lost) over unknown; won against lost is an
// error. A truncated last line (an interrupted run) is ignored.
func ReadSurvey(r io.Reader, name string) (*SurveyFile, error) {
	f := &SurveyFile{under: map[uint64]*SurveyHeader{}}
	byDeal := map[uint64]DealResult{}
	var cur *SurveyHeader
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	var bad error
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if bad != nil {
			// Only the last line may be broken.
			return nil, bad
		}
		var probe map[string]json.RawMessage
		if err := json.Unmarshal([]byte(text), &probe); err != nil {
			bad = fmt.Errorf("%s:%d: %v", name, line, err)
			continue
		}
		if _, ok := probe["survey"]; ok {
			var h SurveyHeader
			if err := json.Unmarshal([]byte(text), &h); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", name, line, err)
			}
			if f.Header != nil && (h.Game != f.Header.Game || h.Variant != f.Header.Variant) {
				return nil, fmt.Errorf("%s:%d: survey of %s after one of %s", name, line, key(h.Game, h.Variant), key(f.Header.Game, f.Header.Variant))
			}
			if f.Header == nil {
				f.Header = &h
			}
			cur, f.Last = &h, &h
			continue
		}
		var d DealResult
		if err := json.Unmarshal([]byte(text), &d); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if _, err := ParseVerdict(d.Result); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if err := mergeInto(byDeal, d); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if byDeal[d.Deal].Result == "unknown" {
			f.under[d.Deal] = cur
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	f.Results = sortedResults(byDeal)
	return f, nil
}

func key(game, variant string) string { return engine.Key(game, variant) }

func mergeInto(byDeal map[uint64]DealResult, d DealResult) error {
	old, ok := byDeal[d.Deal]
	switch {
	case !ok || old.Result == "unknown":
		byDeal[d.Deal] = d
	case d.Result != "unknown" && d.Result != old.Result:
		return fmt.Errorf("deal %d is %s here and %s before", d.Deal, d.Result, old.Result)
	}
	return nil
}

func sortedResults(byDeal map[uint64]DealResult) []DealResult {
	out := make([]DealResult, 0, len(byDeal))
	for _, d := range byDeal {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b DealResult) int {
		switch {
		case a.Deal < b.Deal:
			return -1
		case a.Deal > b.Deal:
			return 1
		}
		return 0
	})
	return out
}

// MergeSurveys combines survey files (of one game and variant) into one,
// sorted by deal; see ReadSurvey for deals found in more than one file.
func MergeSurveys(files []*SurveyFile) (*SurveyFile, error) {
	out := &SurveyFile{}
	byDeal := map[uint64]DealResult{}
	for _, f := range files {
		if f.Header != nil {
			if out.Header == nil {
				h := *f.Header
				out.Header = &h
			} else if f.Header.Game != out.Header.Game || f.Header.Variant != out.Header.Variant {
				return nil, fmt.Errorf("cannot merge a survey of %s with one of %s",
					key(f.Header.Game, f.Header.Variant), key(out.Header.Game, out.Header.Variant))
			}
		}
		for _, d := range f.Results {
			if err := mergeInto(byDeal, d); err != nil {
				return nil, err
			}
		}
	}
	out.Results = sortedResults(byDeal)
	return out, nil
}

// WriteSurvey writes a survey file: the header (if any), then one line
// per deal.
func WriteSurvey(w io.Writer, f *SurveyFile) error {
	bw := bufio.NewWriter(w)
	if f.Header != nil {
		if err := writeJSONLine(bw, f.Header); err != nil {
			return err
		}
	}
	for _, d := range f.Results {
		if err := writeJSONLine(bw, d); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}

// OpenSurvey opens the survey file at path for a run described by h,
// creating it with h as its first line if it does not exist or is empty.
// It returns the deals already in the file (to be skipped) and the file,
// positioned for appending. A file of another game or variant is an
// error; a truncated last line is cut off.
func OpenSurvey(path string, h SurveyHeader) (*os.File, map[uint64]bool, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	// Cut a truncated last line left by an interrupted run.
	if n := len(data); n > 0 && data[n-1] != '\n' {
		cut := strings.LastIndexByte(string(data), '\n') + 1
		if err := f.Truncate(int64(cut)); err != nil {
			f.Close()
			return nil, nil, err
		}
		data = data[:cut]
	}
	sf, err := ReadSurvey(strings.NewReader(string(data)), path)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if sf.Header != nil && (sf.Header.Game != h.Game || sf.Header.Variant != h.Variant) {
		f.Close()
		return nil, nil, fmt.Errorf("%s is a survey of %s, not %s", path, key(sf.Header.Game, sf.Header.Variant), key(h.Game, h.Variant))
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		f.Close()
		return nil, nil, err
	}
	// A new file starts with h; a file last written by another kind of
	// run gets h too, so that the lines that follow are known as this
	// run's.
	if last := sf.latest(); len(data) == 0 || last != nil && !sameBudget(*last, h) {
		if err := writeJSONLine(f, h); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	done := map[uint64]bool{}
	for _, d := range sf.Results {
		if u := sf.under[d.Deal]; d.Result != "unknown" || u == nil || sameBudget(*u, h) {
			done[d.Deal] = true
		}
	}
	return f, done, nil
}

// sameBudget reports whether a run with header b would repeat the work
// recorded under header a (an unknown deal is tried again with a new
// budget or solver).
func sameBudget(a, b SurveyHeader) bool {
	return a.Budget == b.Budget && a.TimeoutMS == b.TimeoutMS && a.Solver == b.Solver
}

// ParseDealRange parses "A-B" (or a single "N") into the deals from A to
// B inclusive.
func ParseDealRange(s string) (from, to uint64, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	da, err := pysolrand.ParseDeal(strings.TrimSpace(a))
	if err == nil && da.MS {
		err = errors.New("the ms prefix is not supported in a survey range")
	}
	if err != nil {
		return 0, 0, fmt.Errorf("bad deal range %q: %v", s, err)
	}
	db, err := pysolrand.ParseDeal(strings.TrimSpace(b))
	if err == nil && db.MS {
		err = errors.New("the ms prefix is not supported in a survey range")
	}
	if err != nil {
		return 0, 0, fmt.Errorf("bad deal range %q: %v", s, err)
	}
	if db.N < da.N {
		return 0, 0, fmt.Errorf("bad deal range %q: %d is before %d", s, db.N, da.N)
	}
	return da.N, db.N, nil
}

// Shard returns the deals from..to that belong to shard i of n (i from 1):
// deal d is in shard (d-from) mod n + 1.
func Shard(from, to uint64, i, n int) []uint64 {
	var out []uint64
	for d := from + uint64(i-1); d <= to && d >= from; d += uint64(n) {
		out = append(out, d)
		if d+uint64(n) < d { // overflow
			break
		}
	}
	return out
}

// ElapsedMS converts a duration to milliseconds as survey files print
// them.
func ElapsedMS(d time.Duration) float64 {
	return math.Round(float64(d.Microseconds())/10) / 100
}

// Odds is the summary in the form of the site's odds files
// (content/odds/<slug>.json, see cmd/patience/internal/odds).
type Odds struct {
	Game        string  `json:"game"`
	Variant     string  `json:"variant,omitempty"`
	Engine      string  `json:"engine"`
	Deals       string  `json:"deals"`
	Won         int     `json:"won"`
	Lost        int     `json:"lost"`
	Unknown     int     `json:"unknown"`
	Rate        float64 `json:"rate"`
	Low         float64 `json:"low"`
	High        float64 `json:"high"`
	MedianMS    float64 `json:"median_ms"`
	P99MS       float64 `json:"p99_ms"`
	BudgetNodes int64   `json:"budget_nodes,omitempty"`
	Notes       string  `json:"notes,omitempty"`
}

// Odds returns the summary of f as an odds object. The deals are named
// by the range from the first to the last; a range with holes is noted.
func (f *SurveyFile) Odds() Odds {
	s := Summarize(f.Results)
	o := Odds{Won: s.Won, Lost: s.Lost, Unknown: s.Unknown,
		Rate: round6(s.WinRate), Low: round6(s.Low), High: round6(s.High),
		MedianMS: s.MedianMS, P99MS: s.P99MS}
	if h := f.latest(); h != nil {
		o.Game, o.Variant, o.Engine, o.BudgetNodes = h.Game, h.Variant, h.Engine, h.Budget
	}
	if n := len(f.Results); n > 0 {
		a, b := f.Results[0].Deal, f.Results[n-1].Deal
		o.Deals = fmt.Sprintf("%d-%d", a, b)
		if b-a+1 != uint64(n) {
			o.Notes = fmt.Sprintf("%d deals of the range %s", n, o.Deals)
		}
	}
	return o
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }
