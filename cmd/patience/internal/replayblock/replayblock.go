// Package replayblock turns the ```replay blocks of a page into replay
// viewers: it parses the replay, verifies it move by move against the
// rules engine and renders the viewer with the replay's format 1 JSON.
// A replay that does not verify fails the build with the position of the
// offending move. Where the build lets it, it publishes the replay beside
// the page as <id>.replay (printed by replay.Format) and <id>.json (as
// patience verify --json prints it), and the viewer links to both.
package replayblock

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
	"github.com/patience-solitaire/patience/cmd/patience/internal/viewer"
	"github.com/patience-solitaire/patience/replay"

	// Replay code blocks that are only shown (```replay-syntax) are
	// highlighted with the notation's lexer.
	"github.com/patience-solitaire/patience/engine/srcpos"
	_ "github.com/patience-solitaire/patience/replay/highlight"
)

// Render is a markup.ReplayRenderer.
func Render(b markup.ReplayBlock) ([]byte, error) {
	r, err := replay.Parse(b.File, b.FirstLine, b.Body)
	if err != nil {
		return nil, err
	}
	if id := b.Attrs["id"]; id != "" {
		r.ID = id
	}
	if r.ID == "" && b.File == b.Page {
		// An inline block has no file name to take its id from.
		r.ID = fmt.Sprintf("replay-%d", b.Line)
		if r.Deal != "" {
			r.ID = "deal-" + r.Deal
		}
	}
	v, err := replay.Verify(r)
	if err != nil {
		return nil, err
	}
	e := v.Export()
	var opts viewer.Options
	if b.Publish != nil {
		b.Publish(e.ID+".replay", replay.Format(r))
		b.Publish(e.ID+".json", JSON(e))
		opts.Downloads = true
	}
	var buf bytes.Buffer
	if err := viewer.RenderWith(&buf, e, opts); err != nil {
		return nil, &srcpos.Error{Pos: srcpos.Pos{File: b.Page, Line: b.Line, Col: b.Col}, Msg: err.Error()}
	}
	return buf.Bytes(), nil
}

// JSON is the format 1 JSON of e as the build publishes it and patience
// verify --json prints it: replay.Export.AppendJSON's (the viewer's and
// the play panel's), indented by two spaces as json.MarshalIndent
// indents, with a final newline.
func JSON(e *replay.Export) []byte {
	var buf bytes.Buffer
	if err := json.Indent(&buf, e.AppendJSON(nil), "", "  "); err != nil {
		panic("replayblock: AppendJSON wrote bad JSON: " + err.Error())
	}
	buf.WriteByte('\n')
	return buf.Bytes()
}
