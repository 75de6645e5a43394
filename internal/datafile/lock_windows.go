//go:build windows

package datafile

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lock takes LockFileEx's exclusive lock of the first byte without
// waiting; it goes with f.Close.
func lock(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var lerr error
	err = rc.Control(func(fd uintptr) {
		var ol windows.Overlapped
		lerr = windows.LockFileEx(windows.Handle(fd),
			windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	})
	if errors.Is(lerr, windows.ERROR_LOCK_VIOLATION) {
		return ErrLocked
	}
	if err != nil {
		return err
	}
	return lerr
}
