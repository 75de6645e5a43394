package engine

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// PileKind is what a pile is for.
type PileKind uint8

const (
	Tableau    PileKind = iota // fans and columns; only the exposed card plays
	Foundation                 // built up (or down) from a base card
	Reserve                    // single cards that play to foundations
	Stock                      // face-down cards dealt to the waste
	Waste                      // cards dealt from the stock; the top one plays
	Cell                       // a free cell: holds one card, any card, which plays on
)

var pileKindNames = [...]string{"tableau", "foundation", "reserve", "stock", "waste", "cell"}

// String returns the kind's name as used in the JSON export.
func (k PileKind) String() string {
	if int(k) < len(pileKindNames) {
		return pileKindNames[k]
	}
	return "?"
}

// Build says which card a tableau pile accepts on its exposed card.
type Build uint8

const (
	BuildNone            Build = iota // nothing is ever built on the pile
	BuildDownInSuit                   // one rank lower, same suit
	BuildUpOrDownInSuit               // one rank higher or lower, same suit
	BuildUpOrDownAnySuit              // one rank higher or lower, any suit
	BuildDownAltColour                // one rank lower, the other colour
	BuildDownAnySuit                  // one rank lower, any suit

	numBuilds
)

// NumBuilds is the number of build rules: Build values run from 0 to
// NumBuilds-1.
const NumBuilds = int(numBuilds)

var buildNames = [NumBuilds]string{"no building", "down in suit", "up or down in suit", "up or down regardless of suit",
	"down in alternate colours", "down regardless of suit"}

func (b Build) String() string { return buildNames[b] }

// Accepts reports whether card c may be built on top card top. Tableau
// building never wraps (no King on an Ace, no Ace on a King).
func (b Build) Accepts(top, c Card) bool {
	d := int(c.Rank()) - int(top.Rank())
	switch b {
	case BuildDownInSuit:
		return c.Suit() == top.Suit() && d == -1
	case BuildUpOrDownInSuit:
		return c.Suit() == top.Suit() && (d == 1 || d == -1)
	case BuildUpOrDownAnySuit:
		return d == 1 || d == -1
	case BuildDownAltColour:
		return c.Suit().Red() != top.Suit().Red() && d == -1
	case BuildDownAnySuit:
		return d == -1
	}
	return false
}

// Fill says what an emptied tableau pile accepts.
type Fill uint8

const (
	FillNever     Fill = iota // an emptied pile stays empty
	FillAnyCard               // any available card
	FillFromWaste             // only the waste's top card
	FillKings                 // only a King (or a run with a King at its base)
)

var fillNames = [...]string{"never refilled", "filled with any available card", "filled only from the waste", "filled only by a King"}

func (f Fill) String() string { return fillNames[f] }

// FoundationRule says how a foundation is built: it starts with a card of
// Suit and rank Base, then each card is Step ranks from the one below it,
// wrapping from King to Ace (or back) only if Wrap. It holds at most Len
// cards. With AnyRank it takes any card of Suit in any order (Herz zu
// Herz's pile of laid-off hearts); Base and Step are then unused.
type FoundationRule struct {
	Suit    Suit
	Base    Rank
	Step    int8
	Wrap    bool
	Len     int8
	AnyRank bool
}

// Next returns the rank that follows r on the foundation, or 0 if none.
func (f FoundationRule) Next(r Rank) Rank {
	n := int(r) + int(f.Step)
	if f.Wrap {
		n = (n+12)%13 + 1
	}
	if n < 1 || n > 13 {
		return 0
	}
	return Rank(n)
}

// Describe says in words how the foundation is built, e.g. "A♣ up to K".
func (f FoundationRule) Describe() string {
	if f.AnyRank {
		return fmt.Sprintf("any %s, in any order", f.Suit.Name())
	}
	if f.Len == 1 {
		return fmt.Sprintf("%s%s alone", f.Base, f.Suit.Symbol())
	}
	r := f.Base
	last := r
	for i := 1; i < int(f.Len); i++ {
		last = f.Next(last)
	}
	dir := "up"
	if f.Step < 0 {
		dir = "down"
	}
	step := ""
	if f.Step == 2 || f.Step == -2 {
		step = " by twos"
	}
	return fmt.Sprintf("%s%s %s%s to %s", r, f.Suit.Symbol(), dir, step, last)
}

// PileSpec declares one pile of a game.
type PileSpec struct {
	ID    string // notation name: t1, f1, r1, s, w, l1, ...
	Kind  PileKind
	Label string // how captions name it, if not derived from ID and Kind

	// Tableau piles.
	Build            Build
	Fill             Fill
	MaxLen           int  // most cards the pile may hold; 0 means no limit
	ToFoundationOnly bool // its cards play only to foundations (reserves, wings)
	// Runs: a run of cards on top of the pile, each built on the one
	// below it as the pile builds, moves as one move onto a pile that
	// takes its bottom card, as many cards as the free cells and the
	// empty piles would let a player move one at a time (the
	// "supermove"; see State.MaxRun).
	Runs bool

	// Reserve piles.
	Refill bool // an emptied space is filled at once from the waste (or stock)

	// Foundations.
	Found FoundationRule

	// Geometry for the layout diagram and the viewer, in card widths
	// (X) and card heights (Y) from the top left; Fan is the direction in
	// which the pile's cards are spread: 'r' right, 'd' down, 0 squared.
	X, Y float32
	Fan  byte
}

// RedealKind says what a redeal does.
type RedealKind uint8

const (
	NoRedeal     RedealKind = iota
	TurnWaste               // turn the waste over to form a new stock
	ShuffleFans             // gather the tableau, shuffle, deal again in threes
	ShuffleStock            // gather stock and tableau, shuffle into a new stock (Herz zu Herz)
)

// Game is the declaration of one game (and variant) as data.
type Game struct {
	Slug    string // house-in-the-woods
	Variant string // "" for the default rules
	Name    string // House in the Woods
	Pack    Pack
	Piles   []PileSpec

	Redeals    int // redeals allowed (0: none)
	RedealKind RedealKind

	// rules are the game's own rules: the merci, the reversal, Herz zu
	// Herz's rounds and layoffs (see Rule); limited are those of them
	// whose moves are counted (Rule.limit), at the index of their count
	// in State.used.
	rules, limited []Rule

	// shuffleHook reorders the shuffled card ids (0..Size-1 in creation
	// order, pack 0 first) before dealing, like a PySolFC _shuffleHook:
	// the last id is dealt first.
	shuffleHook func(g *Game, ids []int) []int
	// deal puts the shuffled cards (the last one is dealt first) on the
	// piles of a new position; redeal deals the gathered cards again
	// after a shuffling redeal.
	deal   func(g *Game, cards []Card, put func(pile int, c Card))
	redeal func(g *Game, cards []Card, put func(pile int, c Card))
	// gather takes the cards of a shuffling redeal off their piles, in the
	// order PySolFC puts them on its talon before shuffling.
	gather func(s *State) []Card
	// forced returns the move the rules make next, if any, before the
	// reserve refills are looked at.
	forced func(s *State) (Move, bool)
	// won reports whether the position is won; nil: every card is on
	// the foundations.
	won func(s *State) bool
	// start sets the counters of a new position from its layout.
	start func(s *State)
	// goal is the number of foundation cards that wins (0: every card).
	goal int
	// allForced: every move of the game is made by the rules.
	allForced bool

	// builtin: declared in engine/games (its deal is pinned by the deal
	// tests, not by RulesText); pos: where its game: or variant: line
	// is; plan: its deal and shuffle as RulesText writes them for a
	// game declared outside the engine.
	builtin bool
	pos     srcpos.Pos
	plan    string

	foundations, tableau []int // pile indices by kind
	cells                []int // the free cells
	stock, waste         int   // pile index, or -1

	class []uint8 // interchangeable piles share a class
	index map[string]int
	// zob holds the hash keys, made by the first position of the game
	// (newState, once: zobOnce) rather than at declaration, so that a
	// program pays only for the games it plays: the keys of every game
	// are 6.5 MB, made in about 70 ms at every start of the command and
	// of the browser's worker. Every State is made by newState, so every
	// read of zob comes after it is set.
	zob     *zobrist
	zobOnce *zobristOnce
}

// zobristOnce makes a game's hash keys once (Game.zob).
type zobristOnce struct {
	once    sync.Once
	classes int
}

// Key returns "slug" or "slug/variant".
func (g *Game) Key() string { return Key(g.Slug, g.Variant) }

// Key returns the key of a game and variant as surveys, odds files and
// messages write it: "slug", or "slug/variant" for a variant.
func Key(slug, variant string) string {
	if variant == "" {
		return slug
	}
	return slug + "/" + variant
}

// PileIndex returns the index of the pile named id, or -1.
func (g *Game) PileIndex(id string) int {
	if i, ok := g.index[id]; ok {
		return i
	}
	return -1
}

// PileClass returns the class of pile i. Piles of one class differ only
// in name and place, so the rules treat them alike: a position with two of
// them exchanged plays the same, with the moves' piles exchanged too.
func (g *Game) PileClass(i int) int { return int(g.class[i]) }

// PilesOf returns the indices of the piles of kind k, in declaration order.
func (g *Game) PilesOf(k PileKind) []int {
	var out []int
	for i, p := range g.Piles {
		if p.Kind == k {
			out = append(out, i)
		}
	}
	return out
}

// Cards returns the number of cards the game is played with.
func (g *Game) Cards() int { return g.Pack.Size() }

// Goal returns the number of cards on the foundations that wins the game:
// every card, except in Herz zu Herz (the eight hearts).
func (g *Game) Goal() int {
	if g.goal > 0 {
		return g.goal
	}
	return g.Cards()
}

// AllForced reports whether every move of the game is made by the rules
// (Herz zu Herz): a replay of the header lines alone plays it through.
func (g *Game) AllForced() bool { return g.allForced }

// DescribeRedeal says in words what a redeal does in the game.
func (g *Game) DescribeRedeal() string {
	switch g.RedealKind {
	case TurnWaste:
		return "turn the waste over to make a new stock"
	case ShuffleFans:
		return "gather the fans, shuffle and deal them again in threes"
	case ShuffleStock:
		return "gather the piles and the stock and shuffle them into a new stock"
	}
	return "no redeal"
}

// registry holds the games: those built into the engine
// (engine/games, registered at init) and those declared outside it
// (Register, SetDeclared). It is read far more than written.
var (
	registryMu sync.RWMutex
	registry   = map[string]*Game{}
)

// finish derives what the rules need from a declaration: the index of
// the piles, their classes and hash keys, the piles of each kind. It
// says what makes the declaration unplayable, or "".
func (g *Game) finish() string {
	g.index = make(map[string]int, len(g.Piles))
	g.class = make([]uint8, len(g.Piles))
	var classes []PileSpec
	for i, p := range g.Piles {
		if _, dup := g.index[p.ID]; dup {
			return "pile " + p.ID + " is declared twice"
		}
		g.index[p.ID] = i
		// Piles that differ only in name and place are interchangeable.
		q := p
		q.ID, q.Label, q.X, q.Y = "", "", 0, 0
		c := -1
		for j, k := range classes {
			if k == q {
				c = j
				break
			}
		}
		if c < 0 {
			c = len(classes)
			classes = append(classes, q)
		}
		g.class[i] = uint8(c)
	}
	g.zob, g.zobOnce = nil, &zobristOnce{classes: len(classes)}
	g.limited = nil
	for _, r := range g.rules {
		if r.limit() > 0 {
			g.limited = append(g.limited, r)
		}
	}
	if len(g.limited) > maxLimited {
		return fmt.Sprintf("more than %d rules whose moves are counted", maxLimited)
	}
	g.foundations = g.PilesOf(Foundation)
	g.tableau = g.PilesOf(Tableau)
	g.cells = g.PilesOf(Cell)
	if len(g.tableau) > maxTableau {
		return fmt.Sprintf("%d tableau piles: at most %d", len(g.tableau), maxTableau)
	}
	g.stock, g.waste = -1, -1
	if s := g.PilesOf(Stock); len(s) == 1 {
		g.stock = s[0]
	}
	if w := g.PilesOf(Waste); len(w) == 1 {
		g.waste = w[0]
	}
	return ""
}

// Register adds games declared outside the engine (ParseGameFile) to
// the games every tool knows. It refuses, at its declaration's place,
// a game whose slug is already declared, by the engine or by an earlier
// file; then it adds none of them. Its error is a srcpos.ErrorList.
func Register(games ...*Game) error {
	registryMu.Lock()
	defer registryMu.Unlock()
	return addGames(games)
}

// SetDeclared replaces the games declared outside the engine by games
// (a rebuild of a site whose declarations changed, the play panel's
// worker given a page's declaration). On error the games stay as they
// were.
func SetDeclared(games []*Game) error {
	registryMu.Lock()
	defer registryMu.Unlock()
	old := map[string]*Game{}
	for k, g := range registry {
		if !g.builtin {
			old[k] = g
			delete(registry, k)
		}
	}
	if err := addGames(games); err != nil {
		for k, g := range old {
			registry[k] = g
		}
		return err
	}
	return nil
}

// addGames registers games under the lock, all or none.
func addGames(games []*Game) error {
	var errs srcpos.ErrorList
	slugs := map[string]*Game{}
	for _, g := range registry {
		if g.Variant == "" {
			slugs[g.Slug] = g
		}
	}
	for _, g := range games {
		if g.Variant != "" {
			continue
		}
		if o, ok := slugs[g.Slug]; ok {
			where := "built into the engine"
			if !o.builtin {
				where = "declared at " + o.pos.String()
			}
			errs.Add(g.pos, fmt.Sprintf("game %s is already declared (%s)", g.Slug, where))
			continue
		}
		slugs[g.Slug] = g
	}
	if len(errs) > 0 {
		return errs
	}
	for _, g := range games {
		registry[g.Key()] = g
	}
	return nil
}

// Builtin reports whether the game is one of the engine's own
// (engine/games), rather than declared by a site.
func (g *Game) Builtin() bool { return g.builtin }

// DeclaredAt returns the place of the game's game: line (its variant:
// line for a variant) in its declaration file.
func (g *Game) DeclaredAt() srcpos.Pos { return g.pos }

// Games returns every declared game and variant, sorted by slug with the
// default rules before the variants.
func Games() []*Game {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]*Game, 0, len(registry))
	for _, g := range registry {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Slug != out[j].Slug {
			return out[i].Slug < out[j].Slug
		}
		return out[i].Variant < out[j].Variant
	})
	return out
}

// Lookup returns the game with the slug and variant ("" for the default).
// Its error is an *UnknownGameError or an *UnknownVariantError.
func Lookup(slug, variant string) (*Game, error) {
	registryMu.RLock()
	g, ok := registry[Key(slug, variant)]
	_, slugOK := registry[slug]
	registryMu.RUnlock()
	if ok {
		return g, nil
	}
	if variant != "" {
		if slugOK {
			e := &UnknownVariantError{Slug: slug, Variant: variant}
			for _, g := range Games() {
				if g.Slug == slug && g.Variant != "" {
					e.Known = append(e.Known, g.Variant)
				}
			}
			return nil, e
		}
	}
	e := &UnknownGameError{Slug: slug}
	seen := map[string]bool{}
	for _, g := range Games() {
		if !seen[g.Slug] {
			seen[g.Slug] = true
			e.Known = append(e.Known, g.Slug)
		}
	}
	return nil, e
}

// Describe names the pile for people, as captions use it: "fan 12",
// "column 3", "foundation 2", "reserve 5", "the stock", "the waste".
func (p *PileSpec) Describe() string {
	if p.Label != "" {
		return p.Label
	}
	num := strings.TrimLeft(p.ID, "abcdefghijklmnopqrstuvwxyz")
	switch p.Kind {
	case Tableau:
		if p.Fan == 'd' {
			return "column " + num
		}
		return "fan " + num
	case Foundation:
		return "foundation " + num
	case Reserve:
		return "reserve " + num
	case Stock:
		return "the stock"
	case Waste:
		return "the waste"
	case Cell:
		return "cell " + num
	}
	return p.ID
}
