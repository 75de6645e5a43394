package markup

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// folderLinks is an AST transformer that points relative links to a folder
// ("../shamrocks/", "docs/notation/#syntax", "..") at the folder's
// index.html. Pages are built as folder/index.html, and a browser showing
// the site from file:// lists a folder instead of opening its index.html;
// with the file named, links work from file:// and from any web server.
type folderLinks struct{}

// Transform implements parser.ASTTransformer.
func (folderLinks) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := n.(*ast.Link); ok && entering {
			l.Destination = folderIndex(l.Destination)
		}
		return ast.WalkContinue, nil
	})
}

// folderIndex returns dest with "index.html" added if it is a relative URL
// whose path names a folder.
func folderIndex(dest []byte) []byte {
	end := bytes.IndexAny(dest, "?#")
	if end < 0 {
		end = len(dest)
	}
	p := dest[:end]
	switch {
	case len(p) == 0 || p[0] == '/' || hasScheme(p):
		return dest // same page, absolute or another scheme
	case string(p) == "." || string(p) == ".." || bytes.HasSuffix(p, []byte("/..")) || bytes.HasSuffix(p, []byte("/.")):
		p = append(p[:len(p):len(p)], '/')
	case p[len(p)-1] != '/':
		return dest
	}
	out := make([]byte, 0, len(dest)+11)
	out = append(out, p...)
	out = append(out, "index.html"...)
	return append(out, dest[end:]...)
}

// hasScheme tells whether a URL path starts with a scheme ("https:",
// "mailto:").
func hasScheme(p []byte) bool {
	for i, c := range p {
		switch {
		case c == ':':
			return i > 0
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return false
}
