// Package runner solves the deals of a survey on all cores with package
// solver. It is apart from package survey, whose formats the site reads,
// so that reading a survey does not link the solver.
package runner

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/engine/solver"
	"github.com/patience-solitaire/patience/engine/survey"
)

// Runner solves deals of one game on many cores.
type Runner struct {
	Game    *engine.Game
	Deals   []uint64 // in increasing order
	Jobs    int      // workers; 0 means runtime.NumCPU()
	Options solver.Options
	// Progress, if set, is called after each deal with the number done.
	Progress func(done, total int)
}

// Run solves every deal and calls emit with the results in increasing
// order of deal number, each as soon as it and every deal before it are
// done (so a file written by emit stays sorted and can be resumed).
// It stops at the first error of emit or of the solver, or when ctx is
// done (then it returns ctx.Err() after emitting the deals finished).
func (sv *Runner) Run(ctx context.Context, emit func(survey.DealResult) error) error {
	jobs := Workers(sv.Jobs, len(sv.Deals))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type done struct {
		i   int
		r   survey.DealResult
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
	pending := map[int]survey.DealResult{}
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
		if ctx.Err() != nil && d.r.Result == solver.Unknown.String() {
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

// Workers returns the number of workers a survey of deals deals runs
// when asked for jobs (0: one per core): never more than the deals, nor
// than the cores the Go runtime uses, since each worker keeps one core
// busy and more only cost memory (a goroutine and a search each).
func Workers(jobs, deals int) int {
	cores := runtime.GOMAXPROCS(0)
	if jobs <= 0 || jobs > cores {
		jobs = cores
	}
	return max(1, min(jobs, deals))
}

// SolveDeal solves deal n of game g and returns its survey line.
func SolveDeal(ctx context.Context, g *engine.Game, n uint64, opt solver.Options) (survey.DealResult, error) {
	d := pysolrand.Deal{N: n}
	if err := d.Validate(); err != nil {
		return survey.DealResult{}, err
	}
	s := g.Deal(d)
	res, err := solver.Solve(ctx, s, opt)
	if err != nil {
		return survey.DealResult{}, fmt.Errorf("deal %d: %w", n, err)
	}
	search := survey.ElapsedMS(res.Search)
	return survey.DealResult{
		Deal:     n,
		Result:   res.Verdict.String(),
		MS:       survey.ElapsedMS(res.Elapsed),
		SearchMS: &search,
		Nodes:    res.Nodes,
		Moves:    len(res.Moves),
	}, nil
}
