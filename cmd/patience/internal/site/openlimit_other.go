//go:build !unix

package site

// openFileLimit returns a modest limit on open files where there is no
// getrlimit.
func openFileLimit() int { return 512 }
