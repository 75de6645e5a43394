// Package wasmsum records what package play's generator made: the hashes
// of the browser's engine (templates/assets/play.wasm.gz) and of the Go
// release's wasm_exec.js beside it, and the solver.Version the engine was
// built with, in wasm.sum. Package play's TestWasmUpToDate reads it, a
// cheap native guard: the files are the ones the generator wrote, and a
// new solver.Version (a change that may change a verdict) asks for a new
// module. Whether the module still answers as the engine's sources do is
// tested on its behaviour, in Chromium (browsertest's TestWasm), not by
// hashing the sources: a comment, a test or a rename in the engine needs
// no new module (ARCHITECTURE.md has the measurements).
package wasmsum

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
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
	Wasm   string // hash of templates/assets/play.wasm.gz
	ExecJS string // hash of templates/assets/wasm_exec.js
	Solver string // the solver.Version the module was built with
}

const format = "play.wasm.gz %s\nwasm_exec.js %s\nsolver %s\n"

// Marshal writes the sum as text, one "name value" a line.
func (s Sum) Marshal() []byte {
	return fmt.Appendf(nil, format, s.Wasm, s.ExecJS, s.Solver)
}

// Parse reads what Marshal wrote.
func Parse(b []byte) (Sum, error) {
	var s Sum
	_, err := fmt.Sscanf(string(b), format, &s.Wasm, &s.ExecJS, &s.Solver)
	return s, err
}

// Hash returns the hex SHA-256 of b.
func Hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
