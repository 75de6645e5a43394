package satmodel

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// Lit is a literal of the formula: a variable (1, 2, ...) or its
// negation (-v), as in DIMACS.
type Lit int32

// CNF is a formula in conjunctive normal form.
type CNF struct {
	Vars    int
	Clauses [][]Lit
	true_   Lit // a variable fixed true (for constants)
}

// NewVar returns a fresh variable.
func (f *CNF) NewVar() Lit {
	f.Vars++
	return Lit(f.Vars)
}

// Add adds a clause (a disjunction of literals).
func (f *CNF) Add(lits ...Lit) {
	f.Clauses = append(f.Clauses, append([]Lit(nil), lits...))
}

// True returns a literal that is always true.
func (f *CNF) True() Lit {
	if f.true_ == 0 {
		f.true_ = f.NewVar()
		f.Add(f.true_)
	}
	return f.true_
}

// And defines x ↔ (a1 ∧ a2 ∧ ...).
func (f *CNF) And(x Lit, as ...Lit) {
	long := []Lit{x}
	for _, a := range as {
		f.Add(-x, a)
		long = append(long, -a)
	}
	f.Add(long...)
}

// WriteDIMACS writes the formula in the DIMACS format the SAT solvers
// read.
func (f *CNF) WriteDIMACS(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "p cnf %d %d\n", f.Vars, len(f.Clauses))
	buf := make([]byte, 0, 64)
	for _, c := range f.Clauses {
		buf = buf[:0]
		for _, l := range c {
			buf = strconv.AppendInt(buf, int64(l), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, '0', '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// Satisfied reports whether the assignment (model[v] is variable v's
// value) satisfies every clause, and the index of the first clause it
// does not.
func (f *CNF) Satisfied(model []bool) (bool, int) {
	for i, c := range f.Clauses {
		ok := false
		for _, l := range c {
			v := l
			if v < 0 {
				v = -v
			}
			if (l > 0) == model[v] {
				ok = true
				break
			}
		}
		if !ok {
			return false, i
		}
	}
	return true, -1
}
