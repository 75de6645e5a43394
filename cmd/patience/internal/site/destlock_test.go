package site

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestConcurrentBuildsOneDestination is issue 41, item 8: two builds into
// one destination at once synced their files over each other and left
// half of one site and half of the other, both exiting 0. Builds of two
// different sites run at once into one destination, several rounds; each
// must succeed and the destination must then be one whole site.
func TestConcurrentBuildsOneDestination(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	var srcs []string
	var want []map[string][]byte
	for i, extra := range []map[string]string{
		{"config.yaml": "title: Site A\n"},
		{"config.yaml": "title: Site B\n", "content/docs/only-b.md": "# Only in B\n"},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, goodSite)
		writeFiles(t, dir, extra)
		fresh := filepath.Join(t.TempDir(), "public")
		if _, err := Build(Options{Source: dir, Destination: fresh}); err != nil {
			t.Fatal(i, err)
		}
		srcs = append(srcs, dir)
		want = append(want, readTree(t, fresh))
	}
	for round := range 4 {
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = Build(Options{Source: srcs[i%2], Destination: dest, Workers: 1})
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("round %d, build %d: %v", round, i, err)
			}
		}
		got := readTree(t, dest)
		if !sameTree(got, want[0]) && !sameTree(got, want[1]) {
			t.Fatalf("round %d: the destination is neither site", round)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(dest))
	for _, e := range entries {
		if e.Name() != "public" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// sameTree tells whether two trees of files are equal.
func sameTree(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for name, data := range a {
		if other, ok := b[name]; !ok || string(other) != string(data) {
			return false
		}
	}
	return true
}

// TestBuildWaitsForDestinationLock: while another holds the destination's
// lock, a build waits, and after lockWait fails with a message naming the
// lock file, the destination untouched; once the lock is let go, the
// build goes ahead.
func TestBuildWaitsForDestinationLock(t *testing.T) {
	dir, pub := builtGoodSite(t)
	before := readTree(t, pub)
	writeFiles(t, dir, map[string]string{"config.yaml": "title: Another title\n"})

	lock := filepath.Join(dir, ".public.lock")
	release, err := tryLock(lock)
	if err != nil {
		t.Fatal(err)
	}
	defer func(wait time.Duration) { lockWait = wait }(lockWait)
	lockWait = 100 * time.Millisecond
	_, err = Build(Options{Source: dir})
	if err == nil || !strings.Contains(err.Error(), "being written by another build") || !strings.Contains(err.Error(), lock) {
		t.Fatalf("build while the lock is held: %v", err)
	}
	sameFiles(t, "locked", readTree(t, pub), before)
	// A build to memory (patience serve) does not write the destination
	// and takes no lock.
	if _, err := Build(Options{Source: dir, Memory: true}); err != nil {
		t.Fatal("build to memory:", err)
	}
	release()
	if _, err := Build(Options{Source: dir}); err != nil {
		t.Fatal("build after the lock was let go:", err)
	}
	if _, err := os.Stat(lock); !os.IsNotExist(err) {
		t.Errorf("lock file left: %v", err)
	}
}

// TestTryLock: one holder at a time, and the file is free again once let
// go.
func TestTryLock(t *testing.T) {
	lock := filepath.Join(t.TempDir(), ".x.lock")
	for i := range 3 {
		release, err := tryLock(lock)
		if err != nil {
			t.Fatal(i, err)
		}
		if _, err := tryLock(lock); err != errLockBusy {
			t.Fatalf("%d: second lock: %v, want busy", i, err)
		}
		release()
	}
}

// TestBuildLocksDestinationFolder: where no lock file can be made beside
// the destination (here a folder is in the way; in use, a parent folder
// that is not the user's), an existing destination is locked itself.
func TestBuildLocksDestinationFolder(t *testing.T) {
	dir, pub := builtGoodSite(t)
	if err := os.Mkdir(filepath.Join(dir, ".public.lock"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"config.yaml": "title: Another title\n"})
	release, err := tryLockDir(pub)
	if err != nil {
		t.Fatal(err)
	}
	defer func(wait time.Duration) { lockWait = wait }(lockWait)
	lockWait = 100 * time.Millisecond
	if _, err := Build(Options{Source: dir}); err == nil || !strings.Contains(err.Error(), "being written by another build: its lock "+pub+" ") {
		t.Fatalf("build while the folder is locked: %v", err)
	}
	release()
	if _, err := Build(Options{Source: dir}); err != nil {
		t.Fatal("build after the lock was let go:", err)
	}
}
