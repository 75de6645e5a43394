package site

import (
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
	if fi, err := f.Stat(); err == nil && fi.Size() > maxFileSize {
		return nil, fmt.Errorf("the file is %.1f MB; a page or replay may have at most %d MB", float64(fi.Size())/(1<<20), maxFileSize>>20)
	}
	text, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err == nil && len(text) > maxFileSize {
		return nil, fmt.Errorf("the file is larger than %d MB, the most a page or replay may have", maxFileSize>>20)
	}
	return text, err
}
