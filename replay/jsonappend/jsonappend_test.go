package jsonappend

import (
	"encoding/json"
	"math"
	"testing"
)

// marshal is json.Marshal's output for v, which must not fail.
func marshal(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// strs are strings that encoding/json escapes, and some it does not.
var strs = []string{
	"",
	"plain text, 9♣ on 10♥",
	`a "quoted" \ backslash / slash`,
	"<script>&amp;</script>",
	"\u2028 and \u2029, \u2027 and \u202a",
	"\x00\x01\x07\x08\x09\x0a\x0b\x0c\x0d\x1b\x1f\x20\x7f",
	"bad UTF-8: \xff, \xc3, \xe2\x80, \xed\xa0\x80 (a surrogate), \xf4\x90\x80\x80 (too large)",
	"a rune cut at the end \xe2\x80",
	"\ufffd the replacement character itself, \U0001F0A1",
}

// FuzzString compares String with json.Marshal on any string. The seeds
// run under go test; go test -fuzz FuzzString ./replay/jsonappend
// searches further.
func FuzzString(f *testing.F) {
	for _, s := range strs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(String(nil, s)), marshal(t, s); got != want {
			t.Errorf("String(%q) = %s, json.Marshal: %s", s, got, want)
		}
	})
}

func TestFloat(t *testing.T) {
	for _, f := range []float64{
		0, math.Copysign(0, -1), 1, -1, 0.5, 1.25, 2.875, 1234.5678, 1e20, 1e21, 999999999999999999999, 1e22, -1e21,
		1e-6, 9.99999e-7, 1e-7, 1.5e-7, 1e-10, 1e-100, 1e100, 1.7976931348623157e308, 5e-324, 1.0 / 3, 123456789.123,
		float64(1 << 53), 0.1 + 0.2,
	} {
		t.Run(marshal(t, f), func(t *testing.T) {
			if got, want := string(Float(nil, f)), marshal(t, f); got != want {
				t.Errorf("Float(%v) = %s, json.Marshal: %s", f, got, want)
			}
		})
	}
	// encoding/json refuses them; JSON.stringify writes null.
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got := string(Float(nil, f)); got != "null" {
			t.Errorf("Float(%v) = %s, want null", f, got)
		}
	}
}

// member is a struct whose tags say what the functions below write.
type member struct {
	S  string            `json:"s"`
	OS string            `json:"os,omitempty"`
	I  int               `json:"i"`
	OI int64             `json:"oi,omitempty"`
	B  bool              `json:"b"`
	OB bool              `json:"ob,omitempty"`
	OF float64           `json:"of,omitempty"`
	L  []string          `json:"l"`
	M  map[string]string `json:"m"`
	A  []member          `json:"a"`
	O  map[string]member `json:"o"`
}

func (m *member) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	b = String(Key(b, "s"), m.S)
	b = Omit(b, "os", m.OS, String)
	b = Int(Key(b, "i"), m.I)
	b = Omit(b, "oi", m.OI, Int)
	b = Bool(Key(b, "b"), m.B)
	b = Omit(b, "ob", m.OB, Bool)
	b = Omit(b, "of", m.OF, Float)
	b = Strings(Key(b, "l"), m.L)
	b = Object(Key(b, "m"), m.M, StringValue)
	b = Array(Key(b, "a"), m.A, (*member).AppendJSON)
	b = Object(Key(b, "o"), m.O, (*member).AppendJSON)
	return append(b, '}')
}

// TestMembers checks the members, arrays and objects: omitempty, nil
// against empty, keys sorted by their bytes and escaped.
func TestMembers(t *testing.T) {
	keys := map[string]string{"b": "1", "a": "2", "B": "3", "<&>": "4", "é": "5", "e\u2028": "6", "": "7", "a\x00": "8", "\xff": "9"}
	for _, tc := range []struct {
		name string
		m    member
	}{
		{"zero", member{}},
		{"empty", member{L: []string{}, M: map[string]string{}, A: []member{}, O: map[string]member{}}},
		{"full", member{S: "<s>", OS: "&", I: -12, OI: 1 << 40, B: true, OB: true, OF: -0.000001,
			L: strs, M: keys, A: []member{{}, {OS: "x"}}, O: map[string]member{"z": {}, "y": {L: []string{}}}}},
		{"negative zero is empty", member{OF: math.Copysign(0, -1)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, want := string(tc.m.AppendJSON(nil)), marshal(t, &tc.m); got != want {
				t.Errorf("got\n%s\njson.Marshal\n%s", got, want)
			}
		})
	}
}
