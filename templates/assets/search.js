/* patience: the search box. Plain JS, no network: the index is
   search-index.js at the site root, written by patience build and loaded
   as a script (which works from file:// too) when the reader first
   focuses the box. Every word typed must match a page's title, other
   names, headings, description or text (all of it, by section); titles
   and names weigh most. A result opens the section that matched; the
   words go along in sessionStorage, and the page marks them there.
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
        e: e, t: norm(e.t), a: (e.a || []).map(norm), d: norm(e.d),
        x: (typeof e.x === 'string' ? [e.x] : e.x || []).map(norm),
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

  // section returns the first section of d's text that has every term,
  // else the first that has term t, else -1.
  function section(d, terms, t) {
    var first = -1;
    for (var k = 0; k < d.x.length; k++) {
      if (terms.every(function (u) { return d.x[k].indexOf(u) >= 0; })) return k;
      if (first < 0 && d.x[k].indexOf(t) >= 0) first = k;
    }
    return first;
  }

  function score(d, terms, q) {
    var total = 0, head = -1, sec = -1;
    for (var i = 0; i < terms.length; i++) {
      var t = terms[i], best = hit(d.t, t) * 6, h;
      d.a.forEach(function (a) { best = Math.max(best, hit(a, t) * 5); });
      if (best < 8) {
        for (var j = 0; j < d.h.length; j++) {
          h = hit(d.h[j], t) * 3;
          if (h > best) { best = h; head = j; }
        }
      }
      best = Math.max(best, hit(d.d, t) * 2);
      if (!best) {
        if (sec < 0) sec = section(d, terms, t);
        for (var k = 0; k < d.x.length && !best; k++) best = hit(d.x[k], t);
      }
      if (!best) return 0;
      total += best;
    }
    if (head < 0 && sec > 0) head = sec - 1; // the heading of the section that matched
    d.sec = sec;
    if (d.t === q) total += 40;
    else if (d.t.indexOf(q) === 0) total += 20;
    if (d.a.indexOf(q) >= 0) total += 30;
    d.head = head;
    return total;
  }

  function say(text) { status.textContent = text; }

  // snippet returns the text around the first term, as [before, match, after].
  function snippet(d, terms) {
    var xs = typeof d.e.x === 'string' ? [d.e.x] : d.e.x || [], k = Math.max(0, d.sec);
    var src = d.e.d || xs[k] || '', n = d.e.d ? d.d : d.x[k] || '', at = -1, len = 0;
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
      if (s) found.push({ d: d, s: s, head: d.head, sec: d.sec });
    });
    found.sort(function (x, y) { return y.s - x.s || (x.d.e.t < y.d.e.t ? -1 : 1); });
    found.slice(0, MAX).forEach(function (f) {
      var e = f.d.e, li = el('li'), a = el('a');
      var hd = f.head >= 0 ? e.h[f.head] : null;
      a.href = root + e.u + (hd ? '#' + hd[1] : '');
      a.appendChild(el('span', 'search-title', e.t));
      if (e.s) a.appendChild(el('span', 'search-section', e.s));
      if (hd) a.appendChild(el('span', 'search-heading', '§ ' + hd[0]));
      f.d.sec = f.sec;
      // A snippet of the text that matched, unless a heading did.
      var sn = !hd || f.sec > 0 ? snippet(f.d, terms) : ['', '', ''];
      if (hd && !sn[1]) sn = ['', '', ''];
      var p = el('span', 'search-snippet', sn[0]);
      if (sn[1]) { p.appendChild(el('mark', '', sn[1])); p.appendChild(document.createTextNode(sn[2])); }
      if (sn[0] || sn[1]) a.appendChild(p);
      li.appendChild(a);
      list.appendChild(li);
    });
    if (!found.length) list.appendChild(el('li', 'search-none', 'No page matches “' + input.value.trim() + '”.'));
    list.hidden = false;
    list.setAttribute('data-query', input.value);
    say(found.length ? found.length + (found.length === 1 ? ' result' : ' results') + (found.length > MAX ? ', the first ' + MAX + ' shown' : '') : 'No results');
  }

  // remember hands the words searched for to the page a result opens.
  function remember() {
    try { sessionStorage.setItem('patience-hl', norm(input.value)); } catch (e) { /* no highlight */ }
  }
  list.addEventListener('click', function (e) { if (e.target.closest('a')) remember(); });
  list.addEventListener('keydown', function (e) { if (e.key === 'Enter') remember(); });

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
      if (l.length) { remember(); location.href = l[0].href; }
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

  // On a page opened from a result: mark the words searched for in the
  // page's text and bring the first one of the linked section into view.
  function highlight() {
    var q = null, main = document.querySelector('main');
    try { q = sessionStorage.getItem('patience-hl'); sessionStorage.removeItem('patience-hl'); } catch (e) { /* none */ }
    if (!q || !main) return;
    var words = q.split(/\s+/).filter(function (w) { return w.length > 1; });
    if (!words.length) return;
    var src = words.map(function (w) { return w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }).join('|');
    var re = new RegExp(src, 'gi'), has = new RegExp(src, 'i');
    var walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
      acceptNode: function (n) { return n.parentNode.closest('script,style,svg,mark,.replay-controls') ? 2 : 1; }
    }), nodes = [], n, marks = [];
    while ((n = walk.nextNode()) && nodes.length < 500) if (has.test(n.data)) nodes.push(n);
    nodes.forEach(function (n) {
      var frag = document.createDocumentFragment(), s = n.data, last = 0, m;
      re.lastIndex = 0;
      while ((m = re.exec(s))) {
        frag.appendChild(document.createTextNode(s.slice(last, m.index)));
        marks.push(frag.appendChild(el('mark', 'search-hl', m[0])));
        last = m.index + m[0].length;
      }
      frag.appendChild(document.createTextNode(s.slice(last)));
      n.parentNode.replaceChild(frag, n);
    });
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    var first = marks.filter(function (m) {
      return !target || target.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING;
    })[0] || marks[0];
    if (first) first.scrollIntoView({ block: 'center' });
  }
  highlight();
})();
