package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play"
	"github.com/patience-solitaire/patience/cmd/patience/internal/play/skeletons"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/replay"
)

// TestWasm is what keeps the committed browser's engine true: it runs
// templates/assets/play.wasm.gz, with the committed wasm_exec.js, in
// Chromium on a fixed set of requests (wasmRequests: for every game its
// deal, moves along a line, legal and illegal, clicks on the stock,
// hints and solves with small node budgets, and bad requests) and
// compares each answer with the native play.Handle's, byte for byte but
// for the time a solve took. A change to the engine's sources that does
// not change what it answers (a comment, a test, a rename, code the
// browser does not run) leaves the module as it is; one that does fails
// here until the module is generated again. (Package play's
// TestWasmUpToDate checks natively, without a browser, that the files
// are the ones the generator wrote and that the solver's Version is the
// one they were built with.)
func TestWasm(t *testing.T) {
	exe := needChromium(t)
	start := time.Now()
	reqs := wasmRequests(t)
	t.Cleanup(func() { engine.SetDeclared(nil) }) // the declared game's requests register it
	// The native answers, while the browser starts.
	want := make([]string, len(reqs))
	var native time.Duration
	nativeDone := make(chan error, 1)
	go func() {
		for i := range reqs {
			b, err := json.Marshal(play.Handle(&reqs[i], nil))
			if err != nil {
				nativeDone <- err
				return
			}
			want[i] = string(b)
		}
		native = time.Since(start)
		nativeDone <- nil
	}()

	assets := filepath.Join("..", "..", "..", "..", "templates", "assets")
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, wasmPage)
	})
	for _, name := range []string{"wasm_exec.js", "play.wasm.gz"} {
		mux.HandleFunc("/"+name, func(w http.ResponseWriter, r *http.Request) {
			http.ServeFile(w, r, filepath.Join(assets, name))
		})
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	browser := startBrowser(t, exe, filepath.Join(t.TempDir(), "profile"))
	tabCtx, cancelTab := chromedp.NewContext(browser)
	t.Cleanup(cancelTab)
	// Loading the module takes seconds of CPU, and the tests run with
	// the other packages' on two cores.
	ctx, cancel := context.WithTimeout(tabCtx, 4*time.Minute)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("engine", chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("loading templates/assets/play.wasm.gz: %v", err)
	}

	// Batches of 64 requests keep each answer of the DevTools protocol
	// to a few megabytes.
	const batch = 64
	var got []string
	for i := 0; i < len(reqs); i += batch {
		b, err := json.Marshal(reqs[i:min(i+batch, len(reqs))])
		if err != nil {
			t.Fatal(err)
		}
		res, err := chromedp.Run(ctx, chromedp.Evaluate[[]string]("answer("+string(b)+")"))
		if err != nil {
			t.Fatalf("the browser's engine on requests %d to %d: %v", i+1, min(i+batch, len(reqs)), err)
		}
		got = append(got, res...)
	}
	if err := <-nativeDone; err != nil {
		t.Fatal(err)
	}
	if len(got) != len(reqs) {
		t.Fatalf("%d answers to %d requests", len(got), len(reqs))
	}
	size, differ := 0, 0
	for i := range reqs {
		size += len(want[i])
		g, w := withoutTime(got[i]), withoutTime(want[i])
		if g == w {
			continue
		}
		if differ++; differ <= 3 {
			req, _ := json.Marshal(reqs[i])
			if len(req) > 600 { // a declared game's request carries its files
				req = append(req[:600:600], "…"...)
			}
			at := 0
			for at < len(g) && at < len(w) && g[at] == w[at] {
				at++
			}
			t.Errorf("request %d %s:\nthe browser's engine answers  …%s\nthe native engine answers     …%s", i+1, req, excerpt(g, at), excerpt(w, at))
		}
	}
	if differ > 0 {
		t.Fatalf("templates/assets/play.wasm.gz answers %d of %d requests differently from the engine's sources: it is stale.\nRun: go generate ./cmd/patience/internal/play", differ, len(reqs))
	}
	t.Logf("%d requests, %d KB of answers, identical (native %v, all %v)", len(reqs), size/1000, native.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

// wasmPage loads the committed module as the play panel does (the gzip
// format unpacked by the browser's DecompressionStream), but runs it in
// the page, not in a worker: answer(requests) calls the module's
// patienceHandle on each.
const wasmPage = `<!doctype html>
<meta charset="utf-8"><title>play.wasm.gz</title>
<script src="wasm_exec.js"></script>
<script>
'use strict';
var engine = fetch('play.wasm.gz').then(function (r) {
  if (!r.ok) throw new Error('play.wasm.gz: HTTP ' + r.status);
  return new Response(r.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
}).then(function (buf) {
  var go = new Go();
  return WebAssembly.instantiate(buf, go.importObject).then(function (m) {
    return new Promise(function (ready) {
      self.patienceReady = function () { ready(true); };
      go.run(m.instance);
    });
  });
});
function answer(reqs) {
  return reqs.map(function (req) { return patienceHandle(req); });
}
</script>
`

// solveTime is the time a solve took in an answer: the one field that
// may differ.
var solveTime = regexp.MustCompile(`,"ms":[-+.0-9eE]+`)

func withoutTime(answer string) string { return solveTime.ReplaceAllString(answer, "") }

// excerpt is s around byte at.
func excerpt(s string, at int) string {
	from := max(0, at-80)
	return s[from:min(len(s), at+120)]
}

// wasmRequests is the fixed set of requests of TestWasm. For every game
// and variant, on deal 1: the position; a hint, a verdict and a solve at
// the start and at the end of a line of up to 24 of the reader's moves;
// along the line each move as the panel sends it (the game's own kinds
// of move first when there are), an illegal card move, which the engine
// refuses with its reason, a card that is not the top one, and every
// fifth move a click on the stock, every third with Auto-move; at its
// end, "auto" and "finish". Then solves that are won or proved
// lost within their budgets, which carry the solution's viewer and the
// blocked cards, and requests that are not right. Every solve is bounded
// by positions alone (MS -1), so that its answer does not depend on the
// machine.
func wasmRequests(t *testing.T) []play.Request {
	t.Helper()
	var reqs []play.Request
	for _, g := range engine.Games() {
		base := play.Request{Game: g.Slug, Variant: g.Variant, Deal: "1"}
		with := func(op string, moves []string, nodes int64) play.Request {
			r := base
			r.Op, r.Moves, r.Nodes = op, moves, nodes
			if nodes > 0 {
				r.MS = -1
			}
			return r
		}
		solves := func(moves []string) {
			reqs = append(reqs, with("hint", moves, 500), with("winnable", moves, 1000), with("solve", moves, 1000))
		}
		reqs = append(reqs, with("position", nil, 0))
		solves(nil)

		var line []engine.Move // every step, forced moves included
		var notation []string  // the reader's moves
		for step := 0; len(notation) < 24 && step < 100; step++ {
			played := replay.FromMoves(g, "1", "", line)
			played.Result = "stopped"
			v, err := replay.Verify(played)
			if err != nil {
				t.Fatalf("%s: the line does not verify: %v", g.Key(), err)
			}
			line = line[:0]
			for _, st := range v.Steps {
				line = append(line, st.Move)
			}
			s := v.End
			legal := s.Legal(nil)
			if len(legal) == 0 {
				break
			}
			if legal[0].Action.Forced() {
				line = append(line, legal[0])
				continue
			}
			m := legal[(7*step+3)%len(legal)]
			for _, l := range legal {
				if l.Action > engine.ActRefill && step%2 == 0 { // a game's own kind
					m = l
					break
				}
			}
			r := with("move", notation, 0)
			attempt(&r, g, m)
			reqs = append(reqs, r)
			if step%3 == 1 {
				// The same move with Auto-move on.
				r.Auto = true
				reqs = append(reqs, r)
			}
			if bad, ok := illegal(s, step); ok {
				r := with("move", notation, 0)
				attempt(&r, g, bad)
				reqs = append(reqs, r)
			}
			if from, to, ok := buried(s, step); ok {
				r := with("move", notation, 0)
				r.From, r.Card, r.To = g.Piles[from].ID, s.Pile(from)[0].String(), g.Piles[to].ID
				reqs = append(reqs, r)
			}
			if stock := g.PilesOf(engine.Stock); len(stock) > 0 && step%5 == 0 {
				r := with("move", notation, 0)
				r.From = g.Piles[stock[0]].ID
				reqs = append(reqs, r)
			}
			line = append(line, m)
			notation = notation[:0]
			for _, w := range replay.FromMoves(g, "1", "", line).Moves {
				notation = append(notation, w.Text())
			}
		}
		reqs = append(reqs, with("position", notation, 0), with("auto", notation, 0), with("finish", notation, 0))
		solves(notation)
	}
	// Solves decided within their budgets: a won solve brings its
	// viewer, a lost one the cards that block it. The hints are on
	// deals that the solver (at version 24) won or proved lost only
	// after thousands of positions, so that the count and the first
	// move of the line found tell two searches apart.
	for _, tc := range []struct {
		game, variant, deal string
		ops                 []string
		nodes               int64
	}{
		{"house-in-the-woods", "", "44", []string{"solve"}, 100_000},
		{"royal-cotillion", "", "296", []string{"solve"}, 100_000},
		{"napoleon-at-st-helena", "", "2", []string{"solve"}, 100_000},
		{"house-in-the-woods", "", "199", []string{"solve"}, 100_000},
		{"contradance", "", "3", []string{"hint"}, 30_000},
		{"house-in-the-woods", "", "11", []string{"hint"}, 30_000},
		{"house-on-the-hill", "", "3", []string{"hint"}, 30_000},
		{"la-belle-lucie", "", "7", []string{"hint"}, 30_000},
		{"la-belle-lucie", "three-shuffles-and-a-draw", "1", []string{"hint"}, 30_000},
		{"napoleon-at-st-helena", "cadogan", "13", []string{"hint"}, 30_000},
		{"odd-and-even", "", "2", []string{"hint"}, 30_000},
		{"patriarchs", "", "2", []string{"hint"}, 30_000},
		{"picture-patience", "", "6", []string{"hint"}, 30_000},
		{"picture-patience", "no-redeal", "54", []string{"hint"}, 30_000},
		{"royal-cotillion", "", "1", []string{"hint"}, 30_000},
		{"shamrocks", "", "6", []string{"hint"}, 30_000},
		{"shamrocks", "no-king-rule", "1", []string{"hint"}, 30_000},
	} {
		for _, op := range tc.ops {
			reqs = append(reqs, play.Request{Op: op, Game: tc.game, Variant: tc.variant, Deal: tc.deal, Nodes: tc.nodes, MS: -1})
		}
	}
	// Requests that are not right.
	hitw := play.Request{Op: "position", Game: "house-in-the-woods", Deal: "1"}
	for _, change := range []func(r *play.Request){
		func(r *play.Request) { r.Game = "nope" },
		func(r *play.Request) { r.Variant = "nope" },
		func(r *play.Request) { r.Deal = "x" },
		func(r *play.Request) { r.Deal, r.Typed = "0", true },
		func(r *play.Request) { r.Moves = []string{"t1 f1\nt2 f2"} },
		func(r *play.Request) { r.Moves = []string{"t1 t1"} },
		func(r *play.Request) { r.Op = "fly" },
		func(r *play.Request) { r.Op, r.Action = "move", "fly" },
		func(r *play.Request) { r.Op, r.From, r.To = "move", "t99", "t1" },
	} {
		r := hitw
		change(&r)
		reqs = append(reqs, r)
	}
	return append(reqs, declaredRequests(t)...)
}

// declaredRequests are requests for a game a page declares (Forecell,
// engine's testdata), sent with its declaration and viewer skeletons as
// the play panel sends them: positions, moves legal and not, a won
// solve's viewer, and a broken declaration. They come last: the worker
// then knows the game.
func declaredRequests(t *testing.T) []play.Request {
	t.Helper()
	decl, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "engine", "testdata", "declare", "forecell.game"))
	if err != nil {
		t.Fatal(err)
	}
	games, err := engine.ParseGameFile("forecell.game", decl)
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.SetDeclared(games); err != nil { // the viewer draws a registered game
		t.Fatal(err)
	}
	sk, err := skeletons.Text(games)
	engine.SetDeclared(nil)
	if err != nil {
		t.Fatal(err)
	}
	base := play.Request{Game: "forecell", Deal: "2", Declaration: string(decl), Skeletons: string(sk)}
	var reqs []play.Request
	for _, change := range []func(r *play.Request){
		func(r *play.Request) { r.Op = "position" },
		func(r *play.Request) { r.Op, r.Variant = "position", "any-fill" },
		func(r *play.Request) { r.Op, r.From, r.Card, r.To = "move", "t2", "AD", "f4" },
		func(r *play.Request) { r.Op, r.From, r.Card, r.To = "move", "t1", "3H", "c1" },
		func(r *play.Request) { r.Op, r.Nodes, r.MS = "solve", 200_000, -1 },
		func(r *play.Request) { r.Op, r.Deal, r.Nodes, r.MS = "winnable", "1", 1000, -1 },
		func(r *play.Request) { r.Op, r.Declaration = "position", "game: forecell\n" },
	} {
		r := base
		change(&r)
		reqs = append(reqs, r)
	}
	return reqs
}

// attempt sets in r the move m as the panel sends it: the piles, the card
// and the kind of move, as a hint gives them.
func attempt(r *play.Request, g *engine.Game, m engine.Move) {
	w := replay.FromMoves(g, "", "", []engine.Move{m}).Moves[0]
	r.Action, r.Card = w.Action, w.Card
	if m.From >= 0 {
		r.From = g.Piles[m.From].ID
	}
	if m.To >= 0 {
		r.To = g.Piles[m.To].ID
	}
}

// illegal returns a card move of s that the engine refuses, the first
// after a place that step moves along.
func illegal(s *engine.State, step int) (engine.Move, bool) {
	n := len(s.Game().Piles)
	for k := range n * n {
		i := (k + 5*step) % (n * n)
		from, to := i/n, i%n
		if from == to || len(s.Pile(from)) == 0 {
			continue
		}
		m := engine.Move{Action: engine.ActMove, From: int8(from), To: int8(to), Card: s.Top(from)}
		if s.Check(m) != nil {
			return m, true
		}
	}
	return engine.Move{}, false
}

// buried returns a pile of s with more than one card and another pile,
// to ask for the pile's bottom card: a merci where the game has one.
func buried(s *engine.State, step int) (from, to int, ok bool) {
	n := len(s.Game().Piles)
	for k := range n {
		from = (k + step) % n
		if len(s.Pile(from)) > 1 {
			return from, (from + 1) % n, true
		}
	}
	return 0, 0, false
}
