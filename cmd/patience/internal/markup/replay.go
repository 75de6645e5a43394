package markup

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
	"strings"
)

// ReplayInfo is the info string (first word) of a replay code block.
const ReplayInfo = "replay"

// ReplayBlock is a fenced code block with the info string "replay".
type ReplayBlock struct {
	// Page is the page source path as shown in messages, relative to the
	// source folder, e.g. "content/games/house-in-the-woods.md".
	Page string
	// Line and Col are the position of the opening fence in Page.
	Line, Col int
	// Attrs holds the key=value pairs after "replay" in the info string,
	// e.g. src=deal-123.replay, id=... Values may be double-quoted.
	Attrs map[string]string
	// File is where Body came from: Page for an inline block, otherwise
	// the src file's path in the same style, e.g.
	// "content/games/deal-123.replay".
	File string
	// FirstLine is the line number in File of Body's first line (for an
	// inline block the fence line + 1; for a src file 1).
	FirstLine int
	// Body is the text of the replay.
	Body []byte
	// Publish, when set, lets the renderer publish files beside the page
	// (the replay as .replay and as JSON): name is relative to the page's
	// folder.
	Publish func(name string, data []byte)
}

// ReplayRenderer turns a replay block into HTML. Errors it returns should be
// *srcpos.Error or srcpos.ErrorList values so that they carry positions;
// any other error is reported at the opening fence. A ReplayRenderer is
// called concurrently for the pages of a build.
type ReplayRenderer func(b ReplayBlock) ([]byte, error)

// PlainReplay renders a replay block as its escaped text in a <pre>, without
// highlighting. It is what a build without a ReplayRenderer shows.
func PlainReplay(b ReplayBlock) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(b.Body) + 64)
	buf.WriteString(`<pre class="replay"`)
	if id := b.Attrs["id"]; id != "" {
		buf.WriteString(` id="`)
		buf.WriteString(html.EscapeString(id))
		buf.WriteByte('"')
	}
	buf.WriteString(`><code>`)
	buf.WriteString(html.EscapeString(string(b.Body)))
	buf.WriteString("</code></pre>\n")
	return buf.Bytes(), nil
}

// parseAttrs parses the attributes after the first word of an info string:
// space-separated key=value pairs, where a value may be double-quoted with
// Go escapes.
func parseAttrs(s string) (map[string]string, error) {
	attrs := map[string]string{}
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return attrs, nil
		}
		eq := strings.IndexByte(s, '=')
		sp := strings.IndexAny(s, " \t")
		if eq <= 0 || sp >= 0 && sp < eq {
			word, _, _ := strings.Cut(s, " ")
			return nil, fmt.Errorf("replay block: %q in the info string is not key=value", word)
		}
		key := s[:eq]
		s = s[eq+1:]
		var val string
		if strings.HasPrefix(s, `"`) {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, fmt.Errorf("replay block: unterminated quoted value for %s", key)
			}
			val, _ = strconv.Unquote(q)
			s = s[len(q):]
		} else {
			end := strings.IndexAny(s, " \t")
			if end < 0 {
				end = len(s)
			}
			val, s = s[:end], s[end:]
		}
		if _, dup := attrs[key]; dup {
			return nil, fmt.Errorf("replay block: %s given twice in the info string", key)
		}
		attrs[key] = val
	}
}
