package engine

import _ "embed"

// The games built into the engine are declaration files (declare.go),
// engine/games/<slug>.game, one a game with its variants, read at init.
// Each is embedded as a string and listed in builtinFiles (an embed.FS
// would add 9 KB, gzipped, to the browser's engine);
// TestBuiltinFilesListed fails for a file of engine/games not listed.

//go:embed games/bakers-dozen.game
var gameBakersDozen string

//go:embed games/bakers-game.game
var gameBakersGame string

//go:embed games/beleaguered-castle.game
var gameBeleagueredCastle string

//go:embed games/captured-queens.game
var gameCapturedQueens string

//go:embed games/contradance.game
var gameContradance string

//go:embed games/eight-off.game
var gameEightOff string

//go:embed games/fan.game
var gameFan string

//go:embed games/freecell.game
var gameFreecell string

//go:embed games/herz-zu-herz.game
var gameHerzZuHerz string

//go:embed games/house-in-the-woods.game
var gameHouseInTheWoods string

//go:embed games/house-on-the-hill.game
var gameHouseOnTheHill string

//go:embed games/la-belle-lucie.game
var gameLaBelleLucie string

//go:embed games/napoleon-at-st-helena.game
var gameNapoleonAtStHelena string

//go:embed games/odd-and-even.game
var gameOddAndEven string

//go:embed games/patriarchs.game
var gamePatriarchs string

//go:embed games/picture-patience.game
var gamePicturePatience string

//go:embed games/royal-cotillion.game
var gameRoyalCotillion string

//go:embed games/seahaven-towers.game
var gameSeahavenTowers string

//go:embed games/shamrocks.game
var gameShamrocks string

//go:embed games/streets-and-alleys.game
var gameStreetsAndAlleys string

// builtinFiles are the built-in declarations: file name and text.
var builtinFiles = [...]struct{ name, text string }{
	{"bakers-dozen.game", gameBakersDozen},
	{"bakers-game.game", gameBakersGame},
	{"beleaguered-castle.game", gameBeleagueredCastle},
	{"captured-queens.game", gameCapturedQueens},
	{"contradance.game", gameContradance},
	{"eight-off.game", gameEightOff},
	{"fan.game", gameFan},
	{"freecell.game", gameFreecell},
	{"herz-zu-herz.game", gameHerzZuHerz},
	{"house-in-the-woods.game", gameHouseInTheWoods},
	{"house-on-the-hill.game", gameHouseOnTheHill},
	{"la-belle-lucie.game", gameLaBelleLucie},
	{"napoleon-at-st-helena.game", gameNapoleonAtStHelena},
	{"odd-and-even.game", gameOddAndEven},
	{"patriarchs.game", gamePatriarchs},
	{"picture-patience.game", gamePicturePatience},
	{"royal-cotillion.game", gameRoyalCotillion},
	{"seahaven-towers.game", gameSeahavenTowers},
	{"shamrocks.game", gameShamrocks},
	{"streets-and-alleys.game", gameStreetsAndAlleys},
}

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
	var out []*Game
	for _, f := range builtinFiles {
		games, err := parseGameFile("engine/games/"+f.name, []byte(f.text), true)
		if err != nil {
			return nil, err
		}
		out = append(out, games...)
	}
	return out, nil
}
