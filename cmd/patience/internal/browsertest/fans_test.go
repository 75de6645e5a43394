package browsertest

import (
	"bufio"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
)

// TestFans checks that every card of a long fan shows its rank and suit,
// on the bundled site's replay boards (every step) and on the play board,
// at 1280×800 and on a 375×740 phone: no later card may cover a card's
// rank or suit (issue 42: strips squeezed to 10 px read "1" for a 10♥).
func TestFans(t *testing.T) {
	f := playFixture(t)
	// The first 20 moves of House in the Woods deal 20 make a fan of
	// four, longer than its room: the play board must wrap it too.
	moves := replayMoves(t, "../../../../content/games/house-in-the-woods-20.replay", 20)
	play := "games/house-in-the-woods/index.html#play=20&moves=" + url.QueryEscape(strings.Join(moves, ","))

	for _, size := range []struct{ w, h int64 }{{1280, 800}, {375, 740}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			tb := f.openSlow(t)
			if err := call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: size.w, Height: size.h, DeviceScaleFactor: 1, Mobile: size.w < 800}); err != nil {
				t.Fatal(err)
			}
			// No card in flight while the test measures.
			reduce := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}}
			if err := call(tb.ctx, emulation.SetEmulatedMedia, reduce); err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct{ page, id string }{
				{"games/la-belle-lucie/index.html", "la-belle-lucie-24"},
				{"games/house-in-the-woods/index.html", "house-in-the-woods-20"},
			} {
				f.goTo(tb, c.page)
				tb.wait(`document.querySelector('#`+c.id+`.replay.js')`, 15*time.Second)
				tb.legible(`#`+c.id, true)
			}
			f.goTo(tb, play)
			tb.wait(`document.querySelector('.play-board .replay.js')`, 3*time.Minute)
			tb.legible(`.play-board .replay`, false)
		})
	}
	t.Run("SelectedDark", func(t *testing.T) { f.testSelectedDark(t, play) })
}

// testSelectedDark selects a pile of the play board in dark mode: its
// label must keep a contrast of 4.5:1 on the highlight (issue 42, item
// 10: axe measured 3.43:1).
func (f *fixture) testSelectedDark(t *testing.T, play string) {
	tb := f.openSlow(t)
	dark := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}}
	if err := call(tb.ctx, emulation.SetEmulatedMedia, dark); err != nil {
		t.Fatal(err)
	}
	f.goTo(tb, play)
	tb.wait(`document.querySelector('.play-board .replay.js')`, 3*time.Minute)
	tb.idle()
	tb.clickPile("t1")
	tb.wait(`document.querySelector('.play-board .pile.play-sel')`, 10*time.Second)
	if r := eval[float64](tb, `(() => {
		const e = document.querySelector('.play-board .pile.play-sel .pile-id');
		const rgb = s => (s.match(/[\d.]+/g) || []).map(Number);
		const lum = c => { const [r, g, b] = c.map(v => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; }); return .2126 * r + .7152 * g + .0722 * b; };
		// The label's background: the pile's highlight over the board's.
		let bg = [255, 255, 255];
		const layers = [];
		for (let p = e; p; p = p.parentElement) layers.push(rgb(getComputedStyle(p).backgroundColor));
		for (const c of layers.reverse()) {
			const a = c.length > 3 ? c[3] : 1;
			bg = bg.map((v, i) => a * c[i] + (1 - a) * v);
		}
		const l1 = lum(rgb(getComputedStyle(e).color).slice(0, 3)), l2 = lum(bg);
		return (Math.max(l1, l2) + .05) / (Math.min(l1, l2) + .05);
	})()`); r < 4.5 {
		t.Errorf("dark mode: the selected pile's label has a contrast of %.2f:1, want 4.5:1 or more", r)
	}
}

// legible checks the board of the viewer sel, at every step if steps:
// no rank or suit covered, cards in type of minCardFont or more, and a fan
// of four cards or more among them.
func (tb *tab) legible(sel string, steps bool) {
	tb.t.Helper()
	res := eval[struct {
		Longest int
		Font    float64
		Bad     []string
	}](tb, fmt.Sprintf(legibleCheck, "`"+sel+"`", steps))
	if res.Font < minCardFont {
		tb.t.Errorf("%s: cards in %.1f px type, want %d px or more", sel, res.Font, minCardFont)
	}
	if res.Longest < 4 {
		tb.t.Errorf("%s: the longest fan has %d cards, want a long one (4 or more) to check", sel, res.Longest)
	}
	for _, b := range res.Bad {
		tb.t.Errorf("%s: %s", sel, b)
	}
}

// minCardFont is the least size of a card's type, in CSS pixels: a
// board that shrank to fit grown fans would fail it (House in the Woods'
// board, fourteen card widths across, is at 10.3 px on a 375 px phone).
const minCardFont = 10

// legibleCheck lists the ranks and suits that a later card covers by
// more than half a pixel each way, at each step of a viewer (%[2]v) or
// at the one shown.
const legibleCheck = `(() => {
	const fig = document.querySelector(%[1]s), board = fig.querySelector('.replay-board');
	const range = document.createRange(), bad = [];
	let longest = 0, font = Infinity;
	const labels = c => [...c.childNodes].map(n => n.nodeType === 3 ? n : n.classList && n.classList.contains('suit') ? n.firstChild : null)
		.filter(n => n && n.textContent.trim())
		.map(n => { range.selectNodeContents(n); return [n.textContent, range.getBoundingClientRect()]; });
	const check = step => {
		const cards = [...board.querySelectorAll('.card:not(.back)')];
		board.querySelectorAll('.pile[data-fan] .cards').forEach(b => longest = Math.max(longest, b.querySelectorAll('.card').length));
		cards.forEach((c, i) => {
			font = Math.min(font, parseFloat(getComputedStyle(c).fontSize));
			for (const [text, a] of labels(c)) {
				for (const d of cards.slice(i + 1)) {
					const b = d.getBoundingClientRect();
					const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
					if (w > .5 && h > .5 && bad.length < 10) bad.push('step ' + step + ': pile ' + c.closest('.pile').dataset.pile + ': the ' + text + ' of ' + c.textContent + ' is under ' + d.textContent + ' (' + w.toFixed(1) + '×' + h.toFixed(1) + ' px)');
				}
			}
		});
	};
	if (!%[2]v) {
		check('shown');
	} else {
		fig.querySelector('[data-act=first]').click();
		const last = +fig.querySelector('.replay-slider').max;
		for (let n = 0; n <= last; n++) {
			if (n) fig.querySelector('[data-act=next]').click();
			check(n);
		}
	}
	return {Longest: longest, Font: font, Bad: bad};
})()`

// replayMoves reads the first n moves of a replay file (the notation of
// each numbered line, without its note).
func replayMoves(t *testing.T, name string, n int) []string {
	t.Helper()
	fh, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	line := regexp.MustCompile(`^\d+\.\s+(.*?)(\s+--.*)?$`)
	var moves []string
	for sc := bufio.NewScanner(fh); sc.Scan() && len(moves) < n; {
		if m := line.FindStringSubmatch(sc.Text()); m != nil {
			moves = append(moves, m[1])
		}
	}
	if len(moves) < n {
		t.Fatalf("%s: %d moves, want %d", name, len(moves), n)
	}
	return moves
}
