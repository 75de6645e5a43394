package datafile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	open := func() *os.File {
		f, err := OpenRegular(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	first := open()
	if err := Lock(first); err != nil {
		t.Fatalf("first Lock: %v", err)
	}
	second := open()
	defer second.Close()
	err := Lock(second)
	if err == nil || !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), path) {
		t.Fatalf("second Lock while the first holds it: %v, want ErrLocked naming %s", err, path)
	}
	first.Close()
	if err := Lock(second); err != nil {
		t.Fatalf("Lock once the first is closed: %v", err)
	}
}

func TestReplace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "odds.json")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Replace(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "new" {
		t.Fatalf("after Replace: %q, %v", got, err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", fi.Mode().Perm())
	}
	fresh := filepath.Join(dir, "fresh.json")
	if err := Replace(fresh, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o644 {
		t.Errorf("a new file's mode %v, want 0644", fi.Mode().Perm())
	}
	// A failed write leaves the old file and no temporary file.
	if err := Replace(filepath.Join(dir, "missing", "x.json"), []byte("x")); err == nil {
		t.Error("Replace into a missing folder: no error")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("files left in the folder: %v", entries)
	}
}

func TestReadLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(path, make([]byte, 11), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(path, 10, "a test file"); err == nil || !strings.Contains(err.Error(), "larger than 10 bytes, the most a test file may have") {
		t.Errorf("Read of 11 bytes with a limit of 10: %v", err)
	}
	if data, err := Read(path, 11, "a test file"); err != nil || len(data) != 11 {
		t.Errorf("Read of 11 bytes with a limit of 11: %d bytes, %v", len(data), err)
	}
}
