package site

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// TestFullDiskKeepsSite is issue 41, item 1, on a real full disk: a
// destination on a small tmpfs is rebuilt with a page too large for what
// is left. The build must fail with the file system's error and leave the
// destination as it was, both for a sync and for a rewrite of the whole
// destination (a file of the old site is a folder of the new one); a
// first build onto a full disk leaves nothing behind. It
// needs the right to mount a file system (root in a container, say) and
// is skipped without it; TestSyncAllOrNothing covers the same paths with
// injected faults everywhere.
func TestFullDiskKeepsSite(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fresh bool              // no destination before the build
		old   map[string]string // put in the destination before the rebuild
	}{
		{"fresh", true, nil},
		{"sync", false, nil},
		{"kind changes", false, map[string]string{"public/docs/big": "a file where the new page's folder goes"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mnt := t.TempDir()
			if err := unix.Mount("tmpfs", mnt, "tmpfs", 0, "size=4m"); err != nil {
				t.Skipf("cannot mount a tmpfs: %v", err)
			}
			t.Cleanup(func() { unix.Unmount(mnt, 0) })
			dir := t.TempDir()
			writeFiles(t, dir, goodSite)
			pub := filepath.Join(mnt, "public")
			var before map[string][]byte
			if !tc.fresh {
				if _, err := Build(Options{Source: dir, Destination: pub}); err != nil {
					t.Fatal(err)
				}
				writeFiles(t, mnt, tc.old)
				before = readTree(t, pub)
			}
			// A page of 6 MB, more than the whole file system.
			writeFiles(t, dir, map[string]string{
				"config.yaml":         "title: Another title\n",
				"content/docs/big.md": "# Big\n\n" + strings.Repeat("Many words of text. ", 300000),
			})
			_, err := Build(Options{Source: dir, Destination: pub})
			if !errors.Is(err, syscall.ENOSPC) && (err == nil || !strings.Contains(err.Error(), "no space left")) {
				t.Fatalf("build onto a full disk: error %v, want no space left on device", err)
			}
			// Every write fails for want of room: one error says so.
			var list srcpos.ErrorList
			if errors.As(err, &list) && len(list) != 1 {
				t.Errorf("%d errors, want 1:\n%v", len(list), err)
			}
			if !tc.fresh {
				sameFiles(t, "full disk", readTree(t, pub), before)
			}
			entries, _ := os.ReadDir(mnt)
			for _, e := range entries {
				if e.Name() != "public" || tc.fresh {
					t.Errorf("left behind: %s", e.Name())
				}
			}
		})
	}
}
