package site

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// output is where a build puts the files of the site. Until commit, the
// destination is untouched; a failed build discards the output. There are
// three:
//
//   - *dirOutput (below): a new folder made beside the destination,
//     renamed in its place by commit; for a destination that does not
//     exist yet;
//   - *memOutput (incremental.go): memory, for Options.Memory and
//     Options.Cache; the build's Result.Output takes the files;
//   - *syncOutput (syncdest.go): memory, then written over the existing
//     destination by commit where the files differ, all or nothing.
type output interface {
	// write writes a file at the slash-separated path name; data may
	// change afterwards.
	write(name string, data []byte) error
	// keep is write for data that never changes (a page's output reused
	// from the last build), which an output in memory keeps as it is.
	keep(name string, data []byte) error
	// copy copies the file src of fsys to the path name.
	copy(name string, fsys fs.FS, src string) error
	// read, exists and isDir tell what the output holds so far, for the
	// link check (linkcheck.go).
	read(name string) ([]byte, bool)
	exists(name string) bool
	isDir(name string) bool
	// commit puts the output in place; discard drops it.
	commit() error
	discard()
	// files returns the files kept in memory for Result.Output, or nil.
	files() map[string][]byte
}

// dirOutput is a build folder made next to the destination. Files are
// written into it, and commit swaps it in place of the destination;
// discard removes it.
type dirOutput struct {
	dest string // the destination folder, absolute
	tmp  string // the folder being written

	// written remembers, for the link check, what was written to tmp
	// (and the text of HTML files), so that it need not stat and read
	// back the files it has just written.
	mu      sync.Mutex
	written map[string][]byte // file -> HTML text, or nil for other files
	dirs    map[string]bool
	open    map[string]*os.File // files prepare made and left open for write
}

// maxOpenPrepared bounds the files prepare leaves open: opening a file
// again by its path costs a lookup and the runtime's set-up of a new file
// descriptor, so the first ones stay open until write fills them. The
// bound is at most half of the process's limit on open files.
var maxOpenPrepared = sync.OnceValue(func() int { return min(2048, openFileLimit()/2) })

// remember records that the file name was written, with its text if it
// is HTML.
func (o *dirOutput) remember(name string, data []byte) {
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
func (o *dirOutput) recalled(name string) (text []byte, file, dir bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	text, file = o.written[name]
	return text, file, o.dirs[name]
}

func newOutput(dest string) (*dirOutput, error) {
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
	return &dirOutput{dest: dest, tmp: tmp}, nil
}

// prepare makes the folders that will hold the files at the given
// slash-separated paths and creates the files, empty. Making a file is
// most of the cost of writing it on a disk file system (a folder entry
// and an inode; the data only goes to the page cache), so Build runs
// prepare in the background while the pages are converted (startOutput),
// and write then fills files that exist.
func (o *dirOutput) prepare(files []string) error {
	dirs := foldersOf(files)
	// Folders are made depth by depth, so that Mkdir (one system call,
	// where MkdirAll looks first) always finds the parent made, and the
	// folders of one depth and then the files are made by several
	// goroutines: the kernel makes entries in different folders in
	// parallel, and on a slow disk this is most of a build's time.
	var levels [][]string
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		depth := strings.Count(d, "/")
		for len(levels) <= depth {
			levels = append(levels, nil)
		}
		levels[depth] = append(levels[depth], d)
	}
	var errs errorOnce
	for depth, level := range levels {
		if depth == 0 && len(level) > 0 && setTopDir(o.tmp, true) {
			for _, d := range level {
				errs.set(o.mkdirSpread(d))
			}
			setTopDir(o.tmp, false)
		} else {
			forEach(len(level), prepareWorkers, func(i int) {
				errs.set(os.Mkdir(filepath.Join(o.tmp, filepath.FromSlash(level[i])), 0o755))
			})
		}
		if errs.err != nil {
			return errs.err
		}
	}
	files = slices.Compact(slices.Sorted(slices.Values(files)))
	o.open = make(map[string]*os.File, min(len(files), maxOpenPrepared()))
	forEach(len(files), prepareWorkers, func(i int) {
		fh, err := os.OpenFile(filepath.Join(o.tmp, filepath.FromSlash(files[i])), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			errs.set(err)
			return
		}
		if i < maxOpenPrepared() {
			o.mu.Lock()
			o.open[files[i]] = fh
			o.mu.Unlock()
			return
		}
		errs.set(fh.Close())
	})
	return errs.err
}

// mkdirSpread makes the top-level folder name of the output, whose own
// folder has the top-directory attribute (see setTopDir), under a fresh
// name first and then renames it.
//
// Why: ext4 puts a new folder, and the files in it, in the block group of
// its parent, and on a file system without a journal (as on our
// measuring machines) it skips, one by one, every inode of that group
// freed in the last few minutes. After "rm -rf public", making the next
// output's 2,000 folders and files that way crawled: about 0.5 ms each,
// the kernel's CPU time growing with the inodes just freed. With the
// attribute, the allocator places each top-level folder in the group
// with the fewest folders, searching from a start given by a hash of
// its name; a fresh name makes that start differ from one build to the
// next, so the new tree lands in an unused group and not in the one the
// last build's removal has just emptied (folders and files made in 30
// to 50 ms instead of 0.7 to 1.5 s, in a measurement of 1,000 of each).
// Where the attribute cannot be set (tmpfs, most other file systems),
// prepare makes the folders directly, at the cost of one failed ioctl.
func (o *dirOutput) mkdirSpread(name string) error {
	final := filepath.Join(o.tmp, filepath.FromSlash(name))
	fresh := filepath.Join(o.tmp, fmt.Sprintf(".%s.%016x", name, rand.Uint64()))
	if os.Mkdir(fresh, 0o755) != nil {
		return os.Mkdir(final, 0o755)
	}
	if err := os.Rename(fresh, final); err != nil {
		os.Remove(fresh)
		return err
	}
	return nil
}

// foldersOf returns the folders that hold the files of slash-separated
// paths names, their parents included.
func foldersOf(names []string) map[string]bool {
	dirs := map[string]bool{}
	for _, f := range names {
		for d := path.Dir(f); d != "." && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	return dirs
}

// prepareWorkers is the number of goroutines that make the output's
// folders and files.
const prepareWorkers = 4

// errorOnce keeps the first non-nil error set from any goroutine.
type errorOnce struct {
	mu  sync.Mutex
	err error
}

func (e *errorOnce) set(err error) {
	if err == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.err == nil {
		e.err = err
	}
}

// takeOpen returns the file prepare left open for name, or nil.
func (o *dirOutput) takeOpen(name string) *os.File {
	o.mu.Lock()
	defer o.mu.Unlock()
	fh := o.open[name]
	delete(o.open, name)
	return fh
}

// closeOpen closes the files prepare left open that nothing wrote.
func (o *dirOutput) closeOpen() {
	o.mu.Lock()
	defer o.mu.Unlock()
	for name, fh := range o.open {
		fh.Close()
		delete(o.open, name)
	}
}

// pendingOutput is an output folder being prepared in the background.
type pendingOutput struct {
	done chan struct{}
	out  *dirOutput
	err  error
}

// startOutput begins the output folder and its files in the background,
// once the scan knows every file the build writes (see prepare). A build
// to memory has nothing to prepare.
func (b *builder) startOutput() {
	if b.opts.Memory || b.opts.Cache != nil || !b.errs.empty() || isDir(b.dest) {
		return // nothing to prepare, or a destination to sync (syncdest.go)
	}
	names := b.outputNames()
	p := &pendingOutput{done: make(chan struct{})}
	b.pending = p
	go func() {
		defer close(p.done)
		p.out, p.err = newOutput(b.dest)
		if p.err != nil {
			return
		}
		if p.err = p.out.prepare(names); p.err != nil {
			p.out.discard()
			p.out = nil
		}
	}()
}

// takeOutput waits for the folder startOutput began and returns it; the
// builder no longer discards it on close.
func (b *builder) takeOutput() (*dirOutput, error) {
	p := b.pending
	b.pending = nil
	<-p.done
	return p.out, p.err
}

// dropOutput discards a folder that startOutput began and the build did
// not take (it failed before writing).
func (b *builder) dropOutput() {
	if b.pending == nil {
		return
	}
	if out, err := b.takeOutput(); err == nil {
		out.discard()
	}
}

// write writes a file at the slash-separated path name.
func (o *dirOutput) write(name string, data []byte) error {
	if fh := o.takeOpen(name); fh != nil {
		_, err := fh.Write(data)
		if err1 := fh.Close(); err == nil {
			err = err1
		}
		if err != nil {
			return err
		}
	} else if err := os.WriteFile(filepath.Join(o.tmp, filepath.FromSlash(name)), data, 0o644); err != nil {
		return err
	}
	o.remember(name, data)
	return nil
}

func (o *dirOutput) keep(name string, data []byte) error { return o.write(name, data) }

func (o *dirOutput) files() map[string][]byte { return nil }

// copy copies the file src of fsys to the slash-separated path name.
func (o *dirOutput) copy(name string, fsys fs.FS, src string) error {
	in, err := fsys.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out := o.takeOpen(name)
	if out == nil {
		out, err = os.OpenFile(filepath.Join(o.tmp, filepath.FromSlash(name)), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			return err
		}
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

// commit puts the new folder in place of the destination (swapIn,
// syncdest.go).
func (o *dirOutput) commit() error {
	o.closeOpen()
	return swapIn(osDisk{}, o.tmp, o.dest)
}

// discard removes the new folder.
func (o *dirOutput) discard() {
	o.closeOpen()
	os.RemoveAll(o.tmp)
}
