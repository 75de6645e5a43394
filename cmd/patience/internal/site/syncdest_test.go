package site

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestBuildSyncsExistingDestination rebuilds over an existing destination
// after edits and checks that the result is what a fresh build makes,
// that files which did not change were not written again, and that what
// the site no longer has is gone.
func TestBuildSyncsExistingDestination(t *testing.T) {
	dir, pub := builtGoodSite(t)
	stat := func(name string) os.FileInfo {
		t.Helper()
		fi, err := os.Stat(filepath.Join(pub, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return fi
	}
	// Edit a page, remove one, and leave things in the way: a stale file,
	// a stale folder, a file where a folder goes and a folder where a
	// file goes.
	writeFiles(t, dir, map[string]string{
		"content/games/b.md":     "# B again\n",
		"public/stale.html":      "old",
		"public/old/deep/x.html": "old",
	})
	os.Remove(filepath.Join(dir, "content/docs/nested/deep.md"))
	writeFiles(t, dir, map[string]string{"content/docs/new.md": "# New\n"})
	os.WriteFile(filepath.Join(pub, "docs/new"), []byte("a file in the way"), 0o644)
	os.RemoveAll(filepath.Join(pub, "games/a"))
	os.MkdirAll(filepath.Join(pub, "games/a/index.html/inner"), 0o755)

	if _, err := Build(Options{Source: dir}); err != nil {
		t.Fatal(err)
	}
	fresh := t.TempDir()
	if _, err := Build(Options{Source: dir, Destination: fresh}); err != nil {
		t.Fatal(err)
	}
	sameFiles(t, "sync", readTree(t, pub), readTree(t, fresh))
	if _, err := os.Stat(filepath.Join(pub, "old")); !os.IsNotExist(err) {
		t.Errorf("stale folder kept: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "content" && e.Name() != "outside" && e.Name() != "public" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
	// A build with nothing changed writes nothing.
	before := map[string]os.FileInfo{}
	for name := range readTree(t, pub) {
		before[name] = stat(name)
	}
	if _, err := Build(Options{Source: dir}); err != nil {
		t.Fatal(err)
	}
	for name, fi := range before {
		if now := stat(name); !os.SameFile(fi, now) || !now.ModTime().Equal(fi.ModTime()) {
			t.Errorf("%s was written again", name)
		}
	}
}

// builtGoodSite writes goodSite to a new folder and builds it into its
// public/; it returns the folder and public/.
func builtGoodSite(t *testing.T) (dir, pub string) {
	t.Helper()
	dir = t.TempDir()
	writeFiles(t, dir, goodSite)
	if _, err := Build(Options{Source: dir}); err != nil {
		t.Fatal(err)
	}
	return dir, filepath.Join(dir, "public")
}

// faultDisk is the operating system's disk, except that its fail-th
// operation that changes the destination fails.
type faultDisk struct {
	osDisk
	mu         sync.Mutex
	ops, fail  int
	failedWith string
}

var errFault = errors.New("injected fault")

func (d *faultDisk) fault(op string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.ops++
	if d.ops == d.fail {
		d.failedWith = op
		return errFault
	}
	return nil
}

func (d *faultDisk) Mkdir(name string) error {
	if err := d.fault("Mkdir"); err != nil {
		return err
	}
	return d.osDisk.Mkdir(name)
}

func (d *faultDisk) WriteTemp(dir, pattern string, data []byte) (string, error) {
	if err := d.fault("WriteTemp"); err != nil {
		return "", err
	}
	return d.osDisk.WriteTemp(dir, pattern, data)
}

func (d *faultDisk) WriteFile(name string, data []byte) error {
	if err := d.fault("WriteFile"); err != nil {
		return err
	}
	return d.osDisk.WriteFile(name, data)
}

func (d *faultDisk) Link(oldname, newname string) error {
	if err := d.fault("Link"); err != nil {
		return err
	}
	return d.osDisk.Link(oldname, newname)
}

func (d *faultDisk) Rename(oldpath, newpath string) error {
	if err := d.fault("Rename"); err != nil {
		return err
	}
	return d.osDisk.Rename(oldpath, newpath)
}

// TestSyncAllOrNothing is issue 23, item 2: a rebuild over an existing
// destination that fails part-way (a full disk, a read-only folder) left
// the files written so far changed. Each operation of the sync is made
// to fail in turn; the destination must then be exactly as it was, and
// without faults the rebuild must make what a fresh build makes.
//
// The case "kind changes" is issue 41, item 1: where a file of the old
// site is a folder of the new one, the destination is rewritten as a new
// folder swapped in (replaceDest), and that rewrite dropped every write
// error: on a full disk the site was left with empty files, and the
// build exited 0.
func TestSyncAllOrNothing(t *testing.T) {
	for _, tc := range []struct {
		name string
		old  map[string]string // files put in the destination before the rebuild
	}{
		{"sync", map[string]string{"public/stale/old.html": "old", "public/stale.html": "old"}},
		{"kind changes", map[string]string{"public/stale.html": "old", "public/docs/new": "a file where the new page's folder goes"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, pub := builtGoodSite(t)
			writeFiles(t, dir, tc.old)
			before := readTree(t, pub)
			// Every page changes (the title is on each), one page is
			// new, one is gone, and the stale files go.
			writeFiles(t, dir, map[string]string{"config.yaml": "title: Another title\n", "content/docs/new.md": "# New\n"})
			os.Remove(filepath.Join(dir, "content/docs/nested/deep.md"))
			fresh := t.TempDir()
			if _, err := Build(Options{Source: dir, Destination: fresh}); err != nil {
				t.Fatal(err)
			}
			for fail := 1; ; fail++ {
				d := &faultDisk{fail: fail}
				_, err := Build(Options{Source: dir, disk: d})
				step := fmt.Sprintf("fault %d (%s)", fail, d.failedWith)
				switch {
				case err == nil:
					// No fault, or one the sync works around (a hard
					// link refused): everything changed.
					sameFiles(t, step, readTree(t, pub), readTree(t, fresh))
				case strings.Contains(err.Error(), errFault.Error()):
					sameFiles(t, step, readTree(t, pub), before)
				default:
					t.Fatalf("%s: error %v", step, err)
				}
				if d.failedWith == "" {
					if fail < 10 {
						t.Errorf("only %d operations", fail-1)
					}
					t.Logf("%d operations, each made to fail", fail-1)
					break
				}
				if err == nil {
					restore(t, pub, before)
				}
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if e.Name() != "content" && e.Name() != "outside" && e.Name() != "public" && e.Name() != "config.yaml" {
					t.Errorf("left behind: %s", e.Name())
				}
			}
		})
	}
}

// restore makes the folder dir hold exactly the files of tree.
func restore(t *testing.T, dir string, tree map[string][]byte) {
	t.Helper()
	os.RemoveAll(dir)
	for name, data := range tree {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
