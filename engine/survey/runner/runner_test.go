package runner

import (
	"runtime"
	"testing"
)

// TestWorkers checks that a survey runs no more workers than its deals
// and the cores (issue 23, item 3: --jobs 100000000 started that many
// goroutines and ran out of memory).
func TestWorkers(t *testing.T) {
	cores := runtime.GOMAXPROCS(0)
	for _, tt := range []struct {
		name        string
		jobs, deals int
		want        int
	}{
		{"default", 0, 1000, cores},
		{"huge", 100_000_000, 1000, cores},
		{"fewer deals", 100_000_000, 1, 1},
		{"one", 1, 1000, 1},
		{"no deals", 4, 0, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Workers(tt.jobs, tt.deals); got != tt.want {
				t.Errorf("Workers(%d, %d) = %d, want %d", tt.jobs, tt.deals, got, tt.want)
			}
		})
	}
}
