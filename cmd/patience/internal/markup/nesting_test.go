package markup

import (
	"strings"
	"testing"
	"time"
)

// TestDeepNesting is issue 23, item 6: deep blockquotes and lists took
// time quadratic in the depth in goldmark's parser (13.9 s at 200,000
// levels); nesting beyond MaxNesting is refused, with its position,
// before goldmark parses.
func TestDeepNesting(t *testing.T) {
	c := New(Options{})
	for _, tt := range []struct {
		name, src, want string // want "": converts
	}{
		{"blockquotes at the limit", strings.Repeat("> ", MaxNesting) + "x\n", ""},
		{"lists at the limit", strings.Repeat("- ", MaxNesting) + "x\n", ""},
		{"numbered lists at the limit", strings.Repeat("1. ", MaxNesting) + "x\n", ""},
		{"a code line of quotes", "```\n" + strings.Repeat(">", 50) + "\n```\n", ""},
		{"blockquotes", "# T\n\n" + strings.Repeat("> ", 200000) + "x\n", "p.md:3:201: blockquotes and lists nested more than 100 deep"},
		{"lists", "# T\n" + strings.Repeat("- ", 100000) + "x\n", "p.md:2:201: blockquotes and lists nested more than 100 deep"},
		{"mixed, no spaces", strings.Repeat(">- 1) ", 50000) + "x\n", "p.md:1:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, err := c.Convert(&Document{Path: "p.md", Source: []byte(tt.src), Line: 1})
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("took %v", took)
			}
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

func FuzzNesting(f *testing.F) {
	for _, s := range []string{"> > x", "- 1. * + x", "12345678901. x", ">>>", "-x", "1)"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		depth, col := nesting(line)
		if depth > MaxNesting && (col < 1 || col > len(line)) {
			t.Errorf("depth %d, column %d of %d", depth, col, len(line))
		}
		if depth > len(line) {
			t.Errorf("depth %d > length %d", depth, len(line))
		}
	})
}
