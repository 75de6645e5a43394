// Package watch reports changes to the files of a site folder in batches:
// every event of a burst (an editor's save, a git checkout) in one batch,
// handed over as soon as the events stop for a short quiet period.
//
// A Watcher watches a root folder's trees (content/ and templates/, every
// folder in them, including folders created or moved in later) and single
// files (config.yaml), with fsnotify. Editors that save by writing a
// temporary file and renaming it over the page, deletions and renames all
// show up as changes of the paths concerned; a renamed or deleted folder
// stands for everything that was in it. Editor temporary and backup files
// (".x.swp", "x~", ".#x", "#x#", vim's "4913", "x.tmp", ...) and names
// beginning with "." are ignored.
//
// Batching: Hugo batches events on a fixed 500 ms tick and mdBook polls
// once a second; a fixed tick adds its length to every reload. Here a
// batch is ready once no event came for Quiet (10 ms by default), or
// MaxDelay (200 ms) after its first event if events keep coming, so a save
// is handed over about 10 ms after it happened and a long burst still
// gives a batch every 200 ms. Events that come while the consumer is busy
// (rebuilding) join the next batch.
package watch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Options configure a Watcher.
type Options struct {
	// Trees are the folders of the root watched with everything in them,
	// e.g. "content" and "templates". They need not exist yet.
	Trees []string
	// Files are files of the root watched, e.g. "config.yaml".
	Files []string
	// Quiet is how long no event must come for a batch to be ready;
	// 0 means 10 ms.
	Quiet time.Duration
	// MaxDelay bounds the time from a batch's first event to the batch
	// being ready; 0 means 200 ms.
	MaxDelay time.Duration
	// Log, if not nil, receives problems that do not stop the watcher
	// (a folder that could not be watched).
	Log func(msg string)
}

// Batch is the changes of one burst of events.
type Batch struct {
	// Paths are the files and folders that changed, relative to the root,
	// slash-separated, sorted, once each: "content/games/x.md". A folder
	// stands for everything in it.
	Paths []string
	// All is set when events were lost (the kernel's queue overflowed):
	// anything may have changed.
	All bool
}

// Watcher watches a folder. Make one with New and Close it.
type Watcher struct {
	root string // absolute
	opts Options
	fsw  *fsnotify.Watcher
	dirs map[string]bool // the folders watched; only loop uses it after New

	mu      sync.Mutex
	pending map[string]bool
	all     bool
	ready   chan struct{} // has a value when a batch is ready
	done    chan struct{}
	wg      sync.WaitGroup
	closing sync.Once
}

// New starts watching root.
func New(root string, opts Options) (*Watcher, error) {
	if opts.Quiet <= 0 {
		opts.Quiet = 10 * time.Millisecond
	}
	if opts.MaxDelay <= 0 {
		opts.MaxDelay = 200 * time.Millisecond
	}
	if opts.MaxDelay < opts.Quiet {
		opts.MaxDelay = opts.Quiet
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	fsw, err := fsnotify.NewBufferedWatcher(1024)
	if err != nil {
		return nil, explain(err)
	}
	w := &Watcher{root: abs, opts: opts, fsw: fsw, dirs: map[string]bool{}, pending: map[string]bool{},
		ready: make(chan struct{}, 1), done: make(chan struct{})}
	// The root itself, for the files and for trees created or replaced
	// later.
	if err := fsw.Add(abs); err != nil {
		fsw.Close()
		return nil, explain(err)
	}
	for _, t := range opts.Trees {
		if err := w.addTree(filepath.Join(abs, filepath.FromSlash(t)), nil); err != nil {
			fsw.Close()
			return nil, err
		}
	}
	w.wg.Add(1)
	go w.loop()
	return w, nil
}

// explain adds advice to the errors of running out of inotify watches or
// instances.
func explain(err error) error {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return fmt.Errorf("%v: too many folders to watch; raise fs.inotify.max_user_watches (sysctl)", err)
	case errors.Is(err, syscall.EMFILE):
		return fmt.Errorf("%v: too many watchers; raise fs.inotify.max_user_instances (sysctl)", err)
	}
	return err
}

// addTree watches the folder dir and every folder in it. With found not
// nil, it also reports every file and folder in it, which may have been
// created before the watch was in place.
func (w *Watcher) addTree(dir string, found func(path string)) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // gone already, or not there yet
			}
			w.log(fmt.Sprintf("watching %s: %v", p, err))
			return nil
		}
		if p != dir && Ignored(d.Name()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if found != nil && p != dir {
			found(p)
		}
		if !d.IsDir() {
			return nil
		}
		if err := w.fsw.Add(p); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipDir
			}
			err = explain(err)
			if found == nil {
				return fmt.Errorf("watching %s: %w", p, err)
			}
			w.log(fmt.Sprintf("watching %s: %v", p, err))
			return nil
		}
		w.dirs[p] = true
		return nil
	})
}

func (w *Watcher) log(msg string) {
	if w.opts.Log != nil {
		w.opts.Log(msg)
	}
}

// rel returns the path of name relative to the root, slash-separated, and
// whether the watcher reports it: it must be a file of Files, a tree of
// Trees or in one, and no part of it ignored.
func (w *Watcher) rel(name string) (string, bool) {
	r, err := filepath.Rel(w.root, name)
	if err != nil || r == "." || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	r = filepath.ToSlash(r)
	top, rest, nested := strings.Cut(r, "/")
	if !nested && slices.Contains(w.opts.Files, top) {
		return r, true
	}
	if !slices.Contains(w.opts.Trees, top) {
		return "", false
	}
	for _, part := range strings.Split(rest, "/") {
		if nested && Ignored(part) {
			return "", false
		}
	}
	return r, true
}

// loop turns fsnotify's events into pending paths and says when a batch
// is ready.
func (w *Watcher) loop() {
	defer w.wg.Done()
	quiet := time.NewTimer(time.Hour)
	quiet.Stop()
	var first time.Time // the first event of the pending batch, zero if none
	add := func(p string) {
		w.mu.Lock()
		w.pending[p] = true
		w.mu.Unlock()
	}
	for {
		select {
		case <-w.done:
			quiet.Stop()
			return
		case ev, ok := <-w.fsw.Events:
			if !ok {
				return
			}
			r, ok := w.rel(ev.Name)
			if !ok {
				continue
			}
			add(r)
			if ev.Has(fsnotify.Remove|fsnotify.Rename) && w.dirs[ev.Name] {
				// fsnotify drops the watch of a folder moved away, but
				// not those of the folders in it, which would go on
				// reporting events under their old names.
				prefix := ev.Name + string(filepath.Separator)
				for d := range w.dirs {
					if d == ev.Name || strings.HasPrefix(d, prefix) {
						delete(w.dirs, d)
						w.fsw.Remove(d)
					}
				}
			}
			if ev.Has(fsnotify.Create) {
				// A new folder, or one moved in: watch it and report what
				// is already in it.
				if fi, err := os.Lstat(ev.Name); err == nil && fi.IsDir() {
					w.addTree(ev.Name, func(p string) {
						if r, ok := w.rel(p); ok {
							add(r)
						}
					})
				}
			}
		case err, ok := <-w.fsw.Errors:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				w.mu.Lock()
				w.all = true
				w.mu.Unlock()
			} else {
				w.log(err.Error())
				continue
			}
		case <-quiet.C:
			first = time.Time{}
			select {
			case w.ready <- struct{}{}:
			default:
			}
			continue
		}
		// An event came: the batch is ready after a quiet period, or at
		// the latest MaxDelay after its first event.
		now := time.Now()
		if first.IsZero() {
			first = now
		}
		quiet.Reset(min(w.opts.Quiet, first.Add(w.opts.MaxDelay).Sub(now)))
	}
}

// Next waits for a batch and returns it. It returns an error when ctx is
// done or the Watcher closed.
func (w *Watcher) Next(ctx context.Context) (Batch, error) {
	for {
		select {
		case <-ctx.Done():
			return Batch{}, ctx.Err()
		case <-w.done:
			return Batch{}, fsnotify.ErrClosed
		case <-w.ready:
		}
		w.mu.Lock()
		b := Batch{All: w.all}
		for p := range w.pending {
			b.Paths = append(b.Paths, p)
		}
		clear(w.pending)
		w.all = false
		w.mu.Unlock()
		if len(b.Paths) > 0 || b.All {
			slices.Sort(b.Paths)
			return b, nil
		}
	}
}

// Close stops watching. Next returns an error from then on.
func (w *Watcher) Close() error {
	var err error
	w.closing.Do(func() {
		close(w.done)
		err = w.fsw.Close()
		w.wg.Wait()
	})
	return err
}

// Ignored tells whether a file or folder name is one that editors and
// tools make for a moment or leave behind: dot files (".x.swp", ".#x",
// ".DS_Store", ".git"), backups ("x~", "x.bak", "x.orig"), Emacs
// autosaves ("#x#"), temporary files ("x.tmp", "x.swp", vim's probe
// "4913", sed -i's "sedAbC123", JetBrains' "x___jb_tmp___").
func Ignored(name string) bool {
	if name == "" || strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") ||
		strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#") {
		return true
	}
	for _, s := range []string{".swp", ".swx", ".swo", ".swpx", ".tmp", ".temp", ".bak", ".orig", ".crdownload", ".part", "___jb_tmp___", "___jb_old___", ".kate-swp"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	if n, err := strconv.Atoi(name); err == nil && n >= 4913 && (n-4913)%123 == 0 {
		return true // vim checks that it may write a folder with 4913, then 5036, ...
	}
	return len(name) == 9 && strings.HasPrefix(name, "sed") && isMkstemp(name[3:])
}

// isMkstemp tells whether s looks like mkstemp's six random letters and
// digits: some of them capitals or digits, so that words are not taken.
func isMkstemp(s string) bool {
	mixed := false
	for _, c := range s {
		switch {
		case 'A' <= c && c <= 'Z' || '0' <= c && c <= '9':
			mixed = true
		case 'a' <= c && c <= 'z':
		default:
			return false
		}
	}
	return mixed
}
