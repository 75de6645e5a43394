package markup

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// Figures from the site's data. In page text,
//
//	{{odds:SLUG[/VARIANT]:KEY}}
//
// is replaced by a figure of the game's results in content/odds, e.g.
// {{odds:house-in-the-woods:won}} by "731", so that no page types a
// survey figure by hand. The Document's Figures looks the figure up; an
// unknown game or key, or a construct not written as above, is an error
// at its position. Inside code spans and code blocks the text stays as
// it is.

// Figures returns the figure KEY of the results of game (slug) and
// variant ("" for the default rules), as the page shows it, or an error
// saying what the data lacks. An error that wraps ErrReported is not
// reported at the figure: its root (a data file that does not read) is
// reported where it is, and the figure is left out.
type Figures func(game, variant, key string) (string, error)

// ErrReported marks the error of a figure whose data failed at its root,
// where that failure is reported: the figure's own error would be a
// knock-on error, listed before its cause.
var ErrReported = errors.New("reported at its root")

// KindFigure is the node kind of a {{odds:...}} figure.
var KindFigure = ast.NewNodeKind("OddsFigure")

// Figure is a {{odds:...}} figure in the text.
type Figure struct {
	ast.BaseInline
	Game, Variant, Key string
	Offset             int    // where it starts in the source
	Bad                string // not a well-formed figure: the text read
}

// Kind implements ast.Node.
func (*Figure) Kind() ast.NodeKind { return KindFigure }

// Dump implements ast.Node.
func (n *Figure) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Game": n.Game, "Variant": n.Variant, "Key": n.Key, "Bad": n.Bad}, nil)
}

// figureStart is how every figure starts, and how text that is meant as
// one but is not well formed starts: "{{odds:", with any case and spaces
// around "odds" (issue 41, item 11: "{{ odds:x:y }}" was published as
// it was written).
var figureStart = regexp.MustCompile(`^\{\{[ \t]*(?i:odds)[ \t]*:`)

// figureText is a whole figure: names are lower-case letters, digits
// and hyphens; spaces may stand inside the braces.
var figureText = regexp.MustCompile(`^\{\{[ \t]*odds:([a-z0-9-]+)(?:/([a-z0-9-]+))?:([a-z0-9-]+)[ \t]*\}\}`)

// FigureIndex returns the index in text of the first figure, or of text
// meant as one ("{{ odds:", "{{ODDS:"), or -1: for the text where figures
// are not expanded (front matter, replay blocks), which must not publish
// one as it is written.
func FigureIndex(text []byte) int {
	for i := 0; ; {
		j := bytes.Index(text[i:], []byte("{{"))
		if j < 0 {
			return -1
		}
		i += j
		if figureStart.Match(text[i:]) {
			return i
		}
		i++
	}
}

// figureParser reads figures.
type figureParser struct{}

func (figureParser) Trigger() []byte { return []byte{'{'} }

func (figureParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if !figureStart.Match(line) {
		return nil
	}
	n := &Figure{Offset: seg.Start}
	m := figureText.FindSubmatch(line)
	if m == nil {
		// Up to the closing braces, or the end of the line.
		end := len(line)
		for i := 2; i+1 < len(line); i++ {
			if line[i] == '}' && line[i+1] == '}' {
				end = i + 2
				break
			}
		}
		for end > 0 && (line[end-1] == '\n' || line[end-1] == '\r') {
			end--
		}
		n.Bad = string(line[:end])
		block.Advance(end)
		return n
	}
	n.Game, n.Variant, n.Key = string(m[1]), string(m[2]), string(m[3])
	block.Advance(len(m[0]))
	return n
}

// lookUpFigures looks up the value of every figure of doc before it is
// rendered, and gives each its value as its one child, a String: the
// renderers that write a node's text, not its HTML (an image's alt text)
// and the plain text of headings (the search index, the page title) then
// have it too. Problems go to st.errs.
func (st *state) lookUpFigures(doc *ast.Document) {
	_ = ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		n, ok := node.(*Figure)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		fail := func(msg string) {
			st.errs = append(st.errs, &srcpos.Error{Pos: st.lines.Pos(n.Offset), Msg: msg})
		}
		switch {
		case n.Bad != "":
			fail(fmt.Sprintf("bad odds figure %q: want {{odds:SLUG:KEY}} or {{odds:SLUG/VARIANT:KEY}}, in lower case", n.Bad))
			return ast.WalkContinue, nil
		case st.doc.Figures == nil:
			fail("unknown odds key " + n.Key + ": this build has no odds data")
			return ast.WalkContinue, nil
		}
		v, err := st.doc.Figures(n.Game, n.Variant, n.Key)
		switch {
		case errors.Is(err, ErrReported):
		case err != nil:
			fail(err.Error())
		default:
			s := ast.NewString([]byte(v))
			s.SetRaw(true) // escaped where it is written
			n.AppendChild(n, s)
		}
		return ast.WalkContinue, nil
	})
}

// figureRenderer writes a figure's value.
type figureRenderer struct{}

func (figureRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindFigure, renderFigure)
}

func renderFigure(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if v, ok := node.FirstChild().(*ast.String); ok && entering {
		_, _ = w.Write(util.EscapeHTML(v.Value))
	}
	return ast.WalkSkipChildren, nil
}

// figureExtension adds figures to a goldmark instance.
type figureExtension struct{}

func (figureExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(figureParser{}, 900)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(figureRenderer{}, rendererPriority)))
}
