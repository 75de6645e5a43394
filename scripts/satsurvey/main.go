// Command satsurvey runs the SAT model of engine/solver/satmodel on
// deals of a game, one at a time: the experiment of issue 44
// (engine/solver/TUNING.md, "A SAT model"). It needs Debian's cadical and
// picosat (or minisat); -solvers names others (cryptominisat5; clasp,
// whose losses need no second solver: satmodel checks its lemmas).
//
// For each deal it prints one JSON line: the verdict (a win replayed by
// the engine; a loss only when every confirming solver says UNSAT too,
// or clasp's refutation is checked),
// the model's size, and each solver's answer, wall and processor time.
// With -json it also writes the deals it decided to a survey file of
// their own (a header with "method": "sat", then one line per decided
// deal; an unknown one would only replace the solver's line, and its
// time, in the survey), which `patience survey merge` folds into the
// game's survey: a decided verdict there replaces an unknown one.
//
// With -guide, a search for wins: the solver first searches the deal
// (its node budget, no clock, so the line is the same on any machine),
// and the model's first steps are fixed to those of the line to the
// position with the most cards home it reached (solver.Result.Best):
// for each back-off d in turn, the line's first h-d cards home, h its
// count, the SAT solver left to finish from there (satmodel.Guide).
// The first model it satisfies is the win; UNSAT proves nothing.
//
//	go run ./scripts/satsurvey -game royal-cotillion -deals 264,436 -timeout 2m
//	go run ./scripts/satsurvey -deals 74 -steps 16 -timeout 2m -replays /tmp   # wins only
//	go run ./scripts/satsurvey -game odd-and-even -deals 34,58 -solvers cadical,picosat,minisat
//	go run ./scripts/satsurvey -deals 264,436 -solvers clasp   # losses checked by satmodel.CheckRUP
//	go run ./scripts/satsurvey -deals 14,39 -guide 0,10,20,40 -timeout 1m -solvers cadical   # wins only
//	go run ./scripts/satsurvey -deals 14,39 -guide 50%,42% -timeout 1m -solvers cryptominisat5   # wins only
//	go run ./scripts/satsurvey -unknown content/odds/royal-cotillion.survey.jsonl -json sat.jsonl
//	go run ./cmd/patience survey merge --json content/odds/royal-cotillion.survey.jsonl \
//	    content/odds/royal-cotillion.survey.jsonl sat.jsonl
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/engine/solver"
	"github.com/patience-solitaire/patience/engine/solver/satmodel"
	"github.com/patience-solitaire/patience/engine/survey"
	"github.com/patience-solitaire/patience/replay"
)

type line struct {
	Deal     uint64    `json:"deal"`
	Result   string    `json:"result"`
	Method   string    `json:"method"`
	Vars     int       `json:"vars"`
	Clauses  int       `json:"clauses"`
	EncodeMS float64   `json:"encode_ms"`
	Solvers  []string  `json:"solvers"`
	Answers  []string  `json:"answers"`
	MS       []float64 `json:"ms"`
	CPUMS    []float64 `json:"cpu_ms"`
	Moves    int       `json:"moves,omitempty"`
	// The deciding solver's UNSAT verdict checked by satmodel.CheckRUP on
	// its lemmas (clasp), and the check's time.
	Checked    bool    `json:"checked,omitempty"`
	CheckMS    float64 `json:"check_ms,omitempty"`
	CheckError string  `json:"check_error,omitempty"`
	// -guide: the cards home in the solver's best line, and the number
	// of its first cards home fixed in the model that decided (or in the
	// last tried)
	BestHome int      `json:"best_home,omitempty"`
	Fixed    int      `json:"fixed,omitempty"`
	Tries    []string `json:"tries,omitempty"` // each back-off's: fixed, answer, processor time
}

func main() {
	err := run(os.Args[1:], os.Stdout)
	var u usageError
	switch {
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	case errors.As(err, &u):
		fmt.Fprintln(os.Stderr, "satsurvey:", err)
		os.Exit(2)
	case err != nil:
		fmt.Fprintln(os.Stderr, "satsurvey:", err)
		os.Exit(1)
	}
}

// usageError is an error in the command line (exit status 2).
type usageError struct{ error }

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("satsurvey", flag.ContinueOnError)
	game := fs.String("game", "royal-cotillion", "game `slug`")
	variant := fs.String("variant", "", "variant")
	deals := fs.String("deals", "", "deal numbers, comma-separated")
	unknown := fs.String("unknown", "", "run the deals this survey `file` left unknown")
	timeout := fs.Duration("timeout", 2*time.Minute, "wall time of each solver run")
	solvers := fs.String("solvers", "cadical,picosat", "the deciding solver, then the confirming ones")
	jsonFile := fs.String("json", "", "write the decided deals to this new survey `file` (a run with method sat)")
	steps := fs.Int("steps", 0, "steps of the model (0: one per card, complete; fewer: a search for wins, UNSAT proves nothing)")
	dump := fs.String("cnf", "", "write the first deal's model to this DIMACS `file` and stop")
	replays := fs.String("replays", "", "write each win as a replay file GAME-DEAL.replay into this `dir`, checked by the replay verifier")
	guideList := fs.String("guide", "", "back-offs (\"15\") or shares (\"50%\"), comma-separated: fix the model's first steps to the solver's best line but for this many of its cards home, or to this share of them, each in turn (a search for wins)")
	guideNodes := fs.Int64("guide-nodes", solver.DefaultMaxNodes, "the node budget of the solver's search for the -guide line")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err}
	}
	g, err := engine.Lookup(*game, *variant)
	if err != nil {
		return err
	}
	list, err := dealList(*deals, *unknown)
	if err != nil {
		return err
	}
	backs, err := guides(*guideList)
	if err != nil {
		return err
	}
	names := strings.Split(*solvers, ",")
	if *dump != "" {
		s, err := deal(g, list[0])
		if err != nil {
			return err
		}
		return write(*dump, s, *steps)
	}
	var out io.Writer
	if *jsonFile != "" {
		f, err := os.OpenFile(*jsonFile, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		tag := stepsTag(*steps)
		if len(backs) > 0 {
			tag += "-guided"
		}
		h := survey.Header{Survey: survey.Format, Game: g.Slug, Variant: g.Variant, Engine: survey.Fingerprint(g),
			Solver: "sat-" + satmodel.Version + tag, TimeoutMS: timeout.Milliseconds(), Method: "sat"}
		if err := json.NewEncoder(f).Encode(h); err != nil {
			return err
		}
		out = f
	}
	enc := json.NewEncoder(stdout)
	for _, n := range list {
		start := time.Now()
		s, err := deal(g, n)
		if err != nil {
			return err
		}
		var (
			o           satmodel.Outcome
			best, fixed int
			tries       []string
		)
		if len(backs) == 0 {
			o, err = satmodel.Decide(context.Background(), s, os.TempDir(), names, *timeout, *steps)
		} else {
			o, best, fixed, tries, err = guided(s, backs, *guideNodes, names, *timeout, *steps)
		}
		if err != nil {
			return fmt.Errorf("deal %d: %w", n, err)
		}
		l := line{Deal: n, Result: o.Verdict.String(), Method: "sat", Vars: o.Vars, Clauses: o.Clauses,
			EncodeMS: ms(o.Encode), Solvers: names[:len(o.Answers)], Moves: len(o.Moves), BestHome: best, Fixed: fixed, Tries: tries,
			Checked: o.Checked, CheckMS: ms(o.Check)}
		if o.CheckErr != nil {
			l.CheckError = o.CheckErr.Error()
		}
		var total time.Duration
		for k, a := range o.Answers {
			l.Answers = append(l.Answers, a.String())
			l.MS = append(l.MS, ms(o.Times[k]))
			l.CPUMS = append(l.CPUMS, ms(o.CPU[k]))
			total += o.Times[k]
		}
		if err := enc.Encode(l); err != nil {
			return err
		}
		if *replays != "" && o.Verdict == solver.Won {
			if err := writeReplay(*replays, g, n, o.Moves); err != nil {
				return fmt.Errorf("deal %d: %w", n, err)
			}
		}
		if out != nil && o.Verdict != solver.Unknown {
			spent := o.Encode + total + o.Check
			if len(backs) > 0 {
				// the solver's search and every try
				spent = time.Since(start)
			}
			d := survey.DealResult{Deal: n, Result: l.Result, MS: ms(spent), Moves: len(o.Moves)}
			if err := survey.WriteLine(out, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// guided runs the -guide search for wins on s: the solver's best line,
// then the model with the line's first cards home fixed, as many as each
// guide says in turn, until one is won. It returns the last outcome, the
// cards home in the best line, the cards fixed and what each try
// answered.
func guided(s *engine.State, backs []guide, nodes int64, names []string, timeout time.Duration, steps int) (o satmodel.Outcome, best, fixed int, tries []string, err error) {
	res, err := solver.Solve(context.Background(), s, solver.Options{MaxNodes: nodes, Timeout: -1})
	if err != nil {
		return o, 0, 0, nil, err
	}
	if res.Verdict != solver.Unknown {
		// Nothing to guide: the survey of the solver, not this one,
		// records its verdict.
		return o, 0, 0, []string{"solver:" + res.Verdict.String()}, nil
	}
	for _, mv := range res.Best {
		if mv.Action == engine.ActMove {
			best++
		}
	}
	for _, g := range backs {
		fixed = g.fixed(best)
		m, err := satmodel.BuildSteps(s, steps)
		if err != nil {
			return o, best, fixed, tries, err
		}
		if err := m.Guide(res.Best, fixed); err != nil {
			return o, best, fixed, tries, err
		}
		o, err = m.Decide(context.Background(), os.TempDir(), names, timeout)
		if err != nil {
			return o, best, fixed, tries, err
		}
		tries = append(tries, fmt.Sprintf("%d:%s:%.1fs", fixed, o.Answers[0], o.CPU[0].Seconds()))
		if o.Verdict == solver.Won {
			break
		}
	}
	return o, best, fixed, tries, nil
}

// A guide says how many of the best line's cards home a try fixes: all
// but back of them, or pct percent of them.
type guide struct {
	back, pct int
	isPct     bool
}

// fixed returns the cards fixed of a line of best cards home.
func (g guide) fixed(best int) int {
	if g.isPct {
		return (best*g.pct + 50) / 100
	}
	return max(best-g.back, 0)
}

// guides parses -guide: back-offs ("15") and shares ("50%"),
// comma-separated.
func guides(list string) ([]guide, error) {
	var out []guide
	for f := range strings.SplitSeq(list, ",") {
		f = strings.TrimSpace(f)
		pct, isPct := strings.CutSuffix(f, "%")
		ns, err := numbers("-guide", pct)
		switch {
		case err != nil:
			return nil, err
		case len(ns) == 0:
			continue
		case isPct && ns[0] > 100:
			return nil, usageError{fmt.Errorf("-guide: %s: more than all the line's cards", f)}
		}
		out = append(out, guide{back: int(min(ns[0], 1<<20)), pct: int(min(ns[0], 100)), isPct: isPct})
	}
	return out, nil
}

// numbers parses a comma-separated list of counts (flag name).
func numbers(name, list string) ([]uint64, error) {
	var out []uint64
	for f := range strings.SplitSeq(list, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			return nil, usageError{fmt.Errorf("%s: %w", name, err)}
		}
		out = append(out, n)
	}
	return out, nil
}

// dealList returns the deals of -deals, or those a survey left unknown.
func dealList(deals, unknown string) ([]uint64, error) {
	var list []uint64
	if unknown != "" {
		f, err := survey.ReadFile(unknown)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Results {
			if d.Result == survey.Unknown {
				list = append(list, d.Deal)
			}
		}
	}
	more, err := numbers("-deals", deals)
	if err != nil {
		return nil, err
	}
	list = append(list, more...)
	if len(list) == 0 {
		return nil, usageError{errors.New("no deals: give -deals or -unknown")}
	}
	return list, nil
}

func deal(g *engine.Game, n uint64) (*engine.State, error) {
	d, err := pysolrand.ParseDeal(strconv.FormatUint(n, 10))
	if err != nil {
		return nil, err
	}
	return g.Deal(d), nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()/10) / 100 }

func write(path string, s *engine.State, steps int) error {
	m, err := satmodel.BuildSteps(s, steps)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := m.WriteDIMACS(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// stepsTag names a model of fewer steps than cards in a survey header.
func stepsTag(steps int) string {
	if steps == 0 {
		return ""
	}
	return "-steps" + strconv.Itoa(steps)
}

// writeReplay writes a win as a replay file, once the replay verifier
// (independent of the engine's Check) has played it.
func writeReplay(dir string, g *engine.Game, n uint64, moves []engine.Move) error {
	deal := strconv.FormatUint(n, 10)
	r := replay.FromMoves(g, deal, "Deal "+deal+", won by the SAT model", moves)
	if _, err := replay.Verify(r); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, g.Slug+"-"+deal+".replay"), replay.Format(r), 0o644)
}
