package site

import (
	"os"

	"golang.org/x/sys/unix"
)

// fsTopDirFL is the "top of a directory hierarchy" attribute of ext2/3/4
// (FS_TOPDIR_FL in linux/fs.h, what chattr +T sets).
const fsTopDirFL = 0x00020000

// setTopDir sets (on) or clears the attribute that tells ext2/3/4's
// folder allocator (Orlov) to spread the folders made in dir over the
// disk's block groups, as the tops of unrelated hierarchies, instead of
// keeping them in dir's group. It reports whether the attribute is now
// as asked; file systems without it (tmpfs, most others) say no.
func setTopDir(dir string, on bool) bool {
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer f.Close()
	fd := int(f.Fd())
	flags, err := unix.IoctlGetUint32(fd, unix.FS_IOC_GETFLAGS)
	if err != nil {
		return false
	}
	want := flags &^ fsTopDirFL
	if on {
		want |= fsTopDirFL
	}
	if want == flags {
		return true
	}
	return unix.IoctlSetPointerInt(fd, unix.FS_IOC_SETFLAGS, int(want)) == nil
}

// topDir reports whether dir has the attribute; ok is false if its file
// system does not say.
func topDir(dir string) (on, ok bool) {
	f, err := os.Open(dir)
	if err != nil {
		return false, false
	}
	defer f.Close()
	flags, err := unix.IoctlGetUint32(int(f.Fd()), unix.FS_IOC_GETFLAGS)
	if err != nil {
		return false, false
	}
	return flags&fsTopDirFL != 0, true
}
