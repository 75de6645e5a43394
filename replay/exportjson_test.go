package replay

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestExportAppendJSON compares AppendJSON with json.Marshal on the
// exports of the bundled site's replays (every kind of step: runs,
// merci, reversals, shuffling redeals with their new layouts, forced
// moves, notes, marks) and on exports that no replay makes: nil slices,
// empty ones, and texts that JSON escapes.
func TestExportAppendJSON(t *testing.T) {
	files, _ := filepath.Glob("../content/games/*.replay")
	if len(files) == 0 {
		t.Fatal("no replays in ../content/games")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			exportRoundTrip(t, verifyFile(t, f).Export())
		})
	}
	text := "<b>\"A&B\"</b>\u2028\n\t\x01 9♣ \xff"
	for _, tc := range []struct {
		name string
		e    Export
	}{
		{"zero", Export{}},
		{"empty", Export{Mark: []string{}, Piles: []ExportPile{{Cards: []string{}}}, Steps: []ExportStep{{Cards: []string{}, Piles: []ExportPile{}}}}},
		{"escaped", Export{Format: ExportFormat, ID: text, Game: text, Variant: text, Deal: text, Title: text, Note: text, Mark: []string{text},
			Piles: []ExportPile{{ID: text, Kind: text, Cards: []string{text, ""}}},
			Steps: []ExportStep{{From: text, To: text, Cards: []string{text}, Action: text, Auto: true, Caption: text, Note: text,
				Piles: []ExportPile{{ID: text}}}},
			Result: text}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// What no replay makes need not read back as itself (a nil
			// slice reads as empty): json.Marshal's output is the test.
			appendsAsMarshal(t, &tc.e)
		})
	}
}

// appendsAsMarshal checks that AppendJSON writes e as json.Marshal
// does, and returns the JSON.
func appendsAsMarshal(t *testing.T, e *Export) []byte {
	t.Helper()
	want, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.AppendJSON(nil); !bytes.Equal(got, want) {
		t.Fatalf("AppendJSON wrote\n%s\njson.Marshal\n%s", got, want)
	}
	return want
}

// verifyFile parses and verifies the replay file f.
func verifyFile(t *testing.T, f string) *Verified {
	t.Helper()
	src, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Parse(filepath.ToSlash(f), 1, src)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Verify(r)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
