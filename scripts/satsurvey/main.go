// Command satsurvey runs the SAT model of engine/solver/satmodel on
// deals of a game, one at a time, and prints one JSON line per deal: the
// verdict (a win replayed by the engine; a loss only when every
// confirming solver says UNSAT too), the model's size and the solvers'
// times. It is the experiment of issue 44 (engine/solver/TUNING.md, "A
// SAT model"); it needs Debian's cadical, picosat and minisat.
//
//	go run ./scripts/satsurvey -game royal-cotillion -deals 8,14 -timeout 2m
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/engine/solver/satmodel"
)

type line struct {
	Deal     int       `json:"deal"`
	Result   string    `json:"result"`
	Method   string    `json:"method"`
	Vars     int       `json:"vars"`
	Clauses  int       `json:"clauses"`
	EncodeMS float64   `json:"encode_ms"`
	Solvers  []string  `json:"solvers"`
	Answers  []string  `json:"answers"`
	MS       []float64 `json:"ms"`
	Moves    int       `json:"moves,omitempty"`
}

func main() {
	game := flag.String("game", "royal-cotillion", "game slug")
	variant := flag.String("variant", "", "variant")
	deals := flag.String("deals", "", "deal numbers, comma-separated")
	timeout := flag.Duration("timeout", 2*time.Minute, "time per solver run")
	solvers := flag.String("solvers", "cadical,picosat", "the deciding solver, then the confirming ones")
	steps := flag.Int("steps", 0, "steps of the model (0: one per card, complete)")
	dump := flag.String("cnf", "", "write the first deal's model to this DIMACS file and stop")
	flag.Parse()
	g, err := engine.Lookup(*game, *variant)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	names := strings.Split(*solvers, ",")
	enc := json.NewEncoder(os.Stdout)
	for _, f := range strings.Split(*deals, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		d, err := pysolrand.ParseDeal(strconv.Itoa(n))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		if *dump != "" {
			if err := write(*dump, g.Deal(d), *steps); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			return
		}
		out, err := satmodel.Decide(context.Background(), g.Deal(d), os.TempDir(), names, *timeout)
		if err != nil {
			fmt.Fprintf(os.Stderr, "deal %d: %v\n", n, err)
			os.Exit(1)
		}
		l := line{Deal: n, Result: out.Verdict.String(), Method: "sat", Vars: out.Vars, Clauses: out.Clauses,
			EncodeMS: ms(out.Encode), Solvers: names[:len(out.Answers)], Moves: len(out.Moves)}
		for k, a := range out.Answers {
			l.Answers = append(l.Answers, a.String())
			l.MS = append(l.MS, ms(out.Times[k]))
		}
		enc.Encode(l)
	}
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
