package markup

import (
	"bytes"
	"fmt"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// MaxNesting is how deep a page may nest blockquotes and lists on one
// line ("> > - x" is 3 deep). Real pages nest a few levels; goldmark's
// parser takes time quadratic in the depth (a line of 100,000 "> " takes
// it about 20 s), so deeper nesting is refused before parsing, as
// markdown-it refuses nesting beyond its maxNesting of 100.
const MaxNesting = 100

// checkNesting returns an error at the first line of src whose container
// markers (">" and list markers at its start) nest deeper than
// MaxNesting. first is the number of src's first line in file.
func checkNesting(file string, first int, src []byte) error {
	for n := 0; len(src) > 0; n++ {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		if depth, col := nesting(line); depth > MaxNesting {
			return &srcpos.Error{Pos: srcpos.Pos{File: file, Line: first + n, Col: col},
				Msg: fmt.Sprintf("blockquotes and lists nested more than %d deep: a page may nest at most %d", MaxNesting, MaxNesting)}
		}
	}
	return nil
}

// nesting counts the blockquote and list markers that open a line, and
// returns the column (from 1) of the one past MaxNesting, if any.
func nesting(line []byte) (depth, col int) {
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	for i < len(line) {
		n := marker(line[i:])
		if n == 0 {
			break
		}
		depth++
		if depth == MaxNesting+1 {
			col = i + 1
		}
		i += n
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
	}
	return depth, col
}

// marker returns the length of the blockquote or list marker that s
// starts with, or 0: ">", or "-", "*", "+", "1." or "1)" followed by a
// space, a tab or the end of the line.
func marker(s []byte) int {
	if s[0] == '>' {
		return 1
	}
	n := 0
	switch s[0] {
	case '-', '*', '+':
		n = 1
	default:
		for n < len(s) && n < 9 && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if n == 0 || n == len(s) || s[n] != '.' && s[n] != ')' {
			return 0
		}
		n++
	}
	if n < len(s) && s[n] != ' ' && s[n] != '\t' {
		return 0
	}
	return n
}
