package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestPanelPage checks how a reader finds the "Play or solve any deal"
// panel and how it looks before its first use (issue 42, item 7): a link
// to it in the first screen and in "On this page", both leading to it;
// its form styled by the site's stylesheet before play.css loads, in
// light and dark, with readable text; and without JavaScript, neither
// the panel nor the links to it.
func TestPanelPage(t *testing.T) {
	f := playFixture(t)
	const page = "games/la-belle-lucie/index.html"
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			tb := f.open(t)
			if err := call(tb.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 1280, Height: 800, DeviceScaleFactor: 1}); err != nil {
				t.Fatal(err)
			}
			media := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}
			if err := call(tb.ctx, emulation.SetEmulatedMedia, media); err != nil {
				t.Fatal(err)
			}
			f.goTo(tb, page)
			tb.wait(`document.querySelector('section.play form')`, 15*time.Second)
			links := eval[[]string](tb, `[...document.querySelectorAll('a[href="#play-any-deal"]')].filter(a => a.offsetParent).map(a => (a.closest('nav.toc') ? 'toc' : a.getBoundingClientRect().bottom <= innerHeight ? 'first screen' : 'below') + ': ' + a.textContent)`)
			var toc, top bool
			for _, l := range links {
				toc = toc || len(l) > 4 && l[:4] == "toc:"
				top = top || len(l) > 13 && l[:13] == "first screen:"
			}
			if !toc || !top {
				t.Errorf("links to the panel %q: want one in \"On this page\" and one in the first screen", links)
			}
			// The panel's controls against the same controls outside it.
			bad := eval[[]string](tb, panelStyleCheck)
			for _, b := range bad {
				t.Errorf("%s: %s", scheme, b)
			}
			if !top {
				return
			}
			tb.do(chromedp.Click(chromedp.CSS(`.play-jump a`)))
			tb.wait(`(r => r.top >= -1 && r.top < innerHeight / 2)(document.getElementById('play-any-deal').getBoundingClientRect())`, 5*time.Second)
			tb.axe(scheme + ", the panel before first use")
		})
	}
	t.Run("NoJavaScript", func(t *testing.T) {
		tb := f.open(t)
		if err := call(tb.ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatal(err)
		}
		f.goTo(tb, page)
		if shown := eval[[]string](tb, `[...document.querySelectorAll('section.play, a[href="#play-any-deal"]')].filter(e => e.offsetParent || e.getClientRects().length).map(e => e.outerHTML.slice(0, 80))`); len(shown) > 0 {
			t.Errorf("without JavaScript, shown: %q", shown)
		}
	})
}

// panelStyleCheck lists the panel's controls that look like the
// browser's own (the same control made outside the panel), or whose
// text is not readable on them (contrast under 4.5:1).
const panelStyleCheck = `(() => {
	const bad = [], props = ['borderTopLeftRadius', 'minHeight', 'paddingLeft', 'backgroundColor'];
	const rgb = s => (s.match(/[\d.]+/g) || []).map(Number);
	const lum = c => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; }); return .2126 * r + .7152 * g + .0722 * b; };
	const bgOf = e => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.length === 3 || c[3] > 0) return c; } return [255, 255, 255]; };
	const controls = [...document.querySelectorAll('section.play form input, section.play form select, section.play form button')];
	if (controls.length < 3) bad.push('only ' + controls.length + ' controls in the form');
	for (const c of controls) {
		const bare = document.body.appendChild(document.createElement(c.tagName));
		if (c.type) bare.type = c.type;
		bare.textContent = c.tagName === 'BUTTON' ? c.textContent : '';
		const a = getComputedStyle(c), b = getComputedStyle(bare);
		const same = props.filter(p => a[p] === b[p]);
		if (same.length > 1) bad.push(c.tagName.toLowerCase() + '[name=' + c.name + '] looks like the browser default: ' + same.map(p => p + ' ' + a[p]).join(', '));
		bare.remove();
		const l1 = lum(rgb(a.color)), l2 = lum(bgOf(c)), ratio = (Math.max(l1, l2) + .05) / (Math.min(l1, l2) + .05);
		if (ratio < 4.5) bad.push(c.tagName.toLowerCase() + '[name=' + c.name + ']: contrast ' + ratio.toFixed(2) + ':1');
	}
	return bad;
})()`
