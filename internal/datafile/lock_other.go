//go:build !unix && !windows

package datafile

import "os"

// lock does nothing where the system has no advisory locks (js/wasm,
// Plan 9): one writer at a time is then the user's affair.
func lock(*os.File) error { return nil }
