package site

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPrepare checks that prepare makes exactly the folders and files
// asked for, whether or not the file system has the top-directory
// attribute (topdir_linux.go): no folder is left under its fresh name,
// and the attribute is cleared again.
func TestPrepare(t *testing.T) {
	files := []string{
		"index.html",
		"pages/p0/index.html",
		"pages/p1/index.html",
		"pages/p1/deep/x.json",
		"assets/site.css",
		"games/a/index.html",
		"games/a/index.html", // twice: made once
	}
	want := []string{
		"assets", "assets/site.css", "games", "games/a", "games/a/index.html", "index.html",
		"pages", "pages/p0", "pages/p0/index.html", "pages/p1", "pages/p1/deep", "pages/p1/deep/x.json", "pages/p1/index.html",
	}
	for _, tc := range []struct{ name, dir string }{
		{"temp", t.TempDir()},
		{"shm", "/dev/shm"}, // tmpfs on Linux: no attribute
	} {
		dir := tc.dir
		t.Run(tc.name, func(t *testing.T) {
			if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
				t.Skip("no folder", dir)
			}
			o, err := newOutput(filepath.Join(dir, "prepare-test-out"))
			if err != nil {
				t.Fatal(err)
			}
			defer o.discard()
			if err := o.prepare(files); err != nil {
				t.Fatal(err)
			}
			o.closeOpen()
			var got []string
			err = filepath.WalkDir(o.tmp, func(p string, d fs.DirEntry, err error) error {
				if err != nil || p == o.tmp {
					return err
				}
				rel, _ := filepath.Rel(o.tmp, p)
				got = append(got, filepath.ToSlash(rel))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("made\n%q\nwant\n%q", got, want)
			}
			if on, ok := topDir(o.tmp); ok && on {
				t.Error("the top-directory attribute is still set")
			}
		})
	}
}
