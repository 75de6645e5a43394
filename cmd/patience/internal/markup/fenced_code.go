package markup

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// fencedCodeRenderer renders fenced code blocks, dispatching on the first
// word of the info string: "replay" blocks go to the document's
// ReplayRenderer, every other block is highlighted by chroma.
type fencedCodeRenderer struct {
	hl *highlighter
}

// RegisterFuncs implements renderer.NodeRenderer.
func (r *fencedCodeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, r.render)
}

func (r *fencedCodeRenderer) render(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.FencedCodeBlock)
	var info string
	if n.Info != nil {
		info = string(n.Info.Segment.Value(source))
	}
	lang, rest, _ := strings.Cut(info, " ")
	body := n.Lines().Value(source)
	if lang == ReplayInfo {
		return ast.WalkSkipChildren, r.renderReplay(w, n, rest, body)
	}
	ctx := contextOf(n)
	if err := ctx.Err(); err != nil {
		return ast.WalkStop, err
	}
	return ast.WalkSkipChildren, r.hl.write(ctx, w, lang, body)
}

// contextOf returns the context of the conversion of the document that
// holds n: Document.Context, or context.Background().
func contextOf(n ast.Node) context.Context {
	if st := stateOf(n); st != nil && st.doc.Context != nil {
		return st.doc.Context
	}
	return context.Background()
}

// renderReplay hands a replay block to the document's ReplayRenderer and
// records its errors in the document's state: one bad replay must not hide
// the problems of the others.
func (r *fencedCodeRenderer) renderReplay(w util.BufWriter, n *ast.FencedCodeBlock, attrs string, body []byte) error {
	st := stateOf(n)
	if st == nil { // rendered outside Converter.Convert
		out, _ := PlainReplay(ReplayBlock{Body: body})
		_, err := w.Write(out)
		return err
	}
	at := st.lines.Pos(n.Pos())
	b := ReplayBlock{
		Page: st.doc.Path, Line: at.Line, Col: at.Col,
		File: st.doc.Path, FirstLine: at.Line + 1, Body: body,
	}
	var err error
	b.Attrs, err = parseAttrs(attrs)
	if err != nil {
		st.errs.Add(at, err.Error())
		return nil
	}
	render := st.doc.Replay
	if render == nil {
		render = PlainReplay
	}
	out, err := safeRender(render, b)
	if err != nil {
		st.addError(at, err)
		return nil
	}
	if id := rootID(out); id != "" {
		st.replays = append(st.replays, replayID{id, at})
	}
	_, err = w.Write(out)
	return err
}

// safeRender calls render, turning a panic into an error.
func safeRender(render ReplayRenderer, b ReplayBlock) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("internal error rendering replay: %v", r)
		}
	}()
	return render(b)
}

// addError records err, keeping the positions of replay errors and placing
// any other error at pos.
func (st *state) addError(pos srcpos.Pos, err error) {
	var list srcpos.ErrorList
	var one *srcpos.Error
	switch {
	case errors.As(err, &list):
		st.errs = append(st.errs, list...)
	case errors.As(err, &one):
		st.errs = append(st.errs, one)
	default:
		st.errs.Add(pos, err.Error())
	}
}
