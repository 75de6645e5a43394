package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// event is a Server-Sent Event.
type event struct {
	name string
	data []byte // JSON, one line
}

func (e event) bytes() []byte {
	return fmt.Appendf(nil, "event: %s\ndata: %s\n\n", e.name, e.data)
}

// hub keeps the state the pages are told about, and the streams open.
// Only the latest state matters, so a stream that falls behind skips to
// it: publishing never waits for a client.
type hub struct {
	mu      sync.Mutex
	seq     uint64 // counts the states
	state   event  // the latest reload or error
	failed  bool   // the latest build failed
	clients map[chan struct{}]bool
	done    chan struct{}
	closed  bool
}

func (h *hub) init() {
	h.clients = map[chan struct{}]bool{}
	h.done = make(chan struct{})
}

// publish makes e the state and wakes every stream.
func (h *hub) publish(e event, failed bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seq++
	h.state, h.failed = e, failed
	for c := range h.clients {
		select {
		case c <- struct{}{}:
		default: // already woken
		}
	}
}

// join registers a stream; leave must follow.
func (h *hub) join() (wake chan struct{}, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, false
	}
	wake = make(chan struct{}, 1)
	h.clients[wake] = true
	return wake, true
}

func (h *hub) leave(wake chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.clients, wake)
}

func (h *hub) current() (uint64, event, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seq, h.state, h.failed
}

func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.clients)
}

func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.closed {
		h.closed = true
		close(h.done)
	}
}

// writeTimeout bounds each write to an event stream, so that a client
// that stops reading cannot hold its goroutine for ever.
const writeTimeout = 10 * time.Second

// events serves the event stream: at once a "hello" with the build the
// server serves (a page of an older build reloads) and, while the last
// build failed, its error; then every state as it changes.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", "GET")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	wake, ok := s.hub.join()
	if !ok {
		http.Error(w, "server shutting down", http.StatusServiceUnavailable)
		return
	}
	defer s.hub.leave(wake)
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)

	send := func(b []byte) bool {
		rc.SetWriteDeadline(time.Now().Add(writeTimeout))
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	build := ""
	if snap := s.site.Load(); snap != nil {
		build = snap.build
	}
	seq, state, failed := s.hub.current()
	hello := append([]byte("retry: 500\n\n"), event{name: "hello", data: mustJSON(map[string]string{"build": build})}.bytes()...)
	if failed {
		hello = append(hello, state.bytes()...)
	}
	if !send(hello) {
		return
	}
	ping := time.NewTicker(s.opts.Ping)
	defer ping.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.hub.done:
			return
		case <-ping.C:
			if !send([]byte(": ping\n\n")) {
				return
			}
		case <-wake:
			n, e, _ := s.hub.current()
			if n == seq {
				continue
			}
			seq = n
			if !send(e.bytes()) {
				return
			}
		}
	}
}

// ErrorInfo is a build error as the pages are told about it.
type ErrorInfo struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
	Source  string `json:"source,omitempty"` // the text of the line, when known
}

// errorEvent is the data of "event: error": the first error, and all of
// them (at most maxErrors) in Errors.
type errorEvent struct {
	ErrorInfo
	Errors []ErrorInfo `json:"errors"`
	More   int         `json:"more,omitempty"` // errors left out of Errors
}

const maxErrors = 50

// Fail tells the pages that a build failed with err, a srcpos.ErrorList,
// a *srcpos.Error or any error; the last good site is still served.
func (s *Server) Fail(err error) {
	var list srcpos.ErrorList
	var one *srcpos.Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = srcpos.ErrorList{one}
	default:
		list = srcpos.ErrorList{{Msg: err.Error()}}
	}
	var ev errorEvent
	for i, e := range list {
		if i == maxErrors {
			ev.More = len(list) - i
			break
		}
		info := ErrorInfo{File: e.Pos.File, Line: e.Pos.Line, Col: e.Pos.Col, Message: e.Msg}
		if s.opts.SourceLine != nil && e.Pos.Line > 0 {
			info.Source = limit(s.opts.SourceLine(e.Pos.File, e.Pos.Line), 500)
		}
		ev.Errors = append(ev.Errors, info)
	}
	if len(ev.Errors) > 0 {
		ev.ErrorInfo = ev.Errors[0]
	}
	s.hub.publish(event{name: "error", data: mustJSON(ev)}, true)
}

// limit cuts s to at most n bytes, at a rune boundary.
func limit(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
