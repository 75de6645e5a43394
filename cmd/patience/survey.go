package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/solver"
	"github.com/patience-solitaire/patience/engine/survey"
)

const surveyUsage = `usage: patience survey GAME --deals A-B [--variant V] [--jobs N] [--json FILE]
                       [--shard i/n] [--budget NODES] [--timeout DUR] [--odds FILE]
       patience survey merge [--json FILE] [--odds FILE] FILE...

Solves every deal of the range on all cores and prints how many were won,
proved lost and left unknown, the win rate with its 95% Wilson interval
(unknown deals counted as lost for the lower bound and as won for the
upper), and the median and 99th percentile of the time per deal.

With --json the verdicts are appended to FILE as JSON lines, one object per
deal {"deal","result","ms","nodes","moves"} after a header line; deals
already in FILE are skipped, so an interrupted survey resumes where it
stopped, except unknown deals when the budget, time limit or solver
differs from the run that left them unknown (a new header line then
starts this run's lines). --shard i/n takes every n-th deal from the i-th on, so that n
machines can share a range; "survey merge" combines their files (and
prints the summary). --odds writes the summary as the site's
content/odds object.
`

// runSurvey runs "patience survey".
func runSurvey(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "merge" {
		return runSurveyMerge(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("survey", flag.ContinueOnError)
	fs.SetOutput(stderr)
	deals := fs.String("deals", "", "deal numbers A-B, both included")
	variant := fs.String("variant", "", "rules variant (default: the standard rules)")
	jobs := fs.Int("jobs", runtime.NumCPU(), "deals solved at once")
	jsonFile := fs.String("json", "", "append the verdicts to `FILE` as JSON lines (resumes)")
	shard := fs.String("shard", "1/1", "solve only shard `i/n` of the deals")
	budget := fs.Int64("budget", solver.DefaultMaxNodes, "node budget per deal")
	timeout := fs.Duration("timeout", solver.DefaultTimeout, "time budget per deal")
	oddsFile := fs.String("odds", "", "write the summary as an odds object to `FILE`")
	fs.Usage = func() {
		fmt.Fprint(stderr, surveyUsage, "\nFlags:\n")
		fs.PrintDefaults()
	}
	game, err := parseGameFlags(fs, args)
	if err != nil {
		return err
	}
	if game == "" || *deals == "" {
		fs.Usage()
		return usageError{errors.New("survey: need a game and --deals A-B")}
	}
	if *jobs < 1 {
		return usageError{fmt.Errorf("survey: --jobs must be at least 1, not %d", *jobs)}
	}
	if *budget < 1 {
		return usageError{fmt.Errorf("survey: --budget must be at least 1, not %d", *budget)}
	}
	if *timeout <= 0 {
		return usageError{fmt.Errorf("survey: --timeout must be positive, not %s", *timeout)}
	}
	si, sn, err := parseSurveyShard(*shard)
	if err != nil {
		return usageError{fmt.Errorf("survey: %v", err)}
	}
	from, to, err := survey.ParseDealRange(*deals)
	if err != nil {
		return usageError{fmt.Errorf("survey: %v", err)}
	}
	g, err := engine.Lookup(game, *variant)
	if err != nil {
		return err
	}
	if to-from >= 1<<24 {
		return usageError{fmt.Errorf("survey: %s is more than %d deals; split it with --shard", *deals, 1<<24)}
	}
	all := survey.Shard(from, to, si, sn)
	header := survey.Header{
		Survey: survey.Format, Game: g.Slug, Variant: g.Variant,
		Engine: g.Fingerprint(), Solver: solver.Version,
		Budget: *budget, TimeoutMS: timeout.Milliseconds(),
	}

	// Results of this run and, with --json, of earlier runs.
	var mu sync.Mutex
	var results []survey.DealResult
	todo := all
	var out *survey.Resumed
	if *jsonFile != "" {
		f, err := survey.Open(*jsonFile, header)
		if err != nil {
			return err
		}
		out = f
		defer f.Close()
		prev, done := f.Previous, f.Done
		inRange := map[uint64]bool{}
		for _, d := range all {
			inRange[d] = true
		}
		for _, r := range prev.Results {
			if inRange[r.Deal] && done[r.Deal] {
				results = append(results, r)
			}
		}
		todo = todo[:0:0]
		for _, d := range all {
			if !done[d] {
				todo = append(todo, d)
			}
		}
		if skipped := len(all) - len(todo); skipped > 0 {
			fmt.Fprintf(stderr, "survey: %d of %d deals already in %s\n", skipped, len(all), *jsonFile)
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	bar := newSurveyProgress(stderr)
	sv := &survey.Runner{
		Game: g, Deals: todo, Jobs: *jobs,
		Options:  solver.Options{MaxNodes: *budget, Timeout: *timeout},
		Progress: bar.update,
	}
	start := time.Now()
	runErr := sv.Run(ctx, func(r survey.DealResult) error {
		mu.Lock()
		results = append(results, r)
		mu.Unlock()
		if out != nil {
			return survey.WriteLine(out, r)
		}
		return nil
	})
	bar.finish()
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	sf := &survey.File{Header: &header}
	merged, err := survey.Merge([]*survey.File{sf, {Results: results}})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s, deals %s", g.Name, *deals)
	if sn > 1 {
		fmt.Fprintf(stdout, ", shard %d/%d", si, sn)
	}
	fmt.Fprintf(stdout, " (budget %d nodes, %s per deal; %s)\n", *budget, *timeout, time.Since(start).Round(time.Millisecond))
	fmt.Fprint(stdout, survey.Summarize(merged.Results))
	if *oddsFile != "" {
		if err := writeSurveyOdds(*oddsFile, merged); err != nil {
			return err
		}
	}
	if errors.Is(runErr, context.Canceled) {
		return errors.New("interrupted; run again with the same --json to resume")
	}
	return nil
}

// runSurveyMerge runs "patience survey merge".
func runSurveyMerge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("survey merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	jsonFile := fs.String("json", "", "write the merged survey to `FILE`")
	oddsFile := fs.String("odds", "", "write the summary as an odds object to `FILE`")
	fs.Usage = func() {
		fmt.Fprint(stderr, surveyUsage, "\nFlags of merge:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return usageError{errors.New("survey merge: need at least one FILE")}
	}
	var files []*survey.File
	for _, name := range fs.Args() {
		f, err := survey.ReadFile(name)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	merged, err := survey.Merge(files)
	if err != nil {
		return err
	}
	if *jsonFile != "" {
		// Only a survey is replaced by the merged one (often it is one
		// of the files merged).
		if _, err := os.Stat(*jsonFile); err == nil {
			if old, err := survey.ReadFile(*jsonFile); err != nil || old.Header == nil {
				return fmt.Errorf("%s exists and is not a survey file: not replaced", *jsonFile)
			}
		}
		var b bytes.Buffer
		if err := survey.Write(&b, merged); err != nil {
			return err
		}
		if err := replaceFile(*jsonFile, b.Bytes()); err != nil {
			return err
		}
	}
	if h := merged.Header; h != nil {
		fmt.Fprintf(stdout, "%s, %d files\n", engine.Key(h.Game, h.Variant), len(files))
	}
	fmt.Fprint(stdout, survey.Summarize(merged.Results))
	if *oddsFile != "" {
		return writeSurveyOdds(*oddsFile, merged)
	}
	return nil
}

// writeSurveyOdds writes the odds object of f to the file name, which may
// be an odds file already (it is replaced) but nothing else.
func writeSurveyOdds(name string, f *survey.File) error {
	if old, err := os.ReadFile(name); err == nil && len(bytes.TrimSpace(old)) > 0 && !json.Valid(old) {
		return fmt.Errorf("%s exists and is not an odds file (not JSON): not replaced", name)
	}
	var b bytes.Buffer
	if err := survey.WriteOdds(&b, f); err != nil {
		return err
	}
	return replaceFile(name, b.Bytes())
}

// replaceFile writes data to the file name through a new file renamed
// over it: a failure leaves the old file whole.
func replaceFile(name string, data []byte) error {
	dir, base := filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".new-")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// parseSurveyShard parses "i/n" with 1 <= i <= n.
func parseSurveyShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	if ok {
		i, err = strconv.Atoi(a)
		if err == nil {
			n, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("bad --shard %q: want i/n with 1 <= i <= n, like 2/8", s)
	}
	return i, n, nil
}

// surveyProgress draws the survey's progress on stderr when stderr is a
// terminal, and nothing otherwise.
type surveyProgress struct {
	mu    sync.Mutex
	w     io.Writer
	on    bool
	start time.Time
	last  time.Time
	drawn bool
}

func newSurveyProgress(stderr io.Writer) *surveyProgress {
	b := &surveyProgress{w: stderr, start: time.Now()}
	if f, ok := stderr.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			b.on = true
		}
	}
	return b
}

func (b *surveyProgress) update(done, total int) {
	if !b.on {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	if done < total && now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last = now
	const width = 30
	fill := 0
	if total > 0 {
		fill = width * done / total
	}
	eta := ""
	if done > 0 && done < total {
		left := time.Duration(float64(now.Sub(b.start)) / float64(done) * float64(total-done))
		eta = " eta " + left.Round(time.Second).String()
	}
	fmt.Fprintf(b.w, "\r[%s%s] %d/%d%s   ", strings.Repeat("#", fill), strings.Repeat(".", width-fill), done, total, eta)
	b.drawn = true
}

func (b *surveyProgress) finish() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.drawn {
		fmt.Fprint(b.w, "\r\033[K")
	}
}
