package site

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// A build that writes its destination holds the destination's lock from
// before it looks at the destination until it has put its output in
// place (issue 41, item 8: two builds into one destination at once each
// synced their files over the other's, and left half of each site). The
// lock is a file beside the destination, ".public.lock" for "public",
// locked with flock where the system has it (destlock_unix.go) and
// otherwise made with O_EXCL (destlock_other.go); where no file can be
// made there, an existing destination folder is locked itself. A second
// build waits for the first, at most lockWait, then fails naming the
// lock file. The holder removes the file when it is done.

// lockWait is how long a build waits for another build of the same
// destination to finish.
var lockWait = 60 * time.Second

// lockPoll is how often a waiting build tries the lock again.
const lockPoll = 50 * time.Millisecond

// destLockPath is the lock file of the destination dest.
func destLockPath(dest string) string {
	parent, base := filepath.Split(dest)
	return filepath.Join(parent, "."+base+".lock")
}

// errLockBusy is what tryLock returns when another process or build holds
// the lock.
var errLockBusy = errors.New("lock held")

// lockDestination takes the lock of b's destination, waiting for another
// build that holds it, and keeps its release for close. A build to
// memory leaves the destination alone and takes no lock.
func (b *builder) lockDestination() error {
	if b.opts.Memory || b.opts.Cache != nil {
		return nil
	}
	lock := destLockPath(b.dest)
	if err := os.MkdirAll(filepath.Dir(lock), 0o755); err != nil {
		return &srcpos.Error{Pos: srcpos.Pos{File: b.dest}, Msg: err.Error()}
	}
	release, err := waitLock(b.ctx, func() (func(), error) { return tryLock(lock) }, lockWait)
	if err != nil && !errors.Is(err, errLockBusy) && b.ctx.Err() == nil && isDir(b.dest) {
		// No lock file can be made beside the destination (a folder
		// that is not ours, /var/www for /var/www/html): an existing
		// destination is synced inside itself, and is locked itself.
		lock = b.dest
		release, err = waitLock(b.ctx, func() (func(), error) { return tryLockDir(b.dest) }, lockWait)
	}
	switch {
	case errors.Is(err, errLockBusy):
		msg := fmt.Sprintf("destination is being written by another build: its lock %s was held for %v", lock, lockWait)
		if lock != b.dest {
			msg += " (if no build is running, remove that file)"
		}
		return &srcpos.Error{Pos: srcpos.Pos{File: b.dest}, Msg: msg}
	case err != nil && b.ctx.Err() != nil:
		return err
	case err != nil:
		return &srcpos.Error{Pos: srcpos.Pos{File: lock}, Msg: "locking the destination: " + unwrapPath(err).Error()}
	}
	b.unlock = release
	return nil
}

// waitLock takes a lock with try, trying again every lockPoll while
// another holds it, for at most wait or until ctx is done.
func waitLock(ctx context.Context, try func() (func(), error), wait time.Duration) (release func(), err error) {
	deadline := time.Now().Add(wait)
	for {
		release, err := try()
		if !errors.Is(err, errLockBusy) {
			return release, err
		}
		if !time.Now().Before(deadline) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(min(lockPoll, time.Until(deadline))):
		}
	}
}

// exclLock takes the lock file path by making it, where flock is
// missing: it returns errLockBusy if the file exists. A build that dies
// leaves the file, and the next build's message names it.
func exclLock(path string) (release func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, errLockBusy
	}
	if err != nil {
		return nil, err
	}
	f.Close()
	return func() { os.Remove(path) }, nil
}
