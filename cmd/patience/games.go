package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/survey"
)

// runGames lists the games the engine knows: slug, variant, name, pack,
// and the fingerprint of the rules (engine.Game.Fingerprint) that a survey
// records in content/odds/<slug>.json as "engine".
func runGames(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		return usageError{fmt.Errorf("usage: patience games (takes no arguments)")}
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "GAME\tVARIANT\tNAME\tCARDS\tRULES")
	for _, g := range engine.Games() {
		v := g.Variant
		if v == "" {
			v = "-"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", g.Slug, v, g.Name, g.Pack, survey.Fingerprint(g))
	}
	return w.Flush()
}
