package site

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// forEach calls work(i) for every i in [0, n) on up to workers goroutines;
// workers <= 0 means GOMAXPROCS.
func forEach(n, workers int, work func(i int)) {
	forEachWorker(n, workers, func(_, i int) { work(i) })
}

// workerCount is the number of goroutines forEach runs for n items.
func workerCount(n, workers int) int {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return min(workers, n)
}

// forEachWorker is forEach, telling work which of the workerCount(n,
// workers) goroutines, numbered from 0, calls it.
func forEachWorker(n, workers int, work func(w, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workerCount(n, workers) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				work(w, i)
			}
		})
	}
	wg.Wait()
}
