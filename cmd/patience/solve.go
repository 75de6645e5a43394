package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/patience-solitaire/patience/engine/solver"
	"github.com/patience-solitaire/patience/replay"
)

const solveUsage = "usage: patience solve GAME --deal N [--variant V] [--budget NODES] [--timeout DUR] [--shorten NODES] [--title TEXT] [--trace]"

// runSolve solves one deal and prints the winning line as a replay that
// patience verify accepts. A deal proved lost, or not decided within the
// budget, is reported on stderr with exit status 1.
func runSolve(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dealFlag := fs.String("deal", "", "deal number, as in PySolFC (e.g. 123456 or ms123)")
	variant := fs.String("variant", "", "rules variant (default: the standard rules)")
	budget := fs.Int64("budget", solver.DefaultMaxNodes, "most positions to search")
	timeout := fs.Duration("timeout", solver.DefaultTimeout, "most time to search")
	shorten := fs.Int64("shorten", 200_000, "positions to spend looking for a shorter win")
	title := fs.String("title", "", "title of the printed replay")
	trace := fs.Bool("trace", false, "print each phase's end and each beam's on stderr, with positions and time")
	fs.Usage = func() {
		fmt.Fprintln(stderr, solveUsage)
		fs.PrintDefaults()
	}
	g, d, err := gameAndDeal(fs, args, dealFlag, variant)
	if err != nil {
		return err
	}
	if *budget <= 0 || *timeout <= 0 || *shorten < 0 {
		return usageError{errors.New("--budget and --timeout must be positive, --shorten not negative\n" + solveUsage)}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	s := g.Deal(d)
	opt := solver.Options{MaxNodes: *budget, Timeout: *timeout, Shorten: *shorten}
	if *trace {
		opt.Trace = stderr
	}
	res, err := solver.Solve(ctx, s, opt)
	if err != nil {
		return err
	}
	what := fmt.Sprintf("%s deal %s", g.Key(), d)
	switch res.Verdict {
	case solver.Won:
	case solver.Lost:
		return fmt.Errorf("%s is lost: the search exhausted every line (%d positions, %v)", what, res.Nodes, res.Elapsed.Round(time.Millisecond))
	default:
		return fmt.Errorf("%s is undecided: the budget ran out after %d positions, %v (try a larger --budget or --timeout)", what, res.Nodes, res.Elapsed.Round(time.Millisecond))
	}
	r := replay.FromMoves(g, d.String(), *title, res.Moves)
	// Print only what the verifier accepts.
	text := replay.Format(r)
	parsed, err := replay.Parse("solution", 1, text)
	if err == nil {
		_, err = replay.Verify(parsed)
	}
	if err != nil {
		return fmt.Errorf("internal error: the solution of %s does not verify: %v", what, err)
	}
	fmt.Fprintf(stderr, "%s: won in %d moves (%d positions, %v)\n", what, len(r.Moves), res.Nodes, res.Elapsed.Round(time.Millisecond))
	_, err = stdout.Write(text)
	return err
}
