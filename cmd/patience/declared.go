package main

import (
	"os"
	"path"

	"github.com/patience-solitaire/patience/engine"
)

// gamesDir is where a site declares its own games (engine.ReadGameFiles),
// beside their pages.
var gamesDir = path.Join("content", "games")

// declareGames registers the games declared in content/games/*.game of
// the folder dir, so that games, deal, solve, survey, verify and
// fairplay work for an author's game as for the engine's own. (build
// and serve read them from their source folder, as the site does.)
func declareGames(dir string) error {
	games, err := engine.ReadGameFiles(os.DirFS(dir), gamesDir, gamesDir)
	if err != nil { // a command needs every game: bad input
		return err
	}
	return engine.SetDeclared(games)
}
