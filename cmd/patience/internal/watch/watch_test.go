package watch

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// next returns the paths of the batches received until want are all
// among them, failing after a timeout.
func next(t *testing.T, w *Watcher, want ...string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var got []string
	for {
		b, err := w.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for %q: %v (got %q)", want, err, got)
		}
		got = append(got, b.Paths...)
		missing := false
		for _, p := range want {
			missing = missing || !slices.Contains(got, p)
		}
		if !missing {
			return got
		}
	}
}

func write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestWatcher(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "content/a/page.md"), "one")
	w, err := New(root, Options{Trees: []string{"content", "templates"}, Files: []string{"config.yaml"}})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	in := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }

	// A plain write.
	write(t, in("content/a/page.md"), "two")
	next(t, w, "content/a/page.md")

	// A save by rename, with an editor's swap and backup files around it.
	write(t, in("content/a/.page.md.swp"), "swap")
	write(t, in("content/a/4913"), "")
	os.Remove(in("content/a/4913"))
	write(t, in("content/a/page.md.tmp"), "three")
	if err := os.Rename(in("content/a/page.md.tmp"), in("content/a/page.md")); err != nil {
		t.Fatal(err)
	}
	got := next(t, w, "content/a/page.md")
	for _, p := range got {
		if p != "content/a/page.md" {
			t.Errorf("reported %s", p)
		}
	}

	// A new folder with files written at once, before its watch can be
	// in place, and a file written into it later.
	write(t, in("content/b/c/d/new.md"), "new")
	next(t, w, "content/b/c/d/new.md")
	write(t, in("content/b/c/d/later.md"), "later")
	next(t, w, "content/b/c/d/later.md")

	// Deletions and renames, of files and folders.
	os.Remove(in("content/a/page.md"))
	next(t, w, "content/a/page.md")
	if err := os.Rename(in("content/b"), in("content/e")); err != nil {
		t.Fatal(err)
	}
	next(t, w, "content/b", "content/e")
	write(t, in("content/e/c/d/moved.md"), "moved")
	next(t, w, "content/e/c/d/moved.md")

	// Trees and files of the root created later; other files are not
	// reported.
	write(t, in("public/index.html"), "out")
	write(t, in("templates/base.html"), "base")
	write(t, in("config.yaml"), "title: x")
	got = next(t, w, "templates/base.html", "config.yaml")
	for _, p := range got {
		if strings.HasPrefix(p, "public") {
			t.Errorf("reported %s", p)
		}
	}
	if err := w.Close(); err != nil {
		t.Error(err)
	}
	if _, err := w.Next(context.Background()); err == nil {
		t.Error("Next after Close did not fail")
	}
}

// TestBurst checks that a burst of events makes few batches.
func TestBurst(t *testing.T) {
	root := t.TempDir()
	w, err := New(root, Options{Trees: []string{"content"}, Quiet: 50 * time.Millisecond, MaxDelay: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	var want []string
	for i := range 200 {
		p := "content/p" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + ".md"
		write(t, filepath.Join(root, p), "x")
		want = append(want, p)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	seen := map[string]bool{}
	batches := 0
	for len(seen) < len(slices.Compact(slices.Sorted(slices.Values(want)))) {
		b, err := w.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		batches++
		for _, p := range b.Paths {
			seen[p] = true
		}
	}
	// Writing 200 files takes far less than the quiet period between two
	// of them, unless the machine is very busy.
	if batches > 5 {
		t.Errorf("%d batches for one burst", batches)
	}
}

func TestIgnored(t *testing.T) {
	for _, n := range []string{".page.md.swp", "page.md~", ".#page.md", "#page.md#", "4913", "5036", "page.md.tmp", "x.swx", "sedAb3dEf", ".git", "x___jb_tmp___"} {
		if !Ignored(n) {
			t.Errorf("%s is not ignored", n)
		}
	}
	for _, n := range []string{"page.md", "deal-1.replay", "2024", "sedentary", "diagram.svg", "index.md"} {
		if Ignored(n) {
			t.Errorf("%s is ignored", n)
		}
	}
}
