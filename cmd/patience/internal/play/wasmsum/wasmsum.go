// Package wasmsum records what the browser's engine (the WebAssembly
// file that package play's generator builds) was built from, so that a
// test can tell when it no longer matches the engine's sources.
package wasmsum

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// BuildFlags are the flags of the WebAssembly build. Functions are
// inlined only in the engine, the solver and the runtime, where the time
// goes: that keeps the file under 1.2 MB gzipped (inlining everywhere
// adds 70 KB).
var BuildFlags = []string{
	"-trimpath", "-ldflags=-s -w",
	"-gcflags=all=-l",
	"-gcflags=github.com/patience-solitaire/patience/engine/...=",
	"-gcflags=runtime=",
}

// Sum is the content of wasm.sum.
type Sum struct {
	Sources string // hash of the sources, the Go version and the flags (Sources)
	Wasm    string // hash of templates/assets/play.wasm.gz
	ExecJS  string // hash of templates/assets/wasm_exec.js
}

// Marshal writes the sum as text, one "name hash" a line.
func (s Sum) Marshal() []byte {
	return fmt.Appendf(nil, "sources %s\nplay.wasm.gz %s\nwasm_exec.js %s\n", s.Sources, s.Wasm, s.ExecJS)
}

// Parse reads what Marshal wrote.
func Parse(b []byte) (Sum, error) {
	var s Sum
	_, err := fmt.Sscanf(string(b), "sources %s\nplay.wasm.gz %s\nwasm_exec.js %s\n", &s.Sources, &s.Wasm, &s.ExecJS)
	return s, err
}

// Hash returns the hex SHA-256 of b.
func Hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// Sources hashes what the WebAssembly file of the play package in dir is
// made from: the Go files and embedded files of every package outside
// the standard library that its program (./jsmain, built for js/wasm)
// or its generator (./gen, which renders the viewer's skeletons) is
// compiled from, the Go version and the build flags.
func Sources(dir string) (string, error) {
	version, err := goCmd(dir, nil, "env", "GOVERSION")
	if err != nil {
		return "", err
	}
	files := map[string]string{} // import path/file -> absolute name
	for _, t := range []struct {
		pkg string
		env []string
	}{
		{"./jsmain", []string{"GOOS=js", "GOARCH=wasm"}},
		{"./gen", nil},
	} {
		out, err := goCmd(dir, t.env, "list", "-deps", "-json=ImportPath,Dir,Standard,GoFiles,EmbedFiles", t.pkg)
		if err != nil {
			return "", err
		}
		dec := json.NewDecoder(strings.NewReader(out))
		for {
			var p struct {
				ImportPath, Dir     string
				Standard            bool
				GoFiles, EmbedFiles []string
			}
			if err := dec.Decode(&p); err == io.EOF {
				break
			} else if err != nil {
				return "", err
			}
			if p.Standard {
				continue
			}
			for _, f := range append(p.GoFiles, p.EmbedFiles...) {
				files[p.ImportPath+"/"+f] = filepath.Join(p.Dir, f)
			}
		}
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", strings.TrimSpace(version), strings.Join(BuildFlags, " "))
	for _, n := range names {
		b, err := os.ReadFile(files[n])
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", n, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func goCmd(dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out), nil
}
