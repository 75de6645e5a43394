package replay

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExtendTruncate checks that a verified line grown move by move
// (Extend) and cut back (Truncate) is, at every length, what Verify gives
// for that many moves: the same end position and the same steps. The
// replays have shuffling redeals, a merci and refills from a waste.
func TestExtendTruncate(t *testing.T) {
	for _, name := range []string{"la-belle-lucie-24", "la-belle-lucie-50", "napoleon-at-st-helena-2", "royal-cotillion-16"} {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "content", "games", name+".replay"))
			if err != nil {
				t.Fatal(err)
			}
			full, err := Parse(name, 1, src)
			if err != nil {
				t.Fatal(err)
			}
			prefix := func(n int) *Verified {
				r := *full
				r.Moves = append([]Move(nil), full.Moves[:n]...)
				r.Result = "stopped"
				v, err := Verify(&r)
				if err != nil {
					t.Fatalf("%d moves: %v", n, err)
				}
				return v
			}
			same := func(what string, got, want *Verified) {
				t.Helper()
				if got.End.String() != want.End.String() || captions(got) != captions(want) || got.End.Hash() != want.End.Hash() {
					t.Fatalf("%s: position\n%s\nsteps %s\nwant\n%s\nsteps %s", what, got.End, captions(got), want.End, captions(want))
				}
			}
			grown := prefix(0)
			for n := range full.Moves {
				if err := grown.Extend(full.Moves[n]); err != nil {
					t.Fatalf("extend by move %d: %v", n+1, err)
				}
				same("extended", grown, prefix(n+1))
			}
			for _, n := range []int{len(full.Moves) - 1, len(full.Moves) / 2, 3, 0} {
				grown.Truncate(n)
				same("truncated", grown, prefix(n))
			}
			// An illegal move leaves the line as it was.
			before := captions(grown)
			if err := grown.Extend(Move{From: "t1", To: "t1"}); err == nil || captions(grown) != before || len(grown.Replay.Moves) != 0 {
				t.Errorf("an illegal move: error %v, steps %s", err, captions(grown))
			}
		})
	}
}

func captions(v *Verified) string {
	var b strings.Builder
	for _, s := range v.Steps {
		b.WriteString(s.Caption)
		b.WriteString(" | ")
	}
	return b.String()
}
