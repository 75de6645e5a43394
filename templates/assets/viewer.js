/* patience replay viewer: plain JS, no network, no eval.
   Markup contract: cmd/patience/internal/viewer/viewer.go. */
(function () {
  'use strict';
  var SUITS = { C: ['\u2663', 'c'], S: ['\u2660', 's'], H: ['\u2665', 'h'], D: ['\u2666', 'd'] };
  var ORDER = ['talon', 'foundation', 'reserve', 'tableau'];

  // card("TH") is ["10", "♥", "h"]: rank, suit symbol, suit class.
  function card(code) {
    var s = SUITS[code.slice(-1)], r = code.slice(0, -1);
    return s && r ? [r === 'T' ? '10' : r, s[0], s[1]] : [code, '', ''];
  }
  function cardText(code) { var c = card(code); return c[0] + c[1]; }
  function groupOf(kind) {
    return kind === 'stock' || kind === 'waste' ? 'talon' : kind || 'other';
  }
  function stacked(kind) {
    return kind === 'foundation' || kind === 'stock' || kind === 'waste';
  }

  // The geometry of a .geo board, in ems of a pile's font, as viewer.css
  // has it: a declared card height is a ROW, a card CARD wide, a right
  // fan's strip at least STRIP wide; GAP is the least space between a pile
  // that grew and the row below it.
  var ROW = 4.4, CARD = 2.5, STRIP = 1.15, GAP = 0.25;
  function num(e, prop) { return parseFloat(e.style.getPropertyValue(prop)) || 0; }
  // fanLines is how many lines a right fan of n cards takes in a room of
  // slot card widths.
  function fanLines(slot, n) {
    var room = slot * CARD - CARD - 0.15;
    if (n < 2 || room / (n - 1) >= STRIP) return 1;
    var perLine = Math.max(1, Math.floor((room + 0.01) / STRIP) + 1);
    return Math.ceil(n / perLine);
  }

  // layouts applies the steps to the initial piles. Every card is an
  // object {c: code, k: key} that keeps its key while it moves, so the
  // drawing can follow it. at[n] maps pile id to cards (bottom first)
  // after n steps; unchanged piles share arrays. moved[n] lists the cards
  // that step n moved and ends[n] its source and destination piles.
  function layouts(data) {
    var key = 0, kind = {}, at = [{}], moved = [[]], ends = [[]];
    function mk(c) { return { c: c, k: key++ }; }
    function find(k, id) {
      if (id) return id;
      for (var p in kind) if (kind[p] === k) return p;
    }
    (data.piles || []).forEach(function (p) {
      kind[p.id] = p.kind;
      at[0][p.id] = (p.cards || []).map(mk);
    });
    (data.steps || []).forEach(function (s, i) {
      var cur = Object.assign({}, at[i]), cards = s.cards || [], from, to, src, m = [];
      if (s.action === 'redeal' && s.piles) {
        var pool = {}, kinds = {}, p;
        s.piles.forEach(function (p) { kinds[p.kind] = 1; });
        for (p in cur) if (kinds[kind[p]]) {
          cur[p].forEach(function (o) { (pool[o.c] = pool[o.c] || []).push(o); });
          cur[p] = [];
        }
        s.piles.forEach(function (p) {
          kind[p.id] = kind[p.id] || p.kind;
          cur[p.id] = (p.cards || []).map(function (c) { return (pool[c] && pool[c].shift()) || mk(c); });
        });
      } else if (s.action === 'redeal') {
        from = find('waste', s.from);
        to = find('stock', s.to);
        m = (cur[from] || []).slice().reverse();
        cur[to] = m.concat(cur[to] || []);
        cur[from] = [];
      } else {
        from = s.action === 'deal' ? find('stock', s.from) : s.from;
        to = s.action === 'deal' ? find('waste', s.to) : s.to;
        src = (cur[from] || []).slice();
        // Each card moved is looked for from the top down: the top card
        // for most moves, a buried one for some (a merci).
        (cards.length ? cards : [null]).forEach(function (c) {
          for (var j = src.length - 1; j >= 0 && c !== null && src[j].c !== c; j--);
          if (j < 0) j = src.length - 1;
          if (j >= 0) m.push(src.splice(j, 1)[0]);
        });
        cur[from] = src;
        cur[to] = (cur[to] || []).concat(m);
      }
      at.push(cur);
      moved.push(m);
      ends.push([from, to]);
    });
    return { kind: kind, at: at, moved: moved, ends: ends };
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  // fillCards draws the cards of a pile of kind into its box: cards are
  // {c: code, k: key} (a key, if any, lets a drawing follow the card),
  // bottom first; a stacked pile shows its top card and a count.
  function fillCards(box, kind, cards, marked) {
    var n = cards.length;
    box.textContent = '';
    box.setAttribute('data-n', n);
    box.style.setProperty('--n', n);
    if (!n) return box.appendChild(el('span', 'vh', 'empty'));
    if (kind === 'stock') {
      var b = box.appendChild(el('span', 'card back', n));
      return b.appendChild(el('span', 'vh', ' cards'));
    }
    (stacked(kind) ? cards.slice(-1) : cards).forEach(function (o) {
      var t = card(o.c), c = box.appendChild(el('span', 'card ' + t[2] + (marked[o.c] ? ' mark' : ''), t[0]));
      if (t[1]) c.appendChild(el('span', 'suit', t[1]));
      if (marked[o.c]) c.appendChild(el('span', 'vh', ' (marked)'));
      if (o.k != null) c.setAttribute('data-k', o.k);
    });
    if (stacked(kind) && n > 1) box.appendChild(el('span', 'count', n));
  }

  function Viewer(script) {
    var root = script.closest('.replay'), data;
    if (!root || root.classList.contains('js')) return;
    try { data = JSON.parse(script.textContent); } catch (e) { return; }
    var id = script.getAttribute('data-replay'), steps = data.steps || [], last = steps.length;
    var marked = {};
    (data.mark || []).forEach(function (c) { marked[c] = 1; });
    var L = layouts(data), $ = function (s) { return root.querySelector(s); };
    var board = $('.replay-board'), controls = $('.replay-controls'), slider = $('.replay-slider');
    var speed = $('.replay-speed'), pos = $('.replay-pos'), playBtn = $('[data-act=play]'), copyBtn = $('[data-act=copy]');
    var capEl = $('.replay-caption'), noteEl = $('.replay-note'), live = $('.replay-live'), now = $('.replay-now');
    var list = $('.replay-moves'), items = list ? list.querySelectorAll('li') : [];
    var piles = {}, drawn = {}, cur = -1, timer = 0, playing = false;
    var reduce = window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)');

    board.querySelectorAll('.pile').forEach(function (e) { piles[e.getAttribute('data-pile')] = e; });
    // A long note scrolls in its box: the box then takes the keyboard's
    // focus too, whenever its size or text changes.
    function keyScroll() { now.tabIndex = now.scrollHeight > now.clientHeight + 1 ? 0 : -1; }
    if (window.ResizeObserver) new ResizeObserver(keyScroll).observe(now);
    if (!last) { // a position alone: nothing to step through
      root.classList.add('js');
      return fit();
    }

    function pileEl(p) {
      if (piles[p]) return piles[p];
      var g = groupOf(L.kind[p]), ge = null;
      board.querySelectorAll('.replay-group').forEach(function (o) { if (o.getAttribute('data-group') === g) ge = o; });
      if (!ge) {
        ge = el('div', 'replay-group');
        ge.setAttribute('data-group', g);
        var i = ORDER.indexOf(g), next = null;
        board.querySelectorAll('.replay-group').forEach(function (o) {
          var j = ORDER.indexOf(o.getAttribute('data-group'));
          if (!next && i >= 0 && (j < 0 || j > i)) next = o;
        });
        board.insertBefore(ge, next);
      }
      var e = el('div', 'pile');
      e.setAttribute('data-pile', p);
      e.setAttribute('data-kind', L.kind[p] || '');
      e.appendChild(el('span', 'pile-id', p));
      e.appendChild(el('span', 'cards'));
      ge.appendChild(e);
      return (piles[p] = e);
    }

    function fill(p, cards) {
      fillCards(pileEl(p).querySelector('.cards'), L.kind[p], cards, marked);
    }

    function rects(keys) {
      var r = {};
      keys.forEach(function (k) {
        var c = board.querySelector('[data-k="' + k + '"]');
        if (c) r[k] = c.getBoundingClientRect();
      });
      return r;
    }

    function draw(n, prev) {
      var lay = L.at[n], ends = L.ends[n], p;
      var step = Math.abs(n - prev) === 1 ? Math.max(n, prev) : 0;
      var anim = step && steps[step - 1].action !== 'redeal' && !(reduce && reduce.matches);
      var keys = anim ? L.moved[step].map(function (o) { return o.k; }) : [];
      var before = rects(keys), from = anim && piles[L.ends[step][n > prev ? 0 : 1]];
      for (p in lay) if (lay[p] !== drawn[p]) fill(p, lay[p]);
      for (p in drawn) if (!lay[p]) fill(p, []);
      drawn = lay;
      board.querySelectorAll('.moved,.src,.dst').forEach(function (e) { e.classList.remove('moved', 'src', 'dst'); });
      L.moved[n].forEach(function (o) {
        var c = board.querySelector('[data-k="' + o.k + '"]');
        if (c) c.classList.add('moved');
      });
      if (piles[ends[0]]) piles[ends[0]].classList.add('src');
      if (piles[ends[1]]) piles[ends[1]].classList.add('dst');
      keys.forEach(function (k) {
        var c = board.querySelector('[data-k="' + k + '"]');
        var a = before[k] || (from && from.querySelector('.cards').getBoundingClientRect());
        if (!c || !a) return;
        var b = c.getBoundingClientRect();
        c.style.transition = 'none';
        c.style.transform = 'translate(' + (a.left - b.left) + 'px,' + (a.top - b.top) + 'px)';
        c.getBoundingClientRect(); // apply the start position before the transition
        c.style.transition = c.style.transform = '';
      });
    }

    // fit gives each fan the room of its longest state and tells the
    // stylesheet the board's height in card widths, so that the board is
    // scaled to fit the window's height as well as its width. A fan never
    // narrows its strips below what shows a card's rank and suit: a right
    // fan longer than its room goes on in another line below (viewer.css),
    // and spread moves the rows below it down.
    function fit() {
      if (!board.classList.contains('geo')) return;
      var one;
      for (var p in piles) {
        one = piles[p];
        var fan = one.getAttribute('data-fan');
        if (!fan) continue;
        var most = 1;
        L.at.forEach(function (lay) { most = Math.max(most, (lay[p] || []).length); });
        one.style.setProperty('--maxn', most);
        if (fan === 'r') one.style.setProperty('--lines', fanLines(num(one, '--slot'), most));
      }
      spread();
      var u = one && parseFloat(getComputedStyle(one).fontSize) * 2.5;
      if (u) board.style.setProperty('--bhu', (board.offsetHeight / u).toFixed(2));
    }

    // spread gives each row of piles the offset (--dy, in ems) that keeps
    // it clear of the piles above it that grew past their declared room.
    function spread() {
      var all = [], fs = 0;
      for (var p in piles) {
        var e = piles[p];
        e.style.removeProperty('--dy');
        all.push({ e: e, x: num(e, '--x'), y: num(e, '--y'), w: e.getAttribute('data-fan') === 'r' ? num(e, '--slot') : 1 });
      }
      if (!all.length || !(fs = parseFloat(getComputedStyle(all[0].e).fontSize))) return;
      all.forEach(function (o) { o.h = o.e.offsetHeight / fs; });
      all.sort(function (a, b) { return a.y - b.y; });
      var dy = 0;
      for (var i = 0; i < all.length;) {
        var j = i, y = all[i].y;
        while (j < all.length && all[j].y - y < 1e-6) j++;
        for (var a = 0; a < i; a++) {
          var o = all[a];
          for (var b = i; b < j; b++) {
            var q = all[b];
            if (o.x < q.x + q.w - 1e-6 && q.x < o.x + o.w - 1e-6) dy = Math.max(dy, o.y * ROW + o.dy + o.h + GAP - y * ROW);
          }
        }
        for (; i < j; i++) {
          all[i].dy = dy;
          if (dy > 0.001) all[i].e.style.setProperty('--dy', dy.toFixed(3) + 'em');
        }
      }
    }

    function caption(n) {
      var s = steps[n - 1];
      if (items[n]) return items[n].querySelector('a').textContent;
      if (!s) return 'Start';
      return s.caption || (s.cards || []).map(cardText).join(' ') + ' from ' + s.from + ' to ' + s.to;
    }

    // setHash says the step in the address, keeping what follows a step
    // of this replay after "&" (the play panel's solution carries its
    // line there).
    function setHash(push) {
      var h = '#' + id + '/' + cur, now = location.hash, amp = now.indexOf('&');
      var keep = amp >= 0 && stepOf(now.slice(1, amp))[0] === id ? now.slice(amp) : '';
      if (stepOf(now.slice(1))[0] === id && stepOf(now.slice(1))[1] === String(cur)) return;
      try { history[push ? 'pushState' : 'replaceState'](null, '', h + keep); } catch (e) { /* throttled */ }
    }

    // go shows step n. how: {hash: 0 (leave the URL), 1 (replace), 2 (push); quiet: no announcement}
    function go(n, how) {
      how = how || {};
      n = Math.max(0, Math.min(last, n | 0));
      if (n === cur) return;
      var prev = cur, s = steps[n - 1], note = (s ? s.note : data.note) || '';
      cur = n;
      draw(n, prev); // the first draw replaces the static board
      slider.value = n;
      pos.textContent = n + ' / ' + last;
      capEl.textContent = caption(n);
      noteEl.textContent = note;
      now.setAttribute('data-shown', 'Step ' + n + ' of ' + last); // printed with the board
      keyScroll();
      if (items[prev]) {
        items[prev].classList.remove('current');
        items[prev].removeAttribute('aria-current');
      }
      var li = items[n];
      if (li) {
        li.classList.add('current');
        li.setAttribute('aria-current', 'step');
        var d = li.getBoundingClientRect().top - list.getBoundingClientRect().top;
        if (d < 0 || d + li.offsetHeight > list.clientHeight) {
          list.scrollTop += d - (list.clientHeight - li.offsetHeight) / 2;
        }
      }
      if (!how.quiet) live.textContent = 'Step ' + n + ' of ' + last + ': ' + caption(n) + (note ? '. ' + note : '');
      if (how.hash !== 0 && !playing) setHash(how.hash === 2);
      if (copyBtn) copyBtn.textContent = 'Copy link';
    }

    // play starts or stops autoplay; stopping records the step in the URL
    // unless keepURL.
    function play(on, keepURL) {
      clearTimeout(timer);
      playing = on;
      playBtn.textContent = on ? '\u275a\u275a' : '\u25b6\ufe0e';
      playBtn.setAttribute('aria-label', on ? 'Pause' : 'Play');
      if (!on) return keepURL || setHash();
      if (cur >= last) go(0, { hash: 0 });
      (function tick() {
        timer = setTimeout(function () {
          go(cur + 1, { hash: 0 });
          if (cur < last) tick(); else play(false);
        }, +speed.value || 1000);
      })();
    }

    function to(n, how) {
      if (playing) play(false, true);
      go(n, how);
    }

    // copy puts the link to the shown step on the clipboard, or shows it
    // where the clipboard is not available.
    function copy() {
      var url = location.href.split('#')[0] + '#' + id + '/' + cur, done = function (ok) {
        live.textContent = ok ? 'Link to step ' + cur + ' copied' : 'The link to step ' + cur + ' is in the address bar';
        copyBtn.textContent = ok ? 'Link copied' : 'Link in the address bar';
        if (!ok) setHash();
      };
      try { navigator.clipboard.writeText(url).then(function () { done(true); }, function () { done(false); }); } catch (e) { done(false); }
    }

    function act(a) {
      if (a === 'play') return play(!playing);
      if (a === 'copy') return copy();
      to({ first: 0, prev: cur - 1, next: cur + 1, last: last }[a]);
    }

    function fromHash(scroll) {
      var h = location.hash.slice(1), at = stepOf(h);
      if (at[0] === id && /^\d+$/.test(at[1])) {
        to(+at[1], { hash: 0 });
        if (+at[1] > last) setHash(); // #id/9999 becomes #id/<last>
        var r = root.getBoundingClientRect();
        if (scroll && (r.top < 0 || r.top > innerHeight)) root.scrollIntoView();
      } else if (!h) {
        to(0, { hash: 0 });
      }
    }

    root.classList.add('js');
    root.tabIndex = 0;
    root.setAttribute('aria-keyshortcuts', 'ArrowLeft ArrowRight Home End Space');
    controls.hidden = false;
    controls.addEventListener('click', function (e) {
      var b = e.target.closest('button');
      if (b) act(b.getAttribute('data-act'));
    });
    slider.addEventListener('input', function () { to(+slider.value, { hash: 0 }); });
    slider.addEventListener('change', function () { setHash(); });
    speed.addEventListener('change', function () { if (playing) play(true); });
    if (list) list.addEventListener('click', function (e) {
      var li = e.target.closest('li');
      if (!li || e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      to(+li.getAttribute('data-step'), { hash: 2 });
    });
    root.addEventListener('keydown', function (e) {
      var t = e.target.tagName, k = e.key;
      var n = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: last }[k];
      if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(t) || e.target.isContentEditable) return;
      if (k === ' ' || k === 'Spacebar') {
        if (t === 'BUTTON') return;
        play(!playing);
      } else if (n === undefined) {
        return;
      } else {
        to(n);
      }
      e.preventDefault();
    });
    // A swipe across the board steps: left for the next step, right for the previous.
    var touch = null;
    board.addEventListener('pointerdown', function (e) { touch = e.pointerType === 'touch' ? [e.clientX, e.clientY] : null; });
    board.addEventListener('pointerup', function (e) {
      if (!touch) return;
      var dx = e.clientX - touch[0], dy = e.clientY - touch[1];
      touch = null;
      if (Math.abs(dx) > 40 && Math.abs(dy) < Math.abs(dx) / 2) to(cur + (dx < 0 ? 1 : -1), { hash: 1 });
    });
    addEventListener('hashchange', function () { fromHash(true); });
    addEventListener('popstate', function () { fromHash(false); });

    go(0, { hash: 0, quiet: true });
    fit();
    fromHash(true);
    if (document.readyState !== 'complete') addEventListener('load', function () { fromHash(true); });
  }

  if (typeof document === 'undefined') {
    if (typeof module === 'object') module.exports = { layouts: layouts, card: card };
    return;
  }
  // stepOf reads a fragment (without its "#") as [id, step]: "ID/STEP",
  // and anything after "&" set aside; ['', ''] when it is not one.
  function stepOf(h) {
    var amp = h.indexOf('&');
    if (amp >= 0) h = h.slice(0, amp);
    try { h = decodeURIComponent(h); } catch (e) { return ['', '']; }
    var i = h.lastIndexOf('/');
    return i < 0 ? ['', ''] : [h.slice(0, i), h.slice(i + 1)];
  }

  // missing tells the reader when the URL names a step of a replay that is
  // not on this page (#nonexistent/3), at the top of the page.
  function missing() {
    var h, m, note = document.querySelector('.replay-missing'), main = document.querySelector('main');
    var at = stepOf(location.hash.slice(1));
    h = at[0] + '/' + at[1];
    m = /^(.+)\/(\d+)$/.exec(h);
    var gone = m && !document.getElementById(m[1]) && !document.getElementById(h);
    if (!gone) return note && note.remove();
    if (!note && main) {
      note = main.insertBefore(el('p', 'replay-missing'), main.firstChild);
      note.setAttribute('role', 'status');
    }
    if (note) note.textContent = 'This page has no replay \u201c' + m[1] + '\u201d (the link asked for its step ' + m[2] + ').';
  }

  function init() {
    var all = document.querySelectorAll('script[data-replay]'), skip = document.querySelector('.skip-link');
    all.forEach(Viewer);
    if (all.length && skip) {
      var a = el('a', 'skip-link', all.length > 1 ? 'Skip to the first replay' : 'Skip to the replay');
      a.href = '#' + all[0].getAttribute('data-replay');
      skip.parentNode.insertBefore(a, skip.nextSibling);
    }
    missing();
    addEventListener('hashchange', missing);
  }
  // For other scripts (a replay made in the page): mount starts the viewer
  // of a figure.replay made by viewer.Render and already in the document.
  window.PatienceViewer = {
    mount: function (figure) {
      var s = figure && figure.querySelector('script[data-replay]');
      if (s) Viewer(s);
    },
    // fillPile draws a pile of a board (its element, with data-kind)
    // holding the cards (codes, bottom first): the play panel draws a
    // move so before the engine's answer comes.
    fillPile: function (pile, codes) {
      fillCards(pile.querySelector('.cards'), pile.getAttribute('data-kind'), codes.map(function (c) { return { c: c }; }), {});
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init); else init();
})();
