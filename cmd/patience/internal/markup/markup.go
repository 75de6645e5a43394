package markup

import (
	"bytes"
	"context"
	"fmt"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// Options configure a Converter.
type Options struct {
	// Typographer turns straight quotes, "--", "---" and "..." into
	// typographic ones.
	Typographer bool
}

// Converter renders Markdown to HTML. Make one per build with New; it is
// safe for concurrent use.
type Converter struct {
	safe, unsafe goldmark.Markdown
	hl           *highlighter
}

// New returns a Converter. The goldmark instances, the chroma formatter and
// the chroma style are made here, once.
func New(opts Options) *Converter {
	c := &Converter{hl: newHighlighter()}
	c.safe = c.newMarkdown(opts, false)
	c.unsafe = c.newMarkdown(opts, true)
	return c
}

// Priority of this package's node renderers: goldmark's HTML renderer has
// 1000, and a smaller number wins.
const rendererPriority = 100

func (c *Converter) newMarkdown(opts Options, unsafe bool) goldmark.Markdown {
	exts := []goldmark.Extender{extension.GFM, figureExtension{}}
	if opts.Typographer {
		exts = append(exts, extension.Typographer)
	}
	ropts := []renderer.Option{
		renderer.WithNodeRenderers(
			util.Prioritized(&fencedCodeRenderer{hl: c.hl}, rendererPriority),
			util.Prioritized(headingRenderer{}, rendererPriority),
		),
	}
	if unsafe {
		ropts = append(ropts, html.WithUnsafe())
	}
	return goldmark.New(
		goldmark.WithExtensions(exts...),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithAttribute(),
			parser.WithASTTransformers(util.Prioritized(folderLinks{}, 1000)),
		),
		goldmark.WithRendererOptions(ropts...),
	)
}

// CSS returns the stylesheet for highlighted code: chroma classes for a
// light style and, under prefers-color-scheme: dark, a dark one.
func (c *Converter) CSS() []byte { return c.hl.stylesheet() }

// Document is one Markdown text to convert.
type Document struct {
	Path   string // page source path as shown in messages
	Source []byte // the Markdown, front matter removed
	Line   int    // line number in Path of Source's first line; 0 means 1
	// Unsafe keeps raw HTML written in the Markdown; otherwise it is
	// replaced by a comment.
	Unsafe bool
	// Replay renders the replay blocks; nil means PlainReplay.
	Replay ReplayRenderer
	// Figures looks up the {{odds:...}} figures (figure.go); nil: a
	// page that names one fails.
	Figures Figures
	// Context, if not nil, stops the conversion when it is done: Convert
	// then returns its error soon, within a code block being highlighted.
	Context context.Context
}

// Result is a converted Document.
type Result struct {
	HTML     []byte
	Headings []Heading // every heading, in document order
	Links    []Link    // every link and image, in document order
}

// Heading is a heading of a converted document.
type Heading struct {
	Level int    // 1 to 6
	ID    string // the id attribute: the target of links to it
	Text  string // plain text
}

// Title returns the text of the first h1 or, without one, of the first
// heading, and "" when the document has no heading.
func (r *Result) Title() string {
	for _, h := range r.Headings {
		if h.Level == 1 {
			return h.Text
		}
	}
	if len(r.Headings) > 0 {
		return r.Headings[0].Text
	}
	return ""
}

// HasH1 tells whether the document has a level 1 heading of its own.
func (r *Result) HasH1() bool {
	for _, h := range r.Headings {
		if h.Level == 1 {
			return true
		}
	}
	return false
}

// state is what the node renderers need to know about the document being
// rendered. It travels in the goldmark Document's metadata, because a
// goldmark renderer is shared by concurrent renders.
type state struct {
	doc     *Document
	lines   *srcpos.LineIndex
	errs    srcpos.ErrorList
	replays []replayID // the ids of the replays rendered (ids.go)
}

const stateKey = "\x00patience/markup.state"

// stateOf returns the state of the document that holds n, or nil.
func stateOf(n ast.Node) *state {
	d := n.OwnerDocument()
	if d == nil {
		return nil
	}
	st, _ := d.Meta()[stateKey].(*state)
	return st
}

// Convert renders d. All the problems found (typically in replay blocks)
// are returned together as a sorted srcpos.ErrorList; the HTML is then
// incomplete.
func (c *Converter) Convert(d *Document) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, &srcpos.Error{Pos: srcpos.Pos{File: d.Path, Line: max(d.Line, 1), Col: 1}, Msg: fmt.Sprintf("internal error rendering Markdown: %v", r)}
		}
	}()
	md := c.safe
	if d.Unsafe {
		md = c.unsafe
	}
	if err := checkNesting(d.Path, max(d.Line, 1), d.Source); err != nil {
		return nil, err
	}
	st := &state{doc: d, lines: srcpos.NewLineIndex(d.Path, d.Source, max(d.Line, 1))}
	root := md.Parser().Parse(text.NewReader(d.Source))
	doc, ok := root.(*ast.Document)
	if !ok {
		return nil, fmt.Errorf("%s: goldmark returned a %T, not a document", d.Path, root)
	}
	if d.Context != nil && d.Context.Err() != nil {
		return nil, d.Context.Err()
	}
	doc.AddMeta(stateKey, st)
	st.lookUpFigures(doc) // figure.go
	res = &Result{Headings: headings(doc, d.Source), Links: links(doc, st.lines)}
	var buf bytes.Buffer
	buf.Grow(len(d.Source) + len(d.Source)/2)
	err = md.Renderer().Render(&buf, d.Source, doc)
	if d.Context != nil && d.Context.Err() != nil {
		return nil, d.Context.Err()
	}
	if err != nil {
		st.errs.Add(srcpos.Pos{File: d.Path, Line: max(d.Line, 1), Col: 1}, err.Error())
	}
	st.checkIDs(doc)
	if len(st.errs) > 0 {
		st.errs.Sort()
		return nil, st.errs
	}
	res.HTML = buf.Bytes()
	return res, nil
}

// headings lists the headings of doc.
func headings(doc *ast.Document, source []byte) []Heading {
	var hs []Heading
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		h, ok := n.(*ast.Heading)
		if !ok {
			if n.Type() == ast.TypeInline || n.Kind() == ast.KindParagraph {
				return ast.WalkSkipChildren, nil
			}
			return ast.WalkContinue, nil
		}
		var id string
		if v, ok := h.AttributeString("id"); ok {
			if b, ok := v.([]byte); ok {
				id = string(b)
			}
		}
		hs = append(hs, Heading{Level: h.Level, ID: id, Text: plainText(h, source)})
		return ast.WalkSkipChildren, nil
	})
	return hs
}

// plainText returns the text of n's inline content, without markup.
func plainText(n ast.Node, source []byte) string {
	var b bytes.Buffer
	_ = ast.Walk(n, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			b.Write(n.Segment.Value(source))
			if n.SoftLineBreak() || n.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(n.Value)
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return string(bytes.TrimSpace(b.Bytes()))
}
