// Package corpus writes the synthetic Markdown site of the build-speed
// and live-reload benchmarks: a Go port of ../shared/bench/gen-corpus.py
// (front matter, headings, paragraphs with emphasis and links, a list, a
// GFM table and a fenced Go block, about 4 KB a page), deterministic, with
// links only to pages that exist, since every build checks its links.
package corpus

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

var words = strings.Fields("card pile foundation tableau stock waste talon reserve suit rank ace king " +
	"queen jack build down up sequence deal redeal fan layout column row move " +
	"patience solitaire spade heart diamond club empty space available blocked")

// Page returns page i of the corpus, shaped like
// /work/shared/bench/gen-corpus.py's: front matter, headings, paragraphs
// with emphasis and links, a list, a table and a fenced Go block, about
// 4 KB.
func Page(i int) string {
	r := rand.New(rand.NewPCG(uint64(i), 1))
	word := func() string { return words[r.IntN(len(words))] }
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

// Write writes a site of n pages under dir: dir/content/pages/pNNNN.md.
func Write(dir string, n int) error {
	pages := filepath.Join(dir, "content", "pages")
	if err := os.MkdirAll(pages, 0o755); err != nil {
		return err
	}
	for i := range n {
		if err := os.WriteFile(filepath.Join(pages, fmt.Sprintf("p%04d.md", i)), []byte(Page(i)), 0o644); err != nil {
			return err
		}
	}
	return nil
}
