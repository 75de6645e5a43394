package site

import (
	"fmt"
	"io/fs"
	"strings"
	"syscall"
	"testing"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// TestErrorSinkNoRoom: on a full disk every write of the output fails,
// and the build listed one error a file (40 for the bundled site); the
// first, in order, stands for them all.
func TestErrorSinkNoRoom(t *testing.T) {
	full := func(name string) error {
		return fmt.Errorf("writing %s: %w", name, &fs.PathError{Op: "write", Path: name, Err: syscall.ENOSPC})
	}
	for _, tt := range []struct {
		name string
		add  func(s *errorSink)
		want []string
	}{
		{"one", func(s *errorSink) { s.add(srcpos.Pos{File: "b.md"}, full("b")) },
			[]string{"b.md: writing b: write b: no space left on device"}},
		{"several, and another error", func(s *errorSink) {
			s.add(srcpos.Pos{File: "c.md"}, full("c"))
			s.add(srcpos.Pos{File: "a.md", Line: 2, Col: 1}, fmt.Errorf("a bad page"))
			s.add(srcpos.Pos{File: "b.md"}, full("b"))
			s.add(srcpos.Pos{File: "d.md"}, full("d"))
		}, []string{
			"a.md:2:1: a bad page",
			"b.md: writing b: write b: no space left on device (and 2 more files not written)",
		}},
		{"read-only", func(s *errorSink) {
			s.add(srcpos.Pos{File: "x"}, &fs.PathError{Op: "open", Path: "x", Err: syscall.EROFS})
			s.add(srcpos.Pos{File: "y"}, &fs.PathError{Op: "open", Path: "y", Err: syscall.EROFS})
		}, []string{"x: open x: read-only file system (and 1 more file not written)"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var s errorSink
			tt.add(&s)
			if s.empty() {
				t.Fatal("empty")
			}
			var got []string
			for _, e := range s.err().(srcpos.ErrorList) {
				got = append(got, e.Error())
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
