package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/patience-solitaire/patience/cmd/patience/internal/play/skeletons"
	"github.com/patience-solitaire/patience/cmd/patience/internal/replayblock"
	"github.com/patience-solitaire/patience/cmd/patience/internal/site"
	"github.com/patience-solitaire/patience/content"
)

const buildUsage = "usage: patience build [--source DIR] [--destination DIR]"

// runBuild builds the site of --source into --destination. Without a
// content/ folder in --source it builds the bundled site.
func runBuild(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var source, dest string
	fs.StringVar(&source, "source", ".", "the site `folder`: content/, optional templates/ and config.yaml")
	fs.StringVar(&source, "s", ".", "short for --source")
	fs.StringVar(&dest, "destination", "public", "the output `folder`; a relative one is relative to the source folder")
	fs.StringVar(&dest, "d", "public", "short for --destination")
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintf(stderr, "%s\n\nBuilds the website from the Markdown pages in the source's content/ folder\n"+
			"(the bundled site if it has none). The destination is replaced only\n"+
			"when the whole build succeeds.\n\nFlags:\n", buildUsage)
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return usageError{flag.ErrHelp}
	case err != nil:
		return usageError{fmt.Errorf("%v\n%s", err, buildUsage)}
	case fs.NArg() > 0:
		return usageError{fmt.Errorf("unexpected argument %q\n%s", fs.Arg(0), buildUsage)}
	}
	if fi, err := os.Stat(source); err != nil || !fi.IsDir() {
		return fmt.Errorf("source %s is not a folder", source)
	}
	opts := site.Options{Source: source, Destination: dest, Replay: replayblock.Render, PlaySkeletons: skeletons.Text}
	if fi, err := os.Stat(filepath.Join(source, "content")); err != nil || !fi.IsDir() {
		opts.Content = content.FS
		fmt.Fprintf(stderr, "patience build: no content folder in %s: building the bundled site\n", source)
	}
	// Ctrl-C stops the build cleanly: the new output folder is removed
	// and the destination left as it was.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	res, err := site.BuildContext(ctx, opts)
	if ctx.Err() != nil {
		return errors.New("interrupted: the destination is as it was")
	}
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(stderr, w)
	}
	fmt.Fprintf(stderr, "patience build: %d pages, %d files in all, written to %s in %v\n",
		len(res.Pages), res.Files, res.Destination, time.Since(start).Round(time.Millisecond))
	return nil
}
