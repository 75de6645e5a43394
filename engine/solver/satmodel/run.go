package satmodel

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Answer is a SAT solver's verdict.
type Answer uint8

const (
	Undecided Answer = iota // the time ran out (or the solver gave up)
	Sat
	Unsat
)

func (a Answer) String() string { return [...]string{"undecided", "sat", "unsat"}[a] }

// Solvers are the external SAT solvers the package runs, by name: the
// first decides, the others confirm an UNSAT verdict (Debian's packages
// cadical, picosat, minisat, cryptominisat and clasp). Each is
// independent code. clasp also logs the lemmas it learns, so that
// CheckRUP confirms its UNSAT verdicts itself (LogsLemmas).
var Solvers = []string{"cadical", "picosat", "minisat", "cryptominisat5", "clasp"}

// LogsLemmas reports whether Run has the named solver log its lemmas to
// LemmaLog(cnf).
func LogsLemmas(name string) bool { return name == "clasp" }

// LemmaLog is the file where a solver that LogsLemmas writes the lemmas
// it learns solving the DIMACS file cnf.
func LemmaLog(cnf string) string { return cnf + ".lemmas" }

// Available reports whether the named solver's program is installed.
func Available(name string) bool {
	_, err := exec.LookPath(name)
	return err == nil
}

// Run solves the DIMACS file cnf with the named solver until ctx ends.
// For Sat it returns the model: val[v] is variable v's value (v ≥ 1) for
// a formula of vars variables. cpu is the processor time the solver
// used (on a busy machine, much less than the wall time).
func Run(ctx context.Context, name, cnf string, vars int) (a Answer, val []bool, cpu time.Duration, err error) {
	var cmd *exec.Cmd
	var out string
	switch name {
	case "cadical":
		cmd = exec.CommandContext(ctx, "cadical", "-q", cnf)
	case "picosat":
		cmd = exec.CommandContext(ctx, "picosat", cnf)
	case "cryptominisat5":
		cmd = exec.CommandContext(ctx, "cryptominisat5", "--verb=0", cnf)
	case "clasp":
		// Its lemmas go to LemmaLog(cnf), for CheckRUP; without the
		// preprocessing, whose clauses the log lacks (lemmas learnt from
		// them fail the check: 4 of Royal Cotillion's 18 SAT losses).
		cmd = exec.CommandContext(ctx, "clasp", "--verbose=0", "--sat-prepro=0",
			"--lemma-out="+LemmaLog(cnf), "--lemma-out-dom=input", cnf)
	case "minisat":
		out = filepath.Join(filepath.Dir(cnf), filepath.Base(cnf)+".minisat")
		defer os.Remove(out)
		cmd = exec.CommandContext(ctx, "minisat", "-verb=0", cnf, out)
	default:
		return Undecided, nil, 0, fmt.Errorf("satmodel: unknown solver %q", name)
	}
	stdout, err := cmd.Output()
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if ctx.Err() != nil {
		return Undecided, nil, cpu, nil
	}
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && (ee.ExitCode() == 10 || ee.ExitCode() == 20)) {
		return Undecided, nil, cpu, fmt.Errorf("satmodel: %s: %w", name, err)
	}
	text := string(stdout)
	if out != "" {
		b, err := os.ReadFile(out)
		if err != nil {
			return Undecided, nil, cpu, fmt.Errorf("satmodel: minisat: %w", err)
		}
		// minisat writes "SAT" then the model, or "UNSAT".
		text = strings.Replace(string(b), "UNSAT", "s UNSATISFIABLE", 1)
		if rest, ok := strings.CutPrefix(text, "SAT\n"); ok {
			text = "s SATISFIABLE\nv " + rest
		}
	}
	a, val, err = parse(text, vars)
	return a, val, cpu, err
}

// parse reads the competition output format: "s SATISFIABLE" and "v"
// lines of literals, or "s UNSATISFIABLE".
func parse(text string, vars int) (Answer, []bool, error) {
	a := Undecided
	val := make([]bool, vars+1)
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "s "):
			switch strings.TrimSpace(line[2:]) {
			case "SATISFIABLE":
				a = Sat
			case "UNSATISFIABLE":
				a = Unsat
			}
		case strings.HasPrefix(line, "v "):
			for _, f := range strings.Fields(line[2:]) {
				n, err := strconv.Atoi(f)
				if err != nil {
					return Undecided, nil, fmt.Errorf("satmodel: bad literal %q", f)
				}
				if n > 0 && n <= vars {
					val[n] = true
				}
			}
		}
	}
	if a != Sat {
		val = nil
	}
	return a, val, sc.Err()
}
