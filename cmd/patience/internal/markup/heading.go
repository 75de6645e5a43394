package markup

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// headingRenderer renders headings like goldmark does and adds, inside
// every h2, h3 and h4 that has an id, a small "#" link to the heading for
// people to copy.
type headingRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (headingRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, renderHeading)
}

func renderHeading(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	if entering {
		_, _ = w.WriteString("<h")
		_ = w.WriteByte("0123456"[n.Level])
		if n.Attributes() != nil {
			html.RenderAttributes(w, node, html.HeadingAttributeFilter)
		}
		_ = w.WriteByte('>')
		return ast.WalkContinue, nil
	}
	if id, ok := n.AttributeString("id"); ok && n.Level >= 2 && n.Level <= 4 {
		if id, ok := id.([]byte); ok && len(id) > 0 {
			_, _ = w.WriteString(` <a class="anchor" href="#`)
			_, _ = w.Write(util.EscapeHTML(util.URLEscape(id, false)))
			_, _ = w.WriteString(`" aria-label="Link to this section">#</a>`)
		}
	}
	_, _ = w.WriteString("</h")
	_ = w.WriteByte("0123456"[n.Level])
	_, _ = w.WriteString(">\n")
	return ast.WalkContinue, nil
}
