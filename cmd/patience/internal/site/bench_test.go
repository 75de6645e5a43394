package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/cmd/patience/internal/corpus"
)

// writeCorpus writes a site of n synthetic pages under dir.
func writeCorpus(tb testing.TB, dir string, n int) {
	if err := corpus.Write(dir, n); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkBuildCorpus builds the 1,000-page benchmark corpus into a
// fresh destination, as scripts/bench-build and the Hugo comparison do.
func BenchmarkBuildCorpus(b *testing.B) {
	benchmarkBuildCorpus(b, true)
}

// BenchmarkRebuildCorpus builds it again over its own output, unchanged:
// the files are compared, none is written (syncdest.go).
func BenchmarkRebuildCorpus(b *testing.B) {
	benchmarkBuildCorpus(b, false)
}

func benchmarkBuildCorpus(b *testing.B, fresh bool) {
	const pages = 1000
	dir := b.TempDir()
	writeCorpus(b, dir, pages)
	dest := filepath.Join(dir, "public")
	if !fresh {
		if _, err := Build(Options{Source: dir, Destination: dest}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if fresh {
			b.StopTimer()
			if err := os.RemoveAll(dest); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		res, err := Build(Options{Source: dir, Destination: dest})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Pages) != pages {
			b.Fatalf("%d pages", len(res.Pages))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/pages, "µs/page")
}

func TestCorpusBuilds(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir, 20)
	res, err := Build(Options{Source: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 20 {
		t.Fatalf("%d pages", len(res.Pages))
	}
	page, err := os.ReadFile(filepath.Join(dir, "public/pages/p0007/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"<title>Page 7 · patience</title>", "<table>", `class="language-go"`, `<h3 id="example">`} {
		if !strings.Contains(string(page), w) {
			t.Errorf("page lacks %q", w)
		}
	}
}

// TestCorpusGolden builds a sample of the synthetic benchmark corpus and
// compares some pages with golden HTML, so that speed work cannot change
// a byte of the output unnoticed (go test -update to accept a change).
func TestCorpusGolden(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir, 40)
	if _, err := Build(Options{Source: dir}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"p0000", "p0007", "p0039"} {
		got, err := os.ReadFile(filepath.Join(dir, "public", "pages", name, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join("testdata", "corpus", name+".html")
		if *update {
			os.MkdirAll(filepath.Dir(golden), 0o755)
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if string(got) != string(want) {
			t.Errorf("%s differs from %s (run go test -update to accept)", name, golden)
		}
	}
}
