package site

import (
	"path"
	"strings"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// Games a site declares (content/docs/declaring-games.md): the files
// content/games/<slug>.game (engine.ReadGameFiles), read before the
// pages and registered for the build (engine.SetDeclared), so that their
// pages get a diagram, a rules summary, verified replays and a play
// panel as the engine's own games do. A file is also published as it is,
// beside the pages (games/<slug>.game, a static file): the play panel's
// worker reads it there, with the game's viewer skeletons
// (games/<slug>.skeletons.txt, written by Options.PlaySkeletons).
//
// The registry of games is the process's: two builds of sites declaring
// different games must not run at the same time (patience serve builds
// one site at a time).

// declaredDir is the content folder's folder of declarations.
const declaredDir = "games"

// skeletonsSuffix ends the name of a declared game's viewer skeletons.
const skeletonsSuffix = ".skeletons.txt"

// loadDeclared reads and registers the site's declarations, and reports
// whether they are all good. It runs before the pages, whose replays
// name the games.
func (b *builder) loadDeclared() bool {
	show := path.Join(contentName, declaredDir)
	games, err := engine.ReadGameFiles(b.content, declaredDir, show)
	b.errs.add(srcpos.Pos{File: show}, err)
	if err := engine.SetDeclared(games); err != nil {
		b.errs.add(srcpos.Pos{File: show}, err)
		engine.SetDeclared(nil)
		return false
	}
	return err == nil
}

// declaredGames returns the games the site declares, by slug, each with
// its variants.
func declaredGames() map[string][]*engine.Game {
	out := map[string][]*engine.Game{}
	for _, g := range engine.Games() {
		if !g.Builtin() {
			out[g.Slug] = append(out[g.Slug], g)
		}
	}
	return out
}

// declaredFunc is the template function "declared": whether the game is
// one the site declares (its play panel then reads the declaration).
func declaredFunc(slug string) bool {
	g, err := engine.Lookup(slug, "")
	return err == nil && !g.Builtin()
}

// isDeclaration tells whether the content path p (from the content
// folder) is a declaration file, whose change rebuilds the whole site.
func isDeclaration(p string) bool {
	p = strings.TrimPrefix(p, contentName+"/")
	return path.Dir(p) == declaredDir && strings.HasSuffix(p, engine.GameFileExt)
}
