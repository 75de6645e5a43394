package solver

// tracingBuilt is false in the WebAssembly module (see tracing.go).
const tracingBuilt = false
