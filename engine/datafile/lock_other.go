//go:build !unix && !windows

package datafile

// lockFD does nothing where the system has no advisory locks (js/wasm,
// Plan 9): one writer at a time is then the user's affair.
func lockFD(uintptr) error { return nil }
