//go:build unix

package survey

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOpenSpecialFiles checks that a FIFO is refused at once, neither
// waited on nor written to.
func TestOpenSpecialFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip(err)
	}
	h := Header{Survey: Format, Game: "shamrocks"}
	if _, err := Open(path, h); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Open of a FIFO: %v", err)
	}
	if _, err := ReadFile(path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("ReadFile of a FIFO: %v", err)
	}
}
