//go:build !unix

package site

// tryLock takes the lock file path by making it (exclLock).
func tryLock(path string) (release func(), err error) { return exclLock(path) }
