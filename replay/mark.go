package replay

import (
	"fmt"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// checkMarks checks that every card of the "mark:" header lies in the
// starting position s: a mark that could show nothing is an error.
func checkMarks(r *Replay, s *engine.State) error {
	if len(r.Mark) == 0 {
		return nil
	}
	there := map[string]bool{}
	for _, p := range s.Layout() {
		for _, c := range p {
			there[c.String()] = true
		}
	}
	for _, c := range r.Mark {
		if !there[c] {
			return srcpos.ErrorList{{Pos: r.Pos["mark"], Msg: fmt.Sprintf("mark: %s is not in the starting position", c)}}
		}
	}
	return nil
}
