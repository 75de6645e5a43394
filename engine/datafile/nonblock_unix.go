//go:build unix

package datafile

import "syscall"

// nonBlock opens a FIFO without waiting for its other end.
const nonBlock = syscall.O_NONBLOCK
