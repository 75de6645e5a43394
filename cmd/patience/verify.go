package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/patience-solitaire/patience/cmd/patience/internal/replayblock"
	"github.com/patience-solitaire/patience/engine/datafile"
	"github.com/patience-solitaire/patience/engine/srcpos"
	"github.com/patience-solitaire/patience/replay"
)

// runVerify checks replay files against the rules: patience verify
// [--json] FILE... With --json it prints each replay's format 1 export.
func runVerify(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print each replay's format 1 JSON export")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: patience verify [--json] FILE...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return usageError{fmt.Errorf("verify: no replay files given")}
	}
	var errs srcpos.ErrorList
	for _, file := range fs.Args() {
		v, err := verifyFile(file)
		if err != nil {
			if list, ok := err.(srcpos.ErrorList); ok {
				errs = append(errs, list...)
			} else {
				errs.Add(srcpos.Pos{File: file}, err.Error())
			}
			continue
		}
		if *asJSON {
			stdout.Write(replayblock.JSON(v.Export()))
		} else {
			fmt.Fprintf(stdout, "%s: ok, %d steps, %s\n", file, len(v.Steps), v.Export().Result)
		}
	}
	return errs.Err()
}

// maxReplaySize bounds what verify reads: a replay of a million moves is
// about 20 MB.
const maxReplaySize = 64 << 20

func verifyFile(file string) (*replay.Verified, error) {
	src, err := datafile.Read(file, maxReplaySize, "a replay file")
	if pe, ok := err.(*os.PathError); ok {
		err = pe.Err // the message names the file already
	}
	if err != nil {
		return nil, err
	}
	r, err := replay.Parse(file, 1, src)
	if err != nil {
		return nil, err
	}
	return replay.Verify(r)
}
