// Package content holds the bundled patience site: Markdown pages, replay
// files and static files, embedded in the binary so that `patience build`
// builds it when the source folder has no content/ folder of its own.
//
// Everything in this folder is embedded (the pattern is all:*, so files
// whose names begin with "_" or "." are included, as _index.md must be);
// [FS] hides this package's Go files. A new file or subfolder needs no
// change here.
package content

import (
	"embed"
	"io/fs"
	"path"
	"strings"
)

//go:embed all:*
var files embed.FS

// FS is the bundled content folder, without the Go source of this package:
// index.md at its root, games/, docs/ and so on below.
var FS fs.FS = siteFiles{files}

// siteFiles is an fs.FS that hides Go files and dot files.
type siteFiles struct{ fsys embed.FS }

func hidden(name string) bool {
	base := path.Base(name)
	return name != "." && (strings.HasSuffix(base, ".go") || strings.HasPrefix(base, "."))
}

// Open implements fs.FS.
func (s siteFiles) Open(name string) (fs.File, error) {
	if hidden(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return s.fsys.Open(name)
}

// ReadFile implements fs.ReadFileFS.
func (s siteFiles) ReadFile(name string) ([]byte, error) {
	if hidden(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return s.fsys.ReadFile(name)
}

// ReadDir implements fs.ReadDirFS.
func (s siteFiles) ReadDir(name string) ([]fs.DirEntry, error) {
	if hidden(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	list, err := s.fsys.ReadDir(name)
	out := list[:0:0]
	for _, e := range list {
		if !hidden(path.Join(name, e.Name())) {
			out = append(out, e)
		}
	}
	return out, err
}
