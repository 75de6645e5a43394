package markup

import (
	"strings"
	"testing"
)

// TestDuplicateReplayIDs is issue 23, item 5: two replays with one id, or
// a replay with the id of a heading, made a page with duplicate HTML ids.
func TestDuplicateReplayIDs(t *testing.T) {
	c := New(Options{})
	for _, tt := range []struct {
		name, src, want string // want "": no error
	}{
		{"distinct ids", "# T\n\n```replay id=a\n```\n\n```replay id=b\n```\n", ""},
		{"two replays", "# T\n\n```replay id=a\n```\n\n```replay id=a\n```\n",
			`p.md:6:1: replay id "a" is also the id of the replay at line 3`},
		{"a heading's id", "# T\n\n## Deal 1\n\n```replay id=deal-1\n```\n",
			`p.md:5:1: replay id "deal-1" is also the id of the heading at line 3`},
		{"a heading with an id attribute", "# T\n\n```replay id=x\n```\n\n## Later {#x}\n",
			`p.md:3:1: replay id "x" is also the id of the heading at line 6`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := c.Convert(&Document{Path: "p.md", Source: []byte(tt.src), Line: 1})
			got := ""
			if err != nil {
				got = err.Error()
			}
			if tt.want == "" && err != nil || !strings.HasPrefix(got, tt.want) {
				t.Errorf("error %q, want %q", got, tt.want)
			}
		})
	}
}
