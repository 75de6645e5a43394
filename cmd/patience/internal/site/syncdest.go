package site

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sync"
)

// A build over an existing destination writes only what changed: the
// site is built in memory (every check passes first), then syncDest
// compares each file with the one on disk and replaces only those that
// differ, and removes the files the site no longer has. Rebuilding an
// unchanged site then writes nothing, where a fresh folder would make
// every file and folder again and remove the old ones: on a disk file
// system, making and removing files is most of a build's time. (A fresh
// destination is still written as a new folder renamed into place; see
// output.go.)
//
// Either every file changes or none does. The sync is a small
// transaction: first every new file is written beside the one it
// replaces under a temporary name (a failure here, a full disk or a
// read-only folder, removes them again and leaves the destination as it
// was); then the old files are kept in a folder of their own inside the
// destination while the new ones are renamed into place and the stale
// ones moved away, and a failure there puts every old file back.

// syncOutput is a build's output in memory, written over the existing
// destination by commit.
type syncOutput struct {
	*memOutput
	dest    string
	workers int
	disk    disk
}

func (o *syncOutput) commit() error { return syncDest(o.dest, o.memOutput, o.workers, o.disk) }

// files returns nil: the files are in the destination.
func (o *syncOutput) files() map[string][]byte { return nil }

// disk is what the output layer does to the destination's file system.
// Tests replace it to make one operation fail part-way.
type disk interface {
	Mkdir(name string) error
	// WriteTemp writes data to a new file in dir named from pattern (as
	// os.CreateTemp) and returns its path.
	WriteTemp(dir, pattern string, data []byte) (string, error)
	// WriteFile writes data to the new file name, checking every write
	// and the close.
	WriteFile(name string, data []byte) error
	// Link makes a second name for a file (a hard link).
	Link(oldname, newname string) error
	Rename(oldpath, newpath string) error
	RemoveAll(name string) error
}

// osDisk is the disk of the operating system.
type osDisk struct{}

func (osDisk) Mkdir(name string) error { return os.Mkdir(name, 0o755) }

func (osDisk) WriteTemp(dir, pattern string, data []byte) (string, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err != nil {
		os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

func (osDisk) WriteFile(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func (osDisk) Link(oldname, newname string) error   { return os.Link(oldname, newname) }
func (osDisk) Rename(oldpath, newpath string) error { return os.Rename(oldpath, newpath) }
func (osDisk) RemoveAll(name string) error          { return os.RemoveAll(name) }

// syncDest writes the files of the in-memory output m over the folder
// dest, where they differ, through d.
func syncDest(dest string, m *memOutput, workers int, d disk) error {
	have := map[string]fs.FileMode{} // what dest holds: path -> type
	err := filepath.WalkDir(dest, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == dest {
			return nil
		}
		rel, err := filepath.Rel(dest, p)
		if err != nil {
			return err
		}
		have[filepath.ToSlash(rel)] = e.Type()
		return nil
	})
	if err != nil {
		return err
	}

	names := slices.Sorted(maps.Keys(m.kept))
	dirs := foldersOf(names)
	// A path that changes kind, a file where the site now has a folder
	// or the reverse, cannot be staged beside what it replaces. It is
	// rare: the site is then written as a new folder swapped in.
	for p := range dirs {
		if t, ok := have[p]; ok && !t.IsDir() {
			return replaceDest(dest, m, d)
		}
	}
	for _, name := range names {
		if t, ok := have[name]; ok && t.IsDir() {
			return replaceDest(dest, m, d)
		}
	}

	// The files that differ from the destination's.
	differs := make([]bool, len(names))
	forEach(len(names), workers, func(i int) {
		_, ok := have[names[i]]
		differs[i] = !ok || !sameFile(filepath.Join(dest, filepath.FromSlash(names[i])), m.kept[names[i]])
	})
	var changed []string
	for i, name := range names {
		if differs[i] {
			changed = append(changed, name)
		}
	}
	// What the site no longer has: the topmost of each stale tree.
	var stale []string
	gone := map[string]bool{}
	for _, p := range slices.Sorted(maps.Keys(have)) {
		if _, ok := m.kept[p]; ok || dirs[p] || underAny(p, gone) {
			continue
		}
		gone[p] = true
		stale = append(stale, p)
	}
	if len(changed) == 0 && len(stale) == 0 {
		return nil
	}

	tx := &syncTx{disk: d, dest: dest}
	if err := tx.stage(m, changed, dirs, have, workers); err != nil {
		tx.rollback()
		return err
	}
	if err := tx.commit(changed, stale, have); err != nil {
		tx.rollback()
		return err
	}
	d.RemoveAll(tx.trash) // the old files; left over, the next sync removes them
	return nil
}

// underAny tells whether p is inside one of the folders dirs.
func underAny(p string, dirs map[string]bool) bool {
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		if dirs[d] {
			return true
		}
	}
	return false
}

// sameFile tells whether the file at full holds data.
func sameFile(full string, data []byte) bool {
	fi, err := os.Stat(full)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(data)) {
		return false
	}
	old, err := os.ReadFile(full)
	return err == nil && bytes.Equal(old, data)
}

// syncTx is a sync in progress, and what it must undo if it fails.
type syncTx struct {
	disk  disk
	dest  string
	made  []string          // folders made, parents first
	temps map[string]string // output path -> the new file's temporary path
	trash string            // the folder of the old files, "" until made
	undo  []func()          // what commit did, to undo in reverse order
}

func (tx *syncTx) full(name string) string { return filepath.Join(tx.dest, filepath.FromSlash(name)) }

// stage makes the missing folders and writes the changed files beside the
// ones they replace, under temporary names.
func (tx *syncTx) stage(m *memOutput, changed []string, dirs map[string]bool, have map[string]fs.FileMode, workers int) error {
	for _, p := range slices.Sorted(maps.Keys(dirs)) {
		if _, ok := have[p]; ok {
			continue
		}
		if err := tx.disk.Mkdir(tx.full(p)); err != nil {
			return err
		}
		tx.made = append(tx.made, tx.full(p))
	}
	tx.temps = make(map[string]string, len(changed))
	var mu sync.Mutex
	var errs errorOnce
	forEach(len(changed), workers, func(i int) {
		name := changed[i]
		dir, base := filepath.Split(tx.full(name))
		tmp, err := tx.disk.WriteTemp(dir, "."+base+".new-", m.kept[name])
		if err != nil {
			errs.set(err)
			return
		}
		mu.Lock()
		tx.temps[name] = tmp
		mu.Unlock()
	})
	return errs.err
}

// commit keeps the old files in the trash folder and puts the new ones in
// place, then moves the stale files to the trash.
func (tx *syncTx) commit(changed, stale []string, have map[string]fs.FileMode) error {
	tx.trash = filepath.Join(tx.dest, fmt.Sprintf(".patience-old-%016x", rand.Uint64()))
	if err := tx.disk.Mkdir(tx.trash); err != nil {
		tx.trash = ""
		return err
	}
	kept := 0
	keep := func() string {
		kept++
		return filepath.Join(tx.trash, fmt.Sprint(kept))
	}
	for _, name := range changed {
		full := tx.full(name)
		if _, ok := have[name]; ok {
			// A second name for the old file, so that the new one can
			// replace it in one rename: a reader sees the old file or
			// the new one, never none. Where hard links fail, the old
			// file is moved away first.
			old := keep()
			if err := tx.disk.Link(full, old); err != nil {
				if err := tx.disk.Rename(full, old); err != nil {
					return err
				}
			}
			tx.undo = append(tx.undo, func() { tx.disk.Rename(old, full) })
		} else {
			tx.undo = append(tx.undo, func() { tx.disk.RemoveAll(full) })
		}
		if err := tx.disk.Rename(tx.temps[name], full); err != nil {
			return err
		}
		delete(tx.temps, name)
	}
	for _, p := range stale {
		full := tx.full(p)
		old := keep()
		if err := tx.disk.Rename(full, old); err != nil {
			return err
		}
		tx.undo = append(tx.undo, func() { tx.disk.Rename(old, full) })
	}
	return nil
}

// rollback undoes what the sync did, so that the destination is as it
// was.
func (tx *syncTx) rollback() {
	for i := len(tx.undo) - 1; i >= 0; i-- {
		tx.undo[i]()
	}
	for _, tmp := range tx.temps {
		tx.disk.RemoveAll(tmp)
	}
	if tx.trash != "" {
		tx.disk.RemoveAll(tx.trash)
	}
	for i := len(tx.made) - 1; i >= 0; i-- {
		tx.disk.RemoveAll(tx.made[i])
	}
}

// replaceDest writes the files of m to a new folder beside dest and swaps
// it in place of dest: for the rare sync where a file becomes a folder or
// the reverse. Every write goes through d and is checked; a failure
// removes the new folder and leaves dest as it was (issue 41, item 1: a
// full disk emptied the site).
func replaceDest(dest string, m *memOutput, d disk) error {
	parent, base := filepath.Split(dest)
	stage := filepath.Join(parent, fmt.Sprintf(".%s.new-%016x", base, rand.Uint64()))
	if err := d.Mkdir(stage); err != nil {
		return err
	}
	if err := writeTree(d, stage, m.kept); err != nil {
		d.RemoveAll(stage)
		return err
	}
	if err := swapIn(d, stage, dest); err != nil {
		d.RemoveAll(stage)
		return err
	}
	return nil
}

// writeTree writes files, by slash-separated path, into the empty folder
// dir through d: the folders first, parents before children, then the
// files.
func writeTree(d disk, dir string, files map[string][]byte) error {
	names := slices.Sorted(maps.Keys(files))
	for _, p := range slices.Sorted(maps.Keys(foldersOf(names))) { // a parent sorts before its children
		if err := d.Mkdir(filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			return err
		}
	}
	for _, name := range names {
		if err := d.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), files[name]); err != nil {
			return err
		}
	}
	return nil
}

// swapIn puts the folder tmp in place of dest through d: the old dest (if
// any) is renamed away into a folder of its own beside it, tmp renamed
// in, and the old one removed. If tmp cannot be renamed in, the old dest
// is put back.
func swapIn(d disk, tmp, dest string) error {
	parent, base := filepath.Split(dest)
	var old string
	if _, err := os.Lstat(dest); err == nil {
		keep := filepath.Join(parent, fmt.Sprintf(".%s.old-%016x", base, rand.Uint64()))
		if err := d.Mkdir(keep); err != nil {
			return err
		}
		old = filepath.Join(keep, base)
		if err := d.Rename(dest, old); err != nil {
			d.RemoveAll(keep)
			return err
		}
		defer d.RemoveAll(keep)
	}
	if err := d.Rename(tmp, dest); err != nil {
		if old != "" {
			d.Rename(old, dest)
		}
		return err
	}
	return nil
}
