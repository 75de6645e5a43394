//go:build unix

package site

import "syscall"

// openFileLimit returns the process's limit on open files (which the Go
// runtime raises to the hard limit at start-up).
func openFileLimit() int {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil || r.Cur > 1<<20 {
		return 1 << 20
	}
	return int(r.Cur)
}
