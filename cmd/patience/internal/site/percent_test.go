package site

import "testing"

func TestPercent(t *testing.T) {
	tests := []struct {
		f    float64
		want string
	}{
		{0, "0%"},
		{1, "100%"},
		{0.004, "0.40%"},
		{0.639, "63.9%"},
		{0.997, "99.7%"},
		// A fraction below 1 never shows as 100.0%.
		{0.99951, "99.95%"},
		{0.999938, "99.99%"},
		{0.999989, "99.999%"},
	}
	for _, tt := range tests {
		if got := percent(tt.f); got != tt.want {
			t.Errorf("percent(%v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}
