package main

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
)

// TestServeStopsMidBuild is issue 23, item 7: Ctrl-C during a build
// stopped serve only once the build was over (11 to 21 s in a probe). A
// build now takes a context: serve stops within a second, whether the
// first build or a rebuild is running.
func TestServeStopsMidBuild(t *testing.T) {
	for _, tt := range []struct {
		name    string
		rebuild bool // stop during a rebuild, not the first build
	}{
		{"first build", false},
		{"rebuild", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"content/index.md": "# Home\n"}
			for i := range 40 {
				files[fmt.Sprintf("content/p%02d.md", i)] = fmt.Sprintf("# Page %d\n\n```replay\nx\n```\n", i)
			}
			writeFiles(t, dir, files)
			// Each replay takes 100 ms: a build of 40 pages takes
			// seconds on the cores of a test machine.
			var slow atomic.Bool
			started := make(chan struct{}, 100)
			render := func(b markup.ReplayBlock) ([]byte, error) {
				if slow.Load() {
					select {
					case started <- struct{}{}:
					default:
					}
					time.Sleep(100 * time.Millisecond)
				}
				return markup.PlainReplay(b)
			}
			slow.Store(!tt.rebuild)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			ready := make(chan *devServer, 1)
			done := make(chan error, 1)
			log := &syncBuffer{}
			go func() {
				done <- serve(ctx, serveConfig{Source: dir, Bind: "127.0.0.1", Port: 0, Stderr: log, Replay: render,
					Quiet: time.Millisecond, Ready: func(d *devServer) { ready <- d }})
			}()
			if tt.rebuild {
				select {
				case <-ready:
				case <-time.After(waitTimeout):
					t.Fatalf("serve did not start\n%s", log)
				}
				slow.Store(true)
				writeFile(t, dir, "content/p00.md", "# Page 0 again\n\n```replay\ny\n```\n")
				writeFile(t, dir, "config.yaml", "title: Rebuild everything\n")
			}
			select {
			case <-started:
			case <-time.After(waitTimeout):
				t.Fatalf("no build started\n%s", log)
			}
			time.Sleep(150 * time.Millisecond) // well into the build
			start := time.Now()
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("serve: %v", err)
				}
				if took := time.Since(start); took > time.Second {
					t.Errorf("serve stopped %v after Ctrl-C, want at most 1 s", took)
				}
			case <-time.After(waitTimeout):
				t.Fatalf("serve did not stop\n%s", log)
			}
		})
	}
}
