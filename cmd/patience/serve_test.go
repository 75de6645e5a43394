package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/patience-solitaire/patience/cmd/patience/internal/replayblock"
	"github.com/patience-solitaire/patience/cmd/patience/internal/site"
	"github.com/patience-solitaire/patience/content"
)

// The tests of patience serve start the real server on a free port of
// 127.0.0.1, edit the site's files, and wait on its reload events (with
// timeouts), never on sleeps.

const waitTimeout = 20 * time.Second

// syncBuffer is a bytes.Buffer for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// liveServer is a patience serve running for a test.
type liveServer struct {
	d      *devServer
	dir    string
	log    *syncBuffer
	client *http.Client
	stop   func()
}

// startServe runs serve on dir until the test ends.
func startServe(t testing.TB, dir string) *liveServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan *devServer, 1)
	done := make(chan error, 1)
	ls := &liveServer{dir: dir, log: &syncBuffer{},
		client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: waitTimeout}}
	go func() {
		done <- serve(ctx, serveConfig{Source: dir, Bind: "127.0.0.1", Port: 0, Stderr: ls.log,
			Ready: func(d *devServer) { ready <- d }})
	}()
	select {
	case ls.d = <-ready:
	case err := <-done:
		cancel()
		t.Fatalf("serve: %v\n%s", err, ls.log)
	case <-time.After(waitTimeout):
		cancel()
		t.Fatal("serve did not start")
	}
	var once sync.Once
	ls.stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("serve: %v", err)
				}
			case <-time.After(waitTimeout):
				t.Error("serve did not stop")
			}
			ls.client.CloseIdleConnections()
		})
	}
	t.Cleanup(ls.stop)
	return ls
}

// get fetches a path of the site.
func (ls *liveServer) get(t testing.TB, path string) (int, string) {
	t.Helper()
	resp, err := ls.client.Get(strings.TrimSuffix(ls.d.URL, "/") + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return resp.StatusCode, string(body)
}

// sseEvent is an event of the reload stream.
type sseEvent struct{ name, data string }

// sseClient reads the reload stream.
type sseClient struct {
	events chan sseEvent
	cancel func()
	done   chan struct{}
}

// subscribe opens the reload stream and reads its hello.
func (ls *liveServer) subscribe(t testing.TB) *sseClient {
	t.Helper()
	c := openEvents(t, ls.client, ls.d.URL)
	if ev := c.next(t); ev.name != "hello" {
		t.Fatalf("first event %q, want hello", ev.name)
	}
	return c
}

func openEvents(t testing.TB, client *http.Client, url string) *sseClient {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"_patience/events", nil)
	c := &http.Client{Transport: client.Transport} // no timeout: a stream
	resp, err := c.Do(req)
	if err != nil {
		cancel()
		t.Fatalf("events: %v", err)
	}
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		cancel()
		t.Fatalf("events: %s, %s", resp.Status, resp.Header.Get("Content-Type"))
	}
	s := &sseClient{events: make(chan sseEvent, 256), cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		defer close(s.events)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.name != "" {
					select {
					case s.events <- ev:
					case <-ctx.Done():
						return
					}
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, "event: "):
				ev.name = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				ev.data = line[len("data: "):]
			}
		}
	}()
	return s
}

func (c *sseClient) close() {
	c.cancel()
	<-c.done
}

// next returns the next event.
func (c *sseClient) next(t testing.TB) sseEvent {
	t.Helper()
	select {
	case ev, ok := <-c.events:
		if !ok {
			t.Fatal("the event stream ended")
		}
		return ev
	case <-time.After(waitTimeout):
		t.Fatal("no event")
	}
	panic("unreachable")
}

// until waits for events until cond holds, checking it after each.
func (c *sseClient) until(t testing.TB, what string, cond func(ev sseEvent) bool) sseEvent {
	t.Helper()
	deadline := time.After(waitTimeout)
	for {
		select {
		case ev, ok := <-c.events:
			if !ok {
				t.Fatalf("waiting for %s: the event stream ended", what)
			}
			if cond(ev) {
				return ev
			}
		case <-deadline:
			t.Fatalf("waiting for %s: timed out", what)
		}
	}
}

func writeFile(t testing.TB, dir, name, text string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const serveReplay = "game: house-in-the-woods\ndeal: 1\nresult: stopped\n\nt35:AC f1\nt2:AD f\nt1:6C t14\n"

// testSite writes a small site with a replay file.
func testSite(t testing.TB) string {
	dir := t.TempDir()
	writeFile(t, dir, "content/index.md", "---\ntitle: Home\n---\nWelcome home.\n")
	writeFile(t, dir, "content/docs/a.md", "# Doc A\n\nAlpha text.\n")
	writeFile(t, dir, "content/games/play.md", "---\ntitle: Play\nweight: 1\n---\nA deal.\n\n```replay src=deal-1.replay\n```\n")
	writeFile(t, dir, "content/games/deal-1.replay", serveReplay)
	return dir
}

// fullBuild builds dir as patience build does, into a new folder, and
// returns its files.
func fullBuild(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	dest := t.TempDir()
	if _, err := site.Build(site.Options{Source: dir, Destination: dest, Replay: replayblock.Render}); err != nil {
		t.Fatalf("full build: %v", err)
	}
	files := map[string][]byte{}
	filepath.WalkDir(dest, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dest, p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	return files
}

// sameSite compares the site served with a full build's, byte for byte.
func sameSite(t testing.TB, served, built map[string][]byte) {
	t.Helper()
	for name, want := range built {
		got, ok := served[name]
		switch {
		case !ok:
			t.Errorf("the server lacks %s", name)
		case !bytes.Equal(got, want):
			t.Errorf("%s served differs from patience build's", name)
		}
	}
	for name := range served {
		if _, ok := built[name]; !ok {
			t.Errorf("the server has %s, patience build does not", name)
		}
	}
}

// stripLive removes the reload script from a page served.
func stripLive(page string) string {
	i := strings.Index(page, "<script data-patience-serve>")
	j := strings.Index(page, "</script>\n</body>")
	if i < 0 || j < i {
		return page
	}
	return page[:i] + page[j+len("</script>\n"):]
}

func TestServeLive(t *testing.T) {
	dir := testSite(t)
	ls := startServe(t, dir)
	c := ls.subscribe(t)
	defer c.close()

	status, home := ls.get(t, "/")
	if status != 200 || !strings.Contains(home, "Welcome home") || !strings.Contains(home, "data-patience-serve") {
		t.Fatalf("GET /: %d\n%s", status, home)
	}
	if got, want := stripLive(home), string(ls.d.srv.Files()["index.html"]); got != want {
		t.Errorf("the page served is not the page built plus the script")
	}

	// A one-page edit.
	writeFile(t, dir, "content/docs/a.md", "# Doc A\n\nBeta text.\n")
	c.until(t, "the edit", func(ev sseEvent) bool {
		_, body := ls.get(t, "/docs/a/")
		return ev.name == "reload" && strings.Contains(body, "Beta text")
	})

	// An illegal move: an error at the move, the last good page served.
	_, good := ls.get(t, "/games/play/")
	writeFile(t, dir, "content/games/deal-1.replay", strings.Replace(serveReplay, "t1:6C t14", "t1:6C t15", 1))
	ev := c.until(t, "the error", func(ev sseEvent) bool { return ev.name == "error" })
	var e struct {
		File, Message, Source string
		Line, Col             int
		Errors                []json.RawMessage
	}
	if err := json.Unmarshal([]byte(ev.data), &e); err != nil {
		t.Fatal(err)
	}
	if e.File != "content/games/deal-1.replay" || e.Line != 7 || e.Col != 1 || !strings.Contains(e.Message, "6C cannot go on 9D") ||
		e.Source != "t1:6C t15" || len(e.Errors) != 1 {
		t.Errorf("error event %s", ev.data)
	}
	if _, page := ls.get(t, "/games/play/"); page != good {
		t.Error("the last good page is not served during a broken build")
	}
	// A page opened now learns of the error when it connects.
	late := openEvents(t, ls.client, ls.d.URL)
	if ev := late.next(t); ev.name != "hello" {
		t.Errorf("first event %q", ev.name)
	}
	if ev := late.next(t); ev.name != "error" || !strings.Contains(ev.data, `"line":7`) {
		t.Errorf("a new page got %q %s, want the error", ev.name, ev.data)
	}
	late.close()
	writeFile(t, dir, "content/games/deal-1.replay", serveReplay+"-- fixed\n")
	c.until(t, "the fix", func(ev sseEvent) bool {
		_, page := ls.get(t, "/games/play/")
		return ev.name == "reload" && page != good && strings.Contains(page, "fixed")
	})

	// An editor that saves by writing a temporary file and renaming it.
	writeFile(t, dir, "content/docs/.a.md.swp", "swap")
	writeFile(t, dir, "content/docs/a.md.tmp", "# Doc A\n\nGamma text.\n")
	if err := os.Rename(filepath.Join(dir, "content/docs/a.md.tmp"), filepath.Join(dir, "content/docs/a.md")); err != nil {
		t.Fatal(err)
	}
	c.until(t, "the save by rename", func(ev sseEvent) bool {
		_, body := ls.get(t, "/docs/a/")
		return ev.name == "reload" && strings.Contains(body, "Gamma text")
	})
	os.Remove(filepath.Join(dir, "content/docs/.a.md.swp"))

	// A new folder with a new page.
	writeFile(t, dir, "content/new/deeper/b.md", "# Page B\n\nIn a new folder.\n")
	c.until(t, "the new page", func(ev sseEvent) bool {
		status, body := ls.get(t, "/new/deeper/b/")
		return status == 200 && strings.Contains(body, "In a new folder")
	})

	// A deleted page.
	if err := os.Remove(filepath.Join(dir, "content/docs/a.md")); err != nil {
		t.Fatal(err)
	}
	c.until(t, "the deletion", func(ev sseEvent) bool {
		status, _ := ls.get(t, "/docs/a/")
		return status == 404
	})

	// A build whose output is the same as the one served (a file saved
	// unchanged, a second event for an edit already built) is not served
	// as a new one: no page reloads.
	build := ls.d.srv.Build()
	ls.d.rebuild(context.Background(), nil, true)
	if got := ls.d.srv.Build(); got != build {
		t.Errorf("a build with the same output was served as new: %s, was %s", got, build)
	}

	// What is served is what patience build writes.
	built := fullBuild(t, dir)
	sameSite(t, ls.d.srv.Files(), built)
	for name, data := range built {
		if bytes.Contains(data, []byte("data-patience-serve")) || bytes.Contains(data, []byte("/_patience/")) {
			t.Errorf("patience build wrote the reload script into %s", name)
		}
	}
}

// rawGet sends a request line as it is, without any client cleaning it.
func rawGet(t testing.TB, addr, target string) (int, string) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, waitTimeout)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(waitTimeout))
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", target, addr)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestServeFilesSafely(t *testing.T) {
	dir := testSite(t)
	writeFile(t, dir, "secret.txt", "TOPSECRET")
	writeFile(t, dir, "content/games/diagram.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n")
	writeFile(t, dir, "content/assets-extra/data.json", "{}\n")
	ls := startServe(t, dir)
	addr := strings.TrimSuffix(strings.TrimPrefix(ls.d.URL, "http://"), "/")

	// A symbolic link leaving the site fails the build: the last good
	// site stays, without it.
	c := ls.subscribe(t)
	defer c.close()
	if err := os.Symlink(filepath.Join(dir, "secret.txt"), filepath.Join(dir, "content/link.txt")); err != nil {
		t.Fatal(err)
	}
	c.until(t, "the symbolic link's error", func(ev sseEvent) bool {
		return ev.name == "error" && strings.Contains(ev.data, "content/link.txt")
	})
	for _, target := range []string{
		"/../secret.txt", "/../../../../etc/passwd", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2E/secret.txt",
		"/..%2fsecret.txt", "/..%2Fsecret.txt", "/games%2f..%2f..%2fsecret.txt", "/..%5csecret.txt",
		"/..\\secret.txt", "/games/..\\..\\secret.txt", "/games/../../secret.txt", "/./../secret.txt",
		"//etc/passwd", "/%2fetc%2fpasswd", "/etc/passwd", "/" + dir + "/secret.txt", "/secret.txt",
		"/link.txt", "/%00", "/games/%00/../../secret.txt", "http://" + addr + "/../secret.txt",
		"/content/games/deal-1.replay", "/config.yaml", "/%252e%252e/secret.txt",
	} {
		status, body := rawGet(t, addr, target)
		if strings.Contains(body, "TOPSECRET") || strings.Contains(body, "root:") || status == 200 || status >= 500 {
			t.Errorf("GET %s: %d\n%.200s", target, status, body)
		}
	}

	// Folders, redirects, types, missing files, methods.
	for _, tt := range []struct {
		path, ctype, has string
		status           int
	}{
		{"/", "text/html; charset=utf-8", "Welcome home", 200},
		{"/index.html", "text/html; charset=utf-8", "Welcome home", 200},
		{"/docs/a/", "text/html; charset=utf-8", "Alpha text", 200},
		{"/docs/a/index.html?x=1", "text/html; charset=utf-8", "Alpha text", 200},
		{"/games/diagram.svg", "image/svg+xml", "<svg", 200},
		{"/assets-extra/data.json", "application/json", "{}", 200},
		{"/assets/chroma.css", "text/css; charset=utf-8", "", 200},
		{"/assets/", "", "", 404},
		{"/docs/", "", "", 404},
		{"/nope/", "", "", 404},
		{"/nope.html", "", "", 404},
	} {
		resp, err := ls.client.Get(strings.TrimSuffix(ls.d.URL, "/") + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status || tt.ctype != "" && resp.Header.Get("Content-Type") != tt.ctype || !strings.Contains(string(body), tt.has) {
			t.Errorf("GET %s: %d %s, want %d %s with %q", tt.path, resp.StatusCode, resp.Header.Get("Content-Type"), tt.status, tt.ctype, tt.has)
		}
		if tt.status == 404 {
			if nf, ok := ls.d.srv.Files()["404.html"]; ok && !strings.Contains(string(body), string(nf[:min(len(nf), 200)])) {
				t.Errorf("GET %s: not the site's 404.html", tt.path)
			}
		}
	}
	noRedirect := &http.Client{Transport: ls.client.Transport, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.Get(ls.d.URL + "docs/a?q=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != "/docs/a/?q=1" {
		t.Errorf("GET /docs/a: %d to %q, want a redirect to /docs/a/?q=1", resp.StatusCode, resp.Header.Get("Location"))
	}
	resp, err = ls.client.Post(ls.d.URL, "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d", resp.StatusCode)
	}
	resp, err = ls.client.Head(ls.d.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.ContentLength <= 0 {
		t.Errorf("HEAD /: %d, length %d", resp.StatusCode, resp.ContentLength)
	}
}

// countFDs returns the number of open file descriptors, or -1.
func countFDs() int {
	list, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(list)
}

// settle waits until count() is back to at most n (goroutines, file
// descriptors: connections and the goroutines that close them end a
// little after the server has stopped), and returns it.
func settle(count func() int, n int) int {
	deadline := time.Now().Add(10 * time.Second)
	for {
		g := count()
		if g <= n || time.Now().After(deadline) {
			return g
		}
		runtime.Gosched()
		time.Sleep(10 * time.Millisecond) // polling a count, not synchronising
	}
}

// TestServeLoad runs 200 event streams and a steady request load during
// 100 rebuilds: no request fails, every stream sees the last build, and
// no goroutine or file descriptor is left behind.
func TestServeLoad(t *testing.T) {
	dir := testSite(t)
	baseG, baseFD := runtime.NumGoroutine(), countFDs()
	ls := startServe(t, dir)
	streams := 200
	if testing.Short() {
		streams = 50
	}
	clients := make([]*sseClient, streams)
	for i := range clients {
		clients[i] = ls.subscribe(t)
	}
	var failures atomic.Int64
	var requests atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	// A steady load, paced so that the rebuilds still get the CPU: under
	// the race detector, requests as fast as possible would take most of
	// two cores.
	workers, pace := 4, time.Millisecond
	if raceEnabled {
		workers, pace = 2, 5*time.Millisecond
	}
	for w := range workers {
		wg.Go(func() {
			paths := []string{"/", "/docs/a/", "/games/play/", "/assets/chroma.css", "/nope/"}
			tick := time.NewTicker(pace)
			defer tick.Stop()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				case <-tick.C:
				}
				p := paths[(i+w)%len(paths)]
				resp, err := ls.client.Get(strings.TrimSuffix(ls.d.URL, "/") + p)
				if err != nil {
					failures.Add(1)
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if want := map[bool]int{true: 404, false: 200}[p == "/nope/"]; resp.StatusCode != want {
					failures.Add(1)
				}
				requests.Add(1)
			}
		})
	}
	builds := 100
	start := time.Now()
	for i := range builds {
		writeFile(t, dir, "content/docs/a.md", fmt.Sprintf("# Doc A\n\nVersion %d.\n", i))
		ls.d.rebuild(context.Background(), []string{"content/docs/a.md"}, false)
	}
	close(stop)
	wg.Wait()
	t.Logf("%d rebuilds in %v, %d requests served meanwhile", builds, time.Since(start).Round(time.Millisecond), requests.Load())
	// The watcher may still rebuild after the writes above: a stream sees
	// the latest build, maybe not every one before it.
	for _, c := range clients {
		c.until(t, "the last build", func(ev sseEvent) bool {
			return ev.name == "reload" && ev.data == fmt.Sprintf(`{"build":"%s"}`, ls.d.srv.Build())
		})
	}
	if n := failures.Load(); n > 0 {
		t.Errorf("%d of %d requests failed", n, requests.Load())
	}
	for _, c := range clients {
		c.close()
	}
	ls.stop()
	if g := settle(runtime.NumGoroutine, baseG); g > baseG {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after the server stopped, %d before:\n%s", g, baseG, buf[:runtime.Stack(buf, true)])
	}
	if fd := settle(countFDs, baseFD); fd > baseFD {
		t.Errorf("%d file descriptors after the server stopped, %d before", fd, baseFD)
	}
}

// TestServeNoLeak rebuilds 1,000 times while event streams come and go.
func TestServeNoLeak(t *testing.T) {
	dir := testSite(t)
	ls := startServe(t, dir)
	stay := ls.subscribe(t)
	defer stay.close()
	ls.get(t, "/")
	base := runtime.NumGoroutine()
	n := 1000
	if testing.Short() || raceEnabled {
		n = 150
	}
	var passing []*sseClient
	for i := range n {
		if i%2 == 0 {
			writeFile(t, dir, "content/docs/a.md", fmt.Sprintf("# Doc A\n\nVersion %d.\n", i))
			ls.d.rebuild(context.Background(), []string{"content/docs/a.md"}, false)
		} else {
			ls.d.rebuild(context.Background(), []string{"content/games/deal-1.replay"}, false)
		}
		if i%10 == 0 {
			passing = append(passing, openEvents(t, ls.client, ls.d.URL))
		}
		if len(passing) > 3 {
			passing[0].close()
			passing = passing[1:]
		}
	}
	for _, c := range passing {
		c.close()
	}
	ls.client.CloseIdleConnections()
	if g := settle(runtime.NumGoroutine, base); g > base {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after %d rebuilds, %d before:\n%s", g, n, base, buf[:runtime.Stack(buf, true)])
	}
	for deadline := time.Now().Add(10 * time.Second); ls.d.srv.Clients() != 1; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("%d event streams open, want 1", ls.d.srv.Clients())
			break
		}
	}
}

// TestServeStress makes 1,000 quick writes, deletions and renames across
// folders, then checks that the site served is what patience build makes
// of the result.
func TestServeStress(t *testing.T) {
	dir := testSite(t)
	folders := []string{"content/s0", "content/s1", "content/s2/deep", "content/s3"}
	for i := range 12 {
		writeFile(t, dir, fmt.Sprintf("%s/p%d.md", folders[i%len(folders)], i), fmt.Sprintf("# Page %d\n\nStart.\n", i))
	}
	ls := startServe(t, dir)
	c := ls.subscribe(t)
	defer c.close()
	r := rand.New(rand.NewPCG(1, 2))
	pages := func() []string {
		var list []string
		filepath.WalkDir(filepath.Join(dir, "content"), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") && !strings.HasSuffix(p, "index.md") && !strings.Contains(p, "play.md") {
				list = append(list, p)
			}
			return nil
		})
		return list
	}
	n := 1000
	if testing.Short() || raceEnabled {
		n = 300
	}
	list := pages()
	for i := range n {
		if len(list) < 4 || i%50 == 0 {
			list = pages()
		}
		if len(list) == 0 {
			writeFile(t, dir, "content/s0/again.md", "# Again\n")
			list = pages()
		}
		p := list[r.IntN(len(list))]
		switch op := r.IntN(10); {
		case op < 5: // write, sometimes changing the title
			os.WriteFile(p, fmt.Appendf(nil, "# Title %d\n\nBody %d.\n", r.IntN(3), i), 0o644)
		case op < 6: // delete
			os.Remove(p)
			list = pages()
		case op < 8: // rename across folders
			to := filepath.Join(dir, folders[r.IntN(len(folders))], fmt.Sprintf("r%d.md", i))
			os.MkdirAll(filepath.Dir(to), 0o755)
			os.Rename(p, to)
			list = pages()
		case op < 9: // save by rename
			tmp := p + ".tmp"
			os.WriteFile(tmp, fmt.Appendf(nil, "# Saved %d\n", i), 0o644)
			os.Rename(tmp, p)
		default: // a new folder, or a folder moved
			if r.IntN(2) == 0 {
				writeFile(t, dir, fmt.Sprintf("content/n%d/x/new.md", i), "# New\n")
			} else {
				from := filepath.Dir(p)
				if strings.HasSuffix(from, "content") {
					continue
				}
				os.Rename(from, filepath.Join(dir, fmt.Sprintf("content/m%d", i)))
			}
			list = pages()
		}
	}
	// Every event above comes before this one's: once the sentinel page is
	// served, the build that made it saw the files as they are now.
	writeFile(t, dir, "content/sentinel.md", "# Sentinel\n")
	c.until(t, "the sentinel page", func(ev sseEvent) bool {
		_, ok := ls.d.srv.Files()["sentinel/index.html"]
		return ev.name == "reload" && ok
	})
	sameSite(t, ls.d.srv.Files(), fullBuild(t, dir))
}

func TestServeCommandLine(t *testing.T) {
	// A port in use.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	var stdout, stderr bytes.Buffer
	if got := run([]string{"serve", "--source", t.TempDir(), "--port", fmt.Sprint(port)}, &stdout, &stderr); got != 1 {
		t.Errorf("status %d with the port in use", got)
	}
	if want := fmt.Sprintf("port %d on 127.0.0.1 is in use; try --port %d", port, port+1); !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
	}

	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"serve", "--port", "70000"}, "--port 70000: want 0 to 65535"},
		{[]string{"serve", "extra"}, `unexpected argument "extra"`},
		{[]string{"serve", "-h"}, "-bind address"},
		{[]string{"help", "serve"}, serveUsage},
	} {
		stderr.Reset()
		if got := run(tt.args, &stdout, &stderr); got != 2 || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("%q: status %d, stderr:\n%s\nwant %q", tt.args, got, stderr.String(), tt.stderr)
		}
	}

	// A non-loopback address is served with a warning; without a content
	// folder the bundled site is served, and Ctrl-C stops it all.
	ctx, cancel := context.WithCancel(context.Background())
	log := &syncBuffer{}
	done := make(chan error, 1)
	ready := make(chan *devServer, 1)
	go func() {
		done <- serve(ctx, serveConfig{Source: t.TempDir(), Bind: "0.0.0.0", Port: 0, Stderr: log, Ready: func(d *devServer) { ready <- d }})
	}()
	var d *devServer
	select {
	case d = <-ready:
	case err := <-done:
		t.Fatal(err)
	}
	for _, want := range []string{"warning: --bind 0.0.0.0 is not a loopback address", "serving the bundled site"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, log)
		}
	}
	if len(d.srv.Files()) == 0 || d.srv.Files()["games/shamrocks/index.html"] == nil {
		t.Error("the bundled site is not served")
	}
	cancel()
	if err := <-done; err != nil {
		t.Error(err)
	}
	if !isLoopback("127.0.0.1") || !isLoopback("::1") || !isLoopback("localhost") || isLoopback("0.0.0.0") || isLoopback("192.168.1.2") {
		t.Error("isLoopback")
	}
}

// TestIncrementalBundled edits a copy of the bundled site, whose pages
// have inline replays, links checked by the build and game pages, and
// compares each incremental build with a full one, errors included.
func TestIncrementalBundled(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "content"), content.FS); err != nil {
		t.Fatal(err)
	}
	cache := site.NewCache()
	step := func(name string, changed ...string) error {
		t.Helper()
		cache.Changed(changed...)
		inc, incErr := site.Build(site.Options{Source: dir, Cache: cache, Replay: replayblock.Render})
		full, fullErr := site.Build(site.Options{Source: dir, Memory: true, Replay: replayblock.Render})
		if (incErr == nil) != (fullErr == nil) || incErr != nil && incErr.Error() != fullErr.Error() {
			t.Fatalf("%s: incremental build: %v\nfull build: %v", name, incErr, fullErr)
		}
		if fullErr == nil {
			sameSite(t, inc.Output, full.Output)
		}
		return fullErr
	}
	edit := func(name string, f func(string) string) {
		t.Helper()
		p := filepath.Join(dir, name)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, name, f(string(data)))
	}
	step("first build")
	edit("content/games/shamrocks.md", func(s string) string { return s + "\nOne more paragraph.\n" })
	step("body of a game page", "content/games/shamrocks.md")
	edit("content/glossary.md", func(s string) string { return strings.Replace(s, "title:", "title: New", 1) })
	step("title of a page", "content/glossary.md")
	notation, err := os.ReadFile(filepath.Join(dir, "content/docs/notation.md"))
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "content/docs/notation.md"))
	if step("a page other pages link to, deleted", "content/docs/notation.md") == nil {
		t.Error("deleting a page that others link to did not fail the build")
	}
	writeFile(t, dir, "content/docs/notation.md", string(notation))
	step("and back", "content/docs/notation.md")
	writeFile(t, dir, "content/docs/extra.md", "# Extra\n\nSee the [notation](../notation/) and a [bad link](../nowhere/).\n")
	if err := step("a new page with a broken link", "content/docs/extra.md"); err == nil || !strings.Contains(err.Error(), "content/docs/extra.md:3:") {
		t.Errorf("a broken link: %v", err)
	}
	writeFile(t, dir, "content/docs/extra.md", "# Extra\n\nSee the [notation](../notation/#lines).\n")
	step("fixed", "content/docs/extra.md")
}
