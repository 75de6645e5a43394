package solver

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
)

// The guard: the solver re-solves a fixed sample of the verdicts recorded
// in content/odds/*.survey.jsonl, and no verdict it reaches may
// contradict the record (a win is replayed; a loss is a proof, so a
// recorded win proved lost, or a recorded loss won, is a bug). The
// routine test takes a few cheap deals a game at a small node budget;
// with -guard it takes every recorded loss and decided deals spread over
// the range up to 50 a game, at the default node budget without a time
// limit (deterministic; 1934 deals, 46 minutes on two cores shared with
// other jobs):
//
//	go test ./engine/solver -run TestGuard -guard -timeout 2h -v
var fullGuard = flag.Bool("guard", false, "re-solve every recorded loss and 50 deals a game (slow)")

// recorded is one game's recorded verdicts, by deal, and the nodes
// the recording run spent on each.
type recorded struct {
	slug, variant string
	verdict       map[uint64]Verdict
	nodes         map[uint64]int64
}

// readRecorded reads a survey file; a deal's decided verdict stands over
// a later unknown one (a rerun at another budget), and two decided
// verdicts that differ fail the test. The verdicts of a run by another
// method (a header with "method": the SAT model's losses, which the
// solver cannot reach) are not the solver's, and are left out.
func readRecorded(t *testing.T, path string) recorded {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := recorded{verdict: map[uint64]Verdict{}, nodes: map[uint64]int64{}}
	sc := bufio.NewScanner(f)
	other := false // the lines of a run by another method
	for line := 1; sc.Scan(); line++ {
		var o struct {
			Survey  int    `json:"survey"`
			Game    string `json:"game"`
			Variant string `json:"variant"`
			Deal    uint64 `json:"deal"`
			Result  string `json:"result"`
			Nodes   int64  `json:"nodes"`
			Method  string `json:"method"`
		}
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		if o.Survey > 0 {
			r.slug, r.variant, other = o.Game, o.Variant, o.Method != ""
			continue
		}
		if other {
			continue
		}
		v, err := ParseVerdict(o.Result)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		old, ok := r.verdict[o.Deal]
		switch {
		case ok && old != Unknown && v != Unknown && old != v:
			t.Fatalf("%s:%d: deal %d recorded %s and %s", path, line, o.Deal, old, v)
		case ok && v == Unknown:
		default:
			r.verdict[o.Deal], r.nodes[o.Deal] = v, o.Nodes
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return r
}

// guardSample returns the deals to re-solve: with full, every recorded
// loss and decided deals spread evenly over the rest up to 50; otherwise
// the n losses and the n wins that the recording spent fewest nodes on.
func guardSample(r recorded, full bool, n int) []uint64 {
	var lost, won []uint64
	for d, v := range r.verdict {
		switch v {
		case Lost:
			lost = append(lost, d)
		case Won:
			won = append(won, d)
		}
	}
	slices.Sort(lost)
	slices.Sort(won)
	if full {
		out := lost
		if k := 50 - len(lost); k > 0 && len(won) > 0 {
			for i := range min(k, len(won)) {
				out = append(out, won[i*len(won)/min(k, len(won))])
			}
		}
		return out
	}
	cheap := func(ds []uint64) []uint64 {
		slices.SortStableFunc(ds, func(a, b uint64) int { return int(r.nodes[a] - r.nodes[b]) })
		return ds[:min(n, len(ds))]
	}
	return append(cheap(lost), cheap(won)...)
}

func TestGuard(t *testing.T) {
	files, err := filepath.Glob("../../content/odds/*.survey.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no survey files: %v", err)
	}
	opt := Options{MaxNodes: 20_000, Timeout: -1}
	if *fullGuard {
		opt.MaxNodes = DefaultMaxNodes
	}
	for _, path := range files {
		r := readRecorded(t, path)
		name := strings.TrimSuffix(filepath.Base(path), ".survey.jsonl")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g, err := engine.Lookup(r.slug, r.variant)
			if err != nil {
				t.Fatal(err)
			}
			sample := guardSample(r, *fullGuard, 3)
			var (
				mu       sync.Mutex
				same     int
				wg       sync.WaitGroup
				next     = make(chan uint64)
				mismatch []string
			)
			for range 2 {
				wg.Go(func() {
					for d := range next {
						s := g.Deal(pysolrand.Deal{N: d})
						res, err := Solve(context.Background(), s, opt)
						if err != nil {
							t.Errorf("deal %d: %v", d, err)
							continue
						}
						mu.Lock()
						switch want := r.verdict[d]; {
						case res.Verdict == want:
							same++
						case res.Verdict != Unknown:
							mismatch = append(mismatch, fmt.Sprintf("%s deal %d: %s, recorded %s", name, d, res.Verdict, want))
						}
						mu.Unlock()
					}
				})
			}
			for _, d := range sample {
				next <- d
			}
			close(next)
			wg.Wait()
			for _, m := range mismatch {
				t.Error(m)
			}
			t.Logf("%d deals, %d verdicts as recorded, %d unknown at %d nodes", len(sample), same, len(sample)-same-len(mismatch), opt.MaxNodes)
		})
	}
}
