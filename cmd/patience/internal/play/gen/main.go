// Command gen makes the browser's engine: it renders the replay viewer's
// skeletons (skeletons.txt, see figure.go), builds the WebAssembly
// program of ../jsmain into templates/assets/play.wasm.gz, copies the Go
// release's wasm_exec.js next to it, and records in wasm.sum the hashes
// of both and the solver's Version (see package wasmsum). Run it with
// `go generate ./cmd/patience/internal/play` when a test asks for it:
// browsertest's TestWasm (the module answers a request otherwise than
// the native engine), play's TestWasmUpToDate (a new solver.Version, or
// files changed by hand) or TestFigure (the viewer changed). A change
// that leaves the engine's answers as they were (a comment, a test, a
// rename) needs none: every new module is 1.1 MB more in the history.
package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play/skeletons"
	"github.com/patience-solitaire/patience/cmd/patience/internal/play/wasmsum"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/solver"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run() error {
	// go generate runs in the package's folder.
	assets := filepath.Join("..", "..", "..", "..", "templates", "assets")
	var b bytes.Buffer
	if err := skeletons.Write(&b, engine.Games()); err != nil {
		return err
	}
	if err := os.WriteFile("skeletons.txt", b.Bytes(), 0o644); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "patience-wasm")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "play.wasm")
	build := exec.Command("go", append([]string{"build"}, append(wasmsum.BuildFlags, "-o", out, "./jsmain")...)...)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("go build: %v", err)
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	// Zopfli packs the module in the gzip format, about 4.5% smaller
	// than GNU gzip -9 (1,146,124 against 1,199,666 bytes for solver 15;
	// GNU gzip -9 was itself 13 KB smaller than compress/gzip's best
	// level): the file must stay under 1.25 MB (issue 20; 1.2 MB until the declaration parser, issue 45). It writes no name and a zero
	// time, so the output depends only on the input and zopfli's version.
	// It takes about 16 s.
	var gz bytes.Buffer
	pack := exec.Command("zopfli", "-c", out)
	pack.Stdout, pack.Stderr = &gz, os.Stderr
	if err := pack.Run(); err != nil {
		return fmt.Errorf("zopfli (needed to pack play.wasm; Debian: apt-get install zopfli): %v", err)
	}
	if err := os.WriteFile(filepath.Join(assets, "play.wasm.gz"), gz.Bytes(), 0o644); err != nil {
		return err
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return err
	}
	execJS, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(assets, "wasm_exec.js"), execJS, 0o644); err != nil {
		return err
	}
	sum := wasmsum.Sum{Wasm: wasmsum.Hash(gz.Bytes()), ExecJS: wasmsum.Hash(execJS), Solver: solver.Version}
	fmt.Printf("play.wasm: %d bytes, %d gzipped\n", len(wasm), gz.Len())
	return os.WriteFile("wasm.sum", sum.Marshal(), 0o644)
}
