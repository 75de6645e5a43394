package site

import (
	"errors"
	"io/fs"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// staticFile is a file copied as it is into the output.
type staticFile struct {
	name string // output path, e.g. "games/diagram.svg"
	fsys fs.FS
	src  string // path in fsys
	show string // as shown in messages, e.g. "content/games/diagram.svg"
}

// ignored tells whether the content walk skips a file or folder name.
func ignored(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") || strings.HasSuffix(name, ".go")
}

// scan lists the pages and static files of the content folder and the
// template assets, and checks that no two of them write the same file.
func (b *builder) scan() {
	b.outputs = map[string]string{}
	err := fs.WalkDir(b.content, ".", func(p string, d fs.DirEntry, err error) error {
		show := path.Join(contentName, p)
		if err != nil {
			b.errs.addf(srcpos.Pos{File: show}, "%v", unwrapPath(err))
			return nil
		}
		if p == "." {
			return nil
		}
		if !utf8.ValidString(d.Name()) {
			// The name could not go into a URL or a message as it is.
			what := "file"
			if d.IsDir() {
				what = "folder"
			}
			b.errs.addf(srcpos.Pos{File: strings.ToValidUTF8(show, "\uFFFD")}, "the %s name %q is not UTF-8: rename the %s", what, d.Name(), what)
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if ignored(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		ext := path.Ext(p)
		if ext == ".replay" {
			return nil // read by the replay blocks of the pages that name it
		}
		if d.Type()&fs.ModeSymlink != 0 {
			fi, err := fs.Stat(b.content, p)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				b.errs.addf(srcpos.Pos{File: show}, "broken symbolic link")
				return nil
			case err != nil:
				b.errs.addf(srcpos.Pos{File: show}, "symbolic link that leaves the content folder (%v)", unwrapPath(err))
				return nil
			case fi.IsDir():
				b.errs.addf(srcpos.Pos{File: show}, "symbolic link to a folder: not followed; link the files instead")
				return nil
			}
		} else if !d.Type().IsRegular() {
			return nil // sockets, devices and the like
		}
		if ext == ".md" {
			pg := newPage(p)
			b.pages = append(b.pages, pg)
			b.claim(pg.ref.Path, pg.ref.Source)
		} else {
			b.files = append(b.files, &staticFile{name: p, fsys: b.content, src: p, show: show})
			b.claim(p, show)
		}
		return nil
	})
	if err != nil {
		b.errs.addf(srcpos.Pos{File: contentName}, "%v", unwrapPath(err))
	}
	if b.tmpl != nil {
		for _, a := range b.tmpl.assets {
			b.files = append(b.files, &staticFile{name: a.name, fsys: a.fsys, src: a.src, show: a.show})
			b.claim(a.name, a.show)
		}
	}
}

// claim records that show writes the output file name, and reports a
// second writer.
func (b *builder) claim(name, show string) {
	if first, ok := b.outputs[name]; ok {
		b.errs.addf(srcpos.Pos{File: show}, "writes %s, as %s does", name, first)
		return
	}
	b.outputs[name] = show
}

// regularOrLink tells whether the entry d at p of fsys is a regular file
// or a symbolic link to one: the files a build copies. A FIFO would make
// the copy wait for a writer.
func regularOrLink(fsys fs.FS, p string, d fs.DirEntry) bool {
	if d.Type()&fs.ModeSymlink != 0 {
		fi, err := fs.Stat(fsys, p)
		return err != nil || fi.Mode().IsRegular() // a broken link is reported by the copy
	}
	return d.Type().IsRegular()
}
