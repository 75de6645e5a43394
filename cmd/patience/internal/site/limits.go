package site

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"unicode/utf8"
)

// maxFileSize bounds every file a build reads (pages, replay files,
// config.yaml, templates, odds files), so that a mistake (a 50 MB log
// saved as a page, a link to /dev/zero) gives a clear message instead of
// a build that eats memory. The longest real page is a few hundred KB.
const maxFileSize = 8 << 20

// Kinds of file, for the messages of readLimited.
const (
	pageOrReplay = "a page or replay"
	configKind   = "config.yaml"
	templateKind = "a template"
	oddsKind     = "an odds or survey file"
)

// errNotRegular is the error of reading a file that is not a regular
// file.
var errNotRegular = errors.New("not a regular file (a FIFO, device or socket): the build reads only regular files")

// readLimited reads the file name of fsys, the way a build reads every
// file: a regular file only (reading a FIFO would wait for a writer, a
// device might never end), refusing one larger than maxFileSize. kind
// names the file in messages ("a page or replay").
func readLimited(fsys fs.FS, name, kind string) ([]byte, error) {
	// Stat before Open: opening a FIFO waits for a writer.
	if fi, err := fs.Stat(fsys, name); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, errNotRegular
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := int64(0)
	if fi, err := f.Stat(); err == nil {
		if !fi.Mode().IsRegular() {
			return nil, errNotRegular // replaced since the Stat above
		}
		if size = fi.Size(); size > maxFileSize {
			return nil, fmt.Errorf("the file is %.1f MB; %s may have at most %d MB", float64(size)/(1<<20), kind, maxFileSize>>20)
		}
	}
	// Read with a buffer of the file's size (and one byte to spare, to
	// see the end in the same call): io.ReadAll would start at 512 bytes
	// and grow, a read system call each time.
	text, err := readAll(io.LimitReader(f, maxFileSize+1), make([]byte, 0, size+1))
	if err == nil && len(text) > maxFileSize {
		return nil, fmt.Errorf("the file is larger than %d MB, the most %s may have", maxFileSize>>20, kind)
	}
	return text, err
}

// ReadFile reads a file of the site for messages (patience serve shows
// the line of an error), with the checks of a build's reads.
func ReadFile(fsys fs.FS, name string) ([]byte, error) {
	return readLimited(fsys, name, "a file of the site")
}

// readAll appends what r reads to buf until the end, growing buf only
// when it is full.
func readAll(r io.Reader, buf []byte) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// invalidUTF8 returns the line and column (in bytes, from 1) of the first
// byte of text that is not UTF-8, and false if it is all UTF-8.
func invalidUTF8(text []byte) (line, col int, bad bool) {
	line, start := 1, 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRune(text[i:])
		if r == utf8.RuneError && size <= 1 {
			return line, i - start + 1, true
		}
		if r == '\n' {
			line, start = line+1, i+1
		}
		i += size
	}
	return 0, 0, false
}
