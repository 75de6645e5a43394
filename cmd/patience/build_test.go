package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunUsage(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string // a substring
	}{
		{"no arguments", nil, 2, "Commands:"},
		{"help", []string{"help"}, 2, "Commands:"},
		{"unknown command", []string{"frobnicate"}, 2, `patience: unknown command "frobnicate"`},
		{"help build", []string{"help", "build"}, 2, "usage: patience build [--source DIR] [--destination DIR]"},
		{"build -h", []string{"build", "-h"}, 2, "-destination folder"},
		{"bad flag", []string{"build", "--nope"}, 2, "patience build: flag provided but not defined: -nope\nusage: patience build"},
		{"extra argument", []string{"build", "extra"}, 2, `patience build: unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if got := run(tt.args, &stdout, &stderr); got != tt.status {
				t.Errorf("status %d, want %d; stderr:\n%s", got, tt.status, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.stderr, stderr.String())
			}
		})
	}
}

func TestRunBuild(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("content/index.md", "# Home\n")
	var stdout, stderr bytes.Buffer
	if got := run([]string{"build", "--source", dir, "--destination", "out"}, &stdout, &stderr); got != 0 {
		t.Fatalf("status %d; stderr:\n%s", got, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "out/index.html")); err != nil {
		t.Fatal("a relative destination is relative to the source:", err)
	}

	// Bad input: every error on a line of its own, status 1.
	write("content/a.md", "\xff")
	write("content/b.md", "---\ntitle: [\n---\n")
	stderr.Reset()
	if got := run([]string{"build", "-s", dir, "-d", "out"}, &stdout, &stderr); got != 1 {
		t.Fatalf("status %d; stderr:\n%s", got, stderr.String())
	}
	want := "content/a.md:1:1: invalid UTF-8 (byte 0xff): a page must be UTF-8 text\n" +
		"content/b.md:3:1: front matter: did not find expected node content\n"
	if stderr.String() != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr.String(), want)
	}
}

func TestRunBuildBundled(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if got := run([]string{"build", "--source", dir}, &stdout, &stderr); got != 0 {
		t.Fatalf("status %d; stderr:\n%s", got, stderr.String())
	}
	if !strings.Contains(stderr.String(), "building the bundled site") {
		t.Errorf("stderr does not say the bundled site was built:\n%s", stderr.String())
	}
	for _, f := range []string{"index.html", "docs/about/index.html", "assets/style.css", "assets/chroma.css"} {
		if _, err := os.Stat(filepath.Join(dir, "public", f)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "public", "doc.go")); err == nil {
		t.Error("the content package's Go file was copied")
	}
}
