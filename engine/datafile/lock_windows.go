//go:build windows

package datafile

import (
	"errors"

	"golang.org/x/sys/windows"
)

// lockFD takes LockFileEx's exclusive lock of the first byte without
// waiting; it goes with the file's Close.
func lockFD(fd uintptr) error {
	var ol windows.Overlapped
	err := windows.LockFileEx(windows.Handle(fd),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
		return ErrLocked
	}
	return err
}
