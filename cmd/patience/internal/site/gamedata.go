package site

import (
	"bytes"
	"fmt"
	"html/template"
	"math/big"
	"path"
	"strings"
	"sync"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/fairplay"
	"github.com/patience-solitaire/patience/engine/survey"
)

// A game's data, as the pages see it: its declaration (the engine's
// Game), its odds (content/odds/SLUG.json), its survey file
// (SLUG[.VARIANT].survey.jsonl), its fair-play results (SLUG.fair.jsonl)
// and its exact odds (the engine's, else the odds file's). A page reads
// them only through a gameReader, which notes every file it reads in its
// recorder: the page's deps for its figures, its template run's reads for
// the template functions (reads.go). What a page shows of a game's data
// is therefore always a dependency of the page, and patience serve makes
// it again when the file changes.
//
// The build's own checks of the files (loadOdds, checkSurvey, loadFair)
// read them once a build, for no page, and are not recorded.

// The files of a game's data, as paths in the content folder (and in the
// output, where they are published as they are).

// oddsFile is the odds file of the game slug: odds/SLUG.json.
func oddsFile(slug string) string { return path.Join(survey.OddsDir, slug+oddsSuffix) }

// fairFile is the fair-play file of the game slug: odds/SLUG.fair.jsonl.
func fairFile(slug string) string { return path.Join(survey.OddsDir, slug+fairSuffix) }

// surveyFile is the name of the survey file of a game and variant:
// odds/SLUG.survey.jsonl, odds/SLUG.VARIANT.survey.jsonl.
func surveyFile(game, variant string) string {
	return path.Join(survey.OddsDir, strings.ReplaceAll(engine.Key(game, variant), "/", ".")+surveySuffix)
}

// The endings of the names of the files in content/odds.
const (
	oddsSuffix = ".json"
	fairSuffix = ".fair.jsonl"
	// surveySuffix ends the names of the survey files kept beside the
	// odds files: published as they are, and read by the build so that
	// a broken line is not.
	surveySuffix = ".survey.jsonl"
)

// gameReader reads games' data for one page's figures or one template
// run, noting each file it reads in rec.
type gameReader struct {
	b   *builder
	rec *reads
}

// reader returns a gameReader noting in rec. A reader without a
// recorder (the functions the templates are parsed with, never run)
// refuses to read: see read.
func (b *builder) reader(rec *reads) *gameReader { return &gameReader{b: b, rec: rec} }

// read notes the file name of the content folder as read.
func (rd *gameReader) read(name string) {
	if rd.rec == nil {
		panic("game data read without a recorder: " + name) // a bug: the page reports it
	}
	rd.rec.note(path.Join(contentName, name))
}

// lookup is the declaration of the game named by front matter values or
// a figure's (strings), or an error. It reads no file.
func lookup(game, variant any) (*engine.Game, error) {
	slug, ok := game.(string)
	if !ok {
		return nil, fmt.Errorf("game %v is not a game's slug", game)
	}
	v := ""
	if variant != nil {
		if v, ok = variant.(string); !ok {
			return nil, fmt.Errorf("variant %v is not a variant's name", variant)
		}
	}
	return engine.Lookup(slug, v)
}

// variants lists the variants of the game slug, in the engine's order,
// without its default rules.
func variants(slug string) []*engine.Game {
	var out []*engine.Game
	for _, g := range engine.Games() {
		if g.Slug == slug && g.Variant != "" {
			out = append(out, g)
		}
	}
	return out
}

// odds returns the survey results of g (nil for none), and whether its
// odds file exists but does not read (loadOdds reports it).
func (rd *gameReader) odds(g *engine.Game) (res *survey.Odds, bad bool) {
	rd.read(oddsFile(g.Slug))
	gd := rd.b.gameData()
	return gd.odds[g.Key()], gd.badOdds[g.Slug]
}

// exact returns the exact win probability of g: the engine's, else the
// odds file's, else nil; bad tells that the odds file, which might have
// one, does not read.
func (rd *gameReader) exact(g *engine.Game) (x *big.Rat, bad bool) {
	if x := survey.EngineExact(g); x != nil {
		return x, false
	}
	res, bad := rd.odds(g)
	if res == nil {
		return nil, bad
	}
	return res.Exact, false
}

// fair returns the fair-play results of g (nil for none), or the error of
// its file: no file, or an *unreadable one.
func (rd *gameReader) fair(g *engine.Game) (*fairplay.Summary, error) {
	rd.read(fairFile(g.Slug))
	all, err := rd.b.readFair(g.Slug)
	return all[g.Variant], err
}

// survey returns the survey file of g, or the error of the file: no
// file, or an *unreadable one.
func (rd *gameReader) survey(g *engine.Game) (*survey.File, error) {
	name := surveyFile(g.Slug, g.Variant)
	rd.read(name)
	return cachedRead(rd.b, &rd.b.gameData().files.surveys, name, func(data []byte) (*survey.File, error) {
		return survey.Read(bytes.NewReader(data), path.Join(contentName, name))
	})
}

// dataFuncs are the template functions that read games' data, each made
// for the gameReader of one template run: a function that reads a file
// reads it through the reader, and the page that ran it depends on the
// file. A new such function goes here.
var dataFuncs = map[string]func(rd *gameReader) any{
	"odds":     func(rd *gameReader) any { return rd.oddsFunc },
	"games":    func(rd *gameReader) any { return rd.games },
	"families": func(rd *gameReader) any { return rd.families },
}

// dataFuncMap returns the functions of dataFuncs for a reader noting in
// rec.
func (b *builder) dataFuncMap(rec *reads) template.FuncMap {
	rd := b.reader(rec)
	m := make(template.FuncMap, len(dataFuncs))
	for name, f := range dataFuncs {
		m[name] = f(rd)
	}
	return m
}

// dataFiles caches the data files read for pages other than the odds
// files, which loadOdds reads.
type dataFiles struct {
	mu      sync.Mutex
	fair    map[string]dataFile[map[string]*fairplay.Summary]
	surveys map[string]dataFile[*survey.File]
}

type dataFile[T any] struct {
	v   T
	err error
}

// readFair reads the fair-play file of the game slug (once a build).
func (b *builder) readFair(slug string) (map[string]*fairplay.Summary, error) {
	name := fairFile(slug)
	return cachedRead(b, &b.gameData().files.fair, name, func(data []byte) (map[string]*fairplay.Summary, error) {
		return fairplay.Read(path.Join(contentName, name), bytes.NewReader(data))
	})
}

// cachedRead reads the content file name once per build and parses it.
func cachedRead[T any](b *builder, cache *map[string]dataFile[T], name string, parse func([]byte) (T, error)) (T, error) {
	ff := &b.gameData().files
	ff.mu.Lock()
	defer ff.mu.Unlock()
	if *cache == nil {
		*cache = map[string]dataFile[T]{}
	}
	if f, ok := (*cache)[name]; ok {
		return f.v, f.err
	}
	var f dataFile[T]
	data, err := readLimited(b.content, name, oddsKind)
	if err != nil {
		f.err = fmt.Errorf("no file %s", path.Join(contentName, name))
	} else if f.v, f.err = parse(data); f.err != nil {
		f.err = &unreadable{f.err} // loadOdds reports it (games.go)
	}
	(*cache)[name] = f
	return f.v, f.err
}
