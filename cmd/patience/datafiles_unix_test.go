//go:build unix

package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFIFOs is issue 41, item 13: every file a command reads or writes
// goes through the one regular-file check, so a FIFO is refused at once
// instead of waiting for its other end.
func TestFIFOs(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	sham := filepath.Join(dir, "s.jsonl")
	if _, errs, code := runSurveyArgs(t, "shamrocks", "--deals", "1", "--budget", "100", "--json", sham); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"survey --odds", []string{"survey", "shamrocks", "--deals", "1", "--budget", "100", "--odds", fifo}},
		{"survey --json", []string{"survey", "shamrocks", "--deals", "1", "--budget", "100", "--json", fifo}},
		{"survey merge --odds", []string{"survey", "merge", "--odds", fifo, sham}},
		{"survey merge --json", []string{"survey", "merge", "--json", fifo, sham}},
		{"survey merge FIFO", []string{"survey", "merge", fifo}},
		{"fairplay --json", []string{"fairplay", "la-belle-lucie", "--deals", "1", "--bound", "lower", "--samples", "1", "--limit", "10", "--json", fifo}},
		{"verify", []string{"verify", fifo}},
	} {
		args := tt.args
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- run(args, &stdout, &stderr) }()
			select {
			case code := <-done:
				if code != 1 || !strings.Contains(stderr.String(), "fifo") || !strings.Contains(stderr.String(), "not a regular file") {
					t.Errorf("exit %d, stderr %q; want 1 and the FIFO refused", code, &stderr)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the command waits on the FIFO")
			}
		})
	}
}
