package markup

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// stopAfter is a context that is done from its n-th look on: the
// conversion's looks at it are counted, not timed.
type stopAfter struct {
	context.Context
	cancel   func()
	n, looks int
}

func (c *stopAfter) Err() error {
	c.looks++
	if c.looks >= c.n {
		c.cancel()
	}
	return c.Context.Err()
}

// TestConvertStops is issue 41, item 10: Ctrl-C waited for the page being
// converted, 6 to 14 s for a page of 5.5 MB of highlighted Go. The
// conversion looks at its context before each code block and every
// stopCheck tokens while highlighting one, and returns its error.
func TestConvertStops(t *testing.T) {
	code := strings.Repeat("func f(x int) int {\n\treturn x * 2 // double\n}\n", 20000) // 300,000 tokens
	for _, tt := range []struct {
		name string
		src  string
		n    int // the look at which the context is done
	}{
		{"done before", "# A\n\n```go\n" + code + "```\n", 1},
		{"between blocks", "```go\nx := 1\n```\n\n```go\n" + code + "```\n", 4},
		{"within a block", "# A\n\n```go\n" + code + "```\n", 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			c := &stopAfter{Context: ctx, cancel: cancel, n: tt.n}
			res, err := New(Options{}).Convert(&Document{Path: "p.md", Source: []byte(tt.src), Context: c})
			if !errors.Is(err, context.Canceled) || res != nil {
				t.Fatalf("Convert: %v, %v; want context.Canceled", res != nil, err)
			}
			// Highlighting the whole block would look some 300 times.
			if c.looks > tt.n+5 {
				t.Errorf("%d looks at the context, want at most %d", c.looks, tt.n+5)
			}
		})
	}
	// Without a context, or with one never done, the page is converted.
	for _, ctx := range []context.Context{nil, context.Background()} {
		if _, err := New(Options{}).Convert(&Document{Path: "p.md", Source: []byte("```go\nx := 1\n```\n"), Context: ctx}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHighlightStops: a block being highlighted stops within stopCheck
// tokens of its context being done.
func TestHighlightStops(t *testing.T) {
	code := []byte(strings.Repeat("func f(x int) int {\n\treturn x * 2 // double\n}\n", 2000))
	h := newHighlighter()
	var whole strings.Builder
	if err := h.write(context.Background(), &whole, "go", code); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var part strings.Builder
	err := h.write(&stopAfter{Context: ctx, cancel: cancel, n: 2}, &part, "go", code)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	// Two looks: stopCheck tokens, then stop (a token is at most some
	// 40 bytes of HTML).
	if part.Len() > 2*stopCheck*40 || part.Len() >= whole.Len()/10 {
		t.Errorf("wrote %d bytes of the %d of the whole block", part.Len(), whole.Len())
	}
}
