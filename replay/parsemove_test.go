package replay

import (
	"strings"
	"testing"
)

// TestParseMove: one move, as Parse reads it in a replay's body; a
// number, a note, a second line or nothing at all is not one move.
func TestParseMove(t *testing.T) {
	for _, tc := range []struct{ text, want, err string }{
		{"t12:7H t3", "t12:7H t3", ""},
		{"t12 t3", "t12 t3", ""},
		{"deal", "deal", ""},
		{"redeal", "redeal", ""},
		{"merci t4:9S t4", "merci t4:9S t4", ""},
		{"", "", "a move is missing"},
		{"1. t1 f1", "", "not one move"},
		{"t1 f1 -- a note", "", "not one move"},
		{"t1 f1\nt2 f2", "", "not one move"},
		{"t1 f1 # comment", "", "not one move"},
		{"t1:ZZ f1", "", "ZZ"},
		{"t1 f1 f2", "", "want a move"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			m, err := ParseMove("moves", 3, tc.text)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one with %q", err, tc.err)
				}
				if !strings.HasPrefix(err.Error(), "moves:3:") {
					t.Errorf("error %q has no position on line 3", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := m.Text(); got != tc.want {
				t.Errorf("Text() %q, want %q", got, tc.want)
			}
		})
	}
}

// FuzzParseMove: no input panics, and a move read is one Parse reads the
// same in a replay's body.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"t12:7H t3", "deal", "merci t4:9S t4", "1. t1 f1", "t1 f1 -- x", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove("moves", 1, text)
		if err != nil {
			return
		}
		r, err := Parse("r", 1, []byte("game: shamrocks\ndeal: 1\n\n"+m.Text()+"\n"))
		if err != nil || len(r.Moves) != 1 || r.Moves[0].Text() != m.Text() {
			t.Fatalf("ParseMove read %q as %q; Parse: %v", text, m.Text(), err)
		}
	})
}
