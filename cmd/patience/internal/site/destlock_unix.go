//go:build unix

package site

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"

	"github.com/patience-solitaire/patience/engine/datafile"
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
		switch err := flockAt(f, path); {
		case err == nil:
			return func() {
				os.Remove(path)
				f.Close()
			}, nil
		case errors.Is(err, errNoFlock):
			f.Close()
			return exclLock(path)
		case errors.Is(err, errMoved):
			f.Close() // removed by the holder that has just let go: again
		default:
			f.Close()
			return nil, err
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
	switch err := flockAt(f, dir); {
	case err == nil:
		return func() { f.Close() }, nil
	case errors.Is(err, errNoFlock):
		f.Close()
		return func() {}, nil // nothing to lock with
	case errors.Is(err, errMoved):
		// Replaced while we locked it by a build that swapped in a new
		// folder: try again on the new one.
		f.Close()
		return nil, errLockBusy
	default:
		f.Close()
		return nil, err
	}
}

var (
	errNoFlock = errors.New("the file system has no flock")
	errMoved   = errors.New("no longer at its path")
)

// flockAt locks f, opened at path, with flock without waiting. It returns
// errLockBusy if another holds the lock, errNoFlock if the file system
// cannot lock, and errMoved if path no longer names f (then f's lock is
// worth nothing).
func flockAt(f *os.File, path string) error {
	if err := datafile.Lock(f); err != nil {
		switch {
		case errors.Is(err, datafile.ErrLocked):
			return errLockBusy
		case errors.Is(err, unix.ENOTSUP), errors.Is(err, unix.ENOLCK), errors.Is(err, unix.EOPNOTSUPP):
			return errNoFlock
		}
		return err
	}
	held, err := f.Stat()
	if err != nil {
		return err
	}
	now, err := os.Stat(path)
	switch {
	case os.IsNotExist(err):
		return errMoved
	case err != nil:
		return err
	case !os.SameFile(held, now):
		return errMoved
	}
	return nil
}
