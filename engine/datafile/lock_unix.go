//go:build unix

package datafile

import (
	"errors"

	"golang.org/x/sys/unix"
)

// lockFD takes flock(2)'s exclusive lock without waiting. The lock
// belongs to the open file, so it goes with its Close (or the process's
// end).
func lockFD(fd uintptr) error {
	for {
		err := unix.Flock(int(fd), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.EWOULDBLOCK):
			return ErrLocked
		}
		return err
	}
}
