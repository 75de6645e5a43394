package survey

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/replay/srcpos"
)

// File is a survey file read back: its header (if it had one) and its
// deal lines sorted by deal.
//
// A file resumed with another budget, time limit or solver has one
// header line per such run, each before the lines that run wrote; an
// unknown deal is tried again by a run unlike the one that left it
// unknown (see Open).
type File struct {
	Header  *Header // the first header line
	Last    *Header // the last header line (nil: as Header)
	Results []DealResult
	// run[d] is the header of the run whose result for deal d is kept
	// (for an unknown deal: the run that left it unknown).
	run map[uint64]*Header
}

// maxBudget returns the largest node budget of the runs whose results
// the file keeps (0 if none is known): no kept result had more.
func (f *File) maxBudget() int64 {
	var b int64
	for _, d := range f.Results {
		if h := f.run[d.Deal]; h != nil {
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

// MaxFileSize bounds the survey files that Open and ReadFile read: a
// survey of a million deals is about 70 MB.
const MaxFileSize = 1 << 30

// Read reads a survey file in JSON lines: header lines (with a "survey"
// key) and deal lines. A deal that appears twice keeps its decided
// result (won or lost) over unknown; won against lost is an error. A
// truncated last line (an interrupted run) is ignored. An error is a
// *srcpos.Error at the line ("name:line:1: message").
func Read(r io.Reader, name string) (*File, error) {
	f := &File{run: map[uint64]*Header{}}
	byDeal := map[uint64]DealResult{}
	var cur *Header
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	var bad error
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if bad != nil {
			// Only the last line may be broken.
			return nil, bad
		}
		// A header has the key "survey", which a deal line cannot hold
		// (its keys and values are numbers, won, lost and unknown).
		if strings.Contains(text, `"survey"`) {
			var h Header
			if err := json.Unmarshal([]byte(text), &h); err != nil {
				if bad = syntaxError(name, line, err); bad != nil {
					continue
				}
				return nil, lineError(name, line, "%v", err)
			}
			if f.Header != nil && (h.Game != f.Header.Game || h.Variant != f.Header.Variant) {
				return nil, lineError(name, line, "survey of %s after one of %s", engine.Key(h.Game, h.Variant), engine.Key(f.Header.Game, f.Header.Variant))
			}
			if f.Header == nil {
				f.Header = &h
			}
			cur, f.Last = &h, &h
			continue
		}
		var d DealResult
		if err := json.Unmarshal([]byte(text), &d); err != nil {
			if bad = syntaxError(name, line, err); bad != nil {
				continue
			}
			return nil, lineError(name, line, "%v", err)
		}
		if d.Result != Won && d.Result != Lost && d.Result != Unknown {
			return nil, lineError(name, line, "unknown result %q (want won, lost or unknown)", d.Result)
		}
		kept, err := mergeInto(byDeal, d)
		if err != nil {
			return nil, lineError(name, line, "%v", err)
		}
		if kept {
			f.run[d.Deal] = cur
		}
	}
	if err := sc.Err(); err != nil {
		return nil, lineError(name, line+1, "%v", err)
	}
	f.Results = sortedResults(byDeal)
	return f, nil
}

// ReadFile reads the survey file at path (see Read), which must be a
// regular file of at most MaxFileSize bytes.
func ReadFile(path string) (*File, error) {
	fh, err := openRegular(path, os.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	data, err := readLimited(fh, path)
	if err != nil {
		return nil, err
	}
	return Read(bytes.NewReader(data), path)
}

// openRegular opens path with flag and refuses anything but a regular
// file (a FIFO, a device), which it closes again without reading it.
func openRegular(path string, flag int) (*os.File, error) {
	// O_NONBLOCK: opening a FIFO must not wait for a writer; it is
	// refused below anyway.
	fh, err := os.OpenFile(path, flag|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	fi, err := fh.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file", path)
	}
	if err != nil {
		fh.Close()
		return nil, err
	}
	return fh, nil
}

func readLimited(fh *os.File, name string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(fh, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s is larger than %d MB, the most a survey file may have", name, MaxFileSize>>20)
	}
	return data, nil
}

// syntaxError returns the error of a line that is not JSON, which is
// forgiven if it is the last (an interrupted run), or nil for any other
// error.
func syntaxError(name string, line int, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return lineError(name, line, "%v", err)
	}
	return nil
}

// lineError is a problem on a line of a survey file.
func lineError(name string, line int, format string, args ...any) error {
	return &srcpos.Error{Pos: srcpos.Pos{File: name, Line: line, Col: 1}, Msg: fmt.Sprintf(format, args...)}
}

// mergeInto records d in byDeal unless a decided result is there
// already, and reports whether it did.
func mergeInto(byDeal map[uint64]DealResult, d DealResult) (bool, error) {
	old, ok := byDeal[d.Deal]
	switch {
	case !ok || old.Result == Unknown:
		byDeal[d.Deal] = d
		return true, nil
	case d.Result != Unknown && d.Result != old.Result:
		return false, fmt.Errorf("deal %d is %s here and %s before", d.Deal, d.Result, old.Result)
	}
	return false, nil
}

func sortedResults(byDeal map[uint64]DealResult) []DealResult {
	out := make([]DealResult, 0, len(byDeal))
	for _, d := range byDeal {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b DealResult) int {
		switch {
		case a.Deal < b.Deal:
			return -1
		case a.Deal > b.Deal:
			return 1
		}
		return 0
	})
	return out
}

// Merge combines survey files (of one game and variant) into one, sorted
// by deal; see Read for deals found in more than one file.
func Merge(files []*File) (*File, error) {
	out := &File{run: map[uint64]*Header{}}
	byDeal := map[uint64]DealResult{}
	for _, f := range files {
		if f.Header != nil {
			if out.Header == nil {
				h := *f.Header
				out.Header = &h
			} else if f.Header.Game != out.Header.Game || f.Header.Variant != out.Header.Variant {
				return nil, fmt.Errorf("cannot merge a survey of %s with one of %s",
					engine.Key(f.Header.Game, f.Header.Variant), engine.Key(out.Header.Game, out.Header.Variant))
			}
			out.Last = f.latest()
		}
		for _, d := range f.Results {
			kept, err := mergeInto(byDeal, d)
			if err != nil {
				return nil, err
			}
			if kept {
				out.run[d.Deal] = f.run[d.Deal]
			}
		}
	}
	out.Results = sortedResults(byDeal)
	return out, nil
}

// Write writes a survey file: the header (if any), then one line per
// deal.
func Write(w io.Writer, f *File) error {
	bw := bufio.NewWriter(w)
	if f.Header != nil {
		if err := writeJSONLine(bw, f.Header); err != nil {
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
	*os.File                 // positioned for appending
	Previous *File           // what the file held before this run
	Done     map[uint64]bool // the deals this run need not solve again
}

// Open opens the survey file at path for a run described by h, creating
// it with h as its first line if it does not exist or is empty.
//
// Nothing is written to an existing file before it is known to be a
// survey of h's game and variant: a file whose first line is not a survey
// header, whose complete lines are not a survey, or which is a survey of
// another game or variant, is refused and left as it was. Only then is a
// truncated last line, left by an interrupted run, cut off, and a header
// line for h appended if the file was last written by a run with another
// budget, time limit or solver.
//
// Done holds the deals already in the file, except the unknown ones left
// by a run unlike this one, which are tried again.
func Open(path string, h Header) (*Resumed, error) {
	fh, err := openRegular(path, os.O_RDWR)
	if errors.Is(err, os.ErrNotExist) {
		fh, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	}
	if err != nil {
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
	data, err := readLimited(fh, path)
	if err != nil {
		return nil, err
	}
	// The complete lines, and a last line without its newline: what an
	// interrupted run leaves.
	whole := data[:bytes.LastIndexByte(data, '\n')+1]
	cut := data[len(whole):]
	if len(bytes.TrimSpace(data)) > 0 {
		if err := isSurvey(path, whole, cut); err != nil {
			return nil, err
		}
	}
	sf, err := Read(bytes.NewReader(whole), path)
	if err != nil {
		return nil, err
	}
	if sf.Header != nil && (sf.Header.Game != h.Game || sf.Header.Variant != h.Variant) {
		return nil, fmt.Errorf("%s is a survey of %s, not %s", path, engine.Key(sf.Header.Game, sf.Header.Variant), engine.Key(h.Game, h.Variant))
	}
	// The file is ours: cut the interrupted line.
	if len(cut) > 0 {
		if err := fh.Truncate(int64(len(whole))); err != nil {
			return nil, err
		}
	}
	if _, err := fh.Seek(int64(len(whole)), io.SeekStart); err != nil {
		return nil, err
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
	return &Resumed{File: fh, Previous: sf, Done: done}, nil
}

// isSurvey checks that a file that is not empty is a survey file: its
// first line is complete and a header, and its unterminated last line
// (cut), if any, is the start of a JSON object.
func isSurvey(path string, whole, cut []byte) error {
	first, _, _ := bytes.Cut(bytes.TrimLeft(whole, " \t\r\n"), []byte("\n"))
	var h struct {
		Survey *int `json:"survey"`
	}
	if len(first) == 0 || json.Unmarshal(first, &h) != nil || h.Survey == nil {
		return fmt.Errorf("%s is not a survey file (its first line is not a survey header); give --json a survey file or a new file", path)
	}
	if c := bytes.TrimSpace(cut); len(c) > 0 && c[0] != '{' {
		line := 1 + bytes.Count(whole, []byte("\n"))
		return lineError(path, line, "not a line of a survey; the file is left as it is")
	}
	return nil
}

// sameBudget reports whether a run with header b would repeat the work
// recorded under header a (an unknown deal is tried again with a new
// budget or solver).
func sameBudget(a, b Header) bool {
	return a.Budget == b.Budget && a.TimeoutMS == b.TimeoutMS && a.Solver == b.Solver
}
