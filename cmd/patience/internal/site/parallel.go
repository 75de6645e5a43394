package site

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// forEach calls work(i) for every i in [0, n) on up to workers goroutines;
// workers <= 0 means GOMAXPROCS.
func forEach(n, workers int, work func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				work(i)
			}
		})
	}
	wg.Wait()
}
