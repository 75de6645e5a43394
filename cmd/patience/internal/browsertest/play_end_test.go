package browsertest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/pysolrand"
	"github.com/patience-solitaire/patience/replay"
)

// answered is the number of the play worker's answers the panel has
// drawn; act waits for the next one after its clicks.
func (tb *tab) answered() int {
	tb.t.Helper()
	return eval[int](tb, `+(document.querySelector('section.play').dataset.answered || 0)`)
}

// act runs the clicks and waits until the panel has drawn the answer.
func (tb *tab) act(clicks ...func()) {
	tb.t.Helper()
	n := tb.answered()
	for _, c := range clicks {
		c()
	}
	tb.wait(fmt.Sprintf(`+(document.querySelector('section.play').dataset.answered || 0) > %d && !document.querySelector('section.play').hasAttribute('aria-busy')`, n), 30*time.Second)
}

// clickCard clicks card i (from the bottom) of pile id where it shows,
// not where a card fanned over it covers it.
func (tb *tab) clickCard(id string, i int) {
	tb.t.Helper()
	xy := eval[[]float64](tb, fmt.Sprintf(`(() => {
		const c = document.querySelectorAll('.play-board .pile[data-pile=%q] .cards > .card')[%d];
		c.scrollIntoView({block: 'center'});
		const r = c.getBoundingClientRect();
		for (let y = r.top + 2; y < r.bottom; y += 2) for (let x = r.left + 2; x < r.right; x += 2)
			if (document.elementFromPoint(x, y).closest('.card') === c) return [x, y];
		return [];
	})()`, id, i))
	if len(xy) != 2 {
		tb.t.Fatalf("card %d of %s is nowhere to click", i, id)
	}
	tb.do(chromedp.MouseClickXY(xy[0], xy[1]))
}

// testPlayToTheEnd plays La Belle Lucie (three shuffles and a draw) by
// clicks from the deal to its end: moves, both redeals by the Redeal
// button (shown only while a redeal is legal), the merci by a click on
// a buried card, a hint, and the end said as the engine says it.
func (f *fixture) testPlayToTheEnd(t *testing.T) {
	const variant, dealNo = "three-shuffles-and-a-draw", "3"
	g, err := engine.Lookup("la-belle-lucie", variant)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := pysolrand.ParseDeal(dealNo)
	s := g.Deal(d)
	tb := f.openSlow(t)
	f.goTo(tb, "games/la-belle-lucie/index.html")
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play select[name=variant]`), variant))
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), dealNo))
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=show]`))) })

	// A hint lights what to click.
	tb.do(chromedp.Click(chromedp.CSS(`.play-bar button:nth-child(3)`)))
	tb.wait(`/^Hint: /.test(document.querySelector('.play-status').textContent)`, 60*time.Second)
	if lit := eval[int](tb, `document.querySelectorAll('.play-hint').length`); lit == 0 {
		t.Errorf("the hint %q lights nothing", tb.panel().Status)
	}

	merci := false
	for n := 0; ; n++ {
		if n > 300 {
			t.Fatal("the game does not end")
		}
		legal := s.Legal(nil)
		canRedeal := false
		var next, plain *engine.Move
		for i, m := range legal {
			switch {
			case m.Action == engine.ActRedeal:
				canRedeal = true
			case m.Action == engine.ActMerci && next == nil:
				next = &legal[i]
			case plain == nil:
				plain = &legal[i]
			}
		}
		if shown := eval[bool](tb, `!document.querySelector('.play-bar .play-redeal').hidden`); shown != canRedeal {
			t.Fatalf("after %d moves: the Redeal button shown %v, a redeal legal %v", n, shown, canRedeal)
		}
		if len(legal) == 0 {
			break
		}
		// Three moves of each layout, then a redeal; the merci as soon
		// as it may be played; then plain moves to the end.
		switch {
		case canRedeal && (n%4 == 3 || plain == nil):
			tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`.play-bar .play-redeal`))) })
			next = &engine.Move{Action: engine.ActRedeal, From: engine.NoPile, To: engine.NoPile}
		case next != nil && !merci:
			merci = true
			from, to := g.Piles[next.From].ID, g.Piles[next.To].ID
			tb.act(func() { tb.clickCard(from, int(next.Depth)) }, func() { tb.clickPile(to) })
		default:
			next = plain
			if next == nil {
				next = &legal[0]
			}
			from, to := g.Piles[next.From].ID, g.Piles[next.To].ID
			tb.act(func() { tb.clickPile(from) }, func() { tb.clickPile(to) })
		}
		s.Apply(*next)
		for f, ok := s.Forced(); ok; f, ok = s.Forced() {
			s.Apply(f)
		}
		if p := tb.panel(); eval[bool](tb, `!document.querySelector('.play-refusal').hidden`) || len(p.Moves) == 0 {
			t.Fatalf("move %d (%v) did not play: %q", n+1, *next, eval[string](tb, `document.querySelector('.play-refusal').textContent`))
		}
	}
	if !merci || s.Redeals() != 2 {
		t.Errorf("merci played %v, %d redeals: the game did not go through them", merci, s.Redeals())
	}
	p := tb.panel()
	t.Logf("%d moves, %d cards home", len(p.Moves), s.OnFoundations())
	if want := fmt.Sprintf("Lost: no move is left; %d of the 52 cards are home.", s.OnFoundations()); s.Won() && !strings.HasPrefix(p.Status, "Won") || !s.Won() && p.Status != want {
		t.Errorf("at the end the panel says %q, want %q", p.Status, want)
	}
	if eval[bool](tb, `!document.querySelector('.play-bar button:nth-child(3)').disabled`) {
		t.Error("Hint is offered at the end")
	}
}

// testPlayByTheRules opens Herz zu Herz, which the rules play alone: the
// panel says how the deal ended and steps through the rules' line.
func (f *fixture) testPlayByTheRules(t *testing.T) {
	tb := f.openSlow(t)
	f.goTo(tb, "games/herz-zu-herz/index.html")
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), "1"))
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=show]`))) })
	res := play.Handle(&play.Request{Op: "position", Game: "herz-zu-herz", Deal: "1"}, nil)
	tb.wait(`document.querySelector('#play-line.js')`, 20*time.Second)
	if st := tb.panel().Status; !strings.HasPrefix(st, res.Over) || strings.Contains(st, "your move") {
		t.Errorf("status %q, want %q", st, res.Over)
	}
}

// testPlayWin plays the last move of a win: the panel says it is won.
func (f *fixture) testPlayWin(t *testing.T) {
	res := play.Handle(&play.Request{Op: "solve", Game: "house-in-the-woods", Deal: "44", Nodes: quickWin, MS: -1}, nil)
	if res.Verdict != "won" {
		t.Fatalf("deal 44: %s", res.Verdict)
	}
	r, err := replay.Parse("solution", 1, []byte(res.Replay))
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, m := range r.Moves {
		moves = append(moves, m.Text())
	}
	last := r.Moves[len(r.Moves)-1]
	tb := f.openSlow(t)
	f.goTo(tb, "games/house-in-the-woods/index.html#play=44&moves="+strings.Join(moves[:len(moves)-1], ","))
	tb.wait(`+(document.querySelector('section.play').dataset.answered || 0) > 0`, 60*time.Second)
	if !eval[bool](tb, `(r => r.top >= -1 && r.top < innerHeight)(document.querySelector('#play-any-deal').getBoundingClientRect())`) {
		t.Error("the shared link's game is not scrolled into view")
	}
	tb.act(func() { tb.clickPile(last.From) }, func() { tb.clickPile(last.To) })
	if st := tb.panel().Status; st != "Won: every card is home." {
		t.Errorf("after the last move: %q", st)
	}
}

// testPlayRefusalOnPhone makes an illegal move on a 375×740 phone: the
// refusal is in the board's words, inside the screen as it is (no
// scrolling), announced by a live region, and gone at the next click.
func (f *fixture) testPlayRefusalOnPhone(t *testing.T) {
	g, _ := engine.Lookup("house-in-the-woods", "")
	d, _ := pysolrand.ParseDeal("44")
	s := g.Deal(d)
	s.SetWords(true) // the reasons in the board's words
	var bad engine.Move
	why := ""
	for _, from := range g.PilesOf(engine.Tableau) {
		for _, to := range g.PilesOf(engine.Tableau) {
			m := engine.Move{Action: engine.ActMove, From: int8(from), To: int8(to), Card: s.Top(from)}
			if err := s.Check(m); why == "" && from != to && err != nil {
				bad, why = m, err.Error()
			}
		}
	}
	tb := f.openSlow(t)
	if err := call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 375, Height: 740, DeviceScaleFactor: 2, Mobile: true}); err != nil {
		t.Fatal(err)
	}
	f.goTo(tb, "games/house-in-the-woods/index.html")
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), "44"))
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=show]`))) })
	from, to := g.Piles[bad.From].ID, g.Piles[bad.To].ID
	tb.act(func() { tb.clickPile(from) }, func() { tb.clickPile(to) })
	type refusal struct {
		Text              string
		Top, Bottom, Left float64
		Right, W, H       float64
		Shown             bool
		Heard             int // live regions that say it
	}
	r := eval[refusal](tb, `(() => {
		const e = document.querySelector('.play-refusal'), b = e.getBoundingClientRect();
		const heard = [...document.querySelectorAll('[aria-live], [role=status], [role=alert]')].filter(l => /Not allowed/.test(l.textContent) && !l.closest('[aria-hidden=true]'));
		return {Text: e.textContent, Top: b.top, Bottom: b.bottom, Left: b.left, Right: b.right,
			W: innerWidth, H: innerHeight, Shown: !e.hidden && b.height > 0, Heard: heard.length};
	})()`)
	if want := "Not allowed: " + why; r.Text != want {
		t.Errorf("refusal %q, want %q", r.Text, want)
	}
	if !r.Shown || r.Top < 0 || r.Left < 0 || r.Bottom > r.H || r.Right > r.W {
		t.Errorf("the refusal is not in the %v×%v screen: %+v", r.W, r.H, r)
	}
	if r.Heard != 1 {
		t.Errorf("the refusal is announced by %d live regions, want 1", r.Heard)
	}
	tb.clickPile(from)
	tb.wait(`document.querySelector('.play-refusal').hidden`, 5*time.Second)
}

// testPlaySameSolve solves Napoleon at St Helena deal 879 three times
// (won by the beam by deals in about 49,000 positions, in a mode that
// spreads it over lines: solver 33): the same verdict and line each time
// (the budget is in positions), and the address carries the line, so
// the link opens the solution in another tab without solving again.
func (f *fixture) testPlaySameSolve(t *testing.T) {
	tb := f.openSlow(t)
	f.goTo(tb, "games/napoleon-at-st-helena/index.html")
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), "879"))
	id := play.SolutionID("", "879")
	var lines []string
	for i := range 3 {
		tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=solve]`)))
		tb.wait(`/^(Won|Lost|Undecided)/.test(document.querySelector('.play-status').textContent)`, 3*time.Minute)
		st := tb.panel()
		if !strings.HasPrefix(st.Status, "Won: ") {
			t.Fatalf("solve %d: %q", i+1, st.Status)
		}
		lines = append(lines, st.Hash)
		// Away from the solution, so that the next solve starts afresh.
		eval[bool](tb, `(history.replaceState(null, '', location.pathname), true)`)
	}
	if lines[0] != lines[1] || lines[1] != lines[2] || !strings.HasPrefix(lines[0], "#"+id+"/0&line=") {
		t.Fatalf("three solves, three addresses:\n%s\n%s\n%s", lines[0], lines[1], lines[2])
	}
	tb2 := f.openSlow(t)
	f.goTo(tb2, "games/napoleon-at-st-helena/index.html"+lines[0])
	tb2.wait(fmt.Sprintf(`document.getElementById(%q) && document.getElementById(%q).classList.contains('js')`, id, id), time.Minute)
	if st := tb2.panel().Status; !strings.Contains(st, "without solving again") {
		t.Errorf("the link's solution: %q", st)
	}
	// Play from the third step.
	tb2.do(chromedp.Focus(chromedp.ID(id)), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	tb2.wait(fmt.Sprintf(`document.querySelector('#%s .replay-pos').textContent.startsWith('3 / ')`, id), 10*time.Second)
	tb2.act(func() { tb2.do(chromedp.Click(chromedp.CSS(`.play-from-step`))) })
	if p := tb2.panel(); len(p.Moves) == 0 || !strings.HasPrefix(p.Hash, "#play=879&moves=") {
		t.Errorf("play from step 3: moves %q, fragment %q", p.Moves, p.Hash)
	}
}

// testPlayHome: empty foundations show the card they start with; a
// double click sends a card home and the move is marked; moves replace
// the history entry (one per game); "Solve from here" starts from the
// position and Cancel brings the game back.
func (f *fixture) testPlayHome(t *testing.T) {
	g, _, home := firstMove(t, "house-in-the-woods", "1", toFoundation)
	tb := f.openDeal(t, "house-in-the-woods", "1")
	if n, want := eval[int](tb, `document.querySelectorAll('.play-board .pile[data-kind=foundation] .play-base').length`), len(g.PilesOf(engine.Foundation)); n != want {
		t.Errorf("%d empty foundations show their base card, want %d", n, want)
	}
	entries := eval[int](tb, `history.length`)
	from, to := g.Piles[home.From].ID, g.Piles[home.To].ID
	tb.act(func() {
		tb.do(chromedp.DoubleClick(chromedp.CSS(fmt.Sprintf(`.play-board .pile[data-pile=%q]`, from))))
	})
	p := tb.panel()
	if len(p.Moves) != 1 || cardCodes(p.Board[to]) != home.Card.String() {
		t.Fatalf("double click on %s: moves %q, %s shows %q, want %s", from, p.Moves, to, p.Board[to], home.Card)
	}
	if !eval[bool](tb, fmt.Sprintf(`document.querySelector('.play-board .pile[data-pile=%q]').classList.contains('play-to')`, to)) {
		t.Error("the last move is not marked")
	}
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`.play-bar button:nth-child(1)`))) })
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`.play-bar button:nth-child(2)`))) })
	if n := eval[int](tb, `history.length`); n != entries {
		t.Errorf("a move, an undo and a redo make %d history entries, want none (the game has one)", n-entries)
	}
	tb.do(chromedp.Click(chromedp.CSS(`.play-bar .play-solve-here`)))
	tb.wait(`document.querySelector('.play-cancel')`, 10*time.Second)
	if st := tb.panel().Status; !strings.Contains(st, "from move 1") {
		t.Errorf("solve from here: %q", st)
	}
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`.play-cancel`))) })
	if p := tb.panel(); len(p.Moves) != 1 || !strings.Contains(p.Hash, "moves=") {
		t.Errorf("after Cancel: moves %q, fragment %q: the game is not back", p.Moves, p.Hash)
	}
}

// testPlayDrag drags a card by touch on a 375×740 phone, from its pile
// to the one the engine lets it go to: the move is played.
func (f *fixture) testPlayDrag(t *testing.T) {
	g, _, move := firstMove(t, "house-in-the-woods", "1", toTableau)
	tb := f.openDeal(t, "house-in-the-woods", "1", phone)
	// Nothing moves the board any more (the check has answered).
	tb.wait(`document.querySelector('.play-check[data-verdict]')`, time.Minute)
	from, to := g.Piles[move.From].ID, g.Piles[move.To].ID
	// Both piles in view, then the centres of the top card and of the
	// destination.
	xy := eval[[]float64](tb, fmt.Sprintf(`(() => {
		const top = id => [...document.querySelectorAll('.play-board .pile[data-pile="' + id + '"] .cards > .card')].pop();
		const a = top(%q), b = document.querySelector('.play-board .pile[data-pile=%q]');
		a.scrollIntoView({block: 'center'});
		const r = a.getBoundingClientRect(), q = b.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2, q.left + q.width / 2, q.top + q.height / 2];
	})()`, from, to))
	touch := func(typ input.DispatchTouchEventType, x, y float64) {
		p := input.DispatchTouchEventParams{Type: typ}
		if typ != input.DispatchTouchEventTypeTouchEnd {
			p.TouchPoints = []*input.TouchPoint{{X: x, Y: y}}
		}
		if err := call(tb.ctx, input.DispatchTouchEvent, p); err != nil {
			t.Fatal(err)
		}
	}
	tb.act(func() {
		touch(input.DispatchTouchEventTypeTouchStart, xy[0], xy[1])
		for i := 1; i <= 8; i++ {
			touch(input.DispatchTouchEventTypeTouchMove, xy[0]+(xy[2]-xy[0])*float64(i)/8, xy[1]+(xy[3]-xy[1])*float64(i)/8)
		}
		touch(input.DispatchTouchEventTypeTouchEnd, 0, 0)
	})
	p := tb.panel()
	if len(p.Moves) != 1 || !strings.HasSuffix(cardCodes(p.Board[to]), move.Card.String()) {
		t.Errorf("dragging %s from %s to %s: moves %q, %s shows %q", move.Card, from, to, p.Moves, to, p.Board[to])
	}
}

// testPlayKeys: the arrows move between piles, piles have readable
// names (their text, which the accessible name is), U, R and H undo, redo and ask a hint, and axe finds nothing
// serious in dark mode with a game in progress and a card picked.
func (f *fixture) testPlayKeys(t *testing.T) {
	g, s, home := firstMove(t, "house-in-the-woods", "1", toFoundation)
	tb := f.openDeal(t, "house-in-the-woods", "1", func(tb *tab) error {
		return call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
	})
	label := func(id string) string {
		return eval[string](tb, fmt.Sprintf(`document.querySelector('.play-board .pile[data-pile=%q]').textContent`, id))
	}
	var cards []string
	for _, c := range s.Pile(g.PileIndex("t1")) {
		cards = append(cards, c.Pretty())
	}
	if got, want := label("t1"), "t1, fan 1: "+strings.Join(cards, ""); got != want {
		t.Errorf("t1 is called %q, want %q", got, want)
	}
	if got := label("f1"); !strings.HasPrefix(got, "f1, foundation 1, A♣ up to K: ") || !strings.Contains(got, "empty") {
		t.Errorf("f1 is called %q", got)
	}
	tb.do(chromedp.Focus(chromedp.CSS(`.play-board .pile[data-pile="t1"]`)), chromedp.KeyEvent(kb.ArrowRight))
	if got := eval[string](tb, `document.activeElement.dataset.pile || ''`); got != "t2" {
		t.Errorf("ArrowRight from t1 goes to %q, want t2", got)
	}
	// One pile in the Tab order (the last focused), not one per pile.
	if got := eval[[]string](tb, `[...document.querySelectorAll('.play-board .pile[tabindex="0"]')].map(p => p.dataset.pile)`); len(got) != 1 || got[0] != "t2" {
		t.Errorf("piles in the Tab order: %q, want t2 alone", got)
	}
	from, to := g.Piles[home.From].ID, g.Piles[home.To].ID
	tb.do(chromedp.Focus(chromedp.CSS(fmt.Sprintf(`.play-board .pile[data-pile=%q]`, from))), chromedp.KeyEvent(kb.Enter))
	tb.act(func() {
		tb.do(chromedp.Focus(chromedp.CSS(fmt.Sprintf(`.play-board .pile[data-pile=%q]`, to))), chromedp.KeyEvent(kb.Enter))
	})
	if n := len(tb.panel().Moves); n != 1 {
		t.Fatalf("%d moves after a move by keys", n)
	}
	tb.act(func() { tb.do(chromedp.KeyEvent("u")) })
	if n := len(tb.panel().Moves); n != 0 {
		t.Errorf("U leaves %d moves", n)
	}
	tb.act(func() { tb.do(chromedp.KeyEvent("r")) })
	if n := len(tb.panel().Moves); n != 1 {
		t.Errorf("R leaves %d moves", n)
	}
	tb.do(chromedp.KeyEvent("h"))
	tb.wait(`/^Hint: /.test(document.querySelector('.play-status').textContent)`, time.Minute)
	// A card picked, in dark mode.
	tb.do(chromedp.Focus(chromedp.CSS(`.play-board .pile[data-pile="t2"]`)), chromedp.KeyEvent(kb.Enter))
	tb.axe("a game in progress, dark mode, a card picked")
}

// testPlayBrokenLink opens a #play= link whose second move cannot be
// played, and one with rules the game does not have: the panel says
// which move fails and why in the board's words and keeps the moves
// before it; unknown rules fall back to the standard ones with a note.
// The panel is listed in "On this page".
func (f *fixture) testPlayBrokenLink(t *testing.T) {
	res := play.Handle(&play.Request{Op: "solve", Game: "house-in-the-woods", Deal: "44", Nodes: quickWin, MS: -1}, nil)
	if res.Verdict != "won" {
		t.Fatalf("deal 44: %s", res.Verdict)
	}
	first := res.Solution[0]
	tb := f.openSlow(t)
	f.goTo(tb, "games/house-in-the-woods/index.html#play=44&moves="+first+",t1%20t1,"+res.Solution[1])
	tb.wait(`+(document.querySelector('section.play').dataset.answered || 0) > 0`, 60*time.Second)
	p := tb.panel()
	refusal := eval[string](tb, `document.querySelector('.play-refusal').textContent`)
	if len(p.Moves) != 1 || !strings.HasPrefix(refusal, "Move 2, the top card from fan 1 to fan 1, cannot be played: ") || !strings.HasSuffix(refusal, "The move before it is kept.") {
		t.Errorf("a broken link: moves %q, refusal %q", p.Moves, refusal)
	}
	if want := "#play=44&moves=" + strings.ReplaceAll(first, " ", "+"); p.Hash != want {
		t.Errorf("fragment %q, want %q (what the screen shows)", p.Hash, want)
	}
	if eval[bool](tb, `document.querySelector('.toc-play').hidden`) {
		t.Error("the panel is not in On this page")
	}
	tb2 := f.openSlow(t)
	f.goTo(tb2, "games/la-belle-lucie/index.html#play=3&variant=nope")
	tb2.wait(`+(document.querySelector('section.play').dataset.answered || 0) > 0`, 60*time.Second)
	if got := eval[string](tb2, `document.querySelector('.play-refusal').textContent`); !strings.Contains(got, "the standard rules are shown") {
		t.Errorf("unknown rules: %q", got)
	}
	if h := tb2.panel().Hash; h != "#play=3" {
		t.Errorf("unknown rules: fragment %q, want #play=3", h)
	}
}

// firstMove returns deal n of game, and the first legal move at its
// start that ok accepts (the test fails if there is none).
func firstMove(t *testing.T, game, n string, ok func(g *engine.Game, m engine.Move) bool) (*engine.Game, *engine.State, engine.Move) {
	t.Helper()
	g, err := engine.Lookup(game, "")
	if err != nil {
		t.Fatal(err)
	}
	d, err := pysolrand.ParseDeal(n)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Deal(d)
	for _, m := range s.Legal(nil) {
		if ok(g, m) {
			return g, s, m
		}
	}
	t.Fatalf("%s deal %s has no such move at the start", game, n)
	return nil, nil, engine.Move{}
}

// toFoundation and toTableau choose moves for firstMove.
func toFoundation(g *engine.Game, m engine.Move) bool {
	return m.Action == engine.ActMove && g.Piles[m.To].Kind == engine.Foundation
}
func toTableau(g *engine.Game, m engine.Move) bool {
	return m.Action == engine.ActMove && g.Piles[m.To].Kind == engine.Tableau
}

// openDeal opens the page of game in a new tab, set up first (a phone's
// screen, dark mode), and plays deal n.
func (f *fixture) openDeal(t *testing.T, game, n string, setup ...func(*tab) error) *tab {
	t.Helper()
	tb := f.openSlow(t)
	for _, set := range setup {
		if err := set(tb); err != nil {
			t.Fatal(err)
		}
	}
	f.goTo(tb, "games/"+game+"/index.html")
	tb.do(chromedp.SetValue(chromedp.CSS(`section.play input[name=deal]`), n))
	tb.act(func() { tb.do(chromedp.Click(chromedp.CSS(`section.play button[name=show]`))) })
	return tb
}

// phone is a 375×740 touch screen, for openDeal.
func phone(tb *tab) error {
	if err := call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 375, Height: 740, DeviceScaleFactor: 2, Mobile: true}); err != nil {
		return err
	}
	return call(tb.ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 1})
}
