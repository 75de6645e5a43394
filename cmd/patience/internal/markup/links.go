package markup

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// folderLinks is an AST transformer that points relative links to a folder
// ("../shamrocks/", "docs/notation/#syntax", "..") at the folder's
// index.html. Pages are built as folder/index.html, and a browser showing
// the site from file:// lists a folder instead of opening its index.html;
// with the file named, links work from file:// and from any web server.
type folderLinks struct{}

// Transform implements parser.ASTTransformer. It also records every link
// and image as written, with its place in the source (see Result.Links),
// before changing any destination.
func (folderLinks) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	var links []rawLink
	source := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch l := n.(type) {
		case *ast.Link:
			links = append(links, rawLink{string(l.Destination), linkStart(l, source, false), false})
			l.Destination = folderIndex(l.Destination)
		case *ast.Image:
			links = append(links, rawLink{string(l.Destination), linkStart(l, source, true), true})
		}
		return ast.WalkContinue, nil
	})
	doc.AddMeta(linksKey, links)
}

// Link is a link or an image of a converted document, as its author wrote
// it (before "index.html" is added to links to folders).
type Link struct {
	Dest  string     // the destination: "../shamrocks/#rules", "#top", "https://..."
	Pos   srcpos.Pos // where the link starts: its "[" (an image's "!")
	Image bool
}

// rawLink is a Link whose place is a byte offset in the Markdown.
type rawLink struct {
	dest  string
	off   int
	image bool
}

const linksKey = "\x00patience/markup.links"

// links returns the links recorded in doc, with their positions.
func links(doc *ast.Document, lines *srcpos.LineIndex) []Link {
	raw, _ := doc.Meta()[linksKey].([]rawLink)
	out := make([]Link, len(raw))
	for i, l := range raw {
		out[i] = Link{Dest: l.dest, Pos: lines.Pos(l.off), Image: l.image}
	}
	return out
}

// linkStart returns the offset of the "[" that opens link n (the "!" of
// an image): goldmark keeps no position for links, so it is found from the
// first text inside the link, or the text just before it, or the start of
// its block.
func linkStart(n ast.Node, source []byte, image bool) int {
	at, inside := -1, false
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			at, inside = t.Segment.Start, true
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if at < 0 {
		if t, ok := n.PreviousSibling().(*ast.Text); ok {
			at = t.Segment.Stop
		}
	}
	if at < 0 {
		for p := n.Parent(); p != nil; p = p.Parent() {
			if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
				return p.Lines().At(0).Start
			}
		}
		return 0
	}
	if inside {
		// Back from the text to the "[", on the same line.
		i := min(at, len(source)) - 1
		for i >= 0 && source[i] != '[' && source[i] != '\n' {
			i--
		}
		if i >= 0 && source[i] == '[' {
			at = i
		}
	}
	if image && at > 0 && source[at-1] == '!' {
		at--
	}
	return at
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
	case len(p) == 0 || p[0] == '/' || HasURLScheme(p):
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

// HasURLScheme tells whether a link starts with a scheme ("https:",
// "mailto:"): such a link leaves the site and is not checked.
func HasURLScheme[T string | []byte](p T) bool {
	for i, c := range []byte(p) {
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
