package satmodel

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/solver"
)

// Outcome is what Decide found for one position.
type Outcome struct {
	Verdict solver.Verdict
	Moves   []engine.Move // the winning line (Won), replayed by the engine
	// Answers of the solvers, in order (the first decides; the others
	// confirmed an UNSAT verdict, or did not in their time).
	Answers []Answer
	Times   []time.Duration // wall
	CPU     []time.Duration
	Vars    int
	Clauses int
	Encode  time.Duration
	// Checked: the deciding solver's UNSAT verdict was confirmed by
	// CheckRUP on the lemmas it logged (LogsLemmas), in Check, rather
	// than by the other solvers.
	Checked  bool
	Check    time.Duration
	CheckErr error // why the check failed, if it did
}

// Decide builds the model of s over steps steps (0: the complete
// model), writes it under dir and runs the first of solvers until
// timeout; a SAT verdict is a win once its line has been replayed, an
// UNSAT verdict of the complete model a loss once CheckRUP has checked
// the lemmas the solver logged (LogsLemmas), or else once each other
// solver (each with its own timeout) says UNSAT too. Anything else is
// Unknown: with fewer steps than cards, or guided (Guide), UNSAT proves
// nothing.
func Decide(ctx context.Context, s *engine.State, dir string, solvers []string, timeout time.Duration, steps int) (Outcome, error) {
	start := time.Now()
	m, err := BuildSteps(s, steps)
	if err != nil {
		return Outcome{}, err
	}
	return m.decide(ctx, dir, solvers, timeout, start)
}

// Decide is Decide on a model built already (and perhaps guided: see
// Guide).
func (m *Model) Decide(ctx context.Context, dir string, solvers []string, timeout time.Duration) (Outcome, error) {
	return m.decide(ctx, dir, solvers, timeout, time.Now())
}

// decide writes the model and runs the solvers; the encoding's time is
// counted from start.
func (m *Model) decide(ctx context.Context, dir string, solvers []string, timeout time.Duration, start time.Time) (Outcome, error) {
	var out Outcome
	out.Vars, out.Clauses = m.Size()
	f, err := os.CreateTemp(dir, "satmodel-*.cnf")
	if err != nil {
		return out, err
	}
	defer os.Remove(f.Name())
	defer os.Remove(LemmaLog(f.Name()))
	if err := m.WriteDIMACS(f); err != nil {
		f.Close()
		return out, err
	}
	if err := f.Close(); err != nil {
		return out, err
	}
	out.Encode = time.Since(start)
	for k, name := range solvers {
		t0 := time.Now()
		cctx, cancel := context.WithTimeout(ctx, timeout)
		a, val, cpu, err := Run(cctx, name, filepath.Clean(f.Name()), m.Vars)
		cancel()
		out.Answers = append(out.Answers, a)
		out.Times = append(out.Times, time.Since(t0))
		out.CPU = append(out.CPU, cpu)
		if err != nil {
			return out, err
		}
		switch {
		case a == Sat:
			moves, err := m.Decode(val)
			if err != nil {
				return out, fmt.Errorf("%s's model does not replay: %w", name, err)
			}
			if k > 0 {
				return out, fmt.Errorf("%s says SAT where %s said UNSAT", name, solvers[0])
			}
			out.Verdict, out.Moves = solver.Won, moves
			return out, nil
		case a == Undecided || m.steps < m.n || m.guided:
			return out, nil
		case k == 0 && LogsLemmas(name):
			t0 := time.Now()
			err := checkLemmaLog(&m.CNF, LemmaLog(f.Name()))
			out.Check = time.Since(t0)
			if err == nil {
				out.Checked, out.Verdict = true, solver.Lost
				return out, nil
			}
			out.CheckErr = err
			// Not a refutation we can check (a preprocessing step,
			// say): the other solvers must confirm.
		}
	}
	if len(solvers) > 1 {
		out.Verdict = solver.Lost
	}
	return out, nil
}

// Version changes whenever a change to the model could change a verdict
// (survey runs of the model record it, as "sat-" + Version).
//
// Version 3 takes redeals that turn the waste over (Odd and Even); for a
// game without one its clauses say what version 2's said.
const Version = "3"

// checkLemmaLog checks the lemma log at path (ReadLemmas) as a
// refutation of f (CheckRUP).
func checkLemmaLog(f *CNF, path string) error {
	r, err := os.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	lemmas, err := ReadLemmas(bufio.NewReaderSize(r, 1<<20), path)
	if err != nil {
		return err
	}
	return CheckRUP(f, lemmas)
}
