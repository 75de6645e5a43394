package site

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var corpusWords = strings.Fields("card pile foundation tableau stock waste talon reserve suit rank ace king " +
	"queen jack build down up sequence deal redeal fan layout column row move " +
	"patience solitaire spade heart diamond club empty space available blocked")

// corpusPage writes page i of a synthetic corpus shaped like
// /work/shared/bench/gen-corpus.py's: front matter, headings, paragraphs
// with emphasis and links, a list, a table and a fenced Go block, about
// 4 KB.
func corpusPage(i int) string {
	r := rand.New(rand.NewPCG(uint64(i), 1))
	word := func() string { return corpusWords[r.IntN(len(corpusWords))] }
	sentence := func() string {
		w := make([]string, 8+r.IntN(11))
		for j := range w {
			w[j] = word()
		}
		w[r.IntN(len(w))] = "*" + word() + "*"
		if r.Float64() < 0.3 {
			j := r.IntN(len(w))
			w[j] = fmt.Sprintf("[%s](../p%04d/)", w[j], r.IntN(i+1)) // a page that exists: links are checked
		}
		s := strings.Join(w, " ")
		return strings.ToUpper(s[:1]) + s[1:] + "."
	}
	para := func() string {
		s := make([]string, 3+r.IntN(4))
		for j := range s {
			s[j] = sentence()
		}
		return strings.Join(s, " ")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: \"Page %d\"\nweight: %d\ntags: [%s, %s]\n---\n\n", i, i, word(), word())
	for s := range 3 {
		fmt.Fprintf(&b, "## Section %d %s\n\n%s\n\n", s+1, word(), para())
		switch s {
		case 0:
			for range 4 {
				fmt.Fprintf(&b, "- %s\n", sentence())
			}
			b.WriteString("\n")
		case 1:
			b.WriteString("| pile | cards | rule |\n|---|---|---|\n")
			for range 5 {
				fmt.Fprintf(&b, "| %s | %d | %s |\n", word(), 1+r.IntN(13), word())
			}
			b.WriteString("\n")
		case 2:
			fmt.Fprintf(&b, "### Example\n\n```go\nfunc legal%d(from, to Pile) bool {\n\tif from.Len() < %d {\n\t\treturn false\n\t}\n\tc := from.Top()\n\treturn to.Accepts(c, %q) // build by suit\n}\n```\n\n", i, 1+r.IntN(13), word())
		}
		fmt.Fprintf(&b, "%s\n\n", para())
	}
	return b.String()
}

// writeCorpus writes a site of n synthetic pages under dir.
func writeCorpus(tb testing.TB, dir string, n int) {
	pages := filepath.Join(dir, "content", "pages")
	if err := os.MkdirAll(pages, 0o755); err != nil {
		tb.Fatal(err)
	}
	for i := range n {
		if err := os.WriteFile(filepath.Join(pages, fmt.Sprintf("p%04d.md", i)), []byte(corpusPage(i)), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

func BenchmarkBuildCorpus(b *testing.B) {
	dir := b.TempDir()
	writeCorpus(b, dir, 200)
	dest := filepath.Join(dir, "public")
	b.ResetTimer()
	for b.Loop() {
		res, err := Build(Options{Source: dir, Destination: dest})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Pages) != 200 {
			b.Fatalf("%d pages", len(res.Pages))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/200, "µs/page")
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
