/* patience: play and solve any deal, loaded by assets/play.js on first
   use. Every rule is the engine's (package cmd/patience/internal/play,
   WebAssembly in Web Workers, see play-worker.js): this script only
   sends what the reader clicked and shows the answers. Requests carry
   the whole line played so far, so a worker can be stopped at any time
   (a cancelled solve) and a new one started. */
(function () {
  'use strict';
  var SUITS = { C: '\u2663', S: '\u2660', H: '\u2665', D: '\u2666' };
  var STOPPED = 'stopped';
  var AUTO = 'patience-auto-move'; // localStorage: "1" when Auto-move is on

  // cardText("TH") is "10♥", for labels.
  function cardText(code) {
    var r = code.slice(0, -1);
    return (r === 'T' ? '10' : r) + (SUITS[code.slice(-1)] || code.slice(-1));
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function button(text, onClick, cls) {
    var b = el('button', cls, text);
    b.type = 'button';
    b.addEventListener('click', onClick);
    return b;
  }
  function num(n) { return Math.round(n).toLocaleString('en'); }
  function secs(ms) { return (ms / 1000).toFixed(1) + ' s'; }

  // The engine, compiled once and shared by the workers.
  // onProgress, if given, is told the bytes received and the total as
  // the download goes.
  var modulePromise = null;
  function loadModule(root, onProgress) {
    if (!modulePromise) {
      modulePromise = fetch(root + 'assets/play.wasm.gz').then(function (r) {
        if (!r.ok) throw new Error('assets/play.wasm.gz: HTTP ' + r.status);
        var total = +r.headers.get('Content-Length');
        if (!onProgress || !total || !r.body || !r.body.getReader) return r.arrayBuffer();
        var reader = r.body.getReader(), parts = [], got = 0;
        return (function next() {
          return reader.read().then(function (c) {
            if (c.done) return new Blob(parts).arrayBuffer();
            parts.push(c.value);
            got += c.value.length;
            onProgress(got, total);
            return next();
          });
        })();
      }).then(function (buf) {
        var b = new Uint8Array(buf, 0, 2);
        if (b[0] !== 0x1f || b[1] !== 0x8b) return buf; // a server unpacked it already
        if (typeof DecompressionStream === 'undefined') throw new Error('this browser cannot unpack the engine (no DecompressionStream)');
        return new Response(new Blob([buf]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
      }).then(function (bytes) { return WebAssembly.compile(bytes); });
      modulePromise.catch(function () { modulePromise = null; });
    }
    return modulePromise;
  }

  // A game the site declares (content/games/<slug>.game): its
  // declaration and its viewer skeletons, fetched once, go with every
  // request, and the worker registers the game (play.Request).
  var declPromise = null;
  function loadDeclaration(url) {
    if (!url) return Promise.resolve(null);
    if (!declPromise) {
      var text = function (u) {
        return fetch(u).then(function (r) {
          if (!r.ok) throw new Error(u + ': HTTP ' + r.status);
          return r.text();
        });
      };
      declPromise = Promise.all([text(url), text(url.replace(/\.game$/, '.skeletons.txt'))]);
      declPromise.catch(function () { declPromise = null; });
    }
    return declPromise;
  }

  // Engine is one worker, started on demand; stop ends it at once (its
  // pending requests fail with STOPPED). decl is the URL of the game's
  // declaration, if the site declares it.
  function Engine(root, decl) { this.root = root; this.decl = decl; this.w = null; this.pending = {}; this.seq = 0; }
  Engine.prototype.ask = function (req, onProgress) {
    var self = this;
    return Promise.all([loadModule(this.root), loadDeclaration(this.decl)]).then(function (got) {
      var mod = got[0];
      if (got[1]) {
        req.declaration = got[1][0];
        req.skeletons = got[1][1];
      }
      if (!self.w) {
        var w = self.w = new Worker(self.root + 'assets/play-worker.js');
        w.onmessage = function (e) {
          var m = e.data, p = self.pending[m.id];
          if (m.failed) return self.fail(new Error(m.failed));
          if (!p) return;
          if (m.progress) return p.progress && p.progress(m.progress);
          delete self.pending[m.id];
          p.resolve(m.res);
        };
        w.onerror = function (e) { e.preventDefault(); self.fail(new Error(e.message || 'the engine\u2019s worker failed')); };
        w.postMessage({ module: mod });
      }
      return new Promise(function (resolve, reject) {
        var id = ++self.seq;
        self.pending[id] = { resolve: resolve, reject: reject, progress: onProgress };
        self.w.postMessage({ id: id, req: req, progress: !!onProgress });
      });
    });
  };
  Engine.prototype.busy = function () { return Object.keys(this.pending).length > 0; };
  Engine.prototype.fail = function (err) {
    if (this.w) this.w.terminate();
    this.w = null;
    var p = this.pending;
    this.pending = {};
    for (var id in p) p[id].reject(err);
  };
  Engine.prototype.stop = function () { this.fail(new Error(STOPPED)); };

  function init(o) {
    var section = o.section, form = o.form, status = o.status, out = o.out, input = o.input;
    var game = section.getAttribute('data-game');
    var decl = section.getAttribute('data-declaration');
    var play = new Engine(o.root, decl), check = new Engine(o.root, decl), solver = new Engine(o.root, decl);
    // st is the game being played: its deal, variant and moves (in the
    // engine's notation), the moves undone, the last answer, the verdicts
    // of "Still winnable?" by line and the picked card.
    var st = null, sel = null;
    var verdicts = {}, lostAt = {};

    function variantOf() {
      var v = form.querySelector('[name=variant]');
      return v ? v.value : '';
    }
    function req(op, extra) {
      var r = { op: op, game: game, variant: st.variant, deal: st.deal, moves: st.moves.slice() };
      for (var k in extra || {}) r[k] = extra[k];
      return r;
    }
    function say(text) { status.textContent = text; }
    // answered counts the play worker's answers drawn (tests wait on it).
    var answers = 0;
    function answered() { section.setAttribute('data-answered', ++answers); }
    function busy(on) { if (on) section.setAttribute('aria-busy', 'true'); else section.removeAttribute('aria-busy'); }
    function failed(e) {
      busy(false);
      if (e && e.message === STOPPED) return;
      say('The engine failed: ' + (e && e.message || e));
    }

    // ---- sharing: #play=DEAL&variant=V&moves=M1,M2 ----
    function hashOf() {
      var p = new URLSearchParams();
      p.set('play', st.deal);
      if (st.variant) p.set('variant', st.variant);
      if (st.moves.length) p.set('moves', st.moves.join(','));
      return '#' + p.toString();
    }
    // setHash says the game in the address: a new game is a new history
    // entry (push), its moves replace it (Undo and Redo are per move).
    function setHash(push) {
      var h = hashOf();
      if (location.hash === h) return;
      try { history[push ? 'pushState' : 'replaceState'](null, '', h); } catch (e) { /* throttled */ }
    }

    // ---- the play view ----
    var view = null;
    function playView() {
      if (view) return view;
      out.textContent = '';
      view = {
        bar: el('div', 'play-bar'),
        check: el('p', 'play-check'),
        board: el('div', 'play-board'),
        refusal: el('p', 'play-refusal'),
        refusalLive: el('p', 'vh'),
        line: el('div', 'play-line'),
        keys: el('p', 'play-keys'),
        moves: el('ol', 'play-moves'),
        live: el('p', 'vh'),
        copy: el('textarea', 'play-copy')
      };
      view.bar.setAttribute('role', 'group');
      view.bar.setAttribute('aria-label', 'Play');
      view.undo = button('Undo', undo);
      view.redo = button('Redo', redo);
      view.hint = button('Hint', hint);
      // Shown only while the engine says a redeal is legal.
      view.redeal = button('Redeal', function () { act({ action: 'redeal' }); }, 'play-redeal');
      view.redeal.hidden = true;
      // Shown while the engine says every card left goes home by itself.
      view.finish = button('Finish', finish, 'play-finish');
      view.finish.hidden = true;
      // Auto-move: the engine plays the cards its sound rules prove safe
      // to send home after each move (offered where the game has any).
      view.auto = el('label', 'play-auto');
      view.autoBox = el('input');
      view.autoBox.type = 'checkbox';
      view.autoBox.checked = autoOn();
      view.autoBox.addEventListener('change', function () {
        try { localStorage.setItem(AUTO, view.autoBox.checked ? '1' : '0'); } catch (e) { /* no storage */ }
        if (view.autoBox.checked) autoNow();
      });
      view.auto.appendChild(view.autoBox);
      view.auto.appendChild(document.createTextNode(' Auto-move safe cards'));
      view.auto.title = 'After each move, send home the cards the solver proves safe to send (one move each in the list; Undo takes them back one by one)';
      view.auto.hidden = true;
      view.bar.appendChild(view.undo);
      view.bar.appendChild(view.redo);
      view.bar.appendChild(view.hint);
      view.bar.appendChild(view.redeal);
      view.bar.appendChild(view.finish);
      view.bar.appendChild(button('Solve from here', function () { solve(0, true); }, 'play-solve-here'));
      view.bar.appendChild(button('Copy as replay', function () { copy(st.res.replay); }));
      view.bar.appendChild(view.auto);
      view.keys.innerHTML = 'Click or tap a card, then the pile it goes to, or drag it there; click it twice to send it home; click the stock to deal. ' +
        'Keys: <kbd>Tab</kbd> or the arrows to a pile, <kbd>Enter</kbd> picks its top card (once the merci may be played, <kbd>\u2191</kbd> <kbd>\u2193</kbd> pick a card deeper in it), ' +
        'the arrows to the destination, <kbd>Enter</kbd> plays; <kbd>Esc</kbd> drops the card; <kbd>U</kbd> undoes, <kbd>R</kbd> redoes, <kbd>H</kbd> asks a hint.';
      view.moves.setAttribute('aria-label', 'Moves played');
      view.moves.tabIndex = 0; // it scrolls: reachable by keyboard (axe scrollable-region-focusable)
      view.live.setAttribute('aria-live', 'polite');
      view.copy.readOnly = true;
      view.copy.hidden = true;
      view.copy.setAttribute('aria-label', 'The line in replay notation');
      view.check.setAttribute('role', 'status');
      // "Still winnable?" comes under the board: its answer, a line or
      // two, must not move the board while the reader aims at a card.
      // A refusal is shown at the pile it concerns and announced once,
      // by a live region that is always there (one shown only now would
      // not be heard).
      view.refusal.hidden = true;
      view.refusal.setAttribute('aria-hidden', 'true');
      view.refusalLive.setAttribute('aria-live', 'assertive');
      view.board.appendChild(view.refusal);
      [view.bar, view.board, view.check, view.line, view.keys, view.moves, view.live, view.refusalLive, view.copy].forEach(function (e) { out.appendChild(e); });
      view.bar.addEventListener('click', refused);
      view.board.addEventListener('click', onBoardClick);
      view.board.addEventListener('focusin', function (e) {
        var pe = e.target.closest && e.target.closest('.pile[data-pile]');
        if (!pe || pe.tabIndex === 0) return;
        view.board.querySelectorAll('.pile[tabindex="0"]').forEach(function (o) { o.tabIndex = -1; });
        pe.tabIndex = 0;
        rove = pe.getAttribute('data-pile');
      });
      view.board.addEventListener('dblclick', onBoardDoubleClick);
      view.board.addEventListener('pointerdown', onPointerDown);
      view.board.addEventListener('pointermove', onPointerMove);
      view.board.addEventListener('pointerup', onPointerUp);
      view.board.addEventListener('pointercancel', endDrag);
      view.board.addEventListener('keydown', onBoardKey);
      return view;
    }

    // show draws the answer res to a position request.
    function show(res, announce) {
      st.res = res;
      var v = playView();
      var focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('.play-board .pile');
      var focusID = focused && focused.getAttribute('data-pile');
      var old = v.board.querySelector('figure.replay');
      var holder = el('div');
      holder.innerHTML = res.figure;
      var fig = holder.firstElementChild;
      if (old) v.board.replaceChild(fig, old); else v.board.appendChild(fig);
      if (window.PatienceViewer && fig) window.PatienceViewer.mount(fig);
      sel = null;
      decorate();
      if (focusID) {
        var p = v.board.querySelector('.pile[data-pile="' + focusID + '"]');
        if (p) p.focus();
      }
      v.undo.disabled = !st.moves.length;
      v.redo.disabled = !st.redo.length;
      v.hint.disabled = !!res.over;
      v.redeal.hidden = !res.redeal;
      v.finish.hidden = !res.finish || res.won;
      v.auto.hidden = !res.safe;
      v.line.textContent = '';
      if (res.line) {
        v.line.innerHTML = res.line;
        var lf = v.line.querySelector('figure.replay');
        if (window.PatienceViewer && lf) window.PatienceViewer.mount(lf);
      }
      drawMoves();
      if (announce) v.live.textContent = announce;
      if (res.over) say(res.over + (res.line && !st.moves.length ? ' The rules play every move of this game; step through them below.' : ''));
      winnable();
    }

    // decorate makes every pile of the board a button.
    // rove is the pile in the Tab order: the last one focused.
    var rove = null;
    function decorate() {
      var piles = {}, one = view.board.querySelector('.pile[data-pile]'), first = one && one.getAttribute('data-pile');
      if (rove && !pileEl(rove)) rove = null;
      st.res.piles.forEach(function (p) { piles[p.id] = p; });
      view.board.querySelectorAll('.pile[data-pile]').forEach(function (e) {
        var p = piles[e.getAttribute('data-pile')];
        if (!p) return;
        var n = p.cards.length;
        // One pile is in the Tab order (the last one focused); the
        // arrows move between them.
        e.tabIndex = p.id === (rove || first) ? 0 : -1;
        e.setAttribute('role', 'button');
        var base = !n && (st.res.bases || {})[p.id], name = (st.res.names || {})[p.id] || p.id;
        // Its name is its text: its label on the board (what voice
        // control users say), then for screen readers its name in words
        // and, when empty, what it takes: "t3, fan 3: 7♦ Q♣",
        // "f1, foundation 1, A♣ up to K: empty".
        var id = e.querySelector('.pile-id'), words = el('span', 'vh play-name', ', ' + name + (base ? ', ' + base.rule : '') + ': ');
        if (id) id.parentNode.insertBefore(words, id.nextSibling);
        if (base) {
          // An empty foundation shows the card it starts with.
          var b = el('span', 'card play-base ' + ({ '\u2663': 'c', '\u2660': 's', '\u2665': 'h', '\u2666': 'd' }[base.card.slice(-1)] || ''), base.card);
          b.setAttribute('aria-hidden', 'true');
          b.title = base.rule;
          e.querySelector('.cards').appendChild(b);
        }
      });
      lastMove();
    }

    // lastMove marks the piles of the last move (and of the forced moves
    // that followed it); the engine's own moves (Auto-move, Finish) are
    // marked with the reader's move before them.
    function lastMove() {
      var steps = st.res.steps, first = st.moves.length - 1 - (st.res.auto || 0);
      for (var i = steps.length - 1; i >= 0 && (steps[i].auto || steps[i].move >= first); i--) {
        var f = pileEl(steps[i].from), t = pileEl(steps[i].to);
        if (f) f.classList.add('play-from');
        if (t) t.classList.add('play-to');
        if (!steps[i].auto && steps[i].move === first) break;
      }
    }

    function drawMoves() {
      var v = view, list = v.moves;
      list.textContent = '';
      var lost = lostAt[st.moves.join(',')] || lostLine();
      st.res.steps.forEach(function (s, i) {
        var li = el('li', s.auto ? 'auto' : '');
        if (s.auto || s.move === st.moves.length - 1) li.textContent = s.caption;
        else {
          // An earlier move of the reader's: a click goes back to it.
          var back = button(s.caption, function () { backTo(s.move + 1); }, 'play-back');
          back.title = 'Back to the position after this move (Redo comes forward again)';
          li.appendChild(back);
        }
        if (s.auto && !/forced/i.test(s.caption)) li.appendChild(el('span', 'tag', ' forced'));
        if (lost && s.move === lost - 1 && !s.auto) {
          li.classList.add('play-lost');
          li.appendChild(el('span', 'tag', ' \u2190 this move lost the game'));
        }
        list.appendChild(li);
      });
      list.scrollTop = list.scrollHeight;
    }
    // lostLine finds the move, in the line played, that turned a
    // position found winnable into one proved lost.
    function lostLine() {
      for (var n = st.moves.length; n > 0; n--) {
        var k = st.moves.slice(0, n).join(','), prev = st.moves.slice(0, n - 1).join(',');
        if (verdicts[k] === 'lost' && verdicts[prev] === 'won') return n;
      }
      return 0;
    }

    function stepsText(res, from) {
      return res.steps.slice(from).map(function (s) { return s.caption; }).join('; ');
    }

    // ---- refusals ----
    // refuse shows the engine's reason at the pile id (or the board's
    // top), inside the viewport; refused() takes it away.
    function refuse(text, id) {
      var r = view.refusal;
      r.textContent = text;
      view.refusalLive.textContent = text;
      r.hidden = false;
      var box = view.board.getBoundingClientRect();
      var pe = id && view.board.querySelector('.pile[data-pile="' + id + '"]');
      var at = pe ? pe.getBoundingClientRect() : box;
      var h = r.offsetHeight, top = at.bottom + 4;
      if (top + h > innerHeight) top = at.top - h - 4;
      top = Math.max(4, Math.min(top, innerHeight - h - 4));
      r.style.top = (top - box.top) + 'px';
    }
    function refused() {
      if (view && !view.refusal.hidden) {
        view.refusal.hidden = true;
        view.refusal.textContent = '';
        view.refusalLive.textContent = '';
      }
    }

    // ---- moves ----
    // act plays an action of the bar (a redeal).
    function act(extra) {
      sel = null;
      markSel();
      clearHint();
      attempt(extra);
    }
    // clicked is when the click (or key) that made the attempt came: the
    // time to the board showing the move is measured from it
    // ("patience-move" on the page's performance timeline).
    var clicked = null;
    // The play worker's requests go one after the other, each made from
    // the answer to the one before (serial), so that a quick second move
    // is made in the position the first left.
    var chain = Promise.resolve(), queued = 0;
    function serial(f) {
      queued++;
      var done = function () { queued--; };
      chain = chain.then(f).then(done, function (e) { done(); failed(e); });
      return chain;
    }
    function measure(t0) {
      if (t0 != null && performance.measure) requestAnimationFrame(function () { performance.measure('patience-move', { start: t0, end: performance.now() }); });
    }
    function pileEl(id) { return id ? view.board.querySelector('.pile[data-pile="' + id + '"]') : null; }
    // preview draws the attempt at once when the engine's last answer
    // listed it among the legal moves; the answer then draws the board
    // again, with the forced moves that follow.
    function preview(extra) {
      var m = null;
      (st.res.legal || []).forEach(function (l) {
        if (m || extra.action || l.from !== extra.from) return;
        var to = extra.to === 'f' ? pileInfo(l.to) && pileInfo(l.to).kind === 'foundation' : l.to === extra.to;
        if (extra.to == null ? l.action === 'deal' : to && l.card === extra.card && l.action !== 'deal') m = l;
      });
      var P = window.PatienceViewer, fe = m && pileEl(m.from), te = m && pileEl(m.to);
      if (!fe || !te || !P || !P.fillPile) return false;
      var from = pileInfo(m.from).cards.slice(), to = pileInfo(m.to).cards.slice(), i = from.lastIndexOf(m.card);
      if (i < 0) return false;
      from.splice(i, 1);
      to.push(m.card);
      P.fillPile(fe, from);
      P.fillPile(te, to);
      return true;
    }
    function attempt(extra) {
      var t0 = clicked, drawn = false;
      clicked = null;
      if (!queued && preview(extra)) {
        drawn = true;
        measure(t0);
      }
      serial(function () {
        var before = st.res.steps.length;
        busy(true);
        if (autoOn() && st.res.safe) extra.auto = true;
        return play.ask(req('move', extra)).then(function (res) {
          busy(false);
          if (res.error) {
            answered();
            return say(res.error);
          }
          if (res.illegal) {
            sel = null;
            if (drawn) show(st.res); else markSel();
            refuse('Not allowed: ' + res.illegal, pileEl(extra.to) ? extra.to : extra.from);
            answered();
            return;
          }
          st.moves = res.moves;
          st.redo = [];
          setHash(false);
          say('');
          show(res, 'Move ' + (st.moves.length - (res.auto || 0)) + ': ' + stepsText(res, before));
          answered();
          if (!drawn) measure(t0);
        });
      });
    }
    // engineMoves asks the engine to play its own moves (op "auto": the
    // safe ones; "finish": every card left home), as moves of the line.
    function engineMoves(op, what) {
      serial(function () {
        var before = st.res.steps.length;
        busy(true);
        return play.ask(req(op)).then(function (res) {
          busy(false);
          answered();
          if (res.error) return say(res.error);
          if (!res.auto) return;
          st.moves = res.moves;
          st.redo = [];
          setHash(false);
          show(res, what + ': ' + stepsText(res, before));
        });
      });
    }
    function finish() { refused(); clearHint(); engineMoves('finish', 'Finished'); }
    function autoNow() { if (st && st.res && st.res.safe) engineMoves('auto', 'Auto-moved'); }
    function autoOn() {
      try { return localStorage.getItem(AUTO) === '1'; } catch (e) { return false; }
    }
    function goTo(moves, redo, announce) {
      var old = st.moves;
      st.moves = moves;
      busy(true);
      return play.ask(req('position')).then(function (res) {
        busy(false);
        if (res.error) {
          st.moves = old;
          return say(res.error);
        }
        st.redo = redo;
        say('');
        show(res, announce);
        answered();
      }, failed);
    }
    // backTo goes back to the position after n moves; the moves after
    // it can be redone.
    function backTo(n) {
      serial(function () {
        if (n >= st.moves.length) return;
        return goTo(st.moves.slice(0, n), st.redo.concat(st.moves.slice(n).reverse()), 'Back to move ' + n).then(function () { setHash(false); });
      });
    }
    // undo and redo are made from the position the moves before them
    // leave (serial).
    function undo() {
      serial(function () {
        if (!st.moves.length) return;
        var last = st.res.steps.filter(function (s) { return s.move === st.moves.length - 1; }).map(function (s) { return s.caption; }).join('; ');
        return goTo(st.moves.slice(0, -1), st.redo.concat([st.moves[st.moves.length - 1]]), 'Undone: ' + last).then(function () { setHash(false); });
      });
    }
    function redo() {
      serial(function () {
        if (!st.redo.length) return;
        var before = st.res.steps.length;
        return goTo(st.moves.concat([st.redo[st.redo.length - 1]]), st.redo.slice(0, -1)).then(function () {
          view.live.textContent = 'Redone: ' + stepsText(st.res, before);
          setHash(false);
        });
      });
    }

    // ---- picking cards ----
    function pileInfo(id) {
      var p = null;
      st.res.piles.forEach(function (q) { if (q.id === id) p = q; });
      return p;
    }
    function markSel() {
      view.board.querySelectorAll('.play-sel').forEach(function (e) { e.classList.remove('play-sel'); e.removeAttribute('aria-pressed'); });
      if (!sel) return;
      var pe = view.board.querySelector('.pile[data-pile="' + sel.pile + '"]');
      if (!pe) return;
      pe.classList.add('play-sel');
      pe.setAttribute('aria-pressed', 'true');
      var cards = pe.querySelectorAll('.cards > .card'), p = pileInfo(sel.pile);
      var i = cards.length === p.cards.length ? sel.depth : cards.length - 1;
      if (cards[i]) cards[i].classList.add('play-sel');
    }
    // pick is a click (or Enter) on pile id, on its card at depth (or
    // its top card).
    function pick(id, depth) {
      var p = pileInfo(id);
      if (!p) return;
      clearHint();
      if (sel && sel.pile !== id) {
        var from = sel;
        sel = null;
        markSel();
        return attempt({ from: from.pile, card: pileInfo(from.pile).cards[from.depth], to: id });
      }
      if (sel && performance.now() - sel.at < 400) return sendHome();
      if (sel && sel.depth < p.cards.length - 1) {
        // A buried card (the merci) may go onto its own fan.
        var buried = sel;
        sel = null;
        markSel();
        return attempt({ from: id, card: p.cards[buried.depth], to: id });
      }
      if (sel) {
        sel = null;
        markSel();
        view.live.textContent = 'Dropped';
        return;
      }
      if (p.kind === 'stock') return attempt({ from: id });
      if (!p.cards.length) return refuse('Nothing to pick: this pile is empty.', id);
      sel = { pile: id, depth: depth == null ? p.cards.length - 1 : depth, at: performance.now() };
      markSel();
      view.live.textContent = 'Picked ' + cardText(p.cards[sel.depth]) + ' from ' + ((st.res.names || {})[id] || id) + '. Now choose where it goes.';
    }
    // sendHome sends the picked card to a foundation that takes it, if
    // one does (the engine says which): a second click (or tap) on it
    // soon after the first, or a double click.
    function sendHome() {
      var home = sel;
      sel = null;
      markSel();
      return attempt({ from: home.pile, card: pileInfo(home.pile).cards[home.depth], to: 'f' });
    }
    function onBoardDoubleClick(e) {
      var pe = e.target.closest('.pile[data-pile]');
      if (pe && sel && sel.pile === pe.getAttribute('data-pile')) {
        clicked = e.timeStamp;
        sendHome();
      }
    }
    // ---- dragging (mouse, touch, pen) ----
    // A card dragged more than a few pixels follows the pointer (a copy
    // of it) and is tried on the pile it is dropped on; a press without
    // a drag is a click.
    var drag = null, dropped = 0;
    function onPointerDown(e) {
      if (e.button !== 0 || drag) return;
      var c = e.target.closest('.card'), pe = e.target.closest('.pile[data-pile]');
      var id = pe && pe.getAttribute('data-pile'), p = id && pileInfo(id);
      if (!c || !p || !p.cards.length || p.kind === 'stock') return;
      var cards = Array.prototype.slice.call(pe.querySelectorAll('.cards > .card')), depth = p.cards.length - 1;
      if (st.res.buried && cards.length === p.cards.length && cards.indexOf(c) >= 0) depth = cards.indexOf(c);
      else c = cards[cards.length - 1];
      drag = { id: id, depth: depth, card: c, x: e.clientX, y: e.clientY, pointer: e.pointerId, ghost: null };
    }
    function onPointerMove(e) {
      if (!drag || e.pointerId !== drag.pointer) return;
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.ghost) {
        if (Math.abs(dx) + Math.abs(dy) < 8) return;
        var r = drag.card.getBoundingClientRect(), g = drag.ghost = drag.card.cloneNode(true);
        g.classList.add('play-ghost');
        g.setAttribute('aria-hidden', 'true');
        g.style.left = r.left + 'px';
        g.style.top = r.top + 'px';
        g.style.width = r.width + 'px';
        g.style.height = r.height + 'px';
        (drag.card.closest('.replay') || view.board).appendChild(g);
        drag.card.classList.add('play-dragged');
        try { view.board.setPointerCapture(e.pointerId); } catch (err) { /* released already */ }
        sel = null;
        markSel();
        refused();
        clearHint();
      }
      drag.ghost.style.transform = 'translate(' + dx + 'px,' + dy + 'px)';
      e.preventDefault();
    }
    function endDrag() {
      var d = drag;
      drag = null;
      if (d && d.ghost) {
        d.ghost.remove();
        d.card.classList.remove('play-dragged');
      }
      return d;
    }
    function onPointerUp(e) {
      if (!drag || e.pointerId !== drag.pointer) return;
      var d = endDrag();
      if (!d.ghost) return; // a click
      dropped = e.timeStamp;
      var at = document.elementFromPoint(e.clientX, e.clientY), pe = at && at.closest('.play-board .pile[data-pile]');
      var to = pe && pe.getAttribute('data-pile'), p = pileInfo(d.id);
      if (!to || to === d.id && d.depth === p.cards.length - 1) return;
      clicked = e.timeStamp;
      attempt({ from: d.id, card: p.cards[d.depth], to: to });
    }

    function onBoardClick(e) {
      refused();
      // The click that ends a drag is not a pick.
      if (dropped && e.timeStamp - dropped < 500) return;
      clicked = e.timeStamp;
      var pe = e.target.closest('.pile[data-pile]');
      if (!pe) return;
      var id = pe.getAttribute('data-pile'), p = pileInfo(id), depth = null;
      var c = e.target.closest('.card');
      if (c && p && st.res.buried) {
        var cards = Array.prototype.slice.call(pe.querySelectorAll('.cards > .card'));
        if (cards.length === p.cards.length) depth = cards.indexOf(c);
      }
      pick(id, depth);
    }
    // nearPile is the pile the arrow key k leads to from pile pe.
    function nearPile(pe, k) {
      var all = Array.prototype.slice.call(view.board.querySelectorAll('.pile[data-pile]')), i = all.indexOf(pe);
      if (k === 'ArrowLeft') return all[i - 1];
      if (k === 'ArrowRight') return all[i + 1];
      var r = pe.getBoundingClientRect(), best = null, score = Infinity;
      all.forEach(function (o) {
        var q = o.getBoundingClientRect(), dy = k === 'ArrowUp' ? r.top - q.bottom : q.top - r.bottom;
        if (o === pe || dy < -1) return;
        var d = dy * 4 + Math.abs((q.left + q.right) / 2 - (r.left + r.right) / 2);
        if (d < score) { score = d; best = o; }
      });
      return best;
    }
    // The panel's shortcuts, when the focus is in the panel but not in a
    // field: U (or Ctrl+Z) undoes, R (or Ctrl+Y) redoes, H asks a hint.
    function onPanelKey(e) {
      if (!view || e.altKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
      var k = e.key.toLowerCase(), ctrl = e.ctrlKey;
      var act = ctrl ? { z: undo, y: redo }[k] : e.shiftKey ? null : { u: undo, r: redo, h: hint }[k];
      if (!act || !out.contains(e.target)) return;
      if (act === hint && view.hint.disabled) return;
      e.preventDefault();
      act();
    }
    function onBoardKey(e) {
      var pe = e.target.closest && e.target.closest('.pile[data-pile]');
      var k = e.key;
      if (k !== 'Tab' && k !== 'Shift') refused();
      clicked = e.timeStamp;
      if (k === 'Escape' && sel) {
        sel = null;
        markSel();
        view.live.textContent = 'Dropped';
      } else if (pe && (k === 'Enter' || k === ' ')) {
        pick(pe.getAttribute('data-pile'));
      } else if (pe && sel && sel.pile === pe.getAttribute('data-pile') && (k === 'ArrowUp' || k === 'ArrowDown')) {
        var p = pileInfo(sel.pile);
        sel.depth = Math.max(0, Math.min(p.cards.length - 1, sel.depth + (k === 'ArrowUp' ? -1 : 1)));
        markSel();
        view.live.textContent = 'Picked ' + cardText(p.cards[sel.depth]);
      } else if (pe && /^Arrow/.test(k)) {
        // The arrows move between piles: left and right in order, up
        // and down to the nearest pile above or below.
        var next = nearPile(pe, k);
        if (next) next.focus();
      } else {
        if (pe && /^Home$|^End$/.test(k)) e.stopPropagation();
        return;
      }
      e.preventDefault();
      e.stopPropagation();
    }

    // ---- hint and "Still winnable?" ----
    function clearHint() {
      if (!view) return;
      out.querySelectorAll('.play-hint').forEach(function (e) { e.classList.remove('play-hint'); });
    }
    function hint() {
      say('Looking for a hint\u2026');
      busy(true);
      var key = st.moves.join(',');
      solver.ask(req('hint')).then(function (res) {
        busy(false);
        if (key !== st.moves.join(',')) return;
        if (res.error) return say(res.error);
        clearHint();
        var h = res.hint;
        if (!h) return say('Hint: no move is left.');
        // What to click: the two piles, the stock, or the Redeal button.
        var lit = h.action === 'redeal' && !view.redeal.hidden ? [view.redeal] : [h.from, h.to].map(function (id) {
          return id && view.board.querySelector('.pile[data-pile="' + id + '"]');
        });
        lit.forEach(function (e) { if (e) e.classList.add('play-hint'); });
        var why = '';
        if (!h.sure) {
          why = res.verdict === 'lost' ? ' This position is lost: no line of play wins from here, but this move is legal. ' + (res.blocked || '') :
            ' The solver found no win within ' + num(res.nodes) + ' positions; this is a legal move, the position may still be winnable.';
        }
        say('Hint: ' + h.caption + '.' + why);
      }, failed);
    }
    // checkSays puts text in the live region of "Still winnable?" unless
    // it says it already: a board drawn again (a refusal after a move
    // drawn at once) does not make screen readers say it twice.
    function checkSays(text) {
      if (view.check.textContent !== text) view.check.textContent = text;
    }
    function winnable() {
      var key = st.moves.join(','), n = st.moves.length, v = view;
      if (st.res.over) {
        checkSays('Still winnable? ' + (st.res.won ? 'Won.' : 'No: no move is left.'));
        v.check.setAttribute('data-verdict', st.res.won ? 'won' : 'lost');
        return;
      }
      if (verdicts[key]) return showVerdict(verdicts[key]);
      if (check.busy()) check.stop();
      checkSays('Still winnable? Checking\u2026');
      check.ask(req('winnable')).then(function (res) {
        // The board may be gone (a new game, a solve) or redrawn since.
        if (res.error || !res.verdict || view !== v) return;
        verdicts[key] = res.verdict;
        var prev = st.moves.slice(0, n - 1).join(',');
        if (n > 0 && res.verdict === 'lost' && verdicts[prev] === 'won') lostAt[key] = n;
        if (key === st.moves.join(',')) {
          showVerdict(res.verdict);
          drawMoves();
        }
      }, function () { /* stopped by a newer move */ });
    }
    function showVerdict(v) {
      checkSays('Still winnable? ' + ({
        won: 'Yes: the solver found a win from here.',
        lost: 'No: this position is lost, whatever is played.',
        unknown: 'Undecided: the solver found no win within its short budget.'
      }[v] || v));
      view.check.setAttribute('data-verdict', v);
    }

    // ---- copy and download ----
    function copy(text) {
      var box = out.querySelector('.play-copy');
      if (box) {
        box.value = text;
        box.hidden = false;
        box.rows = Math.min(12, text.split('\n').length);
      }
      var done = function () { say('Copied the line in replay notation (shown below).'); };
      var manual = function () { say('The line in replay notation is below: select it and copy it.'); if (box) box.select(); };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, manual); else manual();
    }
    function download(e) {
      var blob = new Blob([JSON.stringify(e, null, 1) + '\n'], { type: 'application/json' });
      var a = el('a');
      a.href = URL.createObjectURL(blob);
      a.download = e.game + (e.variant ? '-' + e.variant : '') + '-' + e.deal + '.json';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
    }

    // ---- solving ----
    // clearHash leaves the address without a fragment: the panel shows
    // no game and no solution.
    function clearHash() {
      if (!location.hash) return;
      try { history.replaceState(null, '', location.pathname + location.search); } catch (e) { /* throttled */ }
    }
    // solve runs the solver on the deal with a budget of nodes positions
    // (0: the engine's default); the clock only stops it as a safety net.
    // here: from the position being played (true), or from a game an
    // earlier solve from here saved. back: the game that Cancel and "Back
    // to the game" bring back (the one being played, if any).
    function solve(nodes, here, back) {
      var from = here === true ? snapshot() : here || null, game = from || back || null;
      if (from) st = { deal: from.deal, variant: from.variant, moves: from.moves.slice(), redo: [] };
      view = null;
      out.textContent = '';
      var cancel = button('Cancel', function () {
        solver.stop();
        busy(false);
        cancel.remove();
        if (game) return backToGame(game);
        say('Cancelled.');
      }, 'play-cancel');
      var what = 'deal ' + st.deal + (st.variant ? ' (' + st.variant + ')' : '') + (st.moves.length ? ' from move ' + st.moves.length : '');
      say('Solving ' + what + '\u2026');
      out.appendChild(cancel);
      busy(true);
      if (solver.busy()) solver.stop();
      var t0 = performance.now();
      solver.ask(req('solve', { nodes: nodes || 0 }), function (p) {
        say('Solving ' + what + '\u2026 ' + secs(p.ms) + ', ' + num(p.nodes) + ' positions');
      }).then(function (res) {
        // The solve's span on the main thread's timeline (the tests look
        // for long tasks in it).
        if (performance.measure) performance.measure('patience-solve', { start: t0, end: performance.now() });
        busy(false);
        cancel.remove();
        if (res.error) return say(res.error);
        var stats = ' (' + num(res.nodes) + ' positions, ' + secs(res.ms) + ')';
        if (game) out.appendChild(button('Back to the game', function () { backToGame(game); }));
        if (res.verdict === 'won') return showSolution(res, stats);
        clearHash();
        if (res.verdict === 'lost') {
          say('Lost: no line of play wins ' + what + (res.blocked ? '. ' + res.blocked : ': the search went through every line' + stats + '.'));
          if (res.figure) {
            // The board, with the blocked cards marked.
            var box = el('div', 'play-solution');
            box.innerHTML = res.figure;
            out.appendChild(box);
            var fig = box.querySelector('figure.replay');
            if (window.PatienceViewer && fig) window.PatienceViewer.mount(fig);
          }
        } else {
          say(res.timeUp ?
            'Undecided: stopped by time, the clock\u2019s safety net, before the solver had searched its budget of positions' + stats + '. A slower machine or a busy one stops sooner; the verdict for the budget is not known.' :
            'Undecided: the solver searched its budget of ' + num(res.budget) + ' positions without finding a win or proving ' + what + ' lost' + stats + '.' +
            (res.budget < res.surveyBudget ? ' The site\u2019s survey gives a deal up to ' + num(res.surveyBudget) + ' positions, so it may count this deal won: try again with more.' : ''));
          var more = Math.max(res.budget, 1) * 3;
          out.appendChild(button('Try again with ' + num(more) + ' positions', function () {
            solve(more, from, back);
          }));
        }
      }, function (e) {
        cancel.remove();
        failed(e);
      });
    }
    // snapshot is the game being played, or null.
    function snapshot() {
      return view && st ? { deal: st.deal, variant: st.variant, moves: st.moves.slice(), redo: st.redo.slice() } : null;
    }
    // backToGame shows the game a solve from here was started from.
    function backToGame(game) {
      st = game;
      return startPlay(true);
    }
    // openLine shows the solution whose line a link carries, verified by
    // the engine, without solving again.
    function openLine(moves) {
      view = null;
      out.textContent = '';
      busy(true);
      return solver.ask({ op: 'line', game: game, variant: st.variant, deal: st.deal, moves: moves }).then(function (res) {
        busy(false);
        if (res.error) return say(res.error);
        showSolution(res, ', opened from the link without solving again');
      }, failed);
    }
    // showSolution shows a won solve's line in the step-through viewer;
    // the address says its step and carries its line.
    function showSolution(res, stats) {
      var moves = res.export.steps.filter(function (s) { return !s.auto; }).length, steps = res.export.steps.length;
      say('Won: the solver found a win in ' + moves + ' moves' + (steps > moves ? ' (' + steps + ' steps in the viewer, with the ' + (steps - moves) + ' the rules make)' : '') +
        ', checked move by move by the engine' + stats + '. Step through it below.');
      var box = el('div', 'play-solution');
      box.innerHTML = res.figure;
      var bar = el('div', 'play-bar');
      bar.appendChild(button('Copy as replay', function () { copy(res.replay); }));
      bar.appendChild(button('Download JSON', function () { download(res.export); }));
      // Play from the step the viewer shows: the reader's moves up to it.
      bar.appendChild(button('Play from this step', function () {
        var pos = box.querySelector('.replay-pos'), n = pos ? parseInt(pos.textContent, 10) || 0 : 0;
        var k = res.export.steps.slice(0, n).filter(function (s) { return !s.auto; }).length;
        st = { deal: res.export.deal, variant: res.export.variant || '', moves: res.solution.slice(0, k), redo: [] };
        startPlay(true);
      }, 'play-from-step'));
      out.appendChild(bar);
      out.appendChild(box);
      var c = el('textarea', 'play-copy');
      c.readOnly = true;
      c.hidden = true;
      c.setAttribute('aria-label', 'The line in replay notation');
      out.appendChild(c);
      var id = res.export.id, line = '&line=' + encodeURIComponent(res.solution.join(','));
      var step = new RegExp('^#' + id + '/(\\d+)').exec(location.hash);
      try { history[step ? 'replaceState' : 'pushState'](null, '', '#' + id + '/' + (step ? step[1] : 0) + line); } catch (e) { /* throttled */ }
      var fig = box.querySelector('figure.replay');
      if (window.PatienceViewer && fig) window.PatienceViewer.mount(fig);
    }

    // ---- what the reader asked for ----
    function fromForm() {
      st = { deal: input.value.trim(), variant: variantOf(), moves: [], redo: [] };
      sel = null;
    }
    function setForm() {
      input.value = st.deal;
      var v = form.querySelector('[name=variant]');
      if (v) v.value = st.variant;
    }
    // startPlay shows the game st; push: a new history entry (true),
    // the same one (false) or none (0); scroll: bring the panel into view.
    // typed: the deal comes from the field, which the engine refuses if
    // it is not a deal (not deal 1 instead, as for a link), keeping the
    // game typed.back, if any.
    function startPlay(push, scroll, typed) {
      var old = view;
      view = null;
      busy(true);
      return play.ask(req('position', typed ? { typed: true } : null)).then(function (res) {
        busy(false);
        if (res.error && typed) {
          // The field is marked invalid; the status says why (once).
          input.setCustomValidity(res.error);
          say(res.error);
          if (typed.back) {
            st = typed.back;
            view = old;
          }
          answered();
          return;
        }
        if (res.error) {
          out.textContent = '';
          return say(res.error);
        }
        // The deal and rules shown (a link's unknown ones fall back).
        st.moves = res.moves;
        st.deal = res.deal;
        st.variant = res.variant;
        setForm();
        say(res.over ? '' : 'Deal ' + st.deal + ': your move.');
        if (push !== 0) setHash(push);
        else if (res.illegal) setHash(false);
        show(res);
        if (scroll) toPanel();
        // A link whose moves do not all play: the reason, at the board.
        if (res.illegal) refuse(res.illegal);
        answered();
      }, failed);
    }
    // toPanel scrolls a shared link's game or solution into view.
    function toPanel() {
      var r = section.getBoundingClientRect();
      if (r.top < 0 || r.top > innerHeight / 2) section.scrollIntoView();
    }
    function run(what) {
      if (what.op === 'show') {
        var shown = view ? st : null; // the game on the board, kept if the deal is refused
        fromForm();
        return startPlay(true, false, { back: shown });
      }
      if (what.op === 'solve') {
        var back = snapshot();
        fromForm();
        return solve(0, null, back);
      }
      var h = location.hash, m;
      if (h.indexOf('#play=') === 0) {
        var p = new URLSearchParams(h.slice(1));
        var moves = p.get('moves') ? p.get('moves').split(',') : [];
        if (st && view && st.deal === p.get('play') && st.variant === (p.get('variant') || '') && st.moves.join(',') === moves.join(',')) return;
        st = { deal: p.get('play'), variant: p.get('variant') || '', moves: moves, redo: [] };
        setForm();
        toPanel();
        return startPlay(0, true);
      }
      if ((m = /^#(solution-(?:(.+)-)?([^-/&]+))\/\d+(?:&line=(.*))?$/.exec(h))) {
        if (document.getElementById(m[1])) return; // the viewer follows its own links
        st = { deal: m[3], variant: m[2] || '', moves: [], redo: [] };
        setForm();
        var line = null;
        try { line = m[4] ? decodeURIComponent(m[4]).split(',') : null; } catch (e) { /* not a line */ }
        toPanel();
        return line ? openLine(line) : solve(0);
      }
    }

    out.addEventListener('keydown', onPanelKey);
    input.addEventListener('input', function () { input.setCustomValidity(''); });
    // The download's progress, under the status line.
    var bar = el('progress', 'play-load');
    bar.max = 1;
    bar.value = 0;
    bar.setAttribute('aria-label', 'Downloading the engine');
    section.insertBefore(bar, out);
    var loaded = loadModule(o.root, function (got, total) { bar.value = got / total; });
    loaded.then(function () { bar.remove(); }, function () { bar.remove(); });
    return loaded.then(function () {
      busy(false);
      say('');
      return { run: run };
    });
  }

  window.PatiencePlay = { init: init };
})();
