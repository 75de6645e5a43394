package site

import (
	"bytes"
	"crypto/sha256"
	"io"
	"io/fs"
	"path"
	"sync"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/js"
)

// The template assets (stylesheets and scripts) are written minified:
// the sources in templates/assets keep their comments and layout for the
// people who edit them, and a reader's first visit loads a third fewer
// bytes. The minifier is github.com/tdewolff/minify; its output depends
// only on its input, so a build stays byte-identical for the same
// sources. Only the assets pass through it: content files are copied as
// they are (an author's file is theirs), and so is anything the
// minifier cannot parse (the browser will report it; the build does not
// guess).

// minifier is shared by every build; its methods are safe for concurrent
// use.
var minifier = func() *minify.M {
	m := minify.New()
	m.Add("text/css", &css.Minifier{})
	m.Add("text/javascript", &js.Minifier{})
	return m
}()

// minifiedTypes are the media types of the asset extensions minified.
var minifiedTypes = map[string]string{
	".css": "text/css",
	".js":  "text/javascript",
}

// minified returns the minified form of data, a file whose name ends in
// ext, or data itself when the type is not minified or does not parse.
// Results are remembered by the hash of their input, so that the
// rebuilds of serve minify only an asset that changed.
func minified(ext string, data []byte) []byte {
	mt, ok := minifiedTypes[ext]
	if !ok {
		return data
	}
	key := minifyKey{ext, sha256.Sum256(data)}
	minifyCache.Lock()
	out, ok := minifyCache.m[key]
	minifyCache.Unlock()
	if ok {
		return out
	}
	out, err := minifier.Bytes(mt, data)
	if err != nil || len(out) > len(data) {
		out = data
	}
	minifyCache.Lock()
	if len(minifyCache.m) >= maxMinifyCache {
		clear(minifyCache.m) // an edit session's old versions; the current ones come back at once
	}
	minifyCache.m[key] = out
	minifyCache.Unlock()
	return out
}

type minifyKey struct {
	ext string
	sum [sha256.Size]byte
}

// maxMinifyCache bounds the remembered results: the bundled templates
// have about a dozen minified assets.
const maxMinifyCache = 256

var minifyCache = struct {
	sync.Mutex
	m map[minifyKey][]byte
}{m: map[minifyKey][]byte{}}

// minifyFS is a template folder whose stylesheets and scripts read
// minified. Stat reports the minified size, so that what Stat says and
// what Open reads agree (the incremental build compares them).
type minifyFS struct{ fsys fs.FS }

func (f minifyFS) Open(name string) (fs.File, error) {
	file, err := f.fsys.Open(name)
	if err != nil || minifiedTypes[path.Ext(name)] == "" {
		return file, err
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return f.fsys.Open(name)
	}
	data, err := io.ReadAll(file)
	if err != nil {
		return nil, err
	}
	data = minified(path.Ext(name), data)
	return &minifiedFile{Reader: bytes.NewReader(data), info: minifiedInfo{fi, int64(len(data))}}, nil
}

func (f minifyFS) Stat(name string) (fs.FileInfo, error) {
	if minifiedTypes[path.Ext(name)] == "" {
		return fs.Stat(f.fsys, name)
	}
	file, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return file.Stat()
}

// minifiedFile is an open minified asset.
type minifiedFile struct {
	*bytes.Reader
	info fs.FileInfo
}

func (f *minifiedFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *minifiedFile) Close() error               { return nil }

// minifiedInfo is the source's FileInfo (name, mode, time) with the
// minified size.
type minifiedInfo struct {
	fs.FileInfo
	size int64
}

func (i minifiedInfo) Size() int64 { return i.size }
