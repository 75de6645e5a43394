package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/patience-solitaire/patience/cmd/patience/internal/corpus"
	"github.com/patience-solitaire/patience/content"
)

// BenchmarkSaveToReload measures the time from saving a page to the
// reload event of patience serve, on the bundled site (its pages copied
// into a folder, so that they are watched) and on a corpus of 1,000
// synthetic pages. It reports the median and the 90th percentile; the aim
// is a median of at most 50 ms for a one-page edit. scripts/bench-serve
// runs it.
//
// The corpus is made by the script named by $PATIENCE_GEN_CORPUS
// (/work/shared/bench/gen-corpus.py) when set, else by corpusPage, a port
// of it.
func BenchmarkSaveToReload(b *testing.B) {
	if testing.Short() {
		b.Skip("starts servers and writes 1,000 pages")
	}
	b.Run("bundled", func(b *testing.B) {
		dir := b.TempDir()
		if err := os.CopyFS(filepath.Join(dir, "content"), content.FS); err != nil {
			b.Fatal(err)
		}
		benchSave(b, dir, "content/games/shamrocks.md", "games/shamrocks/index.html")
	})
	b.Run("corpus-1000", func(b *testing.B) {
		dir := b.TempDir()
		if script := os.Getenv("PATIENCE_GEN_CORPUS"); script != "" {
			if out, err := exec.Command("python3", script, dir, "1000").CombinedOutput(); err != nil {
				b.Fatalf("%s: %v\n%s", script, err, out)
			}
		} else {
			for i := range 1000 {
				writeFile(b, dir, fmt.Sprintf("content/pages/p%04d.md", i), corpus.Page(i))
			}
		}
		benchSave(b, dir, "content/pages/p0500.md", "pages/p0500/index.html")
	})
}

// benchSave starts patience serve on dir and saves page (a body-only edit)
// b.N times, each time waiting for the reload event of the build that has
// the edit in output.
func benchSave(b *testing.B, dir, page, output string) {
	start := time.Now()
	ls := startServe(b, dir)
	b.Logf("%d files served; first build and start in %v", len(ls.d.srv.Files()), time.Since(start).Round(time.Millisecond))
	c := ls.subscribe(b)
	defer c.close()
	orig, err := os.ReadFile(filepath.Join(dir, page))
	if err != nil {
		b.Fatal(err)
	}
	var times []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		mark := fmt.Sprintf("Edit number %d.", i)
		t0 := time.Now()
		writeFile(b, dir, page, string(orig)+"\n"+mark+"\n")
		c.until(b, "the reload", func(ev sseEvent) bool {
			return ev.name == "reload" && strings.Contains(string(ls.d.srv.Files()[output]), mark)
		})
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(times[len(times)/2]), "ms-median")
	b.ReportMetric(ms(times[len(times)*9/10]), "ms-p90")
}
