package site

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// maxFileSize bounds the pages and replay files a build reads, so that a
// mistake (a 50 MB log saved as a page) gives a clear message instead of
// a build that eats memory. The longest real page is a few hundred KB.
const maxFileSize = 8 << 20

// readLimited reads a file of the content folder, refusing one larger
// than maxFileSize.
func readLimited(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := int64(0)
	if fi, err := f.Stat(); err == nil {
		if size = fi.Size(); size > maxFileSize {
			return nil, fmt.Errorf("the file is %.1f MB; a page or replay may have at most %d MB", float64(size)/(1<<20), maxFileSize>>20)
		}
	}
	// Read with a buffer of the file's size (and one byte to spare, to
	// see the end in the same call): io.ReadAll would start at 512 bytes
	// and grow, a read system call each time.
	text, err := readAll(io.LimitReader(f, maxFileSize+1), make([]byte, 0, size+1))
	if err == nil && len(text) > maxFileSize {
		return nil, fmt.Errorf("the file is larger than %d MB, the most a page or replay may have", maxFileSize>>20)
	}
	return text, err
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
