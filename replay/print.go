package replay

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

// Print writes r in canonical form: the header keys in a fixed order, a
// blank line, then one move per line (numbered where the replay numbered
// it) with its note. Parse(Print(r)) gives r back.
func Print(w io.Writer, r *Replay) error {
	b := bufio.NewWriter(w)
	kv := func(k, v string) {
		if v != "" {
			fmt.Fprintf(b, "%s: %s\n", k, v)
		}
	}
	kv("game", r.Game)
	kv("variant", r.Variant)
	kv("deal", r.Deal)
	if len(r.Layout) > 0 {
		b.WriteString("layout:\n")
		for _, lp := range r.Layout {
			fmt.Fprintf(b, "  %s:", lp.Pile)
			for _, c := range lp.Cards {
				b.WriteString(" " + c)
			}
			b.WriteByte('\n')
		}
	}
	kv("title", r.Title)
	kv("id", r.ID)
	kv("result", r.Result)
	kv("mark", strings.Join(r.Mark, " "))
	kv("note", oneLine(r.Note))
	if len(r.Moves) > 0 {
		b.WriteByte('\n')
	}
	for i, m := range r.Moves {
		if m.Number != 0 {
			fmt.Fprintf(b, "%d. ", i+1)
		}
		b.WriteString(m.Text())
		if m.Note != "" {
			b.WriteString("  -- " + oneLine(m.Note))
		}
		b.WriteByte('\n')
	}
	return b.Flush()
}

// Format returns r printed in canonical form.
func Format(r *Replay) []byte {
	var buf bytes.Buffer
	Print(&buf, r)
	return buf.Bytes()
}

// oneLine keeps a note on one line: a note is read back from a single line
// (continuation lines are joined with spaces).
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
