//go:build unix

package site

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestFlockAtMoved: a build that opened the lock file before its holder
// removed it and let go gets a lock on a file no longer at the path,
// which is worth nothing: flockAt says so, and tryLock makes a new one.
func TestFlockAtMoved(t *testing.T) {
	lock := filepath.Join(t.TempDir(), ".x.lock")
	release, err := tryLock(lock)
	if err != nil {
		t.Fatal(err)
	}
	late, err := os.Open(lock) // opened before the holder let go
	if err != nil {
		t.Fatal(err)
	}
	defer late.Close()
	release()
	if err := flockAt(late, lock); !errors.Is(err, errMoved) {
		t.Fatalf("flockAt on the removed file: %v, want errMoved", err)
	}
	release, err = tryLock(lock)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if _, err := tryLock(lock); !errors.Is(err, errLockBusy) {
		t.Fatalf("second lock: %v, want busy", err)
	}
}
