// Package browsertest holds the browser tests of the built site: they build
// testdata/site with the real templates and replay viewer, serve it on
// 127.0.0.1 and drive Debian's Chromium through the DevTools protocol
// (github.com/chromedp/chromedp).
//
// They check the replay viewer (keys, buttons, the move list, the URL
// fragment, autoplay, several viewers on a page), the search box, the
// theme toggle, the page without JavaScript, the 404 page, that no page
// scrolls sideways at 360 and 375 pixels, that axe-core finds no serious
// or critical accessibility problem, and that no page logs an error or
// asks anything of another host. TestWasm runs the committed browser's
// engine (templates/assets/play.wasm.gz) on a fixed set of requests and
// compares its answers with the native engine's.
//
// Without a Chromium (chromium, chromium-browser, google-chrome, or the
// program in $PATIENCE_CHROMIUM) the tests skip, unless
// PATIENCE_BROWSER=required, when they fail. With PATIENCE_SCREENSHOTS=DIR
// they also save screenshots of a few pages, at 1200 and 375 pixels, light
// and dark, into DIR.
//
// testdata/axe/axe.min.js is axe-core, vendored under the Mozilla Public
// License 2.0 (see testdata/axe/README.md).
package browsertest
