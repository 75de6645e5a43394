package markup

import (
	"fmt"
	"html"
	"regexp"

	"github.com/yuin/goldmark/ast"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// replayID is the id of a rendered replay block and where the block is.
type replayID struct {
	id  string
	pos srcpos.Pos
}

// rootIDText matches the id attribute of the first element of a replay's
// HTML (the viewer's <figure class="replay" id="...">).
var rootIDText = regexp.MustCompile(`^\s*<[a-zA-Z][^>]*?\sid="([^"]*)"`)

// rootID returns the id of the first element of html, or "".
func rootID(h []byte) string {
	m := rootIDText.FindSubmatch(h)
	if m == nil {
		return ""
	}
	return html.UnescapeString(string(m[1]))
}

// checkIDs reports a replay whose id is already the id of another replay
// or of a heading of the page: the page would have two elements with one
// id, and links to "#id" and "#id/step" would not know which is meant.
func (st *state) checkIDs(doc *ast.Document) {
	if len(st.replays) == 0 {
		return
	}
	type owner struct {
		what string
		pos  srcpos.Pos
	}
	seen := map[string]owner{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		if v, ok := h.AttributeString("id"); ok {
			if id, ok := v.([]byte); ok && len(id) > 0 && h.Lines().Len() > 0 {
				if _, dup := seen[string(id)]; !dup {
					seen[string(id)] = owner{"heading", st.lines.Pos(h.Lines().At(0).Start)}
				}
			}
		}
		return ast.WalkSkipChildren, nil
	})
	for _, r := range st.replays {
		if first, dup := seen[r.id]; dup {
			st.errs.Add(r.pos, fmt.Sprintf("replay id %q is also the id of the %s at line %d: give this replay another, with id=... after replay",
				r.id, first.what, first.pos.Line))
			continue
		}
		seen[r.id] = owner{"replay", r.pos}
	}
}
