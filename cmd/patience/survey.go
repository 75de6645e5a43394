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
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/datafile"
	"github.com/patience-solitaire/patience/engine/solver"
	"github.com/patience-solitaire/patience/engine/srcpos"
	"github.com/patience-solitaire/patience/engine/survey"
	"github.com/patience-solitaire/patience/engine/survey/runner"
)

const surveyUsage = `usage: patience survey GAME --deals A-B [--variant V] [--jobs N] [--json FILE]
                       [--shard i/n] [--budget NODES] [--timeout DUR] [--odds FILE]
       patience survey merge [--json FILE] [--odds FILE] FILE...

Solves every deal of the range on all cores and prints how many were won,
proved lost and left unknown, the win rate with its 95% Wilson interval
(unknown deals counted as lost for the lower bound and as won for the
upper), and the median and 99th percentile of the time per deal.

With --json the verdicts are appended to FILE as JSON lines, one object per
deal {"deal","result","ms","nodes","moves","search_ms"} after a header line
(ms: the whole solve; search_ms: the part before a win is shortened for
display, which the verdict does not need); deals
already in FILE are skipped, so an interrupted survey resumes where it
stopped, except unknown deals when the budget, time limit or solver
differs from the run that left them unknown (a new header line then
starts this run's lines). A line left broken by an interrupted run is cut
off. FILE must be new or a survey of the same game and rules. One survey
at a time writes FILE: another one given it stops at once.

--shard i/n takes every n-th deal from the i-th on, so that n machines can
share a range; "survey merge" combines their files (and prints the
summary). It refuses files of other games or rules, and keeps the header
of every run (solver, budget) before the results that run gave. --json
FILE there replaces FILE only if it is a survey of the same game.

--odds writes the summary as the site's content/odds object, to a new
file or one holding the odds of the same game and variant alone; what a
survey does not compute (the date, the notes, a sample of the undecided
deals) is kept from the file it replaces.
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
		Engine: survey.Fingerprint(g), Solver: solver.Version,
		Budget: *budget, TimeoutMS: timeout.Milliseconds(),
	}
	// Before the solving, not after it: the odds file is checked again
	// when it is written.
	if *oddsFile != "" {
		if _, err := checkOddsFile(*oddsFile, g.Slug, g.Variant); err != nil {
			return err
		}
	}

	// Results of this run and, with --json, of earlier runs (with the
	// runs that gave them).
	var mu sync.Mutex
	var results []survey.DealResult
	previous := &survey.File{}
	todo := all
	var out *survey.Resumed
	if *jsonFile != "" {
		f, err := survey.Open(*jsonFile, header)
		if err != nil {
			return err
		}
		out = f
		defer f.Close()
		if f.CutLine > 0 {
			fmt.Fprintf(stderr, "survey: cut off %s:%d, a line left unfinished by an interrupted run; its deal is solved again\n", *jsonFile, f.CutLine)
		}
		done := f.Done
		inRange := map[uint64]bool{}
		for _, d := range all {
			inRange[d] = true
		}
		previous = f.Previous.Select(func(r survey.DealResult) bool { return inRange[r.Deal] && done[r.Deal] })
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
	sv := &runner.Runner{
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
	merged, err := survey.Merge([]*survey.File{previous, {Header: &header, Results: results}})
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
	if *oddsFile != "" && merged.Header != nil {
		if _, err := checkOddsFile(*oddsFile, merged.Header.Game, merged.Header.Variant); err != nil {
			return err
		}
	}
	if *jsonFile != "" {
		if err := writeMergedSurvey(*jsonFile, merged); err != nil {
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

// writeMergedSurvey writes the merged survey f to the file name, which
// may be a survey of the same game and variant already (often one of the
// files merged), and nothing else. The file is locked while it is
// replaced: not while a survey is writing it.
func writeMergedSurvey(name string, f *survey.File) error {
	old, err := datafile.OpenRegular(name, os.O_RDONLY, 0)
	switch {
	case errors.Is(err, os.ErrNotExist):
	case err != nil:
		return err
	default:
		defer old.Close()
		if err := datafile.Lock(old); errors.Is(err, datafile.ErrLocked) {
			return fmt.Errorf("%s: %w (it is locked): merge once it has ended", name, survey.ErrBusy)
		} else if err != nil {
			return err
		}
		data, err := datafile.ReadAll(old, survey.MaxFileSize, "a survey file")
		if err != nil {
			return err
		}
		if len(bytes.TrimSpace(data)) > 0 {
			sf, err := survey.Read(bytes.NewReader(data), name)
			switch {
			case err != nil || sf.Header == nil:
				return fmt.Errorf("%s exists and is not a survey file: not replaced", name)
			case f.Header == nil:
				return fmt.Errorf("%s is a survey of %s and the files merged hold none: not replaced", name, engine.Key(sf.Header.Game, sf.Header.Variant))
			case sf.Header.Game != f.Header.Game || sf.Header.Variant != f.Header.Variant:
				return fmt.Errorf("%s is a survey of %s, not of %s: not replaced", name,
					engine.Key(sf.Header.Game, sf.Header.Variant), engine.Key(f.Header.Game, f.Header.Variant))
			}
		}
	}
	var b bytes.Buffer
	if err := survey.Write(&b, f); err != nil {
		return err
	}
	return datafile.Replace(name, b.Bytes())
}

// writeSurveyOdds writes the odds object of f to the file name (see
// checkOddsFile), keeping what a survey does not compute from the odds
// it replaces: the date, the notes and the sample.
func writeSurveyOdds(name string, f *survey.File) error {
	o := f.OddsObject()
	old, err := checkOddsFile(name, o.Game, o.Variant)
	if err != nil {
		return err
	}
	if old != nil {
		o.Keep(old)
	}
	var b bytes.Buffer
	if err := survey.WriteOdds(&b, o); err != nil {
		return err
	}
	return datafile.Replace(name, b.Bytes())
}

// checkOddsFile checks that the odds file name may be replaced by the
// odds of game and variant: it is absent or empty, or it holds those
// odds and nothing else (one object, or an array of one, as the site
// reads it), so that no other file (package.json, a survey) and no other
// game's or variant's odds are lost. It returns the odds the file holds,
// or nil.
func checkOddsFile(name, game, variant string) (*survey.Odds, error) {
	data, err := datafile.Read(name, survey.MaxFileSize, "an odds file")
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, err
	case len(bytes.TrimSpace(data)) == 0:
		return nil, nil
	}
	key := engine.Key(game, variant)
	// Whose odds, first, for the message; then the whole file, as the
	// site reads it.
	type whose struct{ Game, Variant string }
	var all []whose
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("[")) {
		err = json.Unmarshal(data, &all)
	} else {
		all = []whose{{}}
		err = json.Unmarshal(data, &all[0])
	}
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s exists and is not an odds file (%v): not replaced", name, err)
	case len(all) != 1:
		return nil, fmt.Errorf("%s holds %d odds objects: not replaced by the odds of %s alone; write them to a new file and copy them in", name, len(all), key)
	case all[0].Game == "":
		return nil, fmt.Errorf("%s exists and is not an odds file (no \"game\"): not replaced", name)
	case all[0].Game != game || all[0].Variant != variant:
		return nil, fmt.Errorf("%s holds the odds of %s, not %s: not replaced", name, engine.Key(all[0].Game, all[0].Variant), key)
	}
	odds, err := survey.ParseOdds(name, game, data)
	if err != nil {
		return nil, fmt.Errorf("%s exists and is not an odds file (%v): not replaced", name, firstError(err))
	}
	return odds[0], nil
}

// firstError returns the first error of a list, or err.
func firstError(err error) error {
	var list srcpos.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		return list[0]
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
