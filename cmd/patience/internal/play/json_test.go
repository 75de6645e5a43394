package play

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

// appendsAsMarshal checks that AppendJSON writes res as json.Marshal
// does: the WebAssembly module writes its answers with AppendJSON.
func appendsAsMarshal(t *testing.T, res *Response) {
	t.Helper()
	want, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.AppendJSON(nil); !bytes.Equal(got, want) {
		t.Errorf("AppendJSON wrote\n%s\njson.Marshal\n%s", got, want)
	}
}

// TestAppendJSON compares AppendJSON with json.Marshal on the answers
// to real requests: new deals, moves, hints, solves of every verdict,
// the safe moves and the finish, illegal moves, broken links and bad
// requests.
func TestAppendJSON(t *testing.T) {
	const hitw = "house-in-the-woods"
	won := Handle(&Request{Op: "solve", Game: hitw, Deal: "1", Nodes: 100_000, MS: -1}, nil)
	if won.Verdict != "won" || len(won.Solution) < 10 {
		t.Fatalf("verdict %s, solution %q", won.Verdict, won.Solution)
	}
	// A line of the reader's, three moves, each the first legal one.
	var played []string
	for range 3 {
		p := Handle(&Request{Op: "position", Game: hitw, Deal: "1", Moves: played}, nil).Legal[0]
		played = Handle(&Request{Op: "move", Game: hitw, Deal: "1", Moves: played, Action: p.Action, From: p.From, Card: p.Card, To: p.To}, nil).Moves
	}
	nearEnd := won.Solution[:len(won.Solution)-3] // a finish of 3 moves
	for _, tc := range []struct {
		name string
		req  Request
	}{
		{"a new deal", Request{Op: "position", Game: hitw, Deal: "1"}},
		{"moves", Request{Op: "position", Game: hitw, Deal: "1", Moves: played}},
		{"an undo", Request{Op: "position", Game: hitw, Deal: "1", Moves: played[:2]}},
		{"a click on the stock", Request{Op: "move", Game: "royal-cotillion", Deal: "3", From: "s"}},
		{"a move and the safe moves", Request{Op: "move", Game: "freecell", Deal: "1", From: "t1", To: "c1", Auto: true}},
		{"an illegal move", Request{Op: "move", Game: hitw, Deal: "1", Moves: played, From: "t1", Card: "KS", To: "t2"}},
		{"a broken link", Request{Op: "position", Game: hitw, Deal: "1", Moves: []string{"t1 f1\nt2 f2"}}},
		{"a link to a deal that is not one", Request{Op: "position", Game: hitw, Deal: `<x & "y">`}},
		{"a finish", Request{Op: "position", Game: hitw, Deal: "1", Moves: nearEnd}},
		{"the safe moves", Request{Op: "auto", Game: hitw, Deal: "1", Moves: won.Solution[:len(won.Solution)-5]}},
		{"the finish", Request{Op: "finish", Game: hitw, Deal: "1", Moves: nearEnd}},
		{"a hint", Request{Op: "hint", Game: "la-belle-lucie", Deal: "3", Nodes: 20_000, MS: -1}},
		{"winnable", Request{Op: "winnable", Game: hitw, Deal: "1", Moves: played, Nodes: 20_000, MS: -1}},
		{"a won solve", Request{Op: "solve", Game: hitw, Deal: "1", Nodes: 100_000, MS: -1}},
		{"a solution's link", Request{Op: "line", Game: hitw, Deal: "1", Moves: won.Solution}},
		{"a lost solve", Request{Op: "solve", Game: hitw, Deal: "199", Nodes: 100_000, MS: -1}},
		{"an undecided solve", Request{Op: "solve", Game: "napoleon-at-st-helena", Deal: "456", Nodes: 1000, MS: -1}},
		{"the rules play the deal", Request{Op: "position", Game: "herz-zu-herz", Deal: "7"}},
		{"a line that does not win", Request{Op: "line", Game: hitw, Deal: "1", Moves: []string{"t1 t1"}}},
		{"an unknown game", Request{Op: "position", Game: "<nope>", Deal: "1"}},
		{"an unknown request", Request{Op: "fly\u2028", Game: hitw, Deal: "1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			appendsAsMarshal(t, Handle(&tc.req, nil))
		})
	}
	// Every game and variant's deal: its piles, bases and names.
	for _, g := range engine.Games() {
		t.Run(g.Key(), func(t *testing.T) {
			appendsAsMarshal(t, Handle(&Request{Op: "position", Game: g.Slug, Variant: g.Variant, Deal: "2"}, nil))
		})
	}
}

// TestAppendJSONEveryField compares AppendJSON with json.Marshal on
// responses whose every field, nested ones too, is set at random: nil,
// empty or not, texts that JSON escapes, so that a field added to a
// type and not to its AppendJSON fails here.
func TestAppendJSONEveryField(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		var res Response
		fill(reflect.ValueOf(&res).Elem(), r)
		t.Run("", func(t *testing.T) {
			if i == 0 {
				res = Response{} // the zero response too
			}
			appendsAsMarshal(t, &res)
		})
	}
}

// fill sets v at random.
func fill(v reflect.Value, r *rand.Rand) {
	texts := []string{"", "t1", "9♣ on 10♥", `<a href="x">&</a>`, "\u2028\u2029\n\t\x00", "bad \xff UTF-8"}
	switch v.Kind() {
	case reflect.String:
		v.SetString(texts[r.IntN(len(texts))])
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int64:
		v.SetInt([]int64{0, 1, -1, 1 << 53, math.MinInt64, math.MaxInt64}[r.IntN(6)])
	case reflect.Float64:
		v.SetFloat([]float64{0, math.Copysign(0, -1), 0.001, 1.5, 1234.567, 1e-7, 1e21, -2.5e-9}[r.IntN(8)])
	case reflect.Pointer:
		if r.IntN(3) > 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fill(v.Elem(), r)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i), r)
		}
	case reflect.Slice:
		if n := r.IntN(4) - 1; n >= 0 {
			v.Set(reflect.MakeSlice(v.Type(), n, n))
			for i := range n {
				fill(v.Index(i), r)
			}
		}
	case reflect.Map:
		if n := r.IntN(4) - 1; n >= 0 {
			v.Set(reflect.MakeMap(v.Type()))
			for range n {
				k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
				fill(k, r)
				fill(e, r)
				v.SetMapIndex(k, e)
			}
		}
	default:
		panic("fill: no " + v.Type().String())
	}
}
