package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/replay"
)

// runDeal prints a deal's starting layout: patience deal GAME --deal N
// [--variant V] [--json].
func runDeal(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("deal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dealFlag := fs.String("deal", "", "deal number, as in PySolFC (e.g. 123456 or ms123)")
	variant := fs.String("variant", "", "rules variant (default: the standard rules)")
	asJSON := fs.Bool("json", false, `print {"game","variant","deal","piles":[...]} as in format 1`)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: patience deal GAME --deal N [--variant V] [--json]")
		fs.PrintDefaults()
	}
	g, d, err := gameAndDeal(fs, args, dealFlag, variant)
	if err != nil {
		return err
	}
	s := g.Deal(d)
	if !*asJSON {
		fmt.Fprintf(stdout, "%s, deal %s\n%s", g.Name, d, s)
		return nil
	}
	out := struct {
		Game    string              `json:"game"`
		Variant string              `json:"variant"`
		Deal    string              `json:"deal"`
		Piles   []replay.ExportPile `json:"piles"`
	}{g.Slug, g.Variant, d.String(), replay.ExportLayout(s)}
	b, _ := json.MarshalIndent(out, "", "  ")
	fmt.Fprintf(stdout, "%s\n", b)
	return nil
}

// gameAndDeal parses "GAME --deal N [--variant V]" for deal and solve.
func gameAndDeal(fs *flag.FlagSet, args []string, dealFlag, variant *string) (*engine.Game, pysolrand.Deal, error) {
	game, err := parseGameFlags(fs, args)
	if err != nil {
		return nil, pysolrand.Deal{}, err
	}
	if game == "" || *dealFlag == "" {
		fs.Usage()
		return nil, pysolrand.Deal{}, usageError{fmt.Errorf("%s: need a game and --deal", fs.Name())}
	}
	g, err := engine.Lookup(game, *variant)
	if err != nil {
		return nil, pysolrand.Deal{}, err
	}
	d, err := pysolrand.ParseDeal(*dealFlag)
	if err != nil {
		return nil, pysolrand.Deal{}, err
	}
	return g, d, nil
}
