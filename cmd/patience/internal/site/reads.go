package site

import (
	"html/template"
	"io/fs"
	"path"
	"slices"
	"sort"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// What a page reads is recorded by mechanism, not by each step that reads
// a file remembering to say so: an incremental build (incremental.go)
// makes a page again when anything it read changed.
//
//   - Converting a page reads the content folder through pageFS, which
//     notes every file opened or looked at (its replay files) in the
//     page's deps.
//   - A page's figures ({{odds:…}}) and the template functions that read
//     games' data (dataFuncs: odds, games, families) read it through a
//     gameReader (gamedata.go), the only way to it, which notes each file
//     it reads: the figures' in the page's deps, the templates' in its
//     tdeps. Each worker that renders pages has its own copy of the
//     layouts, whose functions note into that worker's reads.
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

// note records the file name.
func (r *reads) note(name string) { r.files = append(r.files, name) }

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

// renderers makes the copies of the layouts for n workers, whose data
// functions (dataFuncs) read through a gameReader noting in the worker's
// reads. The shared layouts are never run: their data functions have no
// recorder and refuse to read (gamedata.go).
func (b *builder) renderers(n int) []*renderer {
	out := make([]*renderer, n)
	for w := range out {
		r := &renderer{rec: &reads{}, layouts: map[*template.Template]*template.Template{}}
		for name, t := range b.tmpl.layouts {
			c, err := t.Clone()
			if err != nil {
				if w == 0 {
					b.errs.addf(srcpos.Pos{File: b.tmpl.files[name+".html"]}, "internal error: %v", err)
				}
				continue
			}
			r.layouts[t] = c.Funcs(b.dataFuncMap(r.rec))
		}
		out[w] = r
	}
	return out
}
