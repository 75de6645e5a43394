//go:build unix

package site

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes the lock file path with flock, without waiting: it
// returns errLockBusy if another holds it. The lock goes with the
// process: a build that dies leaves no lock held. release removes the
// file, then unlocks it; a build that locked the file just removed
// notices it is no longer the one at path, and tries again.
func tryLock(path string) (release func(), err error) {
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, unix.EWOULDBLOCK) {
				return nil, errLockBusy
			}
			if errors.Is(err, unix.ENOTSUP) || errors.Is(err, unix.ENOLCK) || errors.Is(err, unix.EOPNOTSUPP) {
				return exclLock(path) // a file system without flock
			}
			return nil, err
		}
		held, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return func() {
				os.Remove(path)
				f.Close()
			}, nil
		}
		f.Close() // removed by the holder that has just let go
		if err1 != nil {
			return nil, err1
		}
		if err2 != nil && !os.IsNotExist(err2) {
			return nil, err2
		}
	}
}

// tryLockDir takes a lock on the folder dir itself, with flock, without
// waiting, where no lock file can be made beside it (see
// lockDestination). The folder stays; release unlocks it.
func tryLockDir(dir string) (release func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, errLockBusy
		}
		return func() {}, nil // a file system without flock: no lock
	}
	held, err1 := f.Stat()
	now, err2 := os.Stat(dir)
	if err1 != nil || err2 != nil || !os.SameFile(held, now) {
		// Replaced while we locked it (a build that swapped in a new
		// folder): it is free, but try again on the new one.
		f.Close()
		return nil, errLockBusy
	}
	return func() { f.Close() }, nil
}
