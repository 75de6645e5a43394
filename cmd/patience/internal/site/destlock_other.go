//go:build !unix

package site

// tryLock takes the lock file path by making it (exclLock).
func tryLock(path string) (release func(), err error) { return exclLock(path) }

// tryLockDir takes no lock: without flock a folder cannot be locked.
func tryLockDir(dir string) (release func(), err error) { return func() {}, nil }
