package markup

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// Page is a Markdown page split into its front matter and its body.
type Page struct {
	Path        string      // as shown in messages, e.g. "content/games/shamrocks.md"
	FrontMatter FrontMatter // empty when the page has none
	Body        []byte      // the Markdown after the front matter
	BodyLine    int         // line number in Path of Body's first line
}

// ParsePage checks that src, the text of the page at path, is UTF-8 text
// without NUL bytes, then splits off and parses its front matter: YAML
// between a first line "---" and the next line "---" (or "..."). A UTF-8
// byte order mark is dropped. Errors are [srcpos.Error] values.
func ParsePage(path string, src []byte) (p *Page, err error) {
	defer func() {
		// A last line of defence: the YAML parser is third-party code.
		if r := recover(); r != nil {
			p, err = nil, &srcpos.Error{Pos: srcpos.Pos{File: path, Line: 1, Col: 1}, Msg: fmt.Sprintf("internal error reading page: %v", r)}
		}
	}()
	src = bytes.TrimPrefix(src, []byte("\uFEFF"))
	if err := checkText(path, src); err != nil {
		return nil, err
	}
	p = &Page{Path: path, Body: src, BodyLine: 1}
	p.FrontMatter.init(path, "front matter: ")
	fm, body, bodyLine, ok := splitFrontMatter(src)
	if !ok {
		return p, nil
	}
	if body == nil {
		return nil, &srcpos.Error{Pos: srcpos.Pos{File: path, Line: 1, Col: 1}, Msg: "front matter opened with --- is never closed (no later line ---)"}
	}
	p.Body, p.BodyLine = body, bodyLine
	if err := p.FrontMatter.parse(fm, 2); err != nil {
		return nil, err
	}
	return p, nil
}

// checkText reports the first invalid UTF-8 sequence or NUL byte of src.
func checkText(path string, src []byte) error {
	for i := 0; i < len(src); {
		c := src[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && n == 1 {
				return &srcpos.Error{Pos: srcpos.Offset(path, src, i), Msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02x): a page must be UTF-8 text", c)}
			}
			i += n
			continue
		}
		if c == 0 {
			return &srcpos.Error{Pos: srcpos.Offset(path, src, i), Msg: "NUL byte: a page must be text, not binary data"}
		}
		i++
	}
	return nil
}

// splitFrontMatter splits src into front matter and body. ok is false when
// src has no front matter; body is nil when it is never closed. bodyLine is
// the line number of the body's first line.
func splitFrontMatter(src []byte) (fm, body []byte, bodyLine int, ok bool) {
	line, rest, _ := cutLine(src)
	if !isDelimiter(line, false) {
		return nil, nil, 0, false
	}
	start := len(src) - len(rest)
	for n := 2; len(rest) > 0; n++ {
		at := len(src) - len(rest)
		var more bool
		line, rest, more = cutLine(rest)
		if isDelimiter(line, true) {
			if !more {
				rest = src[len(src):] // non-nil and empty
			}
			return src[start:at], rest, n + 1, true
		}
	}
	return nil, nil, 0, true
}

// cutLine returns the first line of s without its line ending, the rest
// after it, and whether a line ending was found.
func cutLine(s []byte) (line, rest []byte, found bool) {
	line, rest, found = bytes.Cut(s, []byte{'\n'})
	return bytes.TrimSuffix(line, []byte{'\r'}), rest, found
}

// isDelimiter tells whether line is "---" (or, closing, "...") with
// optional trailing blanks.
func isDelimiter(line []byte, closing bool) bool {
	line = bytes.TrimRight(line, " \t")
	return string(line) == "---" || closing && string(line) == "..."
}
