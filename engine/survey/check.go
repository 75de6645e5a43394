package survey

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/replay/srcpos"
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
	case d.Result != Won && d.Moves != 0:
		return fmt.Errorf("moves %d for a deal %s: only a win has moves", d.Moves, d.Result)
	}
	return nil
}

// maxLineProblems bounds the problems CheckLines lists.
const maxLineProblems = 10

// CheckLines checks every line of the survey file data, named name in
// messages, more strictly than Read, for a file to be published: every
// line is a header or a deal line without unknown fields, and what it
// says passes Header.Check or DealResult.Check. It lists the problems at
// their lines (at most maxLineProblems, then how many more), or returns
// nil. Lines that are not JSON are Read's to report.
func CheckLines(data []byte, name string) error {
	var errs srcpos.ErrorList
	more := 0
	for i, line := range bytes.Split(data, []byte("\n")) {
		text := strings.TrimSpace(string(line))
		if text == "" || !json.Valid([]byte(text)) {
			continue // Read's to report, or forgive at the end
		}
		var err error
		if strings.Contains(text, `"survey"`) { // as Read tells a header
			var h Header
			if err = strictUnmarshal(text, &h); err == nil {
				err = h.Check()
			}
		} else {
			var d DealResult
			if err = strictUnmarshal(text, &d); err == nil {
				err = d.Check()
			}
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

// strictUnmarshal decodes one JSON line into v, refusing fields v does
// not have.
func strictUnmarshal(text string, v any) error {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
