package replay

import (
	"strings"
	"testing"
)

func TestMark(t *testing.T) {
	const head = "game: house-in-the-woods\ndeal: 199\nresult: stopped\n"
	for _, tc := range []struct {
		name, src, want, err string
	}{
		{"cards", head + "mark: QS  KS\n", "QS KS", ""},
		{"ten", head + "mark: 10H\n", "TH", ""},
		{"bad card", head + "mark: QS ZZ\n", "", "test.replay:4:10: mark: "},
		{"not in the deal", "game: herz-zu-herz\ndeal: 1\nresult: stopped\nmark: 2H\n", "", "test.replay:4:7: mark: 2H is not in the starting position"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Parse("test.replay", 1, []byte(tc.src))
			if err == nil {
				_, err = Verify(r)
			}
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(r.Mark, " "); got != tc.want {
				t.Errorf("marks %q, want %q", got, tc.want)
			}
			again, err := Parse("again", 1, Format(r))
			if err != nil || strings.Join(again.Mark, " ") != tc.want {
				t.Errorf("printed and read again: %v, %v", again.Mark, err)
			}
			v, _ := Verify(r)
			if e := v.Export(); strings.Join(e.Mark, " ") != tc.want {
				t.Errorf("export marks %v", e.Mark)
			}
		})
	}
}
