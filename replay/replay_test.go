package replay

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"unknown key", "colour: red\n", "x.replay:1:1: unknown header key \"colour\""},
		{"key twice", "game: a\ngame: b\n", "x.replay:2:1: game given twice"},
		{"missing value", "deal:\n", "x.replay:1:6: deal: missing value"},
		{"header after move", "game: a\nt1 t2\ntitle: late\n", "x.replay:3:1: header line \"title:\" after the first move"},
		{"bad result", "result: maybe\n", "x.replay:1:9: result \"maybe\": want won, stuck or stopped"},
		{"bad card", "t1:ZH t2\n", "x.replay:1:4: bad card \"ZH\": unknown rank \"Z\""},
		{"bad suit", "  t1:7X t2\n", "x.replay:1:6: bad card \"7X\": unknown suit \"X\""},
		{"bad pile", "t1 T2\n", "x.replay:1:4: bad pile \"T2\""},
		{"one pile", "t1\n", "x.replay:1:1: want a move \"FROM TO\""},
		{"three piles", "t1 t2 t3\n", "x.replay:1:7: want a move \"FROM TO\""},
		{"deal with pile", "deal w\n", "x.replay:1:6: deal takes no piles"},
		{"number", "1. t1 t2\n3. t2 t3\n", "x.replay:2:1: move number 3, but this is move 2"},
		{"bad number", "x. t1 t2\n", "x.replay:1:1: bad move number \"x.\""},
		{"merci without card", "merci\n", "x.replay:1:1: merci: want"},
		{"invalid utf8", "title: a\xffb\n", "x.replay:1:9: invalid UTF-8 text"},
		{"bad id", "id: a b\n", "x.replay:1:5: id \"a b\": use letters"},
		{"layout value", "layout: t1\n", "x.replay:1:9: layout: put each pile"},
		{"layout line", "layout:\n  t1 3D\n", "x.replay:2:3: layout line"},
		{"layout card", "layout:\n  t1: 3D QQ\n", "x.replay:2:10: bad card \"QQ\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x.replay", 1, []byte(tt.src))
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error\n%s\nwant prefix\n%s", err, tt.want)
			}
		})
	}
}

func TestParseAllErrors(t *testing.T) {
	_, err := Parse("x.replay", 10, []byte("t1 T2\nt1\n"))
	list, ok := err.(srcpos.ErrorList)
	if !ok || len(list) != 2 || list[0].Pos.Line != 10 || list[1].Pos.Line != 11 {
		t.Fatalf("want two errors on lines 10 and 11, got %v", err)
	}
}

func TestParse(t *testing.T) {
	src := "\ufeffgame: house-in-the-woods\r\ndeal: 1\n# comment\nnote: start\n-- more\n\n1. t35:ac f1  -- up -- it goes\n   -- and on\nt2 f\ndeal\nmerci t4:10h t9\nw:7H t3\n"
	r, err := Parse("x.replay", 1, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Move{
		{Number: 1, From: "t35", Card: "AC", To: "f1", Note: "up -- it goes and on"},
		{From: "t2", To: "f"},
		{Action: "deal"},
		{Action: "merci", From: "t4", Card: "TH", To: "t9"},
		{From: "w", Card: "7H", To: "t3"},
	}
	if r.Note != "start more" || r.Game != "house-in-the-woods" || r.Deal != "1" {
		t.Errorf("header: %+v", r)
	}
	if len(r.Moves) != len(want) {
		t.Fatalf("got %d moves, want %d", len(r.Moves), len(want))
	}
	for i, m := range r.Moves {
		m.Pos, m.FromPos, m.CardPos, m.ToPos = srcpos.Pos{}, srcpos.Pos{}, srcpos.Pos{}, srcpos.Pos{}
		if m != want[i] {
			t.Errorf("move %d: got %+v, want %+v", i+1, m, want[i])
		}
	}
	if p := r.Moves[0].CardPos; p.Line != 7 || p.Col != 8 {
		t.Errorf("card position %v, want 7:8", p)
	}
}

// stripPos clears positions so that parsed replays compare by content.
func stripPos(r *Replay) *Replay {
	c := *r
	c.File, c.Pos = "", nil
	c.Moves = append([]Move(nil), r.Moves...)
	for i := range c.Moves {
		m := &c.Moves[i]
		m.Pos, m.FromPos, m.CardPos, m.ToPos = srcpos.Pos{}, srcpos.Pos{}, srcpos.Pos{}, srcpos.Pos{}
	}
	c.Layout = append([]LayoutPile(nil), r.Layout...)
	for i := range c.Layout {
		c.Layout[i].Pos = srcpos.Pos{}
	}
	return &c
}

func roundTrip(t *testing.T, src []byte) {
	r1, err := Parse("a", 1, src)
	if err != nil {
		return
	}
	out := Format(r1)
	r2, err := Parse("b", 1, out)
	if err != nil {
		t.Fatalf("printed replay does not parse: %v\n%s", err, out)
	}
	if !reflect.DeepEqual(stripPos(r1), stripPos(r2)) {
		t.Fatalf("round trip changed the replay:\n%+v\n%+v\nprinted:\n%s", stripPos(r1), stripPos(r2), out)
	}
	if again := Format(r2); !bytes.Equal(out, again) {
		t.Fatalf("printing is not stable:\n%s\n%s", out, again)
	}
}

func TestRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.replay")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			roundTrip(t, src)
		})
	}
	roundTrip(t, []byte("game: g\nlayout:\n  t1: 3D 4D\n  t2: 5C\nid: x\n\n1. t1:3D t2 -- a\n2. redeal\n"))
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.replay")
	for _, file := range files {
		src, _ := os.ReadFile(file)
		f.Add(src)
	}
	f.Add([]byte("game: x\nlayout:\n  t1: 3D\n\nmerci t1:3D t2 -- n\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		roundTrip(t, src)
		if r, err := Parse("f", 1, src); err == nil {
			if v, err := Verify(r); err == nil {
				exportRoundTrip(t, v.Export())
			}
		}
	})
}

// exportRoundTrip checks that e reads back as itself, and that
// AppendJSON writes it as json.Marshal does.
func exportRoundTrip(t *testing.T, e *Export) {
	b := appendsAsMarshal(t, e)
	var back Export
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(e, &back) {
		t.Fatalf("export round trip changed it:\n%+v\n%+v", e, &back)
	}
}

func TestVerifyErrors(t *testing.T) {
	const head = "game: house-in-the-woods\ndeal: 1\nresult: stopped\n"
	tests := []struct {
		name, src, want string
	}{
		{"illegal move", head + "t35:AC f1\nt35 f1\n", "x.replay:5:1: step 2 (t35 f1): 5C cannot go on AC in f1: it needs 2C next"},
		{"wrong card", head + "t35:2C f1\n", "x.replay:4:1: step 1 (t35:2C f1): the top card of t35 is AC, not 2C"},
		{"bad build", head + "t1 t2\n", "x.replay:4:1: step 1 (t1 t2): 6C cannot go on AD: t2 builds up or down in suit"},
		{"unknown pile", head + "t36 t2\n", "x.replay:4:1: step 1 (t36 t2): unknown pile \"t36\" in House in the Woods (piles f1-f8, t1-t35)"},
		{"no foundation", head + "t1 f\n", "x.replay:4:1: step 1 (t1 f): no foundation takes 6C now"},
		{"empty", head + "t35 f1\nt35 t32\nt35 f1\n", "x.replay:6:1: step 3 (t35 f1): t35 is empty"},
		{"unknown game", "game: nope\ndeal: 1\n", "x.replay:1:7: unknown game \"nope\""},
		{"unknown variant", "game: house-in-the-woods\nvariant: x\ndeal: 1\n", "x.replay:2:10: game house-in-the-woods has no variants"},
		{"no game", "deal: 1\n", "x.replay:1:1: missing header \"game:\""},
		{"no deal", "game: house-in-the-woods\n", "x.replay:1:7: missing header \"deal:\""},
		{"deal zero", "game: house-in-the-woods\ndeal: 0\n", "x.replay:2:7: "},
		{"deal text", "game: house-in-the-woods\ndeal: abc\n", "x.replay:2:7: "},
		{"deal huge", "game: house-in-the-woods\ndeal: 99999999999999999999999\n", "x.replay:2:7: "},
		{"not won", "game: house-in-the-woods\ndeal: 1\nt35 f1\n", "x.replay:3:1: the replay ends before the game is won: 1 of 104 cards"},
		{"not stuck", "game: house-in-the-woods\ndeal: 1\nresult: stuck\n", "x.replay:3:9: result: stuck, but"},
		{"merci not allowed", head + "merci t1:3D t2\n", "x.replay:4:1: step 1 (merci t1:3D t2): merci is not a move of House in the Woods"},
		{"layout short", "game: house-in-the-woods\nlayout:\n  t1: 3D\n", "x.replay:3:3: layout: the layout lacks 103 cards"},
		{"layout pile", "game: house-in-the-woods\nlayout:\n  x1: 3D\n", "x.replay:3:3: unknown pile \"x1\""},
		{"deal no stock", head + "deal\n", "x.replay:4:1: step 1 (deal): House in the Woods has no stock to deal from"},
		{"redeal", head + "redeal\n", "x.replay:4:1: step 1 (redeal): House in the Woods has no redeal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Parse("x.replay", 1, []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			_, err = Verify(r)
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error\n%s\nwant prefix\n%s", err, tt.want)
			}
		})
	}
}

// TestExportGolden checks the JSON export of every verifiable replay in
// testdata against its .json golden file.
func TestExportGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.replay")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			e := verifyFile(t, f).Export()
			exportRoundTrip(t, e)
			got, _ := json.MarshalIndent(e, "", "  ")
			golden := strings.TrimSuffix(f, ".replay") + ".json"
			if *update {
				os.WriteFile(golden, append(got, '\n'), 0o644)
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(append(got, '\n'), want) {
				t.Errorf("export differs from %s (run go test -update to accept):\n%s", golden, got)
			}
		})
	}
}

// TestParseRootErrorOnly checks that one bad line gives one error, not
// errors about the lines after it too (issue 23, items 4 and 9: a move
// without its destination made every later move number wrong; a binary
// file gave ten "invalid UTF-8 text").
func TestParseRootErrorOnly(t *testing.T) {
	var moves strings.Builder
	moves.WriteString("game: house-in-the-woods\ndeal: 1\n1. t1 t2\n2. t3\n")
	for i := 3; i <= 13; i++ {
		fmt.Fprintf(&moves, "%d. t1 t2\n", i)
	}
	binary := make([]byte, 4000)
	for i := range binary {
		binary[i] = byte(i*7 + i/13)
	}
	for _, tt := range []struct {
		name, src, want string
	}{
		{"a move without its destination", moves.String(), "x.replay:4:4: want a move \"FROM TO\""},
		{"a bad move number", "1. t1 t2\nx. t1 t2\n3. t1 t2\n4. t1 t2\n", "x.replay:2:1: bad move number \"x.\""},
		{"a binary file", string(binary), "x.replay:1:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x.replay", 1, []byte(tt.src))
			list, ok := err.(srcpos.ErrorList)
			if !ok || len(list) != 1 {
				t.Fatalf("want one error, got %v", err)
			}
			if !strings.HasPrefix(list[0].Error(), tt.want) {
				t.Errorf("error %s, want %s...", list[0], tt.want)
			}
		})
	}
}
