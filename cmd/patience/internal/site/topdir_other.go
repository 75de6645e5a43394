//go:build !linux

package site

// setTopDir reports false: the attribute is ext2/3/4's (topdir_linux.go).
func setTopDir(dir string, on bool) bool { return false }

// topDir reports that the file system does not say.
func topDir(dir string) (on, ok bool) { return false, false }
