package diagram

import (
	"fmt"
	"strings"

	"github.com/patience-solitaire/patience/engine"
)

// Row is one line of a game's rules summary: a heading ("Fans t1–t18")
// and one or more statements about it.
type Row struct {
	Label string
	Items []string
}

// Summary is the rules summary table of g, made from its declaration:
// the cards, the deal, each group of piles with its rules, the redeals,
// the special rules and the goal.
func Summary(g *engine.Game) []Row {
	counts := StartCounts(g)
	rows := []Row{
		{"Cards", []string{g.Pack.String()}},
		{"Deal", []string{dealText(g, counts)}},
	}
	waste := idsOf(g, engine.Waste)
	for _, gr := range groups(g) {
		p := gr.first()
		label := capitalize(groupNoun(gr)) + " " + gr.names()
		var items []string
		switch p.Kind {
		case engine.Tableau:
			switch {
			case p.Build != engine.BuildNone && p.Runs && p.Fill == engine.FillKings:
				// Empty columns take only a King: they never help (engine.State.MaxRun).
				items = append(items, "built "+p.Build.String()+"; a run so built moves as one, as many cards as the free cells allow: cells + 1")
			case p.Build != engine.BuildNone && p.Runs && len(g.PilesOf(engine.Cell)) == 0:
				// No cells: a run goes as far as the empty columns could carry it one card at a time.
				items = append(items, "built "+p.Build.String()+"; a run so built moves as one, as many cards as the empty columns allow: 2^(empty columns), half that into an empty column")
			case p.Build != engine.BuildNone && p.Runs:
				items = append(items, "built "+p.Build.String()+"; a run so built moves as one, as many cards as the free cells and empty columns allow: (cells + 1) × 2^(empty columns), half that into an empty column")
			case p.Build != engine.BuildNone:
				items = append(items, "built "+p.Build.String()+", one card at a time")
			default:
				items = append(items, "nothing is built on them")
			}
			if p.MaxLen > 0 {
				items = append(items, fmt.Sprintf("at most %d cards to a pile", p.MaxLen))
			}
			switch {
			case p.ToFoundationOnly:
				items = append(items, "only the exposed card plays, and only to the foundations")
			case !p.Runs:
				items = append(items, "only the exposed card plays")
			}
			if say := g.Summary(engine.RowFill); len(say) > 0 {
				items = append(items, say...)
			} else {
				items = append(items, "an emptied one is "+p.Fill.String())
			}
		case engine.Foundation:
			items = foundationItems(gr)
		case engine.Reserve:
			items = append(items, "each space holds one card, available at once")
			if p.ToFoundationOnly {
				items = append(items, "its cards play only to the foundations")
			}
			if p.Refill {
				items = append(items, "an emptied space is refilled at once from the waste, or from the stock while the waste is empty")
			}
		case engine.Stock:
			switch say := g.Summary(engine.RowStock); {
			case len(say) > 0:
				items = append(items, say...)
			case len(waste) > 0:
				items = append(items, "turned one card at a time onto the waste "+waste[0])
			}
		case engine.Waste:
			items = append(items, "its top card is available")
		case engine.Cell:
			items = append(items, "each holds one card, any available card", "its card plays to a foundation or onto a pile")
		}
		rows = append(rows, Row{label, items})
	}
	redeal := "none"
	if g.Redeals > 0 {
		redeal = fmt.Sprintf("%s: %s", times(g.Redeals), g.DescribeRedeal())
		if say := g.Summary(engine.RowRedeals); len(say) > 0 {
			redeal = strings.Join(say, "; ")
		}
	}
	rows = append(rows, Row{"Redeals", []string{redeal}})
	var special []string
	if g.DealRearranged() {
		if onFoundations(g, counts) > 0 {
			special = append(special, "the base cards are taken out of the pack and dealt to the foundations first")
		} else {
			special = append(special, "the shuffled cards are rearranged by a rule of the game before they are dealt (see the rules in full)")
		}
	}
	special = append(special, g.Summary(engine.RowSpecial)...)
	if g.AllForced() {
		special = append(special, "every move is made by the rules: there is nothing to decide")
	}
	if len(special) == 0 {
		special = []string{"none"}
	}
	rows = append(rows, Row{"Special rules", special})
	goal := fmt.Sprintf("all %d cards on the foundations", g.Cards())
	if g.Goal() != g.Cards() {
		goal = fmt.Sprintf("%d cards on the foundations", g.Goal())
	}
	rows = append(rows, Row{"Goal", []string{goal}})
	return rows
}

func idsOf(g *engine.Game, k engine.PileKind) []string {
	var out []string
	for _, i := range g.PilesOf(k) {
		out = append(out, g.Piles[i].ID)
	}
	return out
}

func onFoundations(g *engine.Game, counts []int) int {
	n := 0
	for _, i := range g.PilesOf(engine.Foundation) {
		n += counts[i]
	}
	return n
}

func times(n int) string {
	switch n {
	case 1:
		return "one"
	case 2:
		return "two"
	case 3:
		return "three"
	}
	return fmt.Sprint(n)
}

// groupNoun is the plural noun of a group's piles: "fans", "left wing
// columns", "foundation" for a single one.
func groupNoun(gr *group) string {
	p := gr.first()
	switch p.Kind {
	case engine.Stock:
		return "stock"
	case engine.Waste:
		return "waste"
	}
	// phrase is "N nouns ids ..." or "a noun id ...".
	s := phrase(gr)
	s = strings.TrimPrefix(s, "a ")
	if _, rest, ok := strings.Cut(s, " "); ok && len(gr.piles) > 1 {
		s = rest
	}
	noun, _, _ := strings.Cut(s, " "+gr.names())
	return noun
}

// foundationItems lists a foundation group's distinct rules, each with
// the piles that follow it: "f1, f5: A♣ up to K".
func foundationItems(gr *group) []string {
	var order []string
	piles := map[string][]string{}
	for _, p := range gr.piles {
		d := p.Found.Describe()
		if _, ok := piles[d]; !ok {
			order = append(order, d)
		}
		piles[d] = append(piles[d], p.ID)
	}
	items := make([]string, len(order))
	for i, d := range order {
		items[i] = strings.Join(piles[d], ", ") + ": " + d
	}
	return items
}

// dealText says how many cards each pile gets at the start, runs of piles
// alike taken together: "t1–t17: 3 cards each; t18: 1 card".
func dealText(g *engine.Game, counts []int) string {
	var parts []string
	for i := 0; i < len(g.Piles); {
		j := i + 1
		for j < len(g.Piles) && counts[j] == counts[i] && sameGroup(g.Piles[i], g.Piles[j]) {
			j++
		}
		if counts[i] > 0 {
			ids := g.Piles[i].ID
			each := ""
			if j-i > 1 {
				ids += "–" + g.Piles[j-1].ID
				each = " each"
			}
			parts = append(parts, fmt.Sprintf("%s: %d card%s%s", ids, counts[i], plural(counts[i]), each))
		}
		i = j
	}
	return strings.Join(parts, "; ")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
