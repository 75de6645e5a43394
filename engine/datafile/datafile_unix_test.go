//go:build unix

package datafile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestFIFO checks that a FIFO is refused at once for every use, without
// waiting for its other end (the test would hang otherwise).
func TestFIFO(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip(err)
	}
	for _, tc := range []struct {
		name string
		do   func() error
	}{
		{"read", func() error { _, err := Read(path, 100, "a file"); return err }},
		{"open for reading", func() error { _, err := OpenRegular(path, os.O_RDONLY, 0); return err }},
		{"open for writing", func() error { _, err := OpenRegular(path, os.O_WRONLY, 0); return err }},
		{"open for appending", func() error {
			_, err := OpenRegular(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
			return err
		}},
		{"replace", func() error { return Replace(path, []byte("x")) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.do(); !errors.Is(err, ErrNotRegular) {
				t.Errorf("got %v, want ErrNotRegular", err)
			}
		})
	}
}
