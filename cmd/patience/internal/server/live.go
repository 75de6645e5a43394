package server

import (
	"strconv"
	"strings"
)

// inject returns an HTML page with the reload script before its last
// </body>, or at its end if it has none. build is the id of the build the
// page comes from.
func inject(page []byte, build string) []byte {
	script := strings.Replace(liveScript, "BUILD", strconv.Quote(build), 1)
	at := lastIndexFold(page, "</body>")
	if at < 0 {
		at = len(page)
	}
	out := make([]byte, 0, len(page)+len(script))
	out = append(out, page[:at]...)
	out = append(out, script...)
	return append(out, page[at:]...)
}

// lastIndexFold is the index of the last s in b, ignoring ASCII case, or
// -1. s begins with '<'.
func lastIndexFold(b []byte, s string) int {
	for i := len(b) - len(s); i >= 0; i-- {
		if b[i] == '<' && strings.EqualFold(string(b[i:i+len(s)]), s) {
			return i
		}
	}
	return -1
}

// liveScript listens to the reload events. It reloads the page after a
// good build (location.reload() keeps the #fragment: a replay viewer
// opens at the same step), shows an overlay with the errors after a bad
// one, and reloads a page that comes from an older build than the
// server's when it connects. The overlay is opaque; its heading and the
// Dismiss button share a row that wraps on a phone; Escape closes it too.
// It builds the overlay with textContent only:
// error messages quote the user's text. BUILD is replaced by the page's
// build id.
const liveScript = `<script data-patience-serve>
/* Added by patience serve for live reload; patience build does not write it. */
(function (build) {
  'use strict';
  if (!window.EventSource || !window.JSON) return;
  var overlay = null;
  function el(tag, text, css) {
    var e = document.createElement(tag);
    if (text) e.textContent = text;
    if (css) e.style.cssText = css;
    return e;
  }
  function clear() {
    if (overlay) { overlay.remove(); overlay = null; }
  }
  function show(d) {
    clear();
    overlay = el('div', '', 'position:fixed;inset:0;z-index:2147483647;overflow:auto;box-sizing:border-box;' +
      'padding:1em 1.25em;background:#1c0606;color:#fde8e8;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-align:left');
    overlay.id = 'patience-serve-error';
    overlay.setAttribute('role', 'alert');
    var list = d.errors && d.errors.length ? d.errors : [d];
    var head = el('div', '', 'display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5em 1em;margin:0 0 1em');
    head.appendChild(el('h2', list.length > 1 ? 'The build failed: ' + list.length + ' errors' : 'The build failed',
      'font:bold 1.3em/1.3 system-ui,sans-serif;margin:0;color:#ff9b9b'));
    var close = el('button', 'Dismiss (Esc)', 'font:14px system-ui,sans-serif;padding:.3em .9em;min-height:2.2em;cursor:pointer');
    close.type = 'button';
    close.onclick = clear;
    head.appendChild(close);
    overlay.appendChild(head);
    list.forEach(function (e) {
      var where = e.file ? e.file + (e.line ? ':' + e.line + ':' + e.col : '') : '';
      var p = el('p', '', 'margin:1em 0 .3em;white-space:pre-wrap');
      if (where) p.appendChild(el('strong', where + ': ', 'color:#fff'));
      p.appendChild(document.createTextNode(e.message));
      overlay.appendChild(p);
      if (e.source) {
        var n = String(e.line) + ' | ';
        var caret = e.col > 0 ? '\n' + ' '.repeat(n.length - 2) + '| ' + ' '.repeat(e.col - 1) + '^' : '';
        overlay.appendChild(el('pre', n + e.source + caret,
          'margin:0;padding:.5em 1em;background:rgba(0,0,0,.4);color:#ffe;overflow:auto;white-space:pre'));
      }
    });
    if (d.more) overlay.appendChild(el('p', 'and ' + d.more + ' more errors: see the terminal.'));
    overlay.appendChild(el('p', 'The page shows the last good build. Fix the file and it reloads by itself.',
      'margin-top:2em;font-family:system-ui,sans-serif;color:#e9b4b4'));
    (document.body || document.documentElement).appendChild(overlay);
  }
  addEventListener('keydown', function (e) {
    if (overlay && e.key === 'Escape') { clear(); e.preventDefault(); }
  });
  var es = new EventSource('/_patience/events');
  es.addEventListener('hello', function (e) {
    var d = JSON.parse(e.data);
    if (d.build && d.build !== build) location.reload();
    else clear();
  });
  es.addEventListener('reload', function () { es.close(); location.reload(); });
  es.addEventListener('error', function (e) {
    if (typeof e.data === 'string') show(JSON.parse(e.data)); // not a lost connection
  });
})(BUILD);
</script>
`
