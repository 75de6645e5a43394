/* patience: the "Play or solve any deal" panel of a game page. This small
   script only builds the form and links its stylesheet (play.css); the
   rest (assets/play-ui.js and the engine, WebAssembly in a Web Worker)
   loads when the panel is first used, so a page that is only read loads
   little more. */
(function () {
  'use strict';
  var section = document.querySelector('section.play[data-game]');
  if (!section) return;
  var root = section.getAttribute('data-root') || '';
  var variants = (section.getAttribute('data-variants') || '').split(' ').filter(Boolean);
  var started = null;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text != null) e.textContent = text;
    return e;
  }

  var form = el('form', { 'class': 'play-form' });
  var label = el('label', null, 'Deal number ');
  var input = el('input', { name: 'deal', type: 'text', inputmode: 'numeric', autocomplete: 'off', size: '10', required: '', value: '1', pattern: '\\s*(ms)?[0-9]{1,20}\\s*', title: 'a deal number, as in PySolFC: 1 to 18446744073709551615, or ms1 to ms8589934591 for the Microsoft generator' });
  label.appendChild(input);
  form.appendChild(label);
  if (variants.length) {
    var vl = el('label', null, 'Rules ');
    var sel = el('select', { name: 'variant' });
    sel.appendChild(el('option', { value: '' }, 'standard'));
    variants.forEach(function (v) { sel.appendChild(el('option', { value: v }, v)); });
    sel.value = section.getAttribute('data-variant') || '';
    vl.appendChild(sel);
    form.appendChild(vl);
  }
  form.appendChild(el('button', { type: 'submit', name: 'show', value: 'show' }, 'Play'));
  form.appendChild(el('button', { type: 'submit', name: 'solve', value: 'solve' }, 'Solve'));
  // A random deal number (the engine deals it), played at once.
  var random = el('button', { type: 'button', name: 'random' }, 'Random deal');
  random.addEventListener('click', function () {
    input.value = String(1 + Math.floor(Math.random() * 1000000));
    start({ op: 'show' });
  });
  form.appendChild(random);
  var status = el('p', { 'class': 'play-status', role: 'status' });
  var out = el('div', { 'class': 'play-out' });
  // The panel's style, before its first use (the rest loads then).
  document.head.appendChild(el('link', { rel: 'stylesheet', href: root + 'assets/play.css' }));
  section.appendChild(form);
  section.appendChild(status);
  section.appendChild(out);
  section.hidden = false;
  // The panel is on the page: so is its line in "On this page".
  document.querySelectorAll('.toc-play').forEach(function (li) { li.hidden = false; });

  // start loads the rest once and hands it what the reader asked for.
  function start(what) {
    if (location.protocol === 'file:') {
      status.textContent = 'Playing and solving need the page served over http(s): a browser does not run ' +
        'the engine\u2019s Web Worker from a file:// page. Run \u201cpatience serve\u201d and open the page from there.';
      return;
    }
    if (!started) {
      status.textContent = 'Loading the engine\u2026';
      section.setAttribute('aria-busy', 'true');
      started = new Promise(function (resolve, reject) {
        var s = el('script', { src: root + 'assets/play-ui.js' });
        s.onload = function () { resolve(window.PatiencePlay); };
        s.onerror = function () { reject(new Error('could not load assets/play-ui.js')); };
        document.head.appendChild(s);
      }).then(function (P) {
        return P.init({ section: section, form: form, status: status, out: out, input: input, root: root });
      });
      started.catch(function (e) {
        section.removeAttribute('aria-busy');
        status.textContent = 'The engine could not be loaded: ' + e.message;
        started = null;
      });
    }
    started.then(function (ui) { ui.run(what); });
  }

  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var b = e.submitter && e.submitter.name === 'solve' ? 'solve' : 'show';
    start({ op: b });
  });
  // A shared link (#play=... or a solution's #solution-.../step) starts
  // at once.
  function fromHash() {
    var h = location.hash;
    if (/^#(play=|solution-)/.test(h)) start({ op: 'hash' });
  }
  addEventListener('popstate', fromHash);
  addEventListener('hashchange', fromHash);
  fromHash();
})();
