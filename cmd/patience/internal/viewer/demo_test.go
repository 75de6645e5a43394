package viewer

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/replay"
)

// The demo page, testdata/demo.html, shows the viewer in a browser
// without a site build: go test -update rewrites it.

const ranks = "A23456789TJQK"

func rankOf(c string) int { return strings.IndexByte(ranks, c[0]) + 1 }

func cardName(c string) string { s, _ := Card(c); return s }

// demoHouse is a House in the Woods deal (a made-up shuffle, dealt as
// rules.md says: fans 1-34, 1-35, 1-35) and a dozen moves found greedily:
// legal, but not a solution.
func demoHouse() *replay.Export {
	var pack []string
	for range 2 {
		for _, s := range "CSHD" {
			for _, r := range ranks {
				pack = append(pack, string(r)+string(s))
			}
		}
	}
	x := uint64(20260101)
	for i := len(pack) - 1; i > 0; i-- { // Fisher-Yates with splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		z ^= z >> 31
		j := int(z % uint64(i+1))
		pack[i], pack[j] = pack[j], pack[i]
	}
	fans := make([][]string, 35)
	for _, n := range []int{34, 35, 35} {
		for i := range n {
			fans[i] = append(fans[i], pack[len(pack)-1])
			pack = pack[:len(pack)-1]
		}
	}
	found := make([][]string, 8)
	e := &replay.Export{Format: 1, ID: "hitw-demo", Game: "house-in-the-woods", Deal: "demo",
		Title: "House in the Woods: a demonstration deal", Result: "stopped",
		Note: "Every card is face up: 34 fans of three and one of two. Aces go to the eight foundations as they come free."}
	for i, f := range fans {
		e.Piles = append(e.Piles, xpile("t"+strconv.Itoa(i+1), "tableau", append([]string{}, f...)...))
	}
	for i := range found {
		e.Piles = append(e.Piles, xpile("f"+strconv.Itoa(i+1), "foundation"))
	}
	top := func(p []string) string {
		if len(p) == 0 {
			return ""
		}
		return p[len(p)-1]
	}
	uncovers := func(i int) string {
		f := fans[i]
		if len(f) == 0 {
			return fmt.Sprintf("; empties fan %d", i+1)
		}
		return "; uncovers the " + cardName(top(f))
	}
	notes := map[int]string{
		1:  "Aces go up as soon as they are free.",
		3:  "A fan may build up or down in suit, so this card has two possible homes.\nPick the one that frees the most.",
		6:  `Notes are plain text: <b>tags</b> & "quotes" show as typed.`,
		10: "The demo stops here; a real replay goes on until every card is home.",
	}
	last := -1 // fan of the card moved last, not to be moved straight back
	for len(e.Steps) < 12 {
		var s replay.ExportStep
		// A card to a foundation first, else a card onto another fan.
	search:
		for i, f := range fans {
			c := top(f)
			if c == "" {
				continue
			}
			for j, fd := range found {
				ok := len(fd) == 0 && c[0] == 'A'
				if d := top(fd); d != "" {
					ok = d[1] == c[1] && rankOf(d)+1 == rankOf(c)
				}
				if !ok {
					continue
				}
				found[j] = append(fd, c)
				fans[i] = f[:len(f)-1]
				s = step("move", "t"+strconv.Itoa(i+1), "f"+strconv.Itoa(j+1), c)
				s.Caption = fmt.Sprintf("%s from fan %d to foundation %d%s", cardName(c), i+1, j+1, uncovers(i))
				break search
			}
		}
		if s.Action == "" {
		fan:
			for i, f := range fans {
				c := top(f)
				if c == "" || i == last {
					continue
				}
				for j, g := range fans {
					d := top(g)
					if j == i || d == "" || d[1] != c[1] || (rankOf(d)-rankOf(c) != 1 && rankOf(c)-rankOf(d) != 1) {
						continue
					}
					fans[j] = append(g, c)
					fans[i] = f[:len(f)-1]
					s = step("move", "t"+strconv.Itoa(i+1), "t"+strconv.Itoa(j+1), c)
					s.Caption = fmt.Sprintf("%s from fan %d onto %s in fan %d%s", cardName(c), i+1, cardName(d), j+1, uncovers(i))
					last = j
					break fan
				}
			}
		}
		if s.Action == "" {
			break
		}
		s.Note = notes[len(e.Steps)+1]
		e.Steps = append(e.Steps, s)
	}
	return e
}

// demoActions is a small made-up layout that uses every kind of step.
func demoActions() *replay.Export {
	e := kindsExport()
	e.ID = "actions-demo"
	e.Title = "Every kind of step (not a real game)"
	e.Game = "demo"
	e.Variant = ""
	notes := []string{"Deal the top card of the stock to the waste.", "", "Turn the waste over: it is the stock again.",
		"A shuffling redeal brings a new layout.", "Merci: a buried card is pulled out.", "A forced refill of the reserve."}
	for i := range e.Steps {
		e.Steps[i].Note = notes[i]
	}
	e.Steps[5].Auto = true
	return e
}

func TestDemo(t *testing.T) {
	if n := len(demoHouse().Steps); n < 10 {
		t.Fatalf("demo deal has %d moves, want at least 10", n)
	}
	var b bytes.Buffer
	b.WriteString(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Replay viewer demo</title>
<link rel="stylesheet" href="../../../../../templates/assets/viewer.css">
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; padding: 1rem; max-width: 75rem; }
@media (prefers-color-scheme: dark) { :root:not([data-theme=light]) body { background: #111; color: #ddd; } }
[data-theme=dark] body { background: #111; color: #ddd; }
</style>
</head>
<body>
<h1>Replay viewer demo</h1>
<p>Generated by <code>go test ./cmd/patience/internal/viewer -update</code>. Try
<a href="#hitw-demo/5">step 5</a> of the first replay or
<a href="#actions-demo/4">step 4</a> of the second.</p>
`)
	for _, e := range []*replay.Export{demoHouse(), demoActions()} {
		if err := Render(&b, e); err != nil {
			t.Fatal(err)
		}
		b.WriteString("\n")
	}
	b.WriteString(`<script src="../../../../../templates/assets/viewer.js"></script>
</body>
</html>
`)
	golden(t, filepath.Join("testdata", "demo.html"), b.String())
}
