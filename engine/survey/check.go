package survey

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// Check checks what a header line says: the format, the game and
// variant, and the budgets.
func (h *Header) Check() error {
	if h.Survey != Format {
		return fmt.Errorf("survey format %d: this program reads format %d", h.Survey, Format)
	}
	if _, err := engine.Lookup(h.Game, h.Variant); err != nil {
		return err
	}
	if h.Budget < 0 || h.TimeoutMS < 0 {
		return fmt.Errorf("budget %d, timeout_ms %d: neither may be negative", h.Budget, h.TimeoutMS)
	}
	return nil
}

// Check checks what a deal line says: the deal's number, the result, and
// the measures of the solve.
func (d *DealResult) Check() error {
	switch {
	case d.Deal == 0:
		return fmt.Errorf("deal 0: deals are numbered from 1")
	case d.Result != Won && d.Result != Lost && d.Result != Unknown:
		return fmt.Errorf("unknown result %q (want won, lost or unknown)", d.Result)
	case d.MS < 0 || math.IsNaN(d.MS) || d.Nodes < 0 || d.Moves < 0:
		return fmt.Errorf("ms %v, nodes %d, moves %d: none may be negative", d.MS, d.Nodes, d.Moves)
	case d.SearchMS != nil && (*d.SearchMS < 0 || math.IsNaN(*d.SearchMS) || *d.SearchMS > d.MS):
		return fmt.Errorf("search_ms %v: part of ms %v, so not negative and not more", *d.SearchMS, d.MS)
	case d.Result != Won && d.Moves != 0:
		return fmt.Errorf("moves %d for a deal %s: only a win has moves", d.Moves, d.Result)
	}
	return nil
}

// maxLineProblems bounds the problems CheckLines lists.
const maxLineProblems = 10

// CheckLines checks every line of the survey file data, named name in
// messages, for a file to be published, once Read has read it: a header
// line has no unknown fields and passes Header.Check, a deal line passes
// DealResult.Check. It lists the problems at their lines (at most
// maxLineProblems, then how many more), or returns nil. A line that is
// not JSON (the cut last line Read forgives) is Read's to report.
func CheckLines(data []byte, name string) error {
	var errs srcpos.ErrorList
	more := 0
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var err error
		if bytes.Contains(line, []byte(`"survey"`)) { // as Read tells a header
			if !json.Valid(line) {
				continue // Read's to report, or to forgive at the end
			}
			var h Header
			if err = strictUnmarshal(line, &h); err == nil {
				err = h.Check()
			}
		} else {
			// The most lines of a file, which Read has decoded: only a
			// cut last line fails to decode here.
			var d DealResult
			if json.Unmarshal(line, &d) != nil {
				continue
			}
			err = d.Check()
		}
		if err == nil {
			continue
		}
		if len(errs) == maxLineProblems {
			more++
			continue
		}
		errs.Add(srcpos.Pos{File: name, Line: i + 1, Col: 1}, err.Error())
	}
	if more > 0 {
		errs[len(errs)-1].Msg += fmt.Sprintf(" (and %d more lines with problems)", more)
	}
	return errs.Err()
}

// Check is CheckLines for f, which Read read from data, at the cost of
// decoding only the header lines again: where every deal line of data
// is one of f.Results (no deal appears twice), the deal lines are
// checked through f.Results, and CheckLines runs only to place a
// problem found so at its line.
func (f *File) Check(data []byte, name string) error {
	deals := 0
	bad := false
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		switch {
		case len(line) == 0:
		case !bytes.Contains(line, []byte(`"survey"`)):
			deals++
		case json.Valid(line):
			var h Header
			bad = bad || strictUnmarshal(line, &h) != nil || h.Check() != nil
		}
	}
	for i := 0; i < len(f.Results) && !bad; i++ {
		bad = f.Results[i].Check() != nil
	}
	if bad || deals != len(f.Results) {
		return CheckLines(data, name)
	}
	return nil
}

// strictUnmarshal decodes one JSON line into v, refusing fields v does
// not have.
func strictUnmarshal(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
