// Command patience builds the patience website from Markdown, and deals,
// verifies, solves and surveys patience (solitaire) games.
//
// Usage:
//
//	patience COMMAND [flags] [arguments]
//
// Exit status: 0 on success, 1 on a user error (bad input, failed
// verification), 2 on bad usage.
//
// Each command lives in a file of its own (build.go, deal.go, ...) as a
// function
//
//	func runNAME(args []string, stdout, stderr io.Writer) error
//
// listed in the commands table below. A command returns a usageError for
// bad usage (main exits with status 2), a srcpos.Error or srcpos.ErrorList
// for problems at positions in the input (printed one per line), and any
// other error for other failures (status 1 for both).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// command is a subcommand of patience.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

// commands lists the subcommands in the order of the usage text. To add
// one, write NAME.go with runNAME and add a line here.
var commands = []command{
	{"build", "build the website: patience build [--source DIR] [--destination DIR]", runBuild},
	{"serve", "preview the website with live reload: patience serve [--source DIR] [--port 1313] [--bind 127.0.0.1]", runServe},
	{"solve", "solve a deal and print the win as a replay: patience solve GAME --deal N", runSolve},
	{"survey", "solve a range of deals and report the win rate: patience survey GAME --deals A-B [--jobs N] [--json FILE] [--shard i/n]; patience survey merge FILE...", runSurvey},
	{"verify", "check replay files against the rules: patience verify [--json] FILE...", runVerify},
	{"deal", "print a deal's starting layout: patience deal GAME --deal N [--json]", runDeal},
	{"fairplay", "measure a shuffling game's rate for a player who cannot foresee the shuffles: patience fairplay GAME --deals A-B --bound lower|upper", runFairplay},
	{"games", "list the games, with their variants and packs", runGames},
}

// usageError is bad usage of the command line: main prints it and exits
// with status 2. A command that has printed its own usage may wrap
// flag.ErrHelp, which main does not print.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// parseGameFlags parses "GAME [flags]" or "[flags] GAME", as deal, solve,
// survey and fairplay take them, and returns the game ("" if none). An
// argument after the game is bad usage.
func parseGameFlags(fs *flag.FlagSet, args []string) (string, error) {
	var game string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		game, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return "", usageError{err}
	}
	rest := fs.Args()
	if game == "" && len(rest) > 0 {
		game, rest = rest[0], rest[1:]
	}
	if len(rest) > 0 {
		return "", usageError{fmt.Errorf("%s: unexpected argument %q", fs.Name(), rest[0])}
	}
	return game, nil
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 {
			if c := lookup(rest[0]); c != nil {
				// Commands print their usage for -h.
				return report(stderr, c.name, c.run([]string{"-h"}, stdout, stderr))
			}
		}
		usage(stderr)
		return 2
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "patience: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	if c.name != "build" && c.name != "serve" {
		// The site's own games: build and serve read them from their
		// source folder.
		if err := declareGames("."); err != nil {
			return report(stderr, c.name, err)
		}
	}
	return report(stderr, c.name, c.run(rest, stdout, stderr))
}

func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// report prints err, if any, and returns the exit status for it.
func report(stderr io.Writer, name string, err error) int {
	var ue usageError
	var list srcpos.ErrorList
	var one *srcpos.Error
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		if !errors.Is(err, flag.ErrHelp) {
			msg := ue.Error()
			if !strings.HasPrefix(msg, "usage:") {
				msg = prefixed(name, msg)
			}
			fmt.Fprintln(stderr, msg)
		}
		return 2
	case errors.As(err, &list):
		for _, e := range list {
			fmt.Fprintln(stderr, e)
		}
		return 1
	case errors.As(err, &one):
		fmt.Fprintln(stderr, one)
		return 1
	default:
		fmt.Fprintln(stderr, prefixed(name, err.Error()))
		return 1
	}
}

// prefixed returns msg after "patience NAME: ", once: a message that
// starts with its command already ("survey: ...", "survey merge: ...")
// gets "patience " only.
func prefixed(name, msg string) string {
	cmd, _, _ := strings.Cut(msg, ": ")
	if sub, ok := strings.CutPrefix(cmd, name+" "); cmd == name || ok && sub != "" && !strings.ContainsAny(sub, " :") {
		return "patience " + msg
	}
	return "patience " + name + ": " + msg
}

// usage prints the list of commands.
func usage(w io.Writer) {
	fmt.Fprint(w, `patience builds a rules-reference website for patience (solitaire) games,
and deals, verifies, solves and surveys the games.

Usage:

	patience COMMAND [flags] [arguments]

Commands:
`)
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-7s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Run 'patience help COMMAND' or 'patience COMMAND -h' for a command's flags.
Exit status: 0 success, 1 error in the input, 2 bad usage.
`)
}
