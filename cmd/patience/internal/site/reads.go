package site

import (
	"html/template"
	"io/fs"
	"path"
	"slices"
	"sort"

	"github.com/patience-solitaire/patience/engine"
)

// What a page reads is recorded by mechanism, not by each step that reads
// a file remembering to say so: an incremental build (incremental.go)
// makes a page again when anything it read changed.
//
//   - Converting a page reads the content folder through pageFS, which
//     notes every file opened or looked at (its replay files) in the
//     page's deps.
//   - Executing a page's template, the template functions that read
//     files (odds, games, families: the odds files) note them in the
//     page's tdeps. Each worker that renders pages has its own copy of
//     the layouts, whose functions note into that worker's reads.
//
// A file that does not exist is noted too: making it changes the page.

// pageFS is the content folder as the conversion of page p sees it.
type pageFS struct {
	fsys fs.FS
	p    *page
}

func (f pageFS) Open(name string) (fs.File, error) {
	f.p.note(name)
	return f.fsys.Open(name)
}

func (f pageFS) Stat(name string) (fs.FileInfo, error) {
	f.p.note(name)
	return fs.Stat(f.fsys, name)
}

// note records that p's conversion read the file name of the content
// folder.
func (p *page) note(name string) {
	if name != p.rel {
		p.deps = append(p.deps, path.Join(contentName, name))
	}
}

// reads are the files a template execution read, as shown in messages
// ("content/odds/shamrocks.json").
type reads struct{ files []string }

// note records the file name; r may be nil (nothing is recorded).
func (r *reads) note(name string) {
	if r != nil {
		r.files = append(r.files, name)
	}
}

// take returns the files noted, sorted and without duplicates, and
// forgets them.
func (r *reads) take() []string {
	f := r.files
	r.files = nil
	sort.Strings(f)
	return slices.Compact(f)
}

// renderer is a worker's copy of the layouts, whose functions note what
// they read in rec.
type renderer struct {
	rec     *reads
	layouts map[*template.Template]*template.Template // shared layout -> this worker's copy
}

// renderers makes the copies of the layouts for n workers.
func (b *builder) renderers(n int) []*renderer {
	out := make([]*renderer, n)
	for w := range out {
		r := &renderer{rec: &reads{}, layouts: map[*template.Template]*template.Template{}}
		for _, t := range b.tmpl.layouts {
			c, err := t.Clone()
			if err != nil {
				continue // executed already: see layoutFor
			}
			r.layouts[t] = c.Funcs(b.oddsFuncs(r.rec))
		}
		out[w] = r
	}
	return out
}

// layoutFor returns the worker's copy of the layout t, or t itself, and
// then notes every odds file, since it cannot know which t reads.
func (r *renderer) layoutFor(b *builder, t *template.Template) *template.Template {
	if c := r.layouts[t]; c != nil {
		return c
	}
	for _, g := range engine.Games() {
		noteOdds(r.rec, g)
	}
	return t
}
