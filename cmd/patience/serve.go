package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
	"github.com/patience-solitaire/patience/cmd/patience/internal/play/skeletons"
	"github.com/patience-solitaire/patience/cmd/patience/internal/replayblock"
	"github.com/patience-solitaire/patience/cmd/patience/internal/server"
	"github.com/patience-solitaire/patience/cmd/patience/internal/site"
	"github.com/patience-solitaire/patience/cmd/patience/internal/watch"
	"github.com/patience-solitaire/patience/content"
	"github.com/patience-solitaire/patience/engine/srcpos"
	"github.com/patience-solitaire/patience/templates"
)

const serveUsage = "usage: patience serve [--source DIR] [--port 1313] [--bind 127.0.0.1]"

// runServe builds the site of --source in memory, serves it, and rebuilds
// it when its files change, until interrupted.
func runServe(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg := serveConfig{Stdout: stdout, Stderr: stderr}
	fs.StringVar(&cfg.Source, "source", ".", "the site `folder`: content/, optional templates/ and config.yaml")
	fs.StringVar(&cfg.Source, "s", ".", "short for --source")
	fs.IntVar(&cfg.Port, "port", 1313, "the TCP `port` to listen on; 0 picks a free one")
	fs.IntVar(&cfg.Port, "p", 1313, "short for --port")
	fs.StringVar(&cfg.Bind, "bind", "127.0.0.1", "the `address` to listen on; anything but a loopback address shows the site to other machines")
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintf(stderr, "%s\n\nBuilds the website in memory and serves it at http://BIND:PORT/, watches\n"+
			"content/, templates/ and config.yaml, rebuilds what changed and reloads the\n"+
			"pages open in a browser; a failed build shows its errors over the page while\n"+
			"the last good build is still served. Without a content folder it serves the\n"+
			"bundled site (not watched). Stop it with Ctrl-C.\n\nFlags:\n", serveUsage)
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return usageError{flag.ErrHelp}
	case err != nil:
		return usageError{fmt.Errorf("%v\n%s", err, serveUsage)}
	case fs.NArg() > 0:
		return usageError{fmt.Errorf("unexpected argument %q\n%s", fs.Arg(0), serveUsage)}
	case cfg.Port < 0 || cfg.Port > 65535:
		return usageError{fmt.Errorf("--port %d: want 0 to 65535\n%s", cfg.Port, serveUsage)}
	case strings.TrimSpace(cfg.Bind) == "":
		return usageError{fmt.Errorf("--bind: want an address such as 127.0.0.1\n%s", serveUsage)}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		// After the first Ctrl-C, which stops the server cleanly, a
		// second one kills the process at once (e.g. during a long
		// first build).
		<-ctx.Done()
		stop()
	}()
	return serve(ctx, cfg)
}

// serveConfig configures serve.
type serveConfig struct {
	Source string
	Bind   string
	Port   int
	Stdout io.Writer // the address served
	Stderr io.Writer // builds, errors, warnings
	// Quiet is the watcher's quiet period (0: its default).
	Quiet time.Duration
	// Ready, if not nil, is called once the server serves.
	Ready func(*devServer)
	// Replay, if not nil, renders the replay blocks instead of
	// replayblock.Render (tests make builds slow with it).
	Replay markup.ReplayRenderer
}

// devServer is a running patience serve.
type devServer struct {
	cfg     serveConfig
	URL     string // "http://127.0.0.1:1313/"
	opts    site.Options
	bundled bool
	cache   *site.Cache
	srv     *server.Server
	watcher *watch.Watcher // nil if watching failed
	http    *http.Server

	mu     sync.Mutex // one build at a time
	builds int        // builds done, good or bad
}

// serve runs patience serve until ctx is done, then shuts down cleanly:
// the watcher stops, the event streams end, and the HTTP server waits for
// the requests in progress.
func serve(ctx context.Context, cfg serveConfig) error {
	if cfg.Stdout == nil {
		cfg.Stdout = io.Discard
	}
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
	}
	source, err := filepath.Abs(cfg.Source)
	if err != nil {
		return err
	}
	if fi, err := os.Stat(source); err != nil || !fi.IsDir() {
		return fmt.Errorf("source %s is not a folder", cfg.Source)
	}
	d := &devServer{cfg: cfg, cache: site.NewCache()}
	d.opts = site.Options{Source: source, Cache: d.cache, Replay: replayblock.Render, PlaySkeletons: skeletons.Text}
	if cfg.Replay != nil {
		d.opts.Replay = cfg.Replay
	}
	trees := []string{"content", "templates"}
	if fi, err := os.Stat(filepath.Join(source, "content")); err != nil || !fi.IsDir() {
		d.bundled = true
		d.opts.Content = content.FS
		trees = trees[1:]
	}
	d.srv = server.New(server.Options{SourceLine: d.sourceLine})

	host := strings.Trim(cfg.Bind, "[]")
	ln, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(cfg.Port)))
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("port %d on %s is in use; try --port %d", cfg.Port, host, cfg.Port+1)
		}
		return fmt.Errorf("cannot listen on %s port %d: %v", host, cfg.Port, unwrapNet(err))
	}
	if d.bundled {
		d.logf("no content folder in %s: serving the bundled site, which is built in and not watched "+
			"(templates/ and config.yaml are); make a content folder and restart to serve your own", cfg.Source)
	}
	if !isLoopback(host) {
		d.logf("warning: --bind %s is not a loopback address: other machines can reach this server, "+
			"which is made for previews, not for the internet", host)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	d.URL = "http://" + net.JoinHostPort(host, strconv.Itoa(port)) + "/"

	// Watch before the first build, so that no change made during it is
	// missed.
	d.watcher, err = watch.New(source, watch.Options{Trees: trees, Files: []string{"config.yaml"}, Quiet: cfg.Quiet,
		Log: func(msg string) { d.logf("watching: %s", msg) }})
	if err != nil {
		d.logf("cannot watch for changes (%v): serving without live reload", err)
	}
	d.rebuild(ctx, nil, false)
	if ctx.Err() != nil {
		// Stopped during the first build.
		if d.watcher != nil {
			d.watcher.Close()
		}
		ln.Close()
		d.srv.Close()
		d.logf("stopped")
		return nil
	}

	d.http = &http.Server{
		Handler:           d.srv,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          log.New(cfg.Stderr, "patience serve: ", 0),
	}
	served := make(chan error, 1)
	go func() { served <- d.http.Serve(ln) }()
	fmt.Fprintf(cfg.Stdout, "Serving the site at %s (Ctrl-C to stop)\n", d.URL)
	if cfg.Ready != nil {
		cfg.Ready(d)
	}

	var loopDone chan struct{}
	if d.watcher != nil {
		loopDone = make(chan struct{})
		go func() {
			defer close(loopDone)
			for {
				b, err := d.watcher.Next(ctx)
				if err != nil {
					return
				}
				d.rebuild(ctx, b.Paths, b.All)
			}
		}()
	}

	var serveErr error
	select {
	case <-ctx.Done():
	case serveErr = <-served:
	}
	if d.watcher != nil {
		d.watcher.Close()
		<-loopDone
	}
	d.srv.Close()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := d.http.Shutdown(sctx); err != nil {
		d.http.Close()
	}
	if serveErr != nil && !errors.Is(serveErr, http.ErrServerClosed) {
		return serveErr
	}
	d.logf("stopped")
	return nil
}

// rebuild builds the site again after the given changes (all: anything
// may have changed) and publishes it, or its errors. It stops soon when
// ctx is done (Ctrl-C), publishing nothing.
func (d *devServer) rebuild(ctx context.Context, changed []string, all bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if all {
		d.cache.ChangedAll()
	} else {
		d.cache.Changed(changed...)
	}
	start := time.Now()
	res, err := site.BuildContext(ctx, d.opts)
	if ctx.Err() != nil {
		return // stopping: the changes stay marked in the cache
	}
	took := time.Since(start).Round(100 * time.Microsecond)
	d.builds++
	what := "built"
	if d.builds > 1 {
		what = "rebuilt after changes to " + summary(changed, all)
	}
	if err != nil {
		var b bytes.Buffer
		var list srcpos.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				fmt.Fprintf(&b, "%s\n", e)
			}
		} else {
			fmt.Fprintf(&b, "%v\n", err)
		}
		still := "still serving the last good build"
		if d.srv.Build() == "" {
			still = "the pages show the errors until a build succeeds"
		}
		fmt.Fprintf(d.cfg.Stderr, "%spatience serve: %s: the build failed in %v; %s\n", b.String(), what, took, still)
		d.srv.Fail(err)
		return
	}
	same := ""
	if !d.srv.Publish(res.Output) {
		same = "; the output is the same as before, so the pages do not reload"
	}
	d.logf("%s: %d pages (%d converted, %d rendered), %d files, in %v%s", what, len(res.Pages), res.Loaded, res.Rendered, len(res.Output), took, same)
}

// summary names the changed files for the log.
func summary(changed []string, all bool) string {
	switch {
	case all:
		return "anything (events were lost)"
	case len(changed) == 0:
		return "nothing"
	case len(changed) <= 3:
		return strings.Join(changed, ", ")
	}
	return fmt.Sprintf("%s and %d other files", strings.Join(changed[:2], ", "), len(changed)-2)
}

func (d *devServer) logf(format string, args ...any) {
	fmt.Fprintf(d.cfg.Stderr, "patience serve: "+format+"\n", args...)
}

// sourceLine returns line n of a file named in a build error: a file of
// the site folder ("content/x.md", "templates/base.html", "config.yaml"),
// of the bundled site, or of the built-in templates.
func (d *devServer) sourceLine(file string, n int) string {
	var data []byte
	var err error
	switch {
	case strings.HasPrefix(file, "builtin:templates/"):
		data, err = site.ReadFile(templates.FS, strings.TrimPrefix(file, "builtin:templates/"))
	case d.bundled && strings.HasPrefix(file, "content/"):
		data, err = site.ReadFile(content.FS, strings.TrimPrefix(file, "content/"))
	case fs.ValidPath(file):
		// The file named by an error may be the FIFO or the huge file
		// the error is about: read it as the build does.
		var root *os.Root
		if root, err = os.OpenRoot(d.opts.Source); err == nil {
			data, err = site.ReadFile(root.FS(), file)
			root.Close()
		}
	default:
		return ""
	}
	if err != nil {
		return ""
	}
	for i := 1; len(data) > 0; i++ {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		if i == n {
			return strings.TrimRight(string(line), "\r")
		}
		data = rest
	}
	return ""
}

// isLoopback tells whether host names this machine only.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// unwrapNet drops the "listen tcp ADDR:" of a net.OpError.
func unwrapNet(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err
	}
	return err
}
