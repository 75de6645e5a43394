//go:build js && wasm

// Command jsmain is the browser's engine: package play compiled to
// WebAssembly (see ../gen), run in a Web Worker by
// templates/assets/play-worker.js. It defines one JavaScript function,
// patienceHandle(request, progress) → responseJSON, and tells the
// worker it is ready by calling patienceReady(). The request is a plain
// object with play.Request's JSON names, read field by field, and the
// response is written by play.Response.AppendJSON: the module links no
// encoding/json, whose decoder would add 165 KB gzipped and whose
// encoder 80 KB.
package main

import (
	"syscall/js"
	"time"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play"
)

func main() {
	js.Global().Set("patienceHandle", js.FuncOf(handle))
	if ready := js.Global().Get("patienceReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// handle answers one request; args are the request and, for a solve, a
// function called with (positions, milliseconds) as it goes.
func handle(_ js.Value, args []js.Value) any {
	if len(args) == 0 || args[0].Type() != js.TypeObject {
		return `{"error":"no request"}`
	}
	req := request(args[0])
	var progress func(int64, time.Duration)
	if len(args) > 1 && args[1].Type() == js.TypeFunction {
		cb := args[1]
		progress = func(nodes int64, elapsed time.Duration) {
			cb.Invoke(float64(nodes), float64(elapsed.Milliseconds()))
		}
	}
	return string(play.Handle(req, progress).AppendJSON(nil))
}

// request reads a play.Request from a JavaScript object; fields of the
// wrong type read as empty.
func request(o js.Value) *play.Request {
	str := func(k string) string {
		if v := o.Get(k); v.Type() == js.TypeString {
			return v.String()
		}
		return ""
	}
	num := func(k string) int64 {
		if v := o.Get(k); v.Type() == js.TypeNumber {
			return int64(v.Float())
		}
		return 0
	}
	flag := func(k string) bool {
		v := o.Get(k)
		return v.Type() == js.TypeBoolean && v.Bool()
	}
	req := &play.Request{
		Op: str("op"), Game: str("game"), Variant: str("variant"), Deal: str("deal"),
		From: str("from"), Card: str("card"), To: str("to"), Action: str("action"),
		Nodes: num("nodes"), MS: num("ms"), Auto: flag("auto"), Typed: flag("typed"),
		Declaration: str("declaration"), Skeletons: str("skeletons"),
	}
	if m := o.Get("moves"); m.Type() == js.TypeObject {
		for i := range m.Length() {
			req.Moves = append(req.Moves, m.Index(i).String())
		}
	}
	return req
}
