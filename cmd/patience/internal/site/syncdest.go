package site

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
)

// A build over an existing destination writes only what changed: the
// site is built in memory (every check passes first, so a failed build
// leaves the destination as it was), then syncDest compares each file
// with the one on disk and replaces only those that differ, each by a
// new file renamed over the old one, and removes the files the site no
// longer has. Rebuilding an unchanged site then writes nothing, where a
// fresh folder would make every file and folder again and remove the old
// ones: on a disk file system, making and removing files is most of a
// build's time. (A fresh destination is still written as a new folder
// renamed into place; see output.go.)

// syncDest writes the files of the in-memory output m over the folder
// dest, where they differ.
func syncDest(dest string, m *memOutput, workers int) error {
	have := map[string]fs.FileMode{} // what dest holds: path -> type
	err := filepath.WalkDir(dest, func(p string, d fs.DirEntry, err error) error {
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
		have[filepath.ToSlash(rel)] = d.Type()
		return nil
	})
	if err != nil {
		return err
	}

	names := slices.Sorted(maps.Keys(m.files))
	dirs := map[string]bool{}
	for _, f := range names {
		for d := path.Dir(f); d != "." && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	// Folders, parents first; something else in the way is removed.
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		t, ok := have[d]
		if ok && t.IsDir() {
			continue
		}
		full := filepath.Join(dest, filepath.FromSlash(d))
		if ok {
			if err := os.Remove(full); err != nil {
				return err
			}
		}
		if err := os.Mkdir(full, 0o755); err != nil {
			return err
		}
		have[d] = fs.ModeDir
	}

	var mu sync.Mutex
	var first error
	forEach(len(names), workers, func(i int) {
		name := names[i]
		mu.Lock()
		t, ok := have[name]
		mu.Unlock()
		if err := syncFile(dest, name, m.files[name], t, ok); err != nil {
			mu.Lock()
			if first == nil {
				first = err
			}
			mu.Unlock()
		}
	})
	if first != nil {
		return first
	}

	// What the site no longer has, deepest first, so that a folder is
	// empty when its turn comes.
	var stale []string
	for p, t := range have {
		if _, ok := m.files[p]; ok {
			continue // written by syncFile
		}
		if t.IsDir() && dirs[p] || underFile(p, m.files) {
			continue
		}
		stale = append(stale, p)
	}
	sort.Slice(stale, func(i, j int) bool {
		di, dj := strings.Count(stale[i], "/"), strings.Count(stale[j], "/")
		if di != dj {
			return di > dj
		}
		return stale[i] < stale[j]
	})
	for _, p := range stale {
		if err := os.RemoveAll(filepath.Join(dest, filepath.FromSlash(p))); err != nil {
			return err
		}
	}
	return nil
}

// underFile tells whether p is inside a folder that syncFile replaced by
// a file of the site (and so removed already).
func underFile(p string, files map[string][]byte) bool {
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		if _, ok := files[d]; ok {
			return true
		}
	}
	return false
}

// syncFile makes dest/name hold data, unless it already does. t and ok
// are what the destination held at name.
func syncFile(dest, name string, data []byte, t fs.FileMode, ok bool) error {
	full := filepath.Join(dest, filepath.FromSlash(name))
	if ok && t.IsRegular() {
		if fi, err := os.Stat(full); err == nil && fi.Size() == int64(len(data)) {
			if old, err := os.ReadFile(full); err == nil && bytes.Equal(old, data) {
				return nil
			}
		}
	}
	if ok && t.IsDir() {
		if err := os.RemoveAll(full); err != nil {
			return err
		}
	}
	// A new file renamed over the old one: a reader (the browser, a
	// server) sees the old file or the new, never half of one.
	dir, base := filepath.Split(full)
	f, err := os.CreateTemp(dir, "."+base+".new-")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, full)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
