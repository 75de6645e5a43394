package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

func TestCleanPath(t *testing.T) {
	for _, tt := range []struct {
		target string
		name   string
		dir    bool
		ok     bool
	}{
		{"/", "", true, true},
		{"/index.html", "index.html", false, true},
		{"/games/x/", "games/x", true, true},
		{"/games//x/./y", "games/x/y", false, true},
		{"/a%20b.txt", "a b.txt", false, true},
		{"/../x", "", false, false},
		{"/%2e%2e/x", "", false, false},
		{"/games/%2E%2E/%2e%2e/x", "", false, false},
		{"/..%2fx", "", false, false},
		{"/a%2Fb", "", false, false},
		{"/a%5cb", "", false, false},
		{"/a\\b", "", false, false},
		{"/a%00b", "", false, false},
	} {
		r := httptest.NewRequest("GET", "http://example.org"+tt.target, nil)
		name, dir, ok := cleanPath(r)
		if name != tt.name || dir != tt.dir || ok != tt.ok {
			t.Errorf("%s: %q %v %v, want %q %v %v", tt.target, name, dir, ok, tt.name, tt.dir, tt.ok)
		}
	}
}

func TestInject(t *testing.T) {
	for _, page := range []string{"<html><body>x</body></html>", "<HTML><BODY>x</BODY></HTML>", "no body at all", "<body>a</body> <body>b</body>"} {
		got := string(inject([]byte(page), "b-1"))
		i := strings.Index(got, "<script data-patience-serve>")
		if i < 0 || !strings.Contains(got, `})("b-1");`) {
			t.Fatalf("%q: no script:\n%s", page, got)
		}
		j := strings.Index(got, "</script>\n") + len("</script>\n")
		if got[:i]+got[j:] != page {
			t.Errorf("%q: the page changed besides the script", page)
		}
		if rest := got[j:]; strings.Contains(page, "body>") && !strings.HasPrefix(strings.ToLower(rest), "</body>") {
			t.Errorf("%q: the script is not before the last </body>", page)
		}
	}
}

func TestContentType(t *testing.T) {
	for name, want := range map[string]string{
		"a/index.html": "text/html; charset=utf-8", "x.css": "text/css; charset=utf-8",
		"viewer.js": "text/javascript; charset=utf-8", "d.svg": "image/svg+xml", "deal.replay": "text/plain; charset=utf-8",
		"search-index.js": "text/javascript; charset=utf-8", "sitemap.xml": "application/xml", "README": "text/plain; charset=utf-8",
	} {
		if got := contentType(name, []byte("plain text")); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
}

// readEvent reads one event of a stream.
func readEvent(t *testing.T, r *bufio.Reader) (name, data string) {
	t.Helper()
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("reading events: %v", err)
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "" && name != "":
			return name, data
		case strings.HasPrefix(line, "event: "):
			name = line[7:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		}
	}
}

func TestEvents(t *testing.T) {
	s := New(Options{SourceLine: func(file string, line int) string {
		if file == "content/a.md" && line == 3 {
			return "the bad line"
		}
		return ""
	}})
	ts := httptest.NewServer(s)
	defer ts.Close()

	// Before the first build: a placeholder page with the script.
	resp, err := http.Get(ts.URL + "/games/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("before the first build: %d", resp.StatusCode)
	}

	s.Publish(map[string][]byte{"index.html": []byte("<body>home</body>")})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+EventsPath, nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := bufio.NewReader(resp.Body)
	if name, data := readEvent(t, r); name != "hello" || data != `{"build":"`+s.Build()+`"}` {
		t.Errorf("got %s %s", name, data)
	}

	// A failed build: the first error, all of them, the source line.
	s.Fail(srcpos.ErrorList{
		{Pos: srcpos.Pos{File: "content/a.md", Line: 3, Col: 5}, Msg: "bad <thing>"},
		{Pos: srcpos.Pos{File: "content/b.md"}, Msg: "other"},
	})
	name, data := readEvent(t, r)
	var ev errorEvent
	if err := json.Unmarshal([]byte(data), &ev); name != "error" || err != nil {
		t.Fatalf("got %s %s (%v)", name, data, err)
	}
	want := ErrorInfo{File: "content/a.md", Line: 3, Col: 5, Message: "bad <thing>", Source: "the bad line"}
	if ev.ErrorInfo != want || len(ev.Errors) != 2 || ev.Errors[1].File != "content/b.md" {
		t.Errorf("error event %s", data)
	}
	s.Fail(errors.New("plain"))
	if name, data := readEvent(t, r); name != "error" || !strings.Contains(data, `"message":"plain"`) {
		t.Errorf("got %s %s", name, data)
	}

	// A stream that does not read does not hold Publish up, and one that
	// falls behind gets the latest state.
	for i := range 1000 {
		s.Publish(map[string][]byte{"index.html": fmt.Appendf(nil, "<body>home %d</body>", i)})
	}
	for {
		name, data := readEvent(t, r)
		if name == "reload" && data == `{"build":"`+s.Build()+`"}` {
			break
		}
	}

	// A build with the same output as the one served changes nothing: no
	// event (the next one read is the following build's), same build id.
	build := s.Build()
	s.Publish(map[string][]byte{"index.html": []byte("<body>home 999</body>")})
	if s.Build() != build {
		t.Errorf("the same files published again made build %s of %s", s.Build(), build)
	}
	s.Publish(map[string][]byte{"index.html": []byte("<body>home 999</body>"), "a.css": nil})
	if name, data := readEvent(t, r); name != "reload" || data != `{"build":"`+s.Build()+`"}` || s.Build() == build {
		t.Errorf("after a changed build: %s %s", name, data)
	}
	// After a failed build, the same files clear the error: a reload.
	build = s.Build()
	s.Fail(errors.New("broken"))
	readEvent(t, r)
	s.Publish(map[string][]byte{"index.html": []byte("<body>home 999</body>"), "a.css": nil})
	if name, data := readEvent(t, r); name != "reload" || data != `{"build":"`+s.Build()+`"}` || s.Build() == build {
		t.Errorf("after a failed build: %s %s", name, data)
	}

	// Close ends the streams.
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			if _, err := r.ReadString('\n'); err != nil {
				return
			}
		}
	}()
	s.Close()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the stream did not end on Close")
	}
}
