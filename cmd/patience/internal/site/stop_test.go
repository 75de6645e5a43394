package site

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
)

// TestBuildStopsWithinAPage is issue 41, item 10: a build stopped while a
// page of 5.5 MB of Go was being highlighted finished the page first,
// 6 to 14 s. The context is done by the page's replay block, before its
// code block (which takes many seconds to highlight): the build returns
// context.Canceled at once, the destination as it was.
func TestBuildStopsWithinAPage(t *testing.T) {
	dir, pub := builtGoodSite(t)
	before := readTree(t, pub)
	code := strings.Repeat("func f(x int) int {\n\treturn x * 2 // double\n}\n", 120000)
	writeFiles(t, dir, map[string]string{"content/docs/big.md": "# Big\n\n```replay\ngame: shamrocks\n```\n\n```go\n" + code + "```\n"})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stopped time.Time
	replay := func(blk markup.ReplayBlock) ([]byte, error) {
		if strings.Contains(blk.Page, "big.md") {
			stopped = time.Now()
			cancel() // Ctrl-C, while the page is converted
		}
		return markup.PlainReplay(blk)
	}
	_, err := BuildContext(ctx, Options{Source: dir, Replay: replay, Workers: 1})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("build: %v, want context.Canceled", err)
	}
	// The page's code block alone takes over 15 s to highlight on a
	// 2-core machine.
	if d := time.Since(stopped); d > 5*time.Second {
		t.Errorf("the build stopped %v after its context was done", d)
	}
	sameFiles(t, "stopped", readTree(t, pub), before)
}
