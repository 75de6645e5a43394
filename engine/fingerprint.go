package engine

import (
	"fmt"
	"slices"
	"strings"
)

// fingerprintVersion changes when the rules text (RulesText) changes
// shape (a new rule field), so that old fingerprints no longer match.
const fingerprintVersion = 1

// RulesText writes out, one line each, everything about the game that
// changes how a deal plays: the pack, every pile's kind and rules
// (building, filling, length limit, where its cards may go, refilling,
// runs, the foundation's suit, base, step, wrap and length), the
// redeals, the variant's own rules (Game.Rules: merci, reversal, draws
// per round) and its hooks (shuffle hook such as Shamrocks' king rule,
// forced moves, the winning goal). It leaves out what does not: the
// name, the pile labels and the geometry of the layout diagram. The pile
// names are kept, since replays use them.
//
// A survey records a hash of it (survey.Fingerprint), made where it is
// consumed, so that the browser's engine, which never needs one, does
// not link crypto/sha256 (49 KB gzipped).
func (g *Game) RulesText() string {
	var b strings.Builder
	fmt.Fprintf(&b, "fingerprint %d\n", fingerprintVersion)
	fmt.Fprintf(&b, "game %s\npack %d\n", g.Key(), g.Pack)
	for _, p := range g.Piles {
		fmt.Fprintf(&b, "pile %s kind=%d build=%d fill=%d max=%d tofound=%t refill=%t",
			p.ID, p.Kind, p.Build, p.Fill, p.MaxLen, p.ToFoundationOnly, p.Refill)
		if p.Runs {
			// Written only when set, so that the fingerprints of the
			// games declared before runs stay as they were.
			b.WriteString(" runs=true")
		}
		if p.Kind == Foundation {
			f := p.Found
			fmt.Fprintf(&b, " suit=%d base=%d step=%d wrap=%t len=%d anyrank=%t",
				f.Suit, f.Base, f.Step, f.Wrap, f.Len, f.AnyRank)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "redeals %d kind=%d\n", g.Redeals, g.RedealKind)
	// Version 1 wrote the game's own rules of its time in one line, each
	// as key=value with its value for a game without it; a rule writes
	// its own key=value there (Rule.fingerprint), and a rule with another
	// key adds a line of its own after it.
	v1 := []string{"merci=false", "reversal=false", "draws=0"}
	var more []string
	for _, r := range g.rules {
		kv := r.fingerprint()
		if kv == "" {
			continue
		}
		k, _, _ := strings.Cut(kv, "=")
		i := slices.IndexFunc(v1, func(d string) bool { return strings.HasPrefix(d, k+"=") })
		if i < 0 {
			more = append(more, "rule "+kv+"\n")
			continue
		}
		v1[i] = kv
	}
	fmt.Fprintf(&b, "%s goal=%d allforced=%t\n%s", strings.Join(v1, " "), g.Goal(), g.allForced, strings.Join(more, ""))
	// The hooks are code: their presence is recorded, and their
	// behaviour is pinned by the game's key (its slug and variant) above
	// and by the deal tests that compare layouts with PySolFC's.
	fmt.Fprintf(&b, "hooks shuffle=%t deal=%t redeal=%t gather=%t forced=%t won=%t start=%t\n",
		g.shuffleHook != nil, g.deal != nil, g.redeal != nil, g.gather != nil,
		g.forced != nil, g.won != nil, g.start != nil)
	if !g.builtin {
		// A game declared outside the engine has no deal test: its
		// deal and shuffle procedure are part of its rules text.
		b.WriteString(g.plan)
	}
	return b.String()
}

// DealRearranged reports whether the game rearranges the shuffled cards
// before dealing them (a shuffle hook, as PySolFC's _shuffleHook): the
// king rule of Shamrocks, the base cards that Patriarchs and Contradance
// put on the foundations. The rules summary of the site shows it.
func (g *Game) DealRearranged() bool { return g.shuffleHook != nil }
