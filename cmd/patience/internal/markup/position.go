package markup

import (
	"bytes"
	"sort"

	"github.com/patience-solitaire/patience/replay"
)

// lineIndex maps byte offsets in a text to file positions. The text need
// not start at the top of its file: line numbers start at first.
type lineIndex struct {
	file   string
	text   []byte
	first  int   // line number of text[0]
	starts []int // offsets where lines start; built on first use
}

func newLineIndex(file string, text []byte, first int) *lineIndex {
	return &lineIndex{file: file, text: text, first: first}
}

// pos returns the position of byte offset off. Columns count bytes from 1,
// as go/scanner does.
func (x *lineIndex) pos(off int) replay.Pos {
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
	return replay.Pos{File: x.file, Line: x.first + n, Col: off - x.starts[n] + 1}
}

// positionOf returns the position of byte offset off in text, a whole file.
func positionOf(file string, text []byte, off int) replay.Pos {
	line := 1 + bytes.Count(text[:off], []byte{'\n'})
	col := off - (bytes.LastIndexByte(text[:off], '\n') + 1) + 1
	return replay.Pos{File: file, Line: line, Col: col}
}
