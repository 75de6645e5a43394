package srcpos

import (
	"errors"
	"testing"
)

// TestLineIndex checks that the index and Offset agree at every offset of
// a text, including past its end.
func TestLineIndex(t *testing.T) {
	for _, text := range []string{"", "a", "ab\ncd\n", "\n\n", "é\nx"} {
		t.Run(text, func(t *testing.T) {
			x := NewLineIndex("f.md", []byte(text), 1)
			for off := 0; off <= len(text); off++ {
				if got, want := x.Pos(off), Offset("f.md", []byte(text), off); got != want {
					t.Errorf("offset %d: index %v, Offset %v", off, got, want)
				}
			}
			if got, want := x.Pos(len(text)+5), x.Pos(len(text)); got != want {
				t.Errorf("past the end: %v, want %v", got, want)
			}
		})
	}
	if got := NewLineIndex("p.md", []byte("a\nb"), 10).Pos(2); got != (Pos{"p.md", 11, 1}) {
		t.Errorf("first line 10: %v", got)
	}
}

func TestErrorList(t *testing.T) {
	var l ErrorList
	if l.Err() != nil {
		t.Fatal("empty list is an error")
	}
	l.Add(Pos{"b", 1, 1}, "second")
	l.Add(Pos{"a", 2, 3}, "first")
	l.Sort()
	tests := []struct{ got, want string }{
		{l[0].Error(), "a:2:3: first"},
		{l.Error(), "a:2:3: first (and 1 more errors)"},
		{Pos{Line: 4, Col: 2}.String(), "4:2"},
		{Pos{File: "x"}.String(), "x"},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	var target ErrorList
	if !errors.As(l.Err(), &target) || len(target) != 2 {
		t.Errorf("Err does not give the list back")
	}
}
