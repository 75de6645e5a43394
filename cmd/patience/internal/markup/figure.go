package markup

import (
	"errors"
	"fmt"
	"regexp"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/patience-solitaire/patience/replay/srcpos"
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

// figureOpen starts every figure.
const figureOpen = "{{odds:"

// figureText is a whole figure: names are lower-case letters, digits
// and hyphens.
var figureText = regexp.MustCompile(`^\{\{odds:([a-z0-9-]+)(?:/([a-z0-9-]+))?:([a-z0-9-]+)\}\}`)

// figureParser reads figures.
type figureParser struct{}

func (figureParser) Trigger() []byte { return []byte{'{'} }

func (figureParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if len(line) < len(figureOpen) || string(line[:len(figureOpen)]) != figureOpen {
		return nil
	}
	n := &Figure{Offset: seg.Start}
	m := figureText.FindSubmatch(line)
	if m == nil {
		// Up to the closing braces, or the end of the line.
		end := len(line)
		for i := len(figureOpen); i+1 < len(line); i++ {
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

// figureRenderer writes a figure's value, or records its error.
type figureRenderer struct{}

func (figureRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindFigure, renderFigure)
}

func renderFigure(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*Figure)
	st := stateOf(n)
	if !entering || st == nil {
		return ast.WalkContinue, nil
	}
	at := st.lines.Pos(n.Offset)
	fail := func(msg string) (ast.WalkStatus, error) {
		st.errs = append(st.errs, &srcpos.Error{Pos: at, Msg: msg})
		return ast.WalkContinue, nil
	}
	switch {
	case n.Bad != "":
		return fail(fmt.Sprintf("bad odds figure %q: want {{odds:SLUG:KEY}} or {{odds:SLUG/VARIANT:KEY}}, in lower case", n.Bad))
	case st.doc.Figures == nil:
		return fail("unknown odds key " + n.Key + ": this build has no odds data")
	}
	v, err := st.doc.Figures(n.Game, n.Variant, n.Key)
	switch {
	case errors.Is(err, ErrReported):
		return ast.WalkContinue, nil
	case err != nil:
		return fail(err.Error())
	}
	_, _ = w.Write(util.EscapeHTML([]byte(v)))
	return ast.WalkContinue, nil
}

// figureExtension adds figures to a goldmark instance.
type figureExtension struct{}

func (figureExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithInlineParsers(util.Prioritized(figureParser{}, 900)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(figureRenderer{}, rendererPriority)))
}
