/* patience: the search box. Plain JS, no network: the index is
   search-index.js at the site root, written by patience build and loaded
   as a script (which works from file:// too) when the reader first
   focuses the box. Every word typed must match a page's title, other
   names, headings, description or text; titles and names weigh most.
   Keys: "/" focuses the box, Down and Up walk the results, Enter opens the
   first one, Escape closes the list. */
(function () {
  'use strict';
  var box = document.querySelector('.search');
  if (!box) return;
  var input = box.querySelector('input'), list = box.querySelector('.search-results');
  var status = box.querySelector('#search-status'), root = box.getAttribute('data-root') || '';
  var docs = null, loading = false, timer = 0, MAX = 8;

  function norm(s) {
    s = String(s || '').toLowerCase();
    return s.normalize ? s.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : s;
  }
  function prepare(index) {
    return (index || []).map(function (e) {
      return {
        e: e, t: norm(e.t), a: (e.a || []).map(norm), d: norm(e.d), x: norm(e.x),
        h: (e.h || []).map(function (h) { return norm(h[0]); })
      };
    });
  }
  function load() {
    if (docs || loading) return;
    if (window.patienceSearchIndex) { docs = prepare(window.patienceSearchIndex); return; }
    loading = true;
    var s = document.createElement('script');
    s.src = root + 'search-index.js';
    s.onload = function () { loading = false; docs = prepare(window.patienceSearchIndex); run(); };
    s.onerror = function () { loading = false; say('The search index could not be loaded.'); };
    document.head.appendChild(s);
  }

  // hit tells how term occurs in s: 2 at the start of a word, 1 inside
  // one, 0 not at all.
  function hit(s, term) {
    var i = s.indexOf(term), best = 0;
    while (i >= 0) {
      if (i === 0 || !/[a-z0-9]/.test(s.charAt(i - 1))) return 2;
      best = 1;
      i = s.indexOf(term, i + 1);
    }
    return best;
  }

  function score(d, terms, q) {
    var total = 0, head = -1;
    for (var i = 0; i < terms.length; i++) {
      var t = terms[i], best = hit(d.t, t) * 6, h;
      d.a.forEach(function (a) { best = Math.max(best, hit(a, t) * 5); });
      if (best < 8) {
        for (var j = 0; j < d.h.length; j++) {
          h = hit(d.h[j], t) * 3;
          if (h > best) { best = h; head = j; }
        }
      }
      best = Math.max(best, hit(d.d, t) * 2, hit(d.x, t));
      if (!best) return 0;
      total += best;
    }
    if (d.t === q) total += 40;
    else if (d.t.indexOf(q) === 0) total += 20;
    if (d.a.indexOf(q) >= 0) total += 30;
    d.head = head;
    return total;
  }

  function say(text) { status.textContent = text; }

  // snippet returns the text around the first term, as [before, match, after].
  function snippet(d, terms) {
    var src = d.e.d || d.e.x || '', n = d.e.d ? d.d : d.x, at = -1, len = 0;
    for (var i = 0; i < terms.length && at < 0; i++) { at = n.indexOf(terms[i]); len = terms[i].length; }
    if (at < 0 || n.length !== src.length) return [src.slice(0, 140) + (src.length > 140 ? '…' : ''), '', ''];
    var a = Math.max(0, at - 50), b = Math.min(src.length, at + len + 90);
    return [(a ? '…' : '') + src.slice(a, at), src.slice(at, at + len), src.slice(at + len, b) + (b < src.length ? '…' : '')];
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }

  function run() {
    var q = norm(input.value).trim().replace(/\s+/g, ' ');
    list.textContent = '';
    list.removeAttribute('data-query');
    if (!q) { list.hidden = true; say(''); return; }
    if (!docs) { load(); return; }
    var terms = q.split(' '), found = [];
    docs.forEach(function (d) {
      var s = score(d, terms, q);
      if (s) found.push({ d: d, s: s, head: d.head });
    });
    found.sort(function (x, y) { return y.s - x.s || (x.d.e.t < y.d.e.t ? -1 : 1); });
    found.slice(0, MAX).forEach(function (f) {
      var e = f.d.e, li = el('li'), a = el('a');
      var hd = f.head >= 0 ? e.h[f.head] : null;
      a.href = root + e.u + (hd ? '#' + hd[1] : '');
      a.appendChild(el('span', 'search-title', e.t));
      if (e.s) a.appendChild(el('span', 'search-section', e.s));
      if (hd) {
        a.appendChild(el('span', 'search-heading', '§ ' + hd[0]));
      } else {
        var sn = snippet(f.d, terms), p = el('span', 'search-snippet', sn[0]);
        if (sn[1]) { p.appendChild(el('mark', '', sn[1])); p.appendChild(document.createTextNode(sn[2])); }
        if (sn[0] || sn[1]) a.appendChild(p);
      }
      li.appendChild(a);
      list.appendChild(li);
    });
    if (!found.length) list.appendChild(el('li', 'search-none', 'No page matches “' + input.value.trim() + '”.'));
    list.hidden = false;
    list.setAttribute('data-query', input.value);
    say(found.length ? found.length + (found.length === 1 ? ' result' : ' results') + (found.length > MAX ? ', the first ' + MAX + ' shown' : '') : 'No results');
  }

  function links() { return Array.prototype.slice.call(list.querySelectorAll('a')); }
  function close() { list.hidden = true; }

  box.hidden = false;
  input.addEventListener('focus', load);
  input.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(run, 60); });
  input.addEventListener('keydown', function (e) {
    var l = links();
    if (e.key === 'ArrowDown' && l.length) { list.hidden = false; l[0].focus(); e.preventDefault(); }
    else if (e.key === 'Enter') {
      clearTimeout(timer); run(); l = links();
      if (l.length) location.href = l[0].href;
      e.preventDefault();
    } else if (e.key === 'Escape') {
      if (!list.hidden) { close(); e.preventDefault(); } else if (input.value) { input.value = ''; run(); }
    }
  });
  list.addEventListener('keydown', function (e) {
    var l = links(), i = l.indexOf(document.activeElement);
    if (e.key === 'ArrowDown') { (l[i + 1] || l[i]).focus(); }
    else if (e.key === 'ArrowUp') { (i > 0 ? l[i - 1] : input).focus(); }
    else if (e.key === 'Escape') { close(); input.focus(); }
    else return;
    e.preventDefault();
  });
  input.addEventListener('click', function () { if (input.value && list.childNodes.length) list.hidden = false; });
  document.addEventListener('click', function (e) { if (!box.contains(e.target)) close(); });
  box.addEventListener('focusout', function (e) { if (e.relatedTarget && !box.contains(e.relatedTarget)) close(); });
  document.addEventListener('keydown', function (e) {
    var t = e.target;
    if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName) || t.isContentEditable) return;
    e.preventDefault();
    input.focus();
    input.select();
  });
  if (input.value) { load(); run(); }
})();
