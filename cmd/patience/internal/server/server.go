// Package server serves a built site from memory for patience serve, and
// tells the pages it serves when to reload.
//
// A Server holds the files of the last good build (Publish) and serves
// them: "/" and "/games/x/" by their index.html, "/games/x" by a redirect
// to "/games/x/", a missing file by 404 with the site's 404.html if it has
// one; never a folder listing, never a file that is not in the build's
// output (the build itself refuses symbolic links that leave the content
// folder). Requests whose path has a ".." segment, a backslash, a NUL or
// an encoded slash are refused with 400 before any lookup, though the
// lookup in memory could not leave the site anyway.
//
// Reloading: every HTML page served gets a small script (live.go) before
// its </body>; the script listens to Server-Sent Events at
// /_patience/events (events.go). After a good build (Publish) the server
// sends "event: reload"; after a failed one (Fail) it keeps serving the
// last good site and sends "event: error" with the first error as JSON
// ({"file","line","col","message","source"}, source being the text of the
// offending line) and all of them in "errors". The script reloads the page
// on reload (location.reload() keeps the #fragment, so a replay viewer
// stays at its step), shows an overlay on error, and on connecting
// reloads itself if it came from an older build. Only the server adds the
// script: patience build never writes it.
package server

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// EventsPath is the URL path of the reload events.
const EventsPath = "/_patience/events"

// Options configure a Server.
type Options struct {
	// SourceLine returns the text of line (counting from 1) of the file
	// named in an error ("content/games/x.md"), or "" if unknown; nil
	// means errors carry no source line.
	SourceLine func(file string, line int) string
	// Ping is the time between keep-alive comments on an event stream;
	// 0 means 30 s.
	Ping time.Duration
}

// Server serves the last good build of a site. Its methods may be called
// from any goroutine.
type Server struct {
	opts Options
	site atomic.Pointer[snapshot]
	hub  hub
	id   string // tells this server's builds from another run's
	n    atomic.Uint64
}

// snapshot is the output of one good build.
type snapshot struct {
	files map[string][]byte
	build string // the build's id, known to the pages it served
}

// New returns a Server with no site yet: until the first Publish, every
// page is a placeholder that waits for the build.
func New(opts Options) *Server {
	if opts.Ping <= 0 {
		opts.Ping = 30 * time.Second
	}
	s := &Server{opts: opts, id: strconv.FormatInt(time.Now().UnixNano(), 36)}
	s.hub.init()
	return s
}

// Publish serves files, the output of a good build (by slash-separated
// path, never modified afterwards), tells the pages to reload, and
// reports true. When the files are those already served and no failed
// build came between, it does nothing and reports false: an editor that
// saves a file in two writes (truncate, then write) may cause two good
// builds of the same text, and a page must not reload twice for it.
func (s *Server) Publish(files map[string][]byte) bool {
	if old := s.site.Load(); old != nil {
		if _, _, failed := s.hub.current(); !failed && sameFiles(old.files, files) {
			return false
		}
	}
	snap := &snapshot{files: files, build: fmt.Sprintf("%s-%d", s.id, s.n.Add(1))}
	s.site.Store(snap)
	s.hub.publish(event{name: "reload", data: mustJSON(map[string]string{"build": snap.build})}, false)
	return true
}

// sameFiles tells whether a and b hold the same files with the same bytes.
func sameFiles(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for name, data := range a {
		if other, ok := b[name]; !ok || !bytes.Equal(data, other) {
			return false
		}
	}
	return true
}

// Files returns the files served, nil before the first Publish. They must
// not be modified.
func (s *Server) Files() map[string][]byte {
	if snap := s.site.Load(); snap != nil {
		return snap.files
	}
	return nil
}

// Build returns the id of the build served, "" before the first Publish.
func (s *Server) Build() string {
	if snap := s.site.Load(); snap != nil {
		return snap.build
	}
	return ""
}

// Close ends the event streams; it does not stop the HTTP server.
func (s *Server) Close() { s.hub.close() }

// Clients returns the number of open event streams.
func (s *Server) Clients() int { return s.hub.count() }

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	if r.URL.Path == EventsPath {
		s.events(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, dir, ok := cleanPath(r)
	if !ok {
		http.Error(w, "bad path", http.StatusBadRequest)
		return
	}
	snap := s.site.Load()
	if snap == nil {
		s.serveBytes(w, r, "index.html", []byte(placeholder), "", http.StatusServiceUnavailable)
		return
	}
	files := snap.files
	if dir {
		if data, ok := files[path.Join(name, "index.html")]; ok {
			s.serveBytes(w, r, "index.html", data, snap.build, http.StatusOK)
			return
		}
	} else if data, ok := files[name]; ok {
		s.serveBytes(w, r, name, data, snap.build, http.StatusOK)
		return
	} else if _, ok := files[name+"/index.html"]; ok {
		// A folder named without its slash: relative links of its page
		// need the slash.
		to := path.Base(name) + "/"
		if r.URL.RawQuery != "" {
			to += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, to, http.StatusMovedPermanently)
		return
	}
	for _, nf := range []string{"404.html", "404/index.html"} {
		if data, ok := files[nf]; ok {
			s.serveBytes(w, r, "404.html", data, snap.build, http.StatusNotFound)
			return
		}
	}
	http.Error(w, "404 page not found", http.StatusNotFound)
}

// cleanPath returns the file a request names, relative to the site root
// ("" for the root), whether it names a folder (the path ends in "/"),
// and false for paths that try to leave the site or hide a separator:
// ".." segments (decoded or not), backslashes, NUL bytes, encoded
// slashes, and anything but an absolute path.
func cleanPath(r *http.Request) (name string, dir, ok bool) {
	p := r.URL.Path
	raw := strings.ToLower(r.URL.EscapedPath())
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") ||
		strings.Contains(raw, "%2f") || strings.Contains(raw, "%5c") || strings.Contains(raw, "%00") {
		return "", false, false
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." {
			return "", false, false
		}
	}
	dir = strings.HasSuffix(p, "/")
	name = strings.TrimPrefix(path.Clean(p), "/")
	return name, dir || name == "", true
}

// serveBytes sends a file of the site: with the reload script if it is
// HTML, a Content-Type from its name, an ETag, and no caching without
// revalidation.
func (s *Server) serveBytes(w http.ResponseWriter, r *http.Request, name string, data []byte, build string, status int) {
	h := w.Header()
	ct := contentType(name, data)
	if strings.HasPrefix(ct, "text/html") {
		data = inject(data, build)
	}
	sum := fnv.New64a()
	sum.Write(data)
	etag := fmt.Sprintf(`"%x"`, sum.Sum64())
	h.Set("Content-Type", ct)
	h.Set("Cache-Control", "no-cache")
	if status == http.StatusOK {
		h.Set("ETag", etag)
		if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(data)
	}
}

// contentType returns the media type of a file of the site.
func contentType(name string, data []byte) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := types[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return http.DetectContentType(data)
}

// types fixes the media types of a site's usual files, whatever the
// system's mime.types says.
var types = map[string]string{
	".html":   "text/html; charset=utf-8",
	".htm":    "text/html; charset=utf-8",
	".css":    "text/css; charset=utf-8",
	".js":     "text/javascript; charset=utf-8",
	".mjs":    "text/javascript; charset=utf-8",
	".json":   "application/json",
	".svg":    "image/svg+xml",
	".xml":    "application/xml",
	".txt":    "text/plain; charset=utf-8",
	".md":     "text/plain; charset=utf-8",
	".replay": "text/plain; charset=utf-8",
	".png":    "image/png",
	".jpg":    "image/jpeg",
	".jpeg":   "image/jpeg",
	".gif":    "image/gif",
	".webp":   "image/webp",
	".avif":   "image/avif",
	".ico":    "image/vnd.microsoft.icon",
	".woff2":  "font/woff2",
	".woff":   "font/woff",
	".pdf":    "application/pdf",
	".wasm":   "application/wasm",
}

// placeholder is the page served before the first good build: the reload
// script shows the build's errors over it and reloads it once a build
// succeeds.
const placeholder = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>patience serve: no site yet</title></head>
<body><p>patience serve has no good build of the site yet: the errors are shown here and in the terminal,
and this page reloads as soon as a build succeeds.</p></body></html>
`
