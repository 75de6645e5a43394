package survey

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/datafile"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// File is a survey file read back: its header (if it had one) and its
// deal lines sorted by deal.
//
// A file resumed with another budget, time limit or solver has one
// header line per such run, each before the lines that run wrote; an
// unknown deal is tried again by a run unlike the one that left it
// unknown (see Open). Merge keeps every run of its inputs, and Write
// writes each run's header before the results it gave.
type File struct {
	Header  *Header // the first header line
	Last    *Header // the last header line (nil: as Header)
	Results []DealResult
	// runs lists the header lines in the file's order (Merge: the runs
	// of its inputs, the same run once, ordered by solver version).
	runs []*Header
	// run[d] is the header of the run whose result for deal d is kept
	// (for an unknown deal: the run that left it unknown).
	run map[uint64]*Header
	// at holds where each header line and each kept deal's line was
	// read, for messages.
	at     map[*Header]srcpos.Pos
	dealAt map[uint64]srcpos.Pos
}

func newFile() *File {
	return &File{run: map[uint64]*Header{}, at: map[*Header]srcpos.Pos{}, dealAt: map[uint64]srcpos.Pos{}}
}

// headers returns the file's runs in order: its header lines, or for a
// File made by hand its Header (and Last).
func (f *File) headers() []*Header {
	if f.runs != nil {
		return f.runs
	}
	var hs []*Header
	if f.Header != nil {
		hs = append(hs, f.Header)
	}
	if f.Last != nil && f.Last != f.Header {
		hs = append(hs, f.Last)
	}
	return hs
}

// runOf returns the header of the run that gave deal d's result: for a
// File made by hand, its Header.
func (f *File) runOf(d uint64) *Header {
	if h := f.run[d]; h != nil {
		return h
	}
	return f.Header
}

// maxBudget returns the largest node budget of the runs whose results
// the file keeps (0 if none is known): no kept result had more.
func (f *File) maxBudget() int64 {
	var b int64
	for _, d := range f.Results {
		if h := f.runOf(d.Deal); h != nil {
			b = max(b, h.Budget)
		}
	}
	return b
}

// latest returns the header of the file's last run.
func (f *File) latest() *Header {
	if f.Last != nil {
		return f.Last
	}
	return f.Header
}

// Select returns the part of f whose results keep says to keep, with
// the runs that gave them.
func (f *File) Select(keep func(DealResult) bool) *File {
	out := newFile()
	out.Header, out.Last, out.runs, out.at = f.Header, f.Last, f.runs, f.at
	for _, d := range f.Results {
		if keep(d) {
			out.Results = append(out.Results, d)
			out.run[d.Deal], out.dealAt[d.Deal] = f.runOf(d.Deal), f.dealAt[d.Deal]
		}
	}
	return out
}

// MaxFileSize bounds the survey files that Open and ReadFile read: a
// survey of a million deals is about 70 MB.
const MaxFileSize = 1 << 30

// Read reads a survey file in JSON lines: header lines (with a "survey"
// key) and deal lines. A deal that appears twice keeps its decided
// result (won or lost) over unknown; won against lost is an error. A
// last line cut short, without its newline (a run interrupted while
// writing it), is ignored; any other broken line, even the last, is an
// error. An error is a *srcpos.Error at the line ("name:line:1:
// message").
func Read(r io.Reader, name string) (*File, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return parse(data, name)
}

func parse(data []byte, name string) (*File, error) {
	f := newFile()
	byDeal := map[uint64]DealResult{}
	var cur *Header
	for line, rest := 0, data; len(rest) > 0; {
		line++
		text, after, terminated := bytes.Cut(rest, []byte("\n"))
		rest = after
		text = bytes.TrimSpace(text)
		if len(text) == 0 {
			continue
		}
		at := srcpos.Pos{File: name, Line: line, Col: 1}
		// A header has the key "survey", which a deal line cannot hold
		// (its keys and values are numbers, won, lost and unknown).
		var v any = new(DealResult)
		if bytes.Contains(text, []byte(`"survey"`)) {
			v = new(Header)
		}
		if err := json.Unmarshal(text, v); err != nil {
			var se *json.SyntaxError
			if !terminated && errors.As(err, &se) {
				break // an interrupted run's last line
			}
			return nil, &srcpos.Error{Pos: at, Msg: err.Error()}
		}
		switch v := v.(type) {
		case *Header:
			if first := f.Header; first != nil && (v.Game != first.Game || v.Variant != first.Variant) {
				return nil, lineError(name, line, "survey of %s after one of %s", engine.Key(v.Game, v.Variant), engine.Key(first.Game, first.Variant))
			}
			if f.Header == nil {
				f.Header = v
			}
			cur, f.Last = v, v
			f.runs = append(f.runs, v)
			f.at[v] = at
		case *DealResult:
			if v.Result != Won && v.Result != Lost && v.Result != Unknown {
				return nil, lineError(name, line, "unknown result %q (want won, lost or unknown)", v.Result)
			}
			kept, err := mergeInto(byDeal, f.dealAt, *v, at)
			if err != nil {
				return nil, err
			}
			if kept {
				f.run[v.Deal] = cur
			}
		}
	}
	f.Results = sortedResults(byDeal)
	return f, nil
}

// ReadFile reads the survey file at path (see Read), which must be a
// regular file of at most MaxFileSize bytes.
func ReadFile(path string) (*File, error) {
	data, err := datafile.Read(path, MaxFileSize, "a survey file")
	if err != nil {
		return nil, err
	}
	return parse(data, path)
}

// lineError is a problem on a line of a survey file.
func lineError(name string, line int, format string, args ...any) error {
	return &srcpos.Error{Pos: srcpos.Pos{File: name, Line: line, Col: 1}, Msg: fmt.Sprintf(format, args...)}
}

// mergeInto records d, read at pos, in byDeal (and pos in dealAt) unless
// a decided result is there already, and reports whether it did. Won
// against lost is an error at pos naming the other line.
func mergeInto(byDeal map[uint64]DealResult, dealAt map[uint64]srcpos.Pos, d DealResult, pos srcpos.Pos) (bool, error) {
	old, ok := byDeal[d.Deal]
	switch {
	case !ok || old.Result == Unknown:
		byDeal[d.Deal], dealAt[d.Deal] = d, pos
		return true, nil
	case d.Result != Unknown && d.Result != old.Result:
		return false, &srcpos.Error{Pos: pos, Msg: fmt.Sprintf("deal %d is %s here and %s %s", d.Deal, d.Result, old.Result, where(dealAt[d.Deal], pos))}
	}
	return false, nil
}

// where names the position other, seen from a message at pos: "at line
// 7" in the same file, "in a.jsonl:7" in another.
func where(other, pos srcpos.Pos) string {
	switch {
	case other.File == "" && other.Line == 0:
		return "before"
	case other.File == pos.File:
		return fmt.Sprintf("at line %d", other.Line)
	}
	return fmt.Sprintf("in %s:%d", other.File, other.Line)
}

func sortedResults(byDeal map[uint64]DealResult) []DealResult {
	out := make([]DealResult, 0, len(byDeal))
	for _, d := range byDeal {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b DealResult) int { return cmp.Compare(a.Deal, b.Deal) })
	return out
}

// Merge combines survey files of one game and variant, made under the
// same rules (engine fingerprint), into one sorted by deal; see Read for
// deals found in more than one file. Files of other games, variants or
// rules are refused: the error is at the line of the header that differs
// and names the line of the first. The result keeps every run of the
// files (equal header lines once), ordered by solver version, then
// budget and time limit, so that
// Write tells which solver and budget gave each result and the odds
// object the largest budget.
func Merge(files []*File) (*File, error) {
	out := newFile()
	byDeal := map[uint64]DealResult{}
	same := map[Header]*Header{} // one header per run
	var first *Header
	var firstPos srcpos.Pos
	for _, f := range files {
		for _, h := range f.headers() {
			if first == nil {
				first, firstPos = h, f.at[h]
			} else if err := mergeable(first, firstPos, h, f.at[h]); err != nil {
				return nil, err
			}
			if same[*h] == nil {
				c := *h
				same[*h] = &c
				out.runs = append(out.runs, &c)
				out.at[&c] = f.at[h]
			}
		}
		for _, d := range f.Results {
			kept, err := mergeInto(byDeal, out.dealAt, d, f.dealAt[d.Deal])
			if err != nil {
				return nil, err
			}
			if kept {
				out.run[d.Deal] = nil
				if h := f.runOf(d.Deal); h != nil {
					out.run[d.Deal] = same[*h]
				}
			}
		}
	}
	slices.SortStableFunc(out.runs, func(a, b *Header) int {
		return cmp.Or(compareSolvers(a.Solver, b.Solver), cmp.Compare(a.Budget, b.Budget), cmp.Compare(a.TimeoutMS, b.TimeoutMS))
	})
	if n := len(out.runs); n > 0 {
		out.Header, out.Last = out.runs[0], out.runs[n-1]
	}
	out.Results = sortedResults(byDeal)
	return out, nil
}

// mergeable checks that a run h, read at pos, may join the runs of first,
// read at firstPos: the same game, variant and rules.
func mergeable(first *Header, firstPos srcpos.Pos, h *Header, pos srcpos.Pos) error {
	var msg string
	switch {
	case h.Game != first.Game || h.Variant != first.Variant:
		msg = fmt.Sprintf("a survey of %s cannot be merged with the survey of %s %s",
			engine.Key(h.Game, h.Variant), engine.Key(first.Game, first.Variant), where(firstPos, pos))
	case h.Engine != first.Engine:
		msg = fmt.Sprintf("a survey of %s under the rules %q cannot be merged with the one under the rules %q %s: the rules changed between them, so their results do not add up",
			engine.Key(h.Game, h.Variant), h.Engine, first.Engine, where(firstPos, pos))
	default:
		return nil
	}
	return &srcpos.Error{Pos: pos, Msg: msg}
}

// compareSolvers orders solver versions: as numbers when both are ("2"
// before "12"), else as text.
func compareSolvers(a, b string) int {
	x, errA := strconv.ParseUint(a, 10, 64)
	y, errB := strconv.ParseUint(b, 10, 64)
	if errA == nil && errB == nil {
		return cmp.Compare(x, y)
	}
	return strings.Compare(a, b)
}

// Write writes a survey file: each run's header line, then the lines of
// the deals whose results it gave, by deal (a File of one run: its
// header, then every deal).
func Write(w io.Writer, f *File) error {
	bw := bufio.NewWriter(w)
	runs := f.headers()
	if len(runs) <= 1 {
		for _, h := range runs {
			if err := writeJSONLine(bw, h); err != nil {
				return err
			}
		}
		for _, d := range f.Results {
			if err := writeJSONLine(bw, d); err != nil {
				return err
			}
		}
		return bw.Flush()
	}
	byRun := map[*Header][]DealResult{}
	for _, d := range f.Results {
		h := f.runOf(d.Deal)
		if h == nil {
			h = runs[0]
		}
		byRun[h] = append(byRun[h], d)
	}
	for _, h := range runs {
		if err := writeJSONLine(bw, h); err != nil {
			return err
		}
		for _, d := range byRun[h] {
			if err := writeJSONLine(bw, d); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// WriteLine appends one deal's line to a survey file.
func WriteLine(w io.Writer, d DealResult) error { return writeJSONLine(w, d) }

func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}

// Resumed is a survey file opened by Open for a run to append to.
type Resumed struct {
	*os.File                 // opened for appending, and locked
	Previous *File           // what the file held before this run
	Done     map[uint64]bool // the deals this run need not solve again
	// CutLine is the number of the broken last line that Open cut off
	// (0: none), left by a run interrupted while writing it.
	CutLine int
}

// ErrBusy is the error of Open on a file another survey is writing.
var ErrBusy = errors.New("another survey is writing this file")

// Open opens the survey file at path for a run described by h, creating
// it with h as its first line if it does not exist or is empty. The file
// is locked until it is closed: a second Open of it, in this process or
// another, fails with ErrBusy.
//
// Nothing is written to an existing file before it is known to be a
// survey of h's game and variant under h's rules: a file whose first
// line is not a survey header, whose lines are not a survey, or which is
// a survey of another game, variant or rules, is refused and left as it
// was. Only then is a broken last line, left by a run interrupted while
// writing it, cut off (CutLine), and a header line for h appended if the
// file was last written by a run with another budget, time limit or
// solver.
//
// Done holds the deals already in the file, except the unknown ones left
// by a run unlike this one, which are tried again.
func Open(path string, h Header) (*Resumed, error) {
	// O_APPEND: every line goes to the end, whatever else writes it.
	fh, err := datafile.OpenRegular(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	if err := datafile.Lock(fh); err != nil {
		fh.Close()
		if errors.Is(err, datafile.ErrLocked) {
			return nil, fmt.Errorf("%s: %w (it is locked): wait for it to end, or give each run its own file (--shard i/n, then survey merge)", path, ErrBusy)
		}
		return nil, err
	}
	r, err := resume(fh, path, h)
	if err != nil {
		fh.Close()
		return nil, err
	}
	return r, nil
}

func resume(fh *os.File, path string, h Header) (*Resumed, error) {
	data, err := datafile.ReadAll(fh, MaxFileSize, "a survey file")
	if err != nil {
		return nil, err
	}
	whole, cutLine, err := cutBroken(path, data)
	if err != nil {
		return nil, err
	}
	sf, err := parse(whole, path)
	if err != nil {
		return nil, err
	}
	if last := sf.latest(); last != nil {
		key := engine.Key(h.Game, h.Variant)
		switch {
		case last.Game != h.Game || last.Variant != h.Variant:
			return nil, fmt.Errorf("%s is a survey of %s, not %s", path, engine.Key(last.Game, last.Variant), key)
		case last.Engine != h.Engine:
			return nil, lineError(path, sf.at[last].Line, "this survey played the rules %q, and the rules of %s are now %q: its results do not apply to them; survey into a new file", last.Engine, key, h.Engine)
		}
	}
	// The file is ours: cut the broken line, or end the last line if a
	// whole line lacks its newline.
	if len(whole) < len(data) {
		if err := fh.Truncate(int64(len(whole))); err != nil {
			return nil, err
		}
	}
	if len(whole) > 0 && whole[len(whole)-1] != '\n' {
		if _, err := fh.Write([]byte("\n")); err != nil {
			return nil, err
		}
	}
	// A new file starts with h; a file last written by another kind of
	// run gets h too, so that the lines that follow are known as this
	// run's.
	if last := sf.latest(); last == nil || !sameBudget(*last, h) {
		if err := writeJSONLine(fh, h); err != nil {
			return nil, err
		}
	}
	done := map[uint64]bool{}
	for _, d := range sf.Results {
		if u := sf.run[d.Deal]; d.Result != Unknown || u == nil || sameBudget(*u, h) {
			done[d.Deal] = true
		}
	}
	return &Resumed{File: fh, Previous: sf, Done: done, CutLine: cutLine}, nil
}

// cutBroken checks that data, not empty, is a survey file: its first line
// is complete and a header. It returns data without its last line if
// that line is the start of a JSON object that is not whole (a run
// interrupted while writing it, whether or not a newline followed), and
// that line's number.
func cutBroken(path string, data []byte) (whole []byte, cutLine int, err error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return data, 0, nil
	}
	first, _, complete := bytes.Cut(bytes.TrimLeft(data, " \t\r\n"), []byte("\n"))
	var h struct {
		Survey *int `json:"survey"`
	}
	if !complete || json.Unmarshal(first, &h) != nil || h.Survey == nil {
		return nil, 0, fmt.Errorf("%s is not a survey file (its first line is not a survey header); give --json a survey file or a new file", path)
	}
	// The last line that is not blank, and where it starts.
	trimmed := bytes.TrimRight(data, " \t\r\n")
	start := bytes.LastIndexByte(trimmed, '\n') + 1
	last := trimmed[start:]
	var v any
	if err := json.Unmarshal(last, &v); err == nil {
		return data, 0, nil
	}
	line := 1 + bytes.Count(data[:start], []byte("\n"))
	if last[0] != '{' {
		return nil, 0, lineError(path, line, "not a line of a survey; the file is left as it is")
	}
	return data[:start], line, nil
}

// sameBudget reports whether a run with header b would repeat the work
// recorded under header a (an unknown deal is tried again with a new
// budget or solver).
func sameBudget(a, b Header) bool {
	return a.Budget == b.Budget && a.TimeoutMS == b.TimeoutMS && a.Solver == b.Solver
}
