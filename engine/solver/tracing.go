//go:build !wasm

package solver

// tracingBuilt: this build writes the trace that Options.Trace asks for.
// The WebAssembly module (tracing_wasm.go) leaves the trace out, code and
// all: the browser never asks for one, and the module must stay under
// its bound (cmd/patience/internal/play).
const tracingBuilt = true
