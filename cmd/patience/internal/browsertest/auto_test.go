package browsertest

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play"
	"github.com/patience-solitaire/patience/replay"
)

// movesIn is the number of moves the panel's address holds.
func movesIn(hash string) int {
	_, list, ok := strings.Cut(hash, "moves=")
	if !ok || list == "" {
		return 0
	}
	return strings.Count(list, ",") + 1
}

// testPlayAutoMove: "Auto-move safe cards" (off at first, remembered)
// sends home, after the reader's move, the cards the engine's sound
// rules prove safe, as moves of their own that Undo takes back one by
// one; "Finish" plays the rest home once it goes there by itself.
func (f *fixture) testPlayAutoMove(t *testing.T) {
	const game, n = "napoleon-at-st-helena", "2"
	sol := play.Handle(&play.Request{Op: "solve", Game: game, Deal: n, Nodes: quickWin, MS: -1}, nil)
	if sol.Verdict != "won" {
		t.Fatalf("deal %s: %s", n, sol.Verdict)
	}
	line := sol.Solution
	// k: the first move of the line after which the engine plays safe
	// moves, from a position where it plays none.
	k, auto := 0, 0
	var m replay.Move
	for i := 1; i < len(line) && auto == 0; i++ {
		if play.Handle(&play.Request{Op: "auto", Game: game, Deal: n, Moves: line[:i-1]}, nil).Auto > 0 {
			continue
		}
		var err error
		if m, err = replay.ParseMove("moves", i, line[i-1]); err != nil {
			t.Fatal(err)
		}
		res := play.Handle(&play.Request{Op: "move", Game: game, Deal: n, Moves: line[:i-1], From: m.From, Card: m.Card, To: m.To, Action: m.Action, Auto: true}, nil)
		k, auto = i, res.Auto
	}
	if auto == 0 || m.Action != "" {
		t.Fatalf("no plain move of the line is followed by safe moves (%d, %q)", k, m.Action)
	}
	link := func(moves []string) string {
		l := "games/" + game + "/index.html#play=" + n
		if len(moves) > 0 {
			l += "&moves=" + url.QueryEscape(strings.Join(moves, ","))
		}
		return l
	}
	tb := f.openSlow(t)
	f.goTo(tb, link(line[:k-1]))
	tb.wait(`+(document.querySelector('section.play').dataset.answered || 0) > 0`, 60*time.Second)
	if eval[bool](tb, `(() => { const a = document.querySelector('.play-auto'); return !a || a.hidden || a.querySelector('input').checked; })()`) {
		t.Fatal("Auto-move is not offered, or on at first")
	}
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`.play-auto input`))) })
	if got := movesIn(tb.panel().Hash); got != k-1 {
		t.Fatalf("switching Auto-move on played %d moves, want none here", got-(k-1))
	}
	tb.act(func() { tb.clickPile(m.From) }, func() { tb.clickPile(m.To) })
	if got := movesIn(tb.panel().Hash); got != k+auto {
		t.Errorf("after move %d with Auto-move: %d moves, want %d (%d sent home by the engine)", k, got, k+auto, auto)
	}
	if live := eval[string](tb, `document.querySelector('.play-out > p.vh[aria-live=polite]').textContent`); !strings.HasPrefix(live, fmt.Sprintf("Move %d: ", k)) {
		t.Errorf("announced %q", live)
	}
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`.play-bar button:nth-child(1)`))) })
	if got := movesIn(tb.panel().Hash); got != k+auto-1 {
		t.Errorf("Undo after the auto-moves: %d moves, want %d (one taken back)", got, k+auto-1)
	}
	// Remembered: a new page has it on.
	tb2 := f.openSlow(t)
	f.goTo(tb2, link(line[:k-1]))
	tb2.wait(`+(document.querySelector('section.play').dataset.answered || 0) > 0`, 60*time.Second)
	if !eval[bool](tb2, `document.querySelector('.play-auto input').checked`) {
		t.Error("Auto-move is not remembered")
	}
	tb2.do(chromedp.Click(chromedp.CSS(`.play-auto input`)))
	if eval[bool](tb2, `localStorage.getItem('patience-auto-move') === '1'`) {
		t.Error("Auto-move switched off is remembered as on")
	}

	// Finish: the first position of the line from which the rest goes
	// home by itself.
	j := len(line) - 1
	for j > 0 && play.Handle(&play.Request{Op: "position", Game: game, Deal: n, Moves: line[:j-1]}, nil).Finish > 0 {
		j--
	}
	pos := play.Handle(&play.Request{Op: "position", Game: game, Deal: n, Moves: line[:j]}, nil)
	if pos.Finish == 0 {
		t.Fatalf("no finish after %d of %d moves", j, len(line))
	}
	tb3 := f.openSlow(t)
	f.goTo(tb3, link(line[:j]))
	tb3.wait(`+(document.querySelector('section.play').dataset.answered || 0) > 0`, 60*time.Second)
	if eval[bool](tb3, `document.querySelector('.play-finish').hidden`) {
		t.Fatalf("no Finish after %d moves (the engine's finish has %d)", j, pos.Finish)
	}
	tb3.act(func() { tb3.do(chromedp.Click(chromedp.CSS(`.play-finish`))) })
	p := tb3.panel()
	if movesIn(p.Hash) != j+pos.Finish || !strings.HasPrefix(p.Status, "Won") {
		t.Errorf("Finish: %d moves, status %q", movesIn(p.Hash), p.Status)
	}
}
