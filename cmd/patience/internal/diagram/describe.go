package diagram

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/patience-solitaire/patience/engine"
)

// group is a run of piles declared together that play alike: same kind,
// same name letter, same fan, and for foundations the same base and step.
type group struct {
	piles []engine.PileSpec
	count int // cards at the start, all piles together
	// Bounding box in card widths and heights.
	left, top, right, bottom float64
}

func (g *group) first() engine.PileSpec { return g.piles[0] }

// names is "t1–t35", or the one pile's name.
func (g *group) names() string {
	if len(g.piles) == 1 {
		return g.piles[0].ID
	}
	return g.piles[0].ID + "–" + g.piles[len(g.piles)-1].ID
}

func sameGroup(a, b engine.PileSpec) bool {
	return a.Kind == b.Kind && letters(a.ID) == letters(b.ID) && a.Fan == b.Fan &&
		a.Found.Base == b.Found.Base && a.Found.Step == b.Found.Step && a.Found.AnyRank == b.Found.AnyRank
}

func letters(id string) string { return strings.TrimRight(id, "0123456789") }

// groups splits g's piles into groups, in declaration order.
func groups(g *engine.Game) []*group {
	counts := StartCounts(g)
	var out []*group
	for i, p := range g.Piles {
		var gr *group
		if n := len(out); n > 0 && sameGroup(out[n-1].first(), p) {
			gr = out[n-1]
		} else {
			gr = &group{left: 1e9, top: 1e9}
			out = append(out, gr)
		}
		gr.piles = append(gr.piles, p)
		gr.count += counts[i]
		n := shown(p, counts[i])
		w, h := 1.0, 1.0
		switch p.Fan {
		case 'r':
			w += float64(n-1) * fanRight
		case 'd':
			h += float64(n-1) * fanDown
		}
		x, y := float64(p.X), float64(p.Y)
		gr.left, gr.top = min(gr.left, x), min(gr.top, y)
		gr.right, gr.bottom = max(gr.right, x+w), max(gr.bottom, y+h)
	}
	return out
}

const eps = 1e-6

// rightOf tells whether b is in the same row as a and to its right.
func rightOf(b, a *group) bool {
	return b.left >= a.right-eps && b.top < a.bottom-eps && a.top < b.bottom-eps
}

// below tells whether b is under a, their columns overlapping.
func below(b, a *group) bool {
	return b.top >= a.bottom-eps && b.left < a.right-eps && a.left < b.right-eps
}

// Describe says in words how g's piles are laid out, for the diagram's
// <desc> and for readers who cannot see it, e.g. "8 foundations f1–f8
// from the Aces; below them, 35 fans t1–t35."
func Describe(g *engine.Game) string {
	gs := groups(g)
	order := append([]*group(nil), gs...)
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.top != b.top {
			return a.top < b.top
		}
		return a.left < b.left
	})
	var parts []string
	for i, gr := range order {
		phrase := phrase(gr)
		if i == 0 {
			parts = append(parts, phrase)
			continue
		}
		prev := order[i-1]
		var where string
		switch {
		case rightOf(gr, prev):
			where = "to " + pronoun(prev) + " right"
		case below(gr, prev):
			where = "below " + object(prev)
		default:
			for k := i - 1; k >= 0; k-- {
				if below(gr, order[k]) {
					where = "below " + order[k].names()
					break
				}
			}
			if where == "" {
				for k := i - 1; k >= 0; k-- {
					if rightOf(gr, order[k]) {
						where = "to the right of " + order[k].names()
						break
					}
				}
			}
		}
		if where == "" {
			parts = append(parts, phrase)
		} else {
			parts = append(parts, where+", "+phrase)
		}
	}
	s := strings.Join(parts, "; ") + "."
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

func pronoun(g *group) string {
	if len(g.piles) == 1 {
		return "its"
	}
	return "their"
}

func object(g *group) string {
	if len(g.piles) == 1 {
		return "it"
	}
	return "them"
}

// phrase names a group: "35 fans t1–t35", "the stock s (76 cards)",
// "4 foundations q1–q4 for the Queens (the centre)".
func phrase(gr *group) string {
	p := gr.first()
	switch p.Kind {
	case engine.Stock:
		return fmt.Sprintf("the stock %s (%d cards)", p.ID, gr.count)
	case engine.Waste:
		if gr.count > 0 {
			return fmt.Sprintf("the waste %s (%d card%s)", p.ID, gr.count, plural(gr.count))
		}
		return "the waste " + p.ID
	}
	noun := map[engine.PileKind]string{engine.Tableau: "pile", engine.Foundation: "foundation", engine.Reserve: "reserve", engine.Cell: "free cell"}[p.Kind]
	if p.Kind == engine.Tableau {
		switch p.Fan {
		case 'r':
			noun = "fan"
		case 'd':
			noun = "column"
		}
	}
	var aside string
	if label := commonLabel(gr.piles); label != "" && label != noun {
		switch {
		case strings.HasSuffix(label, " "+noun) || !strings.Contains(label, " ") && !strings.HasPrefix(label, "the"):
			noun = label
		default:
			aside = " (" + label + ")"
		}
	}
	n := len(gr.piles)
	var s string
	if n == 1 {
		s = "a " + noun + " " + p.ID
	} else {
		s = fmt.Sprintf("%d %ss %s", n, noun, gr.names())
	}
	if p.Kind == engine.Foundation {
		f := p.Found
		switch {
		case f.AnyRank:
			s += " for the " + f.Suit.Name()
		case f.Len == 1:
			s += " for the " + rankPlural(f.Base)
		default:
			s += " from the " + rankPlural(f.Base)
		}
	}
	return s + aside
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func rankPlural(r engine.Rank) string {
	n := r.Name()
	if strings.HasSuffix(n, "x") {
		return n + "es"
	}
	return n + "s"
}

var labelNumber = regexp.MustCompile(`(?:,\s*(?:clubs|spades|hearts|diamonds)|\s+\d+)$`)

// commonLabel is the label the piles share once their numbers or suits
// are taken off ("right wing 1" -> "right wing"), or "".
func commonLabel(ps []engine.PileSpec) string {
	var label string
	for i, p := range ps {
		l := labelNumber.ReplaceAllString(p.Label, "")
		if l == "" || i > 0 && l != label {
			return ""
		}
		label = l
	}
	return label
}
