package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/datafile"
	"github.com/patience-solitaire/patience/engine/fairplay"
	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/engine/survey"
)

const fairplayUsage = `usage: patience fairplay GAME --deals A-B --bound lower|upper [--variant V]
                         [--samples N] [--seed S] [--limit POSITIONS] [--json FILE]

Measures the win rate of a game with shuffling redeals (La Belle Lucie)
for a player who sees every card on the table but not how a redeal will
fall: each redeal is a fresh uniform shuffle from a seeded stream.
--bound lower plays the greedy policy (package fairplay) on N sampled
shuffle streams per deal; --bound upper computes the sample-average value
with N shuffles at each redeal. One deal at a time, on one core. The
results are appended to FILE as JSON lines (content/odds/<slug>.fair.jsonl),
a new file or the game's fair-play results (one run at a time), and
summed up at the end.
`

// runFairplay runs "patience fairplay".
func runFairplay(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fairplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	deals := fs.String("deals", "", "deal numbers A-B, both included")
	variant := fs.String("variant", "", "rules variant (default: the standard rules)")
	bound := fs.String("bound", "", "lower (the greedy policy) or upper (the sample-average value)")
	samples := fs.Int("samples", 5, "shuffle streams per deal (lower), shuffles per redeal (upper)")
	seed := fs.Uint64("seed", 1, "seed of the shuffle streams")
	limit := fs.Int("limit", 20000, "positions searched per round at most")
	jsonFile := fs.String("json", "", "append the results to `FILE` as JSON lines")
	fs.Usage = func() {
		fmt.Fprint(stderr, fairplayUsage, "\nFlags:\n")
		fs.PrintDefaults()
	}
	game, err := parseGameFlags(fs, args)
	if err != nil {
		return err
	}
	if game == "" || *deals == "" || (*bound != "lower" && *bound != "upper") {
		fs.Usage()
		return usageError{errors.New("fairplay: need a game, --deals A-B and --bound lower or upper")}
	}
	if *samples < 1 || *limit < 1 {
		return usageError{errors.New("fairplay: --samples and --limit must be at least 1")}
	}
	g, err := engine.Lookup(game, *variant)
	if err != nil {
		return err
	}
	if g.RedealKind != engine.ShuffleFans {
		return fmt.Errorf("%s has no shuffling redeal of its fans: its survey's rate is already a player's", g.Key())
	}
	from, to, err := survey.ParseDealRange(*deals)
	if err != nil {
		return usageError{fmt.Errorf("fairplay: %v", err)}
	}
	out := io.Discard
	if *jsonFile != "" {
		f, err := openFairFile(*jsonFile, g.Slug)
		if err != nil {
			return err
		}
		defer f.Close()
		out = f
	}
	enc := json.NewEncoder(out)
	if err := enc.Encode(fairplay.Header{Fairplay: 1, Game: g.Slug, Variant: g.Variant,
		Engine: survey.Fingerprint(g), Seed: *seed, Limit: *limit}); err != nil {
		return err
	}
	start := time.Now()
	var sum float64
	for d := range survey.Deals(from, to, 1, 1) {
		s := g.Deal(pysolrand.Deal{N: d})
		l := fairplay.Line{Deal: d, Bound: *bound, Samples: *samples}
		if *bound == "lower" {
			for i := range *samples {
				switch fairplay.Greedy(s, fairplay.Seed(*seed, d, i), *limit) {
				case fairplay.Won:
					l.Won++
				case fairplay.Unknown:
					l.Unknown++
				}
			}
			sum += float64(l.Won) / float64(l.Samples)
		} else {
			v := fairplay.Upper(s, *samples, fairplay.Seed(*seed, d, 0), *limit)
			l.Value = &v
			sum += v
		}
		if err := enc.Encode(l); err != nil {
			return err
		}
		n := d - from + 1
		fmt.Fprintf(stderr, "deal %d: mean so far %.4f over %d deals, %s\n", d, sum/float64(n), n, time.Since(start).Round(time.Second))
	}
	fmt.Fprintf(stdout, "%s %s bound: mean %.4f over deals %s (%d samples each)\n", g.Key(), *bound, sum/(float64(to-from)+1), *deals, *samples)
	return nil
}

// openFairFile opens the fair-play results file name of the game slug to
// append to, locked while the run lasts: a new or empty file, or one that
// reads as fair-play results of that game (one file holds the game's
// default rules and its variants), and nothing else.
func openFairFile(name, slug string) (*os.File, error) {
	f, err := datafile.OpenRegular(name, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	if err := datafile.Lock(f); errors.Is(err, datafile.ErrLocked) {
		f.Close()
		return nil, fmt.Errorf("%s: another fairplay run is writing this file (it is locked): wait for it to end, or give this run another file", name)
	} else if err != nil {
		f.Close()
		return nil, err
	}
	data, err := datafile.ReadAll(f, survey.MaxFileSize, "a fair-play results file")
	if err == nil && len(bytes.TrimSpace(data)) > 0 {
		var sums map[string]*fairplay.Summary
		sums, err = fairplay.Read(name, bytes.NewReader(data))
		if err != nil {
			err = fmt.Errorf("%s does not read as fair-play results (%v): nothing appended; give --json the fair-play results of %s or a new file", name, err, slug)
		}
		for _, s := range sums {
			if err == nil && s.Game != slug {
				err = fmt.Errorf("%s holds the fair-play results of %s, not %s: nothing appended", name, s.Game, slug)
			}
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
