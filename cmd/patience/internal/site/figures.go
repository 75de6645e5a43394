package site

import (
	"errors"
	"fmt"
	"maps"
	"math/big"
	"path"
	"slices"
	"strings"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/fairplay"
	"github.com/patience-solitaire/patience/engine/srcpos"
	"github.com/patience-solitaire/patience/engine/survey"
)

// Figures quoted in page text, {{odds:SLUG[/VARIANT]:KEY}} (package
// markup), come from the files of content/odds:
//
//	SLUG.json            (package odds) deals, first, last, won, lost,
//	                     unknown, decided (won and lost), ceiling (won
//	                     and unknown), rate, low, high, date, exact,
//	                     exact-fraction (the engine's where it has one),
//	                     median and p99 (the time a deal took, "12 ms")
//	SLUG.survey.jsonl    (package solver) solver: the version of the
//	                     survey's last run (SLUG.VARIANT.survey.jsonl
//	                     for a variant)
//	SLUG.fair.jsonl      (package fairplay) fair-lower, fair-lower-low,
//	                     fair-lower-high, fair-lower-deals,
//	                     fair-lower-first, fair-lower-last,
//	                     fair-lower-samples, fair-lower-limit, the same
//	                     for fair-upper, and fair-seed
//
// Counts are written with thousands separators, rates as percentages
// like the odds box's. A page that quotes a figure depends on the file
// it comes from, so that patience serve rebuilds it when the file
// changes; a figure the data lacks fails the build at its position.

// figures returns the figure lookup of a page, which notes the files it
// reads in rec.
func (b *builder) figures(rec *reads) markup.Figures {
	rd := b.reader(rec)
	return func(game, variant, key string) (string, error) {
		g, err := lookup(game, variant)
		if err != nil {
			return "", fmt.Errorf("unknown odds key %s: %v", key, err)
		}
		jsonFile := path.Join(contentName, oddsFile(g.Slug))
		switch {
		case strings.HasPrefix(key, "fair-"):
			return rd.fairFigure(g, key)
		case key == "solver":
			sv, err := rd.survey(g)
			if err != nil {
				return "", b.knockOnIfUnreadable(fmt.Errorf("unknown odds key solver for %s: %w", g.Key(), err))
			}
			h := sv.Last
			if h == nil {
				h = sv.Header
			}
			if h == nil || h.Solver == "" || h.Game != g.Slug || h.Variant != g.Variant {
				return "", fmt.Errorf("unknown odds key solver for %s: %s has no survey of it", g.Key(), path.Join(contentName, surveyFile(g.Slug, g.Variant)))
			}
			return h.Solver, nil
		case key == "exact" || key == "exact-fraction":
			x, bad := rd.exact(g)
			switch {
			case x == nil && bad:
				return "", b.knockOn(fmt.Errorf("unknown odds key %s: %s does not read", key, jsonFile))
			case x == nil:
				return "", fmt.Errorf("unknown odds key %s: %s has no exact probability, from the engine or in %s", key, g.Key(), jsonFile)
			case key == "exact-fraction":
				return groupedFraction(x), nil
			}
			return ratPercent(x), nil
		}
		r, bad := rd.odds(g)
		switch {
		case r == nil && bad:
			return "", b.knockOn(fmt.Errorf("unknown odds key %s: %s does not read", key, jsonFile))
		case r == nil:
			return "", fmt.Errorf("unknown odds key %s: no results for %s in %s", key, g.Key(), jsonFile)
		}
		v, ok := oddsFigure(r, key)
		if !ok {
			x, _ := rd.exact(g)
			return "", fmt.Errorf("unknown odds key %s for %s in %s (known: %s)", key, g.Key(), jsonFile, strings.Join(knownOddsKeys(r, x != nil), ", "))
		}
		return v, nil
	}
}

// oddsKeys are the keys of a survey's figures.
var oddsKeys = []string{"deals", "first", "last", "won", "lost", "unknown", "decided", "ceiling", "rate", "low", "high", "date", "median", "p99"}

// knownOddsKeys lists the figures of an odds file r, and exact if the
// game has an exact probability.
func knownOddsKeys(r *survey.Odds, exact bool) []string {
	var out []string
	for _, k := range oddsKeys {
		if _, ok := oddsFigure(r, k); ok {
			out = append(out, k)
		}
	}
	if exact {
		out = append(out, "exact")
	}
	return append(out, "solver")
}

// oddsFigure returns a figure of a game's odds file.
func oddsFigure(r *survey.Odds, key string) (string, bool) {
	if !r.Measured() {
		return "", false
	}
	count := func(n int) string { return group(big.NewInt(int64(n))) }
	deal := func(n uint64) string { return group(new(big.Int).SetUint64(n)) }
	low, high := r.Interval()
	switch key {
	case "deals":
		return count(r.N()), true
	case "first":
		return deal(r.First), true
	case "last":
		return deal(r.Last), true
	case "won":
		return count(r.Won), true
	case "lost":
		return count(r.Lost), true
	case "unknown":
		return count(r.Unknown), true
	case "decided":
		return percent(float64(r.Won+r.Lost) / float64(r.N())), true
	case "ceiling":
		return percent(float64(r.Won+r.Unknown) / float64(r.N())), true
	case "rate":
		return percent(r.Rate()), true
	case "low":
		return percent(low), true
	case "high":
		return percent(high), true
	case "date":
		return r.Date, r.Date != ""
	case "median":
		return millis(r.MedianMS), r.MedianMS > 0
	case "p99":
		return millis(r.P99MS), r.P99MS > 0
	}
	return "", false
}

// loadFair checks the fair-play file of the game slug: a file that does
// not read, or names another game, fails the build.
func (b *builder) loadFair(slug string) {
	show := path.Join(contentName, fairFile(slug))
	all, err := b.readFair(slug)
	if err != nil {
		b.errs.add(srcpos.Pos{File: show, Line: 1, Col: 1}, err)
		return
	}
	for _, v := range slices.Sorted(maps.Keys(all)) {
		if s := all[v]; s.Game != slug {
			b.errs.addf(srcpos.Pos{File: show, Line: 1, Col: 1}, "results of %s in the file of %s", s.Game, slug)
		} else if _, err := engine.Lookup(slug, v); err != nil {
			b.errs.addf(srcpos.Pos{File: show, Line: 1, Col: 1}, "%v", err)
		}
	}
}

// fairOdds returns what the odds box shows of g's fair-play results, or
// nil without any.
func (rd *gameReader) fairOdds(g *engine.Game) *FairOdds {
	if g.RedealKind != engine.ShuffleFans {
		return nil
	}
	s, err := rd.fair(g)
	if err != nil || s == nil || s.Lower.Deals == 0 {
		return nil
	}
	f := &FairOdds{Lower: percent(s.Lower.Rate), LowerLow: percent(s.Lower.Low), LowerHigh: percent(s.Lower.High),
		Data: fairFile(g.Slug)}
	if s.Upper.Deals > 0 {
		f.Upper, f.UpperLow, f.UpperHigh = percent(s.Upper.Rate), percent(s.Upper.Low), percent(s.Upper.High)
	}
	return f
}

// fairFigure returns a figure of a game's fair-play file.
func (rd *gameReader) fairFigure(g *engine.Game, key string) (string, error) {
	show := path.Join(contentName, fairFile(g.Slug))
	s, err := rd.fair(g)
	if err != nil {
		return "", rd.b.knockOnIfUnreadable(fmt.Errorf("unknown odds key %s for %s: %w", key, g.Key(), err))
	}
	if s == nil {
		return "", fmt.Errorf("unknown odds key %s: %s has no results for %s", key, show, g.Key())
	}
	count := func(n int) string { return group(big.NewInt(int64(n))) }
	deal := func(n uint64) string { return group(new(big.Int).SetUint64(n)) }
	figs := map[string]string{"fair-seed": fmt.Sprint(s.Seed)}
	for _, e := range []struct {
		name string
		est  fairplay.Estimate
	}{{"fair-lower", s.Lower}, {"fair-upper", s.Upper}} {
		if e.est.Deals == 0 {
			continue
		}
		figs[e.name] = percent(e.est.Rate)
		figs[e.name+"-low"] = percent(e.est.Low)
		figs[e.name+"-high"] = percent(e.est.High)
		figs[e.name+"-deals"] = count(e.est.Deals)
		figs[e.name+"-first"] = deal(e.est.First)
		figs[e.name+"-last"] = deal(e.est.Last)
		figs[e.name+"-samples"] = count(e.est.Samples)
		figs[e.name+"-limit"] = count(e.est.Limit)
	}
	v, ok := figs[key]
	if !ok {
		known := make([]string, 0, len(figs))
		for k := range figs {
			known = append(known, k)
		}
		slices.Sort(known)
		return "", fmt.Errorf("unknown odds key %s for %s in %s (known: %s)", key, g.Key(), show, strings.Join(known, ", "))
	}
	return v, nil
}

// knockOn marks err, the error of a figure whose data file does not read,
// as a knock-on error (markup.ErrReported): loadOdds reports the file's
// own error, and the figures that quote it are left out, so that the
// root error is not listed after tens of figures that lack it. If no
// error has been reported (which should not happen: loadOdds runs before
// the pages), err stays as it is, so that a build never passes with a
// figure left out.
func (b *builder) knockOn(err error) error {
	if b.errs.empty() {
		return err
	}
	return fmt.Errorf("%w (%w)", err, markup.ErrReported)
}

// unreadable is the error of a data file that exists but does not read.
type unreadable struct{ err error }

func (e *unreadable) Error() string { return e.err.Error() }
func (e *unreadable) Unwrap() error { return e.err }

// knockOnIfUnreadable is knockOn for the error of a figure whose data
// file exists but does not read, and err as it is otherwise.
func (b *builder) knockOnIfUnreadable(err error) error {
	var u *unreadable
	if errors.As(err, &u) {
		return b.knockOn(err)
	}
	return err
}
