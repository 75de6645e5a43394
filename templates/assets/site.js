/* patience: the site's small script. Plain JS, no network.
   - The theme toggle: the page follows the system's light or dark scheme
     until the reader presses the button, which switches to the other
     scheme and remembers it in localStorage ("patience-theme"); choosing
     the system's own scheme again forgets the choice, so the page follows
     the system once more. The choice is applied as data-theme on <html>
     by a one-line script in the page's <head>, before any drawing.
   - The deck toggle: a four-colour deck (diamonds blue, clubs green) in
     the replay viewers, remembered in localStorage ("patience-deck") and
     applied as data-deck="four" by the same script.
   - Boxes that scroll sideways (wide tables, code) get tabindex=0, so
     that keyboard users can scroll them too. */
(function () {
  'use strict';
  var KEY = 'patience-theme', html = document.documentElement;
  var dark = window.matchMedia ? matchMedia('(prefers-color-scheme: dark)') : { matches: false };

  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function current() {
    var t = html.getAttribute('data-theme');
    return t === 'dark' || t === 'light' ? t : dark.matches ? 'dark' : 'light';
  }
  function set(theme) {
    var system = dark.matches ? 'dark' : 'light';
    try {
      if (theme === system) localStorage.removeItem(KEY); else localStorage.setItem(KEY, theme);
    } catch (e) { /* private mode: the choice lasts for this page */ }
    if (theme === system) html.removeAttribute('data-theme'); else html.setAttribute('data-theme', theme);
    show();
  }

  var button, deck;
  function showDeck() {
    if (deck) deck.setAttribute('aria-pressed', html.getAttribute('data-deck') === 'four' ? 'true' : 'false');
  }
  function setDeck(four) {
    try { if (four) localStorage.setItem('patience-deck', 'four'); else localStorage.removeItem('patience-deck'); } catch (e) { /* this page only */ }
    if (four) html.setAttribute('data-deck', 'four'); else html.removeAttribute('data-deck');
    showDeck();
  }
  function show() {
    if (!button) return;
    var on = current() === 'dark';
    button.setAttribute('aria-pressed', on ? 'true' : 'false');
    button.title = on ? 'Switch to the light theme' : 'Switch to the dark theme';
  }

  function scrollables() {
    document.querySelectorAll('main pre, main table, .replay-board').forEach(function (e) {
      if (e.scrollWidth > e.clientWidth + 1) {
        if (!e.hasAttribute('tabindex')) {
          e.setAttribute('tabindex', '0');
          e.setAttribute('data-scrolls', '');
        }
      } else if (e.hasAttribute('data-scrolls')) {
        e.removeAttribute('tabindex');
        e.removeAttribute('data-scrolls');
      }
    });
  }

  function init() {
    deck = document.querySelector('.deck-toggle');
    if (deck) {
      deck.hidden = false;
      deck.addEventListener('click', function () { setDeck(html.getAttribute('data-deck') !== 'four'); });
      showDeck();
    }
    button = document.querySelector('.theme-toggle');
    if (button) {
      button.hidden = false;
      button.addEventListener('click', function () { set(current() === 'dark' ? 'light' : 'dark'); });
      show();
    }
    if (dark.addEventListener) dark.addEventListener('change', function () { if (!stored()) html.removeAttribute('data-theme'); show(); });
    addEventListener('storage', function (e) {
      if (e.key === 'patience-deck') return setDeck(e.newValue === 'four');
      if (e.key !== KEY) return;
      if (e.newValue === 'light' || e.newValue === 'dark') html.setAttribute('data-theme', e.newValue);
      else html.removeAttribute('data-theme');
      show();
    });
    scrollables();
    var t = 0;
    addEventListener('resize', function () { clearTimeout(t); t = setTimeout(scrollables, 150); });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init); else init();
})();
