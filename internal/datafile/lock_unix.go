//go:build unix

package datafile

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// lock takes flock(2)'s exclusive lock without waiting. The lock belongs
// to the open file, so it goes with f.Close (or the process's end).
func lock(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var lerr error
	err = rc.Control(func(fd uintptr) {
		for {
			lerr = unix.Flock(int(fd), unix.LOCK_EX|unix.LOCK_NB)
			if !errors.Is(lerr, unix.EINTR) {
				return
			}
		}
	})
	if errors.Is(lerr, unix.EWOULDBLOCK) {
		return ErrLocked
	}
	if err != nil {
		return err
	}
	return lerr
}
