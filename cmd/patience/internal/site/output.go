package site

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// output is a build folder made next to the destination. Files are written
// into it, and commit swaps it in place of the destination; discard
// removes it. Until commit, the destination is untouched.
//
// An output with mem set keeps the files in memory instead (incremental.go).
type output struct {
	dest string // the destination folder, absolute
	tmp  string // the folder being written
	mem  *memOutput

	// written remembers, for the link check, what was written to tmp
	// (and the text of HTML files), so that it need not stat and read
	// back the files it has just written.
	mu      sync.Mutex
	written map[string][]byte // file -> HTML text, or nil for other files
	dirs    map[string]bool
}

// remember records that the file name was written, with its text if it
// is HTML.
func (o *output) remember(name string, data []byte) {
	var keep []byte
	if strings.HasSuffix(name, ".html") {
		keep = bytes.Clone(data)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.written == nil {
		o.written, o.dirs = map[string][]byte{}, map[string]bool{}
	}
	o.written[name] = keep
	for d := path.Dir(name); d != "." && !o.dirs[d]; d = path.Dir(d) {
		o.dirs[d] = true
	}
}

// recalled returns what remember recorded of name.
func (o *output) recalled(name string) (text []byte, file, dir bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	text, file = o.written[name]
	return text, file, o.dirs[name]
}

func newOutput(dest string) (*output, error) {
	parent, base := filepath.Split(dest)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(dest); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("destination %s exists and is not a folder", dest)
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".new-")
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	return &output{dest: dest, tmp: tmp}, nil
}

// mkdirs creates the folders that will hold the files at the given
// slash-separated paths, once each, before files are written concurrently.
func (o *output) mkdirs(files []string) error {
	if o.mem != nil {
		return nil
	}
	dirs := map[string]bool{}
	for _, f := range files {
		if d := path.Dir(f); d != "." {
			dirs[d] = true
		}
	}
	list := make([]string, 0, len(dirs))
	for d := range dirs {
		list = append(list, d)
	}
	sort.Strings(list)
	for _, d := range list {
		if err := os.MkdirAll(filepath.Join(o.tmp, filepath.FromSlash(d)), 0o755); err != nil {
			return err
		}
	}
	return nil
}

// write writes a file at the slash-separated path name.
func (o *output) write(name string, data []byte) error {
	if o.mem != nil {
		return o.mem.write(name, data)
	}
	if err := os.WriteFile(filepath.Join(o.tmp, filepath.FromSlash(name)), data, 0o644); err != nil {
		return err
	}
	o.remember(name, data)
	return nil
}

// copy copies the file src of fsys to the slash-separated path name.
func (o *output) copy(name string, fsys fs.FS, src string) error {
	if o.mem != nil {
		return o.mem.copy(name, fsys, src)
	}
	in, err := fsys.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(filepath.Join(o.tmp, filepath.FromSlash(name)), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	o.remember(name, nil)
	return nil
}

// commit puts the new folder in place of the destination: the old one is
// renamed away, the new one renamed in, and the old one removed.
func (o *output) commit() error {
	if o.mem != nil {
		return nil // the build's result takes the files
	}
	parent, base := filepath.Split(o.dest)
	var old string
	if _, err := os.Lstat(o.dest); err == nil {
		d, err := os.MkdirTemp(parent, "."+base+".old-")
		if err != nil {
			return err
		}
		old = filepath.Join(d, base)
		if err := os.Rename(o.dest, old); err != nil {
			os.Remove(d)
			return err
		}
		defer os.RemoveAll(d)
	}
	if err := os.Rename(o.tmp, o.dest); err != nil {
		if old != "" {
			os.Rename(old, o.dest)
		}
		return err
	}
	return nil
}

// discard removes the new folder.
func (o *output) discard() {
	if o.mem != nil {
		return
	}
	os.RemoveAll(o.tmp)
}
