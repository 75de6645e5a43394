// Package srcpos holds positions in source files and lists of errors at
// such positions, as go/token and go/scanner's ErrorList do for Go. Every
// reader of the project's sources (replays, pages, front matter, odds
// files) reports its errors with them, as "file:line:col: message".
//
// It imports nothing of the project, so that a package may report
// positions without pulling in the rules engine.
package srcpos

import (
	"bytes"
	"fmt"
	"sort"
)

// Pos is a position in a source file. Line and Col count from 1; a zero
// Line means the position is the file as a whole.
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string {
	switch {
	case p.File == "":
		return fmt.Sprintf("%d:%d", p.Line, p.Col)
	case p.Line == 0:
		return p.File
	default:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	}
}

// Error is a problem found at a position in a source file. Its text is
// "file:line:col: message", as compilers print it.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is a list of positioned errors, like go/scanner.ErrorList.
type ErrorList []*Error

// Add appends an error at pos.
func (l *ErrorList) Add(pos Pos, msg string) { *l = append(*l, &Error{pos, msg}) }

func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	a, b := l[i].Pos, l[j].Pos
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Col != b.Col {
		return a.Col < b.Col
	}
	return l[i].Msg < l[j].Msg
}

// Sort sorts the list by file, line, column and message.
func (l ErrorList) Sort() { sort.Sort(l) }

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns nil for an empty list and the list itself otherwise.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// LineIndex maps byte offsets in a text to file positions. The text need
// not start at the top of its file: line numbers start at first.
type LineIndex struct {
	file   string
	text   []byte
	first  int   // line number of text[0]
	starts []int // offsets where lines start; built on first use
}

// NewLineIndex returns the index of text, which starts at line first of
// file.
func NewLineIndex(file string, text []byte, first int) *LineIndex {
	return &LineIndex{file: file, text: text, first: first}
}

// Pos returns the position of byte offset off. Columns count bytes from 1,
// as go/scanner does.
func (x *LineIndex) Pos(off int) Pos {
	if x.starts == nil {
		x.starts = make([]int, 1, 64)
		for i := 0; ; {
			j := bytes.IndexByte(x.text[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			x.starts = append(x.starts, i)
		}
	}
	off = max(0, min(off, len(x.text)))
	n := sort.SearchInts(x.starts, off+1) - 1
	return Pos{File: x.file, Line: x.first + n, Col: off - x.starts[n] + 1}
}

// Offset returns the position of byte offset off in text, a whole file,
// without building an index (for a single position, as an error needs).
func Offset(file string, text []byte, off int) Pos {
	line := 1 + bytes.Count(text[:off], []byte{'\n'})
	col := off - (bytes.LastIndexByte(text[:off], '\n') + 1) + 1
	return Pos{File: file, Line: line, Col: col}
}
