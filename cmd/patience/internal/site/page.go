package site

import (
	"bytes"
	"fmt"
	"html/template"
	"path"
	"strings"
	"sync"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// page is a Markdown page of the site.
type page struct {
	rel    string   // path in the content folder, e.g. "games/shamrocks.md"
	ref    *PageRef // what other pages and the templates see
	layout *template.Template
	html   []byte
	heads  []markup.Heading
	hasH1  bool
	deps   []string // files its conversion read, as shown in messages (reads.go)
	tdeps  []string // files its template read, as shown in messages (reads.go)
	fm     *markup.FrontMatter
	links  []markup.Link // the links of the Markdown, checked by checkLinks
	// downloads are the files its replays publish beside it (writeExtras)
	downloads []download
}

// download is a file a page's replay publishes: its path in the output.
type download struct {
	name string
	data []byte
}

// newPage makes the page of the Markdown file rel and its pretty URL:
// index.md and _index.md stand for their folder, x.md for the folder x.
func newPage(rel string) *page {
	dir, file := path.Split(rel)
	stem := strings.TrimSuffix(file, ".md")
	url := dir
	if stem != "index" && stem != "_index" {
		url = dir + stem + "/"
	}
	section, _, nested := strings.Cut(rel, "/")
	if !nested {
		section = ""
	}
	return &page{rel: rel, ref: &PageRef{
		URL:     url,
		Path:    url + "index.html",
		Section: section,
		Source:  path.Join(contentName, rel),
	}}
}

// loadPages reads, parses and converts every page, concurrently.
func (b *builder) loadPages() {
	forEach(len(b.pages), b.opts.Workers, func(i int) {
		p := b.pages[i]
		if b.inc.isReused(p) || b.stopped() {
			return // unchanged since the last build (incremental.go), or stopped
		}
		defer func() {
			if r := recover(); r != nil {
				b.errs.addf(srcpos.Pos{File: p.ref.Source, Line: 1, Col: 1}, "internal error: %v", r)
			}
		}()
		b.loadPage(p)
	})
}

func (b *builder) loadPage(p *page) {
	src := p.ref.Source
	at := srcpos.Pos{File: src, Line: 1, Col: 1}
	text, err := readLimited(pageFS{b.content, p}, p.rel, pageOrReplay)
	if err != nil {
		b.errs.addf(at, "%v", unwrapPath(err))
		return
	}
	mp, err := markup.ParsePage(src, text)
	if err != nil {
		b.errs.add(at, err)
		return
	}
	if bytes.HasSuffix(text, mp.Body) { // the front matter is what comes before
		b.errs.add(at, figureRefused(src, text[:len(text)-len(mp.Body)], 1, "front matter"))
	}
	fm := &mp.FrontMatter
	// The front matter is known even if the Markdown below fails: the
	// game check (games.go) must not then report the game as having no
	// page.
	p.fm = fm
	p.ref.Params = fm.Params
	title, _, err := fm.String("title")
	b.errs.add(at, err)
	p.ref.Weight, _, err = fm.Int("weight")
	b.errs.add(at, err)
	unsafe := b.cfg.Unsafe
	if v, ok, err := fm.Bool("unsafe"); ok {
		unsafe = v
	} else {
		b.errs.add(at, err)
	}
	p.layout = b.chooseLayout(p, fm)

	figs := &reads{} // the data files its figures read (gamedata.go)
	res, err := b.conv.Convert(&markup.Document{
		Path:    src,
		Source:  mp.Body,
		Line:    mp.BodyLine,
		Unsafe:  unsafe,
		Replay:  b.replayRenderer(p),
		Figures: b.figures(figs),
		Context: b.ctx, // a page of highlighted code can take seconds
	})
	p.deps = append(p.deps, figs.take()...)
	if b.stopped() {
		return // BuildContext returns ctx.Err()
	}
	if err != nil {
		b.errs.add(at, err)
		return
	}
	p.html, p.heads, p.hasH1 = res.HTML, res.Headings, res.HasH1()
	p.links = res.Links
	switch {
	case strings.TrimSpace(title) != "":
		p.ref.Title = strings.TrimSpace(title)
	case res.Title() != "":
		p.ref.Title = res.Title()
	default:
		p.ref.Title = b.fileTitle(p)
	}
}

// figureRefused returns the error of a figure in text where figures are
// not expanded, the front matter or a replay block (where), which would
// publish it as it is written (issue 41, item 11), or nil. text is in
// file from line first.
func figureRefused(file string, text []byte, first int, where string) error {
	var errs srcpos.ErrorList
	var lines *srcpos.LineIndex
	for off := 0; ; off += 2 {
		i := markup.FigureIndex(text[off:])
		if i < 0 {
			return errs.Err()
		}
		if lines == nil {
			lines = srcpos.NewLineIndex(file, text, first)
		}
		off += i
		errs.Add(lines.Pos(off), "an odds figure {{odds:…}} is not expanded in "+where+": quote it in the page's text")
	}
}

// fileTitle is the title of a page without one: its name, or its folder's
// for an index page.
func (b *builder) fileTitle(p *page) string {
	name := strings.TrimSuffix(path.Base(p.rel), ".md")
	if name == "index" || name == "_index" {
		if p.ref.URL == "" {
			return b.cfg.Title
		}
		name = path.Base(strings.TrimSuffix(p.ref.URL, "/"))
	}
	return capitalize(name)
}

// chooseLayout picks the template of a page: its front matter's layout,
// else home for the home page, else game for a game page, else page.
func (b *builder) chooseLayout(p *page, fm *markup.FrontMatter) *template.Template {
	if b.tmpl.broken {
		return nil // the templates did not parse: already reported
	}
	name, ok, err := fm.String("layout")
	if err != nil {
		b.errs.add(fm.Pos("layout"), err)
		return nil
	}
	if ok {
		t := b.tmpl.layouts[name]
		if t == nil {
			b.errs.addf(fm.Pos("layout"), "front matter: no layout %q (have %s)", name, b.tmpl.layoutNames())
		}
		return t
	}
	if t := b.tmpl.layouts["home"]; t != nil && p.ref.URL == "" {
		return t
	}
	if t := b.tmpl.layouts["game"]; t != nil && fm.Params["game"] != nil {
		return t
	}
	if t := b.tmpl.layouts["page"]; t != nil {
		return t
	}
	b.errs.addf(srcpos.Pos{File: p.ref.Source, Line: 1, Col: 1}, "no layout for this page: the templates have no page.html")
	return nil
}

var bufferPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// renderPages executes the pages' templates and writes them, concurrently.
func (b *builder) renderPages() {
	rs := b.renderers(workerCount(len(b.pages), b.opts.Workers))
	forEachWorker(len(b.pages), b.opts.Workers, func(w, i int) {
		p := b.pages[i]
		if b.stopped() || b.reuseOutput(p) {
			return // stopped, or the same output as the last build's (incremental.go)
		}
		defer func() {
			if r := recover(); r != nil {
				b.errs.addf(srcpos.Pos{File: p.ref.Source, Line: 1, Col: 1}, "internal error rendering the page: %v", r)
			}
		}()
		buf := bufferPool.Get().(*bytes.Buffer)
		defer bufferPool.Put(buf)
		buf.Reset()
		b.renderPage(p, buf, rs[w])
	})
}

func (b *builder) renderPage(p *page, buf *bytes.Buffer, r *renderer) {
	data := &PageData{
		Title:    p.ref.Title,
		Content:  template.HTML(p.html),
		Params:   p.ref.Params,
		Root:     strings.Repeat("../", strings.Count(p.ref.Path, "/")),
		URL:      p.ref.URL,
		Path:     p.ref.Path,
		Section:  p.ref.Section,
		Source:   p.ref.Source,
		Headings: p.heads,
		HasH1:    p.hasH1,
		Pages:    b.site.Pages,
		Site:     b.site,
	}
	if n, ok := b.site.neighbors[p.ref.URL]; ok {
		data.Prev, data.Next = n[0], n[1]
	}
	t := r.layouts[p.layout]
	if t == nil {
		return // its layout could not be copied: reported by renderers
	}
	err := t.ExecuteTemplate(buf, baseTemplate, data)
	p.tdeps = r.rec.take()
	if err != nil {
		b.errs.addExec(*b.tmpl.templateError(err), p.ref.Source)
		return
	}
	if err := b.out.write(p.ref.Path, buf.Bytes()); err != nil {
		b.errs.add(srcpos.Pos{File: p.ref.Source}, fmt.Errorf("writing %s: %w", p.ref.Path, unwrapPath(err)))
	}
}
