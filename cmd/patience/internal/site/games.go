package site

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"maps"
	"math"
	"math/big"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/patience-solitaire/patience/cmd/patience/internal/diagram"
	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/srcpos"
	"github.com/patience-solitaire/patience/engine/survey"
)

// Game pages and survey results.
//
// A game page is a page whose front matter has game: SLUG (and optionally
// variant: NAME); the engine must know the game. A site with at least one
// game page must have one for every game the engine knows, unless its
// config.yaml says all_games: false (a site about some games only). A
// site without game pages (any folder of Markdown) is not checked.
//
// Survey results are read from content/odds/*.json (package engine/survey) and
// shown by the templates, which read them through a gameReader
// (gamedata.go); a result whose rules fingerprint differs from
// the game's current one gives a warning (Result.Warnings), not an error.

// gameData is what the build knows about games: the survey results and
// the warnings met.
type gameData struct {
	odds map[string]*survey.Odds // by key "slug" or "slug/variant"
	// badOdds holds the slugs whose odds file does not read (its error
	// is reported; the figures that quote it are not).
	badOdds map[string]bool

	mu       sync.Mutex
	warnings []string
	svg      map[string]template.HTML // diagrams made so far, by key

	files dataFiles // data files read for pages (gamedata.go)
}

func (b *builder) gameData() *gameData {
	if b.games == nil {
		b.games = &gameData{odds: map[string]*survey.Odds{}, badOdds: map[string]bool{}, svg: map[string]template.HTML{}}
	}
	return b.games
}

// warnf records a warning at pos.
func (b *builder) warnf(pos srcpos.Pos, format string, args ...any) {
	gd := b.gameData()
	gd.mu.Lock()
	defer gd.mu.Unlock()
	gd.warnings = append(gd.warnings, pos.String()+": warning: "+fmt.Sprintf(format, args...))
}

// warnings returns the warnings of the build, sorted.
func (b *builder) warnings() []string {
	gd := b.gameData()
	gd.mu.Lock()
	defer gd.mu.Unlock()
	w := append([]string(nil), gd.warnings...)
	sort.Strings(w)
	return w
}

// loadGames checks the game pages. It runs after loadPages.
func (b *builder) loadGames() {
	b.checkGamePages()
}

// loadOdds reads content/odds/*.json. It runs before loadPages.
func (b *builder) loadOdds() {
	gd := b.gameData()
	entries, err := fs.ReadDir(b.content, survey.OddsDir)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		b.errs.addf(srcpos.Pos{File: path.Join(contentName, survey.OddsDir)}, "%v", unwrapPath(err))
		return
	}
	var surveys []string
	defer func() {
		// The survey files are large (1,000 lines each): read at once.
		forEach(len(surveys), b.opts.Workers, func(i int) {
			b.checkSurvey(path.Join(survey.OddsDir, surveys[i]))
		})
	}()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || ignored(name) {
			continue
		}
		if slug, ok := strings.CutSuffix(name, fairSuffix); ok {
			b.loadFair(slug)
			continue
		}
		if _, ok := strings.CutSuffix(name, surveySuffix); ok {
			surveys = append(surveys, name)
			continue
		}
		slug, ok := strings.CutSuffix(name, oddsSuffix)
		if !ok {
			continue
		}
		rel := oddsFile(slug)
		show := path.Join(contentName, rel)
		data, err := readLimited(b.content, rel, oddsKind)
		if err != nil {
			b.errs.addf(srcpos.Pos{File: show}, "%v", unwrapPath(err))
			gd.badOdds[slug] = true
			continue
		}
		results, err := survey.ParseOdds(show, slug, data)
		if err != nil {
			b.errs.add(srcpos.Pos{File: show, Line: 1, Col: 1}, err)
			gd.badOdds[slug] = true
			continue
		}
		for _, r := range results {
			g, _ := engine.Lookup(r.Game, r.Variant)
			if r.Engine != "" && g != nil && r.Engine != survey.Fingerprint(g) {
				b.warnf(r.EnginePos, "the survey of %s was made with rules %s, which have changed since (now %s): run it again",
					g.Key(), r.Engine, survey.Fingerprint(g))
			}
			gd.odds[engine.Key(r.Game, r.Variant)] = r
		}
	}
}

// checkSurvey reads the survey file rel of the game slug.
func (b *builder) checkSurvey(rel string) {
	show := path.Join(contentName, rel)
	if b.inc.surveyUnchanged(show) {
		return // checked by the last build (incremental.go)
	}
	data, err := readLimited(b.content, rel, oddsKind)
	if err != nil {
		b.errs.addf(srcpos.Pos{File: show}, "%v", unwrapPath(err))
		return
	}
	f, err := survey.Read(bytes.NewReader(data), show)
	if err == nil {
		err = f.Check(data, show) // issue 41, item 14
	}
	switch {
	case err != nil:
		b.errs.add(srcpos.Pos{File: show}, err)
	case len(data) > 0 && data[len(data)-1] != '\n':
		// Read forgives an interrupted last line; a published file
		// must not have one.
		b.errs.addf(srcpos.Pos{File: show, Line: bytes.Count(data, []byte("\n")) + 1, Col: 1}, "the last line is cut short (an interrupted survey?)")
	case f.Header == nil:
		b.errs.addf(srcpos.Pos{File: show, Line: 1, Col: 1}, "no survey header line: a survey file starts with {\"survey\":...}")
	case surveyFile(f.Header.Game, f.Header.Variant) != rel:
		b.errs.addf(srcpos.Pos{File: show, Line: 1, Col: 1}, "a survey of %s in the file %s: it goes in %s",
			engine.Key(f.Header.Game, f.Header.Variant), show, path.Join(contentName, surveyFile(f.Header.Game, f.Header.Variant)))
	default:
		b.inc.surveyChecked(show)
	}
}

// checkGamePages checks the game and variant of every game page, the
// packs it claims, and that every game the engine knows has a page.
func (b *builder) checkGamePages() {
	have := map[string]bool{}
	found := false
	// unsure: a page whose front matter could not be read, or whose game
	// is wrong, may be the page of a game that seems to have none; that
	// page's error is the one to report, not a missing page.
	unsure := false
	for _, p := range b.pages {
		if p.fm == nil {
			unsure = true
			continue
		}
		if p.fm.Params["game"] == nil {
			continue
		}
		found = true
		slug, _, err := p.fm.String("game")
		if err != nil {
			b.errs.add(p.fm.Pos("game"), err)
			unsure = true
			continue
		}
		variant, _, err := p.fm.String("variant")
		if err != nil {
			b.errs.add(p.fm.Pos("variant"), err)
			unsure = true
			continue
		}
		g, err := engine.Lookup(slug, variant)
		if err != nil {
			at := "game"
			if unknown := (*engine.UnknownVariantError)(nil); errors.As(err, &unknown) {
				at = "variant"
			}
			b.errs.add(p.fm.Pos(at), &srcpos.Error{Pos: p.fm.Pos(at), Msg: "front matter: " + err.Error()})
			unsure = true
			continue
		}
		have[slug] = true
		if want, ok := packsParam(g.Pack); ok {
			if got, given := p.fm.Params["packs"]; given && fmt.Sprint(got) != want {
				b.errs.addf(p.fm.Pos("packs"), "front matter: packs: %v, but the engine plays %s with %s (write packs: %s)",
					got, g.Key(), g.Pack, want)
			}
		}
	}
	if !found {
		return
	}
	if !b.cfg.AllGames || unsure {
		return
	}
	for _, g := range engine.Games() {
		if g.Variant != "" || have[g.Slug] {
			continue
		}
		have[g.Slug] = true
		b.errs.addf(srcpos.Pos{File: path.Join(contentName, "games", g.Slug+".md")},
			"no page for the game %s (%s): every game the engine knows needs one, with front matter game: %s "+
				"(or say all_games: false in config.yaml)", g.Slug, g.Name, g.Slug)
	}
}

// packNames are how a game's pack is written: by a game page's front
// matter (packs:), and in the home page's list of games.
var packNames = map[engine.Pack]struct{ param, label string }{
	engine.OnePack:  {"1", "1"},
	engine.TwoPacks: {"2", "2"},
	engine.SkatPack: {"skat", "Skat"},
}

// packsParam is how a game page's front matter writes its pack.
func packsParam(p engine.Pack) (string, bool) {
	n, ok := packNames[p]
	return n.param, ok
}

// gameFuncs are the template functions about games.
func (b *builder) gameFuncs(m template.FuncMap) {
	m["diagram"] = b.diagramFunc
	m["rules"] = rulesFunc
	maps.Copy(m, b.dataFuncMap(nil)) // parsed with, never run: see renderers
	m["hasHeading"] = hasHeading
	m["splitContent"] = splitContent
	m["familyName"] = func(family any) string { return familyName(fmt.Sprint(family)) }
	m["variants"] = variantsFunc
	m["declared"] = declaredFunc
}

// variantsFunc lists the variants of a game (the play panel's menu).
func variantsFunc(slug string) []string {
	var out []string
	for _, g := range variants(slug) {
		out = append(out, g.Variant)
	}
	return out
}

// splitContent splits a page's HTML before its first h2: the
// introduction, and the rest (empty if there is no h2).
func splitContent(h template.HTML) []template.HTML {
	s := string(h)
	if i := strings.Index(s, "<h2"); i >= 0 {
		return []template.HTML{template.HTML(s[:i]), template.HTML(s[i:])}
	}
	return []template.HTML{h, ""}
}

// Family is a family of games, for the home page's filter.
type Family struct{ Value, Name string }

// families is the template function families: the families of the game
// pages, by name.
func (rd *gameReader) families() ([]Family, error) {
	games, err := rd.games()
	seen := map[string]bool{}
	var out []Family
	for _, g := range games {
		if g.Family != "" && !seen[g.Family] {
			seen[g.Family] = true
			out = append(out, Family{g.Family, g.FamilyName()})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, err
}

// diagramFunc is the template function diagram GAME VARIANT: the inline
// SVG layout diagram of the game.
func (b *builder) diagramFunc(game, variant any) (template.HTML, error) {
	g, err := lookup(game, variant)
	if err != nil {
		return "", err
	}
	gd := b.gameData()
	gd.mu.Lock()
	defer gd.mu.Unlock()
	if s, ok := gd.svg[g.Key()]; ok {
		return s, nil
	}
	s := template.HTML(diagram.SVG(g, "layout"))
	gd.svg[g.Key()] = s
	return s, nil
}

// rulesFunc is the template function rules GAME VARIANT: the rows of the
// rules summary table.
func rulesFunc(game, variant any) ([]diagram.Row, error) {
	g, err := lookup(game, variant)
	if err != nil {
		return nil, err
	}
	return diagram.Summary(g), nil
}

// hasHeading tells whether a page's headings include the id.
func hasHeading(hs []markup.Heading, id string) bool {
	for _, h := range hs {
		if h.ID == id {
			return true
		}
	}
	return false
}

// Odds is what the templates show of a game's odds (template function
// odds GAME VARIANT).
type Odds struct {
	Game, Variant string
	Name          string // the game's name
	AllForced     bool   // every move is forced: a game of pure chance
	// Hidden: a player does not see every card that matters (a stock,
	// or a shuffling redeal), so thoughtful play knows more than a player.
	Hidden bool

	Measured        bool   // a survey exists
	Deals           string // "1–1000"
	N, Won, Lost    int
	Unknown         int
	Rate, Low, High string // "41.2%": won, its 95% interval's low end, the ceiling's high end
	// While deals are undecided, the share won is only a floor on the
	// thoughtful rate, and the share not proved lost its ceiling (Blake
	// and Gent's bounds: the undecided counted lost, then won), each
	// with its own 95% interval; with none undecided the two are one.
	FloorLow, FloorHigh     string // the floor's (Rate's) 95% interval
	Ceiling                 string // (won + undecided) / deals
	CeilingLow, CeilingHigh string // the ceiling's 95% interval
	Date                    string // "2026-12-01" or ""
	MedianMS, P99MS         string // "12 ms" or ""
	BudgetNodes             string // "10,000,000" or ""
	Stale                   bool   // the rules changed since the survey
	Data                    string // the published data file, from the root: "odds/shamrocks.json"
	Exact, ExactFraction    string // "39.0%", "23,271,.../59,676,..."; "" if unknown

	// Estimate is what a random sample of the undecided deals says (the
	// odds file's "sample"), or nil.
	Estimate *Estimate

	// Fair is the rate for a player who cannot foresee the shuffles
	// (content/odds/SLUG.fair.jsonl, package fairplay), or nil.
	Fair *FairOdds

	Variants []*Odds // for the default rules: the variants with results or an exact value
}

// Estimate is what a random sample of the deals a survey left undecided
// says (survey.Sample): how many of its deals are won, lost and still
// undecided, and once all are decided the rate they imply, with its 95%
// interval: an estimate, shown apart from the bounds.
type Estimate struct {
	Sample, Population   int    // deals in the sample; undecided deals it was drawn from
	Won, Lost, Undecided int    // the sample's deals now
	Rate, Low, High      string // "93.1%"; "" while some are undecided
}

// FairOdds is the rate of a game with shuffling redeals for a player who
// cannot foresee them: a lower and an upper bound with their intervals.
type FairOdds struct {
	Lower, LowerLow, LowerHigh string // "18.4%"
	Upper, UpperLow, UpperHigh string // "" if not measured
	Data                       string // the published data file, from the root
}

// Short is the odds in a few words, for lists: "41.2% (38.2–44.3%)",
// "49.8–98.2% (484 of 1,000 undecided)" (the floor and the ceiling
// while deals are undecided), "39.0% (exact)" or "not yet measured".
// Where a player cannot foresee the shuffles (Fair), it says whose rate
// the solver's is and adds the player's.
func (o *Odds) Short() string {
	var s string
	switch {
	case o.Exact != "":
		return o.Exact + " (exact)"
	case !o.Measured:
		return "not yet measured"
	case o.Unknown > 0:
		s = fmt.Sprintf("%s–%s (%s of %s undecided)", o.Rate, o.Ceiling, group(big.NewInt(int64(o.Unknown))), group(big.NewInt(int64(o.N))))
	default:
		s = fmt.Sprintf("%s (%s–%s)", o.Rate, o.Low, o.High)
	}
	if f := o.Fair; f != nil {
		player := f.Lower + "–" + f.Upper
		if f.Upper == "" {
			player = "at least " + f.Lower
		}
		s = fmt.Sprintf("%s foreseeing the shuffles; %s for a player who cannot", s, player)
	}
	return s
}

// oddsFunc is the template function odds GAME VARIANT.
func (rd *gameReader) oddsFunc(game, variant any) (*Odds, error) {
	g, err := lookup(game, variant)
	if err != nil {
		return nil, err
	}
	o, err := rd.oddsBox(g)
	if err != nil {
		return nil, err
	}
	if g.Variant == "" {
		for _, v := range variants(g.Slug) {
			vo, err := rd.oddsBox(v)
			if err != nil {
				return nil, err
			}
			if vo.Measured || vo.Exact != "" || vo.Fair != nil {
				o.Variants = append(o.Variants, vo)
			}
		}
	}
	return o, nil
}

// oddsBox is what the odds box shows of g (without its variants).
func (rd *gameReader) oddsBox(g *engine.Game) (*Odds, error) {
	o := &Odds{Game: g.Slug, Variant: g.Variant, Name: g.Name, AllForced: g.AllForced(),
		Hidden: len(g.PilesOf(engine.Stock)) > 0 || g.RedealKind == engine.ShuffleFans || g.RedealKind == engine.ShuffleStock}
	if r, _ := rd.odds(g); r != nil {
		if r.Measured() {
			o.Measured = true
			o.Deals = fmt.Sprintf("%d–%d", r.First, r.Last)
			o.N, o.Won, o.Lost, o.Unknown = r.N(), r.Won, r.Lost, r.Unknown
			lo, hi := r.Interval()
			o.Rate, o.Low, o.High = percent(r.Rate()), percent(lo), percent(hi)
			fl, fh := survey.Wilson(r.Won, r.N())
			cl, ch := survey.Wilson(r.Won+r.Unknown, r.N())
			o.FloorLow, o.FloorHigh = percent(fl), percent(fh)
			o.Ceiling = percent(float64(r.Won+r.Unknown) / float64(r.N()))
			o.CeilingLow, o.CeilingHigh = percent(cl), percent(ch)
			o.Date = r.Date
			if r.BudgetNodes > 0 {
				o.BudgetNodes = group(big.NewInt(r.BudgetNodes))
			}
			if r.MedianMS > 0 {
				o.MedianMS = millis(r.MedianMS)
			}
			if r.P99MS > 0 {
				o.P99MS = millis(r.P99MS)
			}
			o.Stale = r.Engine != survey.Fingerprint(g)
			o.Data = oddsFile(g.Slug)
			if r.Sample != nil && r.Unknown > 0 {
				est, err := rd.estimate(g, r.Sample)
				if err != nil {
					return nil, err
				}
				o.Estimate = est
			}
		}
	}
	o.Fair = rd.fairOdds(g)
	if exact, _ := rd.exact(g); exact != nil {
		o.Exact = ratPercent(exact)
		if !exact.IsInt() && len(exact.Denom().String()) > 6 {
			o.ExactFraction = groupedFraction(exact)
		} else {
			o.ExactFraction = exact.RatString()
		}
	}
	return o, nil
}

// percent formats a fraction as a percentage with one decimal (two below
// 1%, and as many as it takes not to round a fraction below 1 up to
// 100%: 99.999%, not 100.0%).
func percent(f float64) string {
	switch {
	case f == 0:
		return "0%"
	case f == 1:
		return "100%"
	case f < 0.01:
		return fmt.Sprintf("%.2f%%", 100*f)
	}
	s := fmt.Sprintf("%.1f%%", 100*f)
	for d := 2; strings.HasPrefix(s, "100") && d <= 6; d++ {
		s = fmt.Sprintf("%.*f%%", d, 100*f)
	}
	return s
}

// ratPercent writes an exact probability as percent does.
func ratPercent(x *big.Rat) string {
	f, _ := x.Float64()
	return percent(f)
}

// groupedFraction writes x as "23,271,134,824,862,393 / 59,676,...".
func groupedFraction(x *big.Rat) string { return group(x.Num()) + " / " + group(x.Denom()) }

// millis writes a time in milliseconds: "2.5 ms", "87 ms", "8,744 ms".
func millis(ms float64) string {
	if ms < 10 {
		return fmt.Sprintf("%.1f ms", ms)
	}
	return group(big.NewInt(int64(math.Round(ms)))) + " ms"
}

// group writes a big integer with commas between groups of three digits.
func group(n *big.Int) string {
	s := n.String()
	var out []byte
	for i, c := range []byte(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, c)
	}
	return string(out)
}

// GameEntry is a game page as the home page lists it (template function
// games).
type GameEntry struct {
	Page    *PageRef
	Title   string
	Aliases []string
	Packs   string // "1", "2", "Skat"
	Family  string // the front matter's family, e.g. "fan"
	Kind    string // "skill" or "chance"
	Odds    *Odds
}

// FamilyName is the family for people (familyName).
func (e *GameEntry) FamilyName() string { return familyName(e.Family) }

// familyName is a family for people: the name of the game it is named
// after where the engine has one ("bakers-dozen" -> "Baker's Dozen",
// "freecell" -> "FreeCell"), else the words of the slug
// ("forty-thieves" -> "Forty thieves").
func familyName(family string) string {
	if g, err := engine.Lookup(family, ""); err == nil {
		return g.Name
	}
	return capitalize(family)
}

// games is the template function games: the game pages, by title, with
// their odds.
func (rd *gameReader) games() ([]*GameEntry, error) {
	var out []*GameEntry
	for _, p := range rd.b.site.Pages {
		g, err := lookup(p.Params["game"], p.Params["variant"])
		if p.Params["game"] == nil || err != nil {
			continue
		}
		e := &GameEntry{Page: p, Title: p.Title, Aliases: asStrings(p.Params["aliases"]),
			Family: fmt.Sprint(orEmpty(p.Params["family"])), Packs: packNames[g.Pack].label}
		e.Kind = "skill"
		if skill, ok := p.Params["skill"].(bool); ok && !skill || g.AllForced() {
			e.Kind = "chance"
		}
		e.Odds, _ = rd.oddsFunc(p.Params["game"], p.Params["variant"])
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Title < out[j].Title })
	return out, nil
}

func orEmpty(v any) any {
	if v == nil {
		return ""
	}
	return v
}

// asStrings returns a front matter list (or single value) as strings.
func asStrings(v any) []string {
	switch l := v.(type) {
	case nil:
		return nil
	case []any:
		s := make([]string, 0, len(l))
		for _, x := range l {
			s = append(s, fmt.Sprint(x))
		}
		return s
	}
	return []string{fmt.Sprint(v)}
}

// estimate reads what g's survey says of the sample s.
func (rd *gameReader) estimate(g *engine.Game, s *survey.Sample) (*Estimate, error) {
	sv, err := rd.survey(g)
	if err != nil {
		return nil, rd.b.knockOnIfUnreadable(fmt.Errorf("the sample of %s: %w", g.Key(), err))
	}
	c, err := s.Count(sv.Results)
	if err != nil {
		return nil, err
	}
	e := &Estimate{Sample: len(s.Deals), Population: c.Population, Won: c.Won, Lost: c.Lost, Undecided: c.Undecided}
	if rate, lo, hi, ok := c.Estimate(); ok {
		e.Rate, e.Low, e.High = percent(rate), percent(lo), percent(hi)
	}
	return e, nil
}
