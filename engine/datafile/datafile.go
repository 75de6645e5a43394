// Package datafile holds the one way the commands read and write their
// data files (survey files, odds files, fair-play results, replay files),
// so that none of them waits forever or loses what a file held:
//
//   - [OpenRegular] and [Read] accept regular files only: a FIFO is
//     refused at once instead of waiting for a writer, a device instead
//     of reading forever;
//   - [Lock] makes one process the only writer of a file while it runs
//     (an advisory lock: every command that writes such a file takes it);
//   - [Replace] writes a file whole through a temporary file in the same
//     folder, synced and renamed over the old one, so that a failure
//     (a full disk, an interrupt) leaves the old file as it was.
//
// Which files a command may write over is the command's affair: it reads
// the file (Read) and checks it is its own kind first.
package datafile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// ErrNotRegular is the error of opening a file that is not a regular file.
var ErrNotRegular = errors.New("not a regular file (a FIFO, device or socket)")

// ErrLocked is the error of locking a file that another process holds.
var ErrLocked = errors.New("locked by another process")

// OpenRegular opens path with flag (os.O_RDONLY, os.O_RDWR|os.O_APPEND,
// ...; os.O_CREATE with perm) and refuses, without blocking, anything but
// a regular file.
func OpenRegular(path string, flag int, perm os.FileMode) (*os.File, error) {
	// Stat first: opening a FIFO for writing fails with ENXIO when no
	// one reads it, which says nothing useful.
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	// O_NONBLOCK: opening a FIFO put there since must not wait for the
	// other end; it is refused below. (It changes nothing for a regular
	// file.)
	f, err := os.OpenFile(path, flag|nonBlock, perm)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = &os.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// Read reads the regular file at path, refusing one larger than max
// bytes; kind names the file in that message ("a survey file").
func Read(path string, max int64, kind string) ([]byte, error) {
	f, err := OpenRegular(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f, max, kind)
}

// ReadAll reads f from where it stands to its end, refusing more than max
// bytes; kind names the file in that message.
func ReadAll(f *os.File, max int64, kind string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, &os.PathError{Op: "read", Path: f.Name(), Err: fmt.Errorf("larger than %s, the most %s may have", size(max), kind)}
	}
	return data, nil
}

func size(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Lock takes the advisory write lock of the open file f for this process
// until f is closed, or returns an error wrapping ErrLocked, at once, if
// another process holds it. Where the system has no such lock (not Unix,
// not Windows) it does nothing.
func Lock(f *os.File) error {
	rc, err := f.SyscallConn()
	if err == nil {
		var lerr error
		err = rc.Control(func(fd uintptr) { lerr = lockFD(fd) })
		if err == nil {
			err = lerr
		}
	}
	if err != nil {
		return &os.PathError{Op: "lock", Path: f.Name(), Err: err}
	}
	return nil
}

// Replace writes data to the file path through a new file in the same
// folder, synced to disk and renamed over path: a failure leaves the old
// file, if any, whole. The new file's mode is the old file's, or 0644.
// Only a regular file (or none) is replaced.
func Replace(path string, data []byte) error {
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return &os.PathError{Op: "replace", Path: path, Err: ErrNotRegular}
		}
		mode = fi.Mode().Perm()
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".new-")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	// The rename is on disk once the folder is: a failure here does not
	// undo it, and some systems cannot sync a folder at all.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
