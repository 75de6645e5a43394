/* patience: the engine's Web Worker. It runs the engine compiled to
   WebAssembly (play.wasm.gz, package cmd/patience/internal/play), sent by
   assets/play-ui.js as a compiled module, and answers its requests
   one at a time: {id, req} in, {id, res} (and {id, progress}) out. */
'use strict';
importScripts('wasm_exec.js');
var queue = [], ready = false;
self.patienceReady = function () {
  ready = true;
  setTimeout(flush, 0);
};
function flush() {
  while (ready && queue.length) answer(queue.shift());
}
function answer(m) {
  var res;
  try {
    var progress = m.progress ? function (nodes, ms) { postMessage({ id: m.id, progress: { nodes: nodes, ms: ms } }); } : undefined;
    res = JSON.parse(self.patienceHandle(m.req, progress));
  } catch (e) {
    res = { error: 'the engine failed: ' + e.message };
  }
  postMessage({ id: m.id, res: res });
}
self.onmessage = function (e) {
  var m = e.data;
  if (m.module) {
    var go = new Go();
    WebAssembly.instantiate(m.module, go.importObject).then(function (inst) {
      go.run(inst);
    }, function (err) {
      postMessage({ failed: String(err) });
    });
    return;
  }
  queue.push(m);
  flush();
};
