package site

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"html"
	"html/template"
	"maps"
	"net/url"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// The files a build writes besides the pages, static files and assets:
//
//	search-index.js  the search box's index, a script (not JSON) so that
//	                 the search works from file:// too, where fetch()
//	                 of a local file fails
//	sitemap.xml      every page's URL: config.yaml's baseURL followed by
//	                 the page's pretty URL ("https://example.org/games/x/"),
//	                 or without a baseURL the path from the site's root
//	                 ("/games/x/"), which search engines do not accept:
//	                 set baseURL for a site that is published
//	404.html         the page a web server shows for a missing URL
//	games/<slug>.skeletons.txt
//	                 the play panel's viewer skeletons of a game the
//	                 site declares (declared.go)
//	<page>/<id>.replay, <page>/<id>.json
//	                 each replay of a page, in the notation and in format
//	                 1 JSON, beside the page, for its download links
//
// A content file of the same name replaces the generated one.
//
// 404.html may be served at any depth (/games/nope/ shows it too), so its
// links cannot be relative like every other page's: they start at the
// site root, the path of baseURL ("/patience/" for
// "https://example.org/patience/") or "/" without one. The page therefore
// works on a web server but not opened from file://.
const (
	searchIndexFile = "search-index.js"
	sitemapFile     = "sitemap.xml"
	notFoundFile    = "404.html"
)

// searchTextLimit caps the text of a page kept in the search index, in
// bytes, so that the index stays small on a big site. It is above the
// text of the longest pages of the bundled site, so that their whole text
// is searched.
const searchTextLimit = 40000

// searchEntry is one page in search-index.js.
type searchEntry struct {
	Title       string      `json:"t"`
	Path        string      `json:"u"`           // relative to the site root
	Section     string      `json:"s,omitempty"` // the section's title
	Aliases     []string    `json:"a,omitempty"`
	Description string      `json:"d,omitempty"`
	Headings    [][2]string `json:"h,omitempty"` // text and id of every h2-h4 with an id
	// Text is the page's text, without replay viewers and code, by
	// section: before the first heading, then after each of Headings.
	Text []string `json:"x,omitempty"`
}

// writeExtras renders and writes the search index, the sitemap and the
// 404 page, and counts them in b.extras.
func (b *builder) writeExtras() {
	if !b.errs.empty() {
		return // the build fails: the pages' errors say why
	}
	gen := []struct {
		name string
		make func() ([]byte, error)
	}{
		{searchIndexFile, b.searchIndex},
		{sitemapFile, b.sitemap},
		{notFoundFile, b.notFound},
	}
	if b.opts.PlaySkeletons != nil {
		decl := declaredGames()
		for _, slug := range slices.Sorted(maps.Keys(decl)) {
			gen = append(gen, struct {
				name string
				make func() ([]byte, error)
			}{path.Join(declaredDir, slug+skeletonsSuffix), func() ([]byte, error) { return b.opts.PlaySkeletons(decl[slug]) }})
		}
	}
	for _, g := range gen {
		if _, ok := b.outputs[g.name]; ok {
			continue // the content folder has its own
		}
		data, err := g.make()
		if err == nil {
			err = b.out.write(g.name, data)
		}
		if err != nil {
			b.errs.add(srcpos.Pos{File: g.name}, err)
			continue
		}
		b.extras++
	}
	for _, p := range b.pages {
		for _, d := range p.downloads {
			if _, ok := b.outputs[d.name]; ok {
				continue // the content folder has its own
			}
			if err := b.out.write(d.name, d.data); err != nil {
				b.errs.add(srcpos.Pos{File: p.ref.Source}, fmt.Errorf("writing %s: %w", d.name, unwrapPath(err)))
				continue
			}
			b.extras++
		}
	}
}

func (b *builder) searchIndex() ([]byte, error) {
	titles := map[string]string{}
	for _, s := range b.site.Sections {
		titles[s.Name] = s.Title
	}
	texts := make([]string, len(b.pages))
	forEach(len(b.pages), b.opts.Workers, func(i int) {
		texts[i] = b.pageTextOf(b.pages[i], searchTextLimit)
	})
	entries := make([]searchEntry, 0, len(b.pages))
	for i, p := range b.pages {
		e := searchEntry{Title: p.ref.Title, Path: p.ref.Path}
		if p.ref.Section != "" && p.ref.URL != p.ref.Section+"/" {
			e.Section = titles[p.ref.Section]
		}
		e.Aliases = stringList(p.ref.Params["aliases"])
		if d, ok := p.ref.Params["description"].(string); ok {
			e.Description = d
		}
		at := map[string]int{}
		for _, h := range p.heads {
			if h.Level >= 2 && h.Level <= 4 && h.ID != "" {
				e.Headings = append(e.Headings, [2]string{h.Text, h.ID})
				at[h.ID] = len(e.Headings)
			}
		}
		e.Text = sections(texts[i], at, e.Headings)
		entries = append(entries, e)
	}
	data, err := b.marshalEntries(entries) // json.Marshal: escapes <, > and &: safe in a script
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.WriteString("/* The search index of this site, generated by patience build; read by assets/search.js. */\n")
	buf.WriteString("window.patienceSearchIndex = ")
	buf.Write(data)
	buf.WriteString(";\n")
	return buf.Bytes(), nil
}

// stringList returns a front matter list (or single value) as strings.
func stringList(v any) []string {
	switch l := v.(type) {
	case nil:
		return nil
	case []string:
		return l
	case []any:
		s := make([]string, 0, len(l))
		for _, x := range l {
			s = append(s, fmt.Sprint(x))
		}
		return s
	default:
		return []string{fmt.Sprint(l)}
	}
}

// pageText returns the text of a page's HTML, whitespace collapsed, at most
// limit bytes (cut at a word). It leaves out what is not prose: replay
// viewers (figure), the title (h1), scripts, styles, SVG drawings, code
// blocks and the "#" links of headings.
func pageText(h []byte, limit int) string { return pageTextMarked(h, limit, false) }

// pageTextMarked is pageText, with section marks before each h2, h3 and h4
// that has an id when marks is true.
func pageTextMarked(h []byte, limit int, marks bool) string {
	var out strings.Builder
	var skip []string // elements being skipped, innermost last
	pending := false  // a space is due before the next word
	s := string(h)
	for len(s) > 0 && out.Len() < limit+200 {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			i = len(s)
		}
		if i > 0 && len(skip) == 0 {
			chunk := html.UnescapeString(s[:i])
			pending = pending || isSpace(chunk[0])
			for k, f := range strings.Fields(chunk) {
				if out.Len() > 0 && (pending || k > 0) {
					out.WriteByte(' ')
				}
				out.WriteString(f)
				pending = false
			}
			pending = pending || isSpace(chunk[len(chunk)-1])
		}
		s = s[i:]
		j := strings.IndexByte(s, '>')
		if j < 0 {
			break
		}
		tag := s[1:j]
		s = s[j+1:]
		body := strings.TrimPrefix(tag, "/")
		n := strings.IndexAny(body, " \t\r\n/")
		if n < 0 {
			n = len(body)
		}
		name := strings.ToLower(body[:n])
		closing := len(body) < len(tag)
		switch {
		case name == "":
		case closing && len(skip) > 0 && skip[len(skip)-1] == name:
			skip = skip[:len(skip)-1]
		case closing || strings.HasSuffix(tag, "/"):
			if blockTag[name] {
				pending = true
			}
		case len(skip) > 0:
			if skip[len(skip)-1] == name {
				skip = append(skip, name) // nested element of the same kind
			}
		case skipTag[name], name == "a" && strings.Contains(tag, `class="anchor"`):
			skip = append(skip, name)
		case blockTag[name]:
			pending = true
			if id := headingID(name, tag); marks && id != "" {
				out.WriteString(sectionMark + id + sectionIDEnd)
			}
		}
	}
	text := out.String()
	if len(text) <= limit {
		return text
	}
	cut := strings.LastIndexByte(text[:limit], ' ')
	if cut <= 0 {
		cut = limit
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
	}
	return text[:cut] + " …"
}

// sections splits a page text with section marks (pageTextMarked) into
// the text before the first heading and after each of heads, without the
// heading's own words (the index has them): at maps a heading's id to its
// place (1 for the first). The text of a heading the list lacks stays
// with the section before it. Empty sections at the end are left out.
func sections(text string, at map[string]int, heads [][2]string) []string {
	out := make([]string, len(heads)+1)
	parts := strings.Split(text, sectionMark)
	k := 0
	for i, part := range parts {
		if i > 0 {
			id, rest, _ := strings.Cut(part, sectionIDEnd)
			part = rest
			if j, ok := at[id]; ok && j > k {
				k = j
				part = strings.TrimPrefix(strings.TrimSpace(part), heads[j-1][0])
			}
		}
		part = strings.TrimSpace(part)
		if out[k] != "" && part != "" {
			out[k] += " "
		}
		out[k] += part
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// The marks pageTextMarked writes where a heading with an id starts: the
// mark, the id, the end of the id. Neither byte is ever in a page's text
// (pageText keeps no control characters but spaces).
const (
	sectionMark  = "\x1e"
	sectionIDEnd = "\x1f"
)

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// headingID returns the id of an h2, h3 or h4 start tag, or "".
func headingID(name, tag string) string {
	if name != "h2" && name != "h3" && name != "h4" {
		return ""
	}
	_, rest, ok := strings.Cut(tag, ` id="`)
	if !ok {
		return ""
	}
	id, _, _ := strings.Cut(rest, `"`)
	return html.UnescapeString(id)
}

// skipTag lists elements whose content is left out of the search text.
var skipTag = map[string]bool{"h1": true, "figure": true, "script": true, "style": true, "svg": true, "pre": true, "template": true}

// blockTag lists elements whose edges separate words.
var blockTag = map[string]bool{
	"p": true, "li": true, "br": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"td": true, "th": true, "tr": true, "dt": true, "dd": true, "div": true, "blockquote": true, "section": true,
}

func (b *builder) sitemap() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	buf.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	if b.cfg.BaseURL == "" {
		buf.WriteString("<!-- config.yaml has no baseURL: the locations are paths from the site's root. -->\n")
	}
	for _, p := range b.pages {
		buf.WriteString("<url><loc>")
		loc := b.cfg.BaseURL + p.ref.URL
		if b.cfg.BaseURL == "" {
			loc = "/" + p.ref.URL
		}
		if err := xml.EscapeText(&buf, []byte(loc)); err != nil {
			return nil, err
		}
		buf.WriteString("</loc></url>\n")
	}
	buf.WriteString("</urlset>\n")
	return buf.Bytes(), nil
}

// rootPath is the path of the site's root on its web server: baseURL's
// path, else "/".
func (b *builder) rootPath() string {
	u, err := url.Parse(b.cfg.BaseURL)
	if err != nil || u.Path == "" || u.Path == "/" {
		return "/"
	}
	return strings.TrimSuffix(path.Clean(u.Path), "/") + "/"
}

// notFoundBody is the content of the 404 page.
const notFoundBody = `<p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
<p>Try the search box above, the list of pages, or the <a href="%[1]sindex.html">home page</a>.</p>
`

func (b *builder) notFound() ([]byte, error) {
	t := b.tmpl.layouts["404"]
	if t == nil {
		t = b.tmpl.layouts["page"]
	}
	if t == nil {
		return nil, fmt.Errorf("no layout for the 404 page: the templates have no page.html")
	}
	root := b.rootPath()
	data := &PageData{
		Title:   "Page not found",
		Content: template.HTML(fmt.Sprintf(notFoundBody, template.HTMLEscapeString(root))),
		Params:  map[string]any{"robots": "noindex"},
		Root:    root,
		URL:     notFoundFile,
		Path:    notFoundFile,
		Pages:   b.site.Pages,
		Site:    b.site,
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, baseTemplate, data); err != nil {
		e := b.tmpl.templateError(err)
		return nil, fmt.Errorf("%s:%d:%d: rendering 404.html: %s", e.Pos.File, e.Pos.Line, e.Pos.Col, e.Msg)
	}
	return buf.Bytes(), nil
}
