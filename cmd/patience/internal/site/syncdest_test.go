package site

import (
	"os"
	"path/filepath"
	"testing"
)

// TestBuildSyncsExistingDestination rebuilds over an existing destination
// after edits and checks that the result is what a fresh build makes,
// that files which did not change were not written again, and that what
// the site no longer has is gone.
func TestBuildSyncsExistingDestination(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, goodSite)
	if _, err := Build(Options{Source: dir}); err != nil {
		t.Fatal(err)
	}
	pub := filepath.Join(dir, "public")
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
