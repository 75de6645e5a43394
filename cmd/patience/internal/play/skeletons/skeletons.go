// Package skeletons renders the play panel's viewer skeletons (package
// play, figure.go) with the viewer's templates: for the engine's games
// into play/skeletons.txt (go generate), and for a game a site declares
// into games/<slug>.skeletons.txt (the site build), which the panel's
// worker is given with the declaration. It is apart from play, whose
// WebAssembly program must not link html/template.
package skeletons

import (
	"bytes"
	"io"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play"
	"github.com/patience-solitaire/patience/cmd/patience/internal/viewer"
	"github.com/patience-solitaire/patience/engine"
)

// Write writes the skeletons of games (a replay of two steps and a
// position, each) in the format of skeletons.txt. The games must be
// registered: the viewer draws a game's layout from the registry.
func Write(w io.Writer, games []*engine.Game) error {
	sk := map[string]string{}
	var names []string
	for _, g := range games {
		for _, n := range []int{2, 0} {
			var b bytes.Buffer
			if err := viewer.Render(&b, play.Skeleton(g, n)); err != nil {
				return err
			}
			name := play.SkeletonName(g.Key(), n)
			names = append(names, name)
			sk[name] = b.String()
		}
	}
	return play.WriteSkeletons(w, names, sk)
}

// Text returns the skeletons of games (site.Options.PlaySkeletons).
func Text(games []*engine.Game) ([]byte, error) {
	var b bytes.Buffer
	err := Write(&b, games)
	return b.Bytes(), err
}
