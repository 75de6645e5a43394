package survey

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		low, high float64
		tol       float64
	}{
		{0, 10, 0, 0.277533, 1e-5},
		{5, 10, 0.236593, 0.763407, 1e-5},
		{10, 10, 0.722467, 1, 1e-5},
		{90, 100, 0.825634, 0.944771, 1e-5},
		{0, 0, 0, 1, 1e-5},
		// From the formula on the verification page, z = 1.96.
		{0, 10, 0, 0.2775, 1e-4},
		{10, 10, 0.7225, 1, 1e-4},
		{50, 100, 0.4038, 0.5962, 1e-4},
		{600, 1000, 0.5693, 0.6299, 1e-4},
	} {
		lo, hi := Wilson(c.k, c.n)
		if math.Abs(lo-c.low) > c.tol || math.Abs(hi-c.high) > c.tol {
			t.Errorf("Wilson(%d, %d) = %.6f, %.6f, want %.6f, %.6f", c.k, c.n, lo, hi, c.low, c.high)
		}
	}
	s := Summarize([]DealResult{
		{Deal: 1, Result: "won", MS: 3}, {Deal: 2, Result: "lost", MS: 1},
		{Deal: 3, Result: "unknown", MS: 10}, {Deal: 4, Result: "won", MS: 2},
	})
	lo, _ := Wilson(2, 4)
	_, hi := Wilson(3, 4)
	if s.Won != 2 || s.Lost != 1 || s.Unknown != 1 || s.Low != lo || s.High != hi || s.WinRate != 0.5 {
		t.Errorf("summary %+v", s)
	}
	if s.MedianMS != 2 || s.P99MS != 10 {
		t.Errorf("median %v p99 %v, want 2 and 10", s.MedianMS, s.P99MS)
	}
}
