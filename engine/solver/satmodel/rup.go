package satmodel

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// # Checking a refutation (reverse unit propagation)
//
// A CDCL solver that says UNSAT has learnt a sequence of clauses
// (lemmas), each found by conflict analysis: assign the negation of the
// lemma's literals, and unit propagation over the formula and the
// lemmas learnt before it reaches a conflict (the lemma is RUP). Then
// each lemma is implied by the formula: take an assignment that
// satisfies the formula and the earlier lemmas but falsifies the lemma;
// it agrees with the negated lemma, so each literal that propagation
// derives from there (the last one left in a clause it satisfies) is
// true in it too, and no clause can end all false: no conflict, against
// the check. By induction, every lemma holds in every model of the
// formula. If, with every lemma added, unit propagation
// from no assignment at all reaches a conflict, the formula has no
// model. CheckRUP checks exactly this, with code of its own: a wrong
// lemma (one the solver did not derive soundly) fails its check, so a
// refutation that passes does not rest on the solver's correctness.
// Dropping lemmas would only make checks fail, never pass wrongly; so
// would a solver's preprocessing, which adds clauses that are not
// given here (scripts run clasp without it).

// ErrNotRefuted is returned by CheckRUP when the lemmas all check but
// do not end in a conflict: the log stops short of a refutation.
var ErrNotRefuted = errors.New("satmodel: the lemmas do not refute the formula")

// CheckRUP checks that lemmas, in order, refute the formula f (see
// above). It returns nil for a refutation, an error naming the first
// lemma (counted from 1) that unit propagation does not prove, or
// ErrNotRefuted.
func CheckRUP(f *CNF, lemmas [][]Lit) error {
	p := newPropagator(f.Vars)
	for _, c := range f.Clauses {
		if err := p.add(c); err != nil {
			return err
		}
	}
	for i, l := range lemmas {
		if p.conflict {
			return nil
		}
		if err := p.check(l); err != nil {
			return fmt.Errorf("lemma %d: %w", i+1, err)
		}
		if err := p.add(l); err != nil {
			return fmt.Errorf("lemma %d: %w", i+1, err)
		}
	}
	if p.conflict {
		return nil
	}
	return ErrNotRefuted
}

// propagator is unit propagation with two watched literals. Level 0 (the
// assignments that the clauses force on their own) stays; a check
// assigns above it and undoes its assignments after.
type propagator struct {
	val      []int8 // by variable: 0 unassigned, 1 true, -1 false
	trail    []Lit
	qhead    int
	clauses  [][]Lit
	watches  [][]int32 // by literal index (litIndex): clauses watching it
	conflict bool      // level 0 has a conflict: the clauses are refuted
}

func newPropagator(vars int) *propagator {
	return &propagator{val: make([]int8, vars+1), watches: make([][]int32, 2*vars+2)}
}

func litIndex(l Lit) int {
	if l < 0 {
		return 2*int(-l) + 1
	}
	return 2 * int(l)
}

// value is 1 if l is true, -1 if false, 0 if unassigned.
func (p *propagator) value(l Lit) int8 {
	if l < 0 {
		return -p.val[-l]
	}
	return p.val[l]
}

func (p *propagator) assign(l Lit) {
	if l < 0 {
		p.val[-l] = -1
	} else {
		p.val[l] = 1
	}
	p.trail = append(p.trail, l)
}

func (p *propagator) inRange(c []Lit) error {
	for _, l := range c {
		if v := max(int64(l), -int64(l)); v == 0 || v >= int64(len(p.val)) {
			return fmt.Errorf("literal %d outside the formula's %d variables", l, len(p.val)-1)
		}
	}
	return nil
}

// add adds clause c at level 0 and propagates.
func (p *propagator) add(c []Lit) error {
	if err := p.inRange(c); err != nil {
		return err
	}
	if p.conflict {
		return nil
	}
	// Without repeated literals; two literals not false go first, as the
	// watches.
	c = slices.Clone(c)
	slices.SortFunc(c, func(a, b Lit) int { return cmp.Compare(max(a, -a), max(b, -b)) })
	c = slices.Compact(c)
	for i := 1; i < len(c); i++ {
		if c[i] == -c[i-1] {
			return nil // a tautology
		}
	}
	n := 0
	for i, l := range c {
		switch p.value(l) {
		case 1:
			return nil // satisfied at level 0 for good
		case 0:
			c[n], c[i] = c[i], c[n]
			n++
		}
	}
	if n == 0 {
		p.conflict = true
		return nil
	}
	if n == 1 {
		p.assign(c[0])
	}
	if len(c) > 1 {
		idx := int32(len(p.clauses))
		p.clauses = append(p.clauses, c)
		p.watches[litIndex(c[0])] = append(p.watches[litIndex(c[0])], idx)
		p.watches[litIndex(c[1])] = append(p.watches[litIndex(c[1])], idx)
	}
	// Propagation at level 0: a conflict there is for good.
	if !p.propagate() {
		p.conflict = true
	}
	return nil
}

// check reports whether unit propagation proves clause c, and leaves the
// assignments as they were.
func (p *propagator) check(c []Lit) error {
	if err := p.inRange(c); err != nil {
		return err
	}
	mark := len(p.trail)
	defer p.undo(mark)
	for _, l := range c {
		switch p.value(l) {
		case 1:
			return nil
		case 0:
			p.assign(-l)
		}
	}
	if !p.propagate() {
		return nil
	}
	return errors.New("unit propagation reaches no conflict")
}

func (p *propagator) undo(mark int) {
	for _, l := range p.trail[mark:] {
		p.val[max(l, -l)] = 0
	}
	p.trail = p.trail[:mark]
	p.qhead = min(p.qhead, mark)
}

// propagate runs unit propagation over the queued assignments and
// reports false at a conflict.
func (p *propagator) propagate() bool {
	for p.qhead < len(p.trail) {
		f := -p.trail[p.qhead] // the literal made false
		p.qhead++
		ws := p.watches[litIndex(f)]
		keep := ws[:0]
		for i, ci := range ws {
			c := p.clauses[ci]
			if c[0] == f {
				c[0], c[1] = c[1], c[0]
			}
			if p.value(c[0]) == 1 {
				keep = append(keep, ci)
				continue
			}
			moved := false
			for k := 2; k < len(c); k++ {
				if p.value(c[k]) != -1 {
					c[1], c[k] = c[k], c[1]
					p.watches[litIndex(c[1])] = append(p.watches[litIndex(c[1])], ci)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			keep = append(keep, ci)
			if p.value(c[0]) == -1 {
				keep = append(keep, ws[i+1:]...)
				p.watches[litIndex(f)] = keep
				p.qhead = len(p.trail)
				return false
			}
			p.assign(c[0])
		}
		p.watches[litIndex(f)] = keep
	}
	return true
}

// ReadLemmas reads the lemma log that clasp writes with --lemma-out
// (the aspif format: a header line "asp 1 0 0", then one integrity
// constraint "1 0 0 0 n l1 ... ln" a lemma, whose clause is ¬l1 ∨ ... ∨
// ¬ln, and "0" at the end). name is the log's name in errors, which
// carry its line and column.
func ReadLemmas(r io.Reader, name string) ([][]Lit, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	var out [][]Lit
	line, ended := 0, false
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.TrimSpace(text) == "" {
			continue
		}
		at := func(col int, format string, a ...any) error {
			return fmt.Errorf("%s:%d:%d: %s", name, line, col, fmt.Sprintf(format, a...))
		}
		if ended {
			return nil, at(1, "text after the log's end")
		}
		if line == 1 {
			if !strings.HasPrefix(text, "asp ") {
				return nil, at(1, "not a clasp lemma log: want the header \"asp 1 0 0\"")
			}
			continue
		}
		fields, cols := fieldsAt(text)
		nums := make([]int64, len(fields))
		for i, f := range fields {
			n, err := strconv.ParseInt(f, 10, 32)
			if err != nil {
				return nil, at(cols[i], "%q is not an integer", f)
			}
			nums[i] = n
		}
		if len(nums) == 1 && nums[0] == 0 {
			ended = true
			continue
		}
		if len(nums) < 5 || nums[0] != 1 || nums[1] != 0 || nums[2] != 0 || nums[3] != 0 {
			return nil, at(1, "not an integrity constraint \"1 0 0 0 n lits\"")
		}
		if n := nums[4]; n < 0 || int(n) != len(nums)-5 {
			return nil, at(cols[4], "the constraint says %d literals but has %d", n, len(nums)-5)
		}
		c := make([]Lit, 0, len(nums)-5)
		for i, n := range nums[5:] {
			if n == 0 {
				return nil, at(cols[5+i], "literal 0")
			}
			c = append(c, Lit(-n))
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if line > 0 && !ended {
		return nil, fmt.Errorf("%s:%d:1: the log has no end (\"0\"): it was cut off", name, line+1)
	}
	return out, nil
}

// fieldsAt splits text at spaces and returns each field's column (from 1).
func fieldsAt(text string) ([]string, []int) {
	var fs []string
	var cols []int
	start := -1
	for i := 0; i <= len(text); i++ {
		if i == len(text) || text[i] == ' ' || text[i] == '\t' {
			if start >= 0 {
				fs = append(fs, text[start:i])
				cols = append(cols, start+1)
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return fs, cols
}
