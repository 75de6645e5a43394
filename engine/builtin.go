package engine

import (
	"embed"
	"path"
)

// The games built into the engine are declaration files (declare.go),
// one a game with its variants, read at init.
//
//go:embed games/*.game
var builtinFiles embed.FS

func init() {
	games, err := parseBuiltin()
	if err != nil {
		panic("engine: " + err.Error())
	}
	for _, g := range games {
		registry[g.Key()] = g
	}
}

// parseBuiltin reads every file of engine/games.
func parseBuiltin() ([]*Game, error) {
	entries, err := builtinFiles.ReadDir("games")
	if err != nil {
		return nil, err
	}
	var out []*Game
	for _, e := range entries {
		name := path.Join("games", e.Name())
		src, err := builtinFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		games, err := parseGameFile("engine/"+name, src, true)
		if err != nil {
			return nil, err
		}
		out = append(out, games...)
	}
	return out, nil
}
