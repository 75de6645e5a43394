package satmodel

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestCheckRUP(t *testing.T) {
	// a ∨ b, a ∨ ¬b, ¬a ∨ b, ¬a ∨ ¬b: no model, but unit propagation
	// alone finds no conflict.
	square := [][]Lit{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}}
	// The pigeons 1-3 in holes 1-2: p(i,h) = 2(i-1)+h.
	p := func(i, h int) Lit { return Lit(2*(i-1) + h) }
	var php [][]Lit
	for i := 1; i <= 3; i++ {
		php = append(php, []Lit{p(i, 1), p(i, 2)})
	}
	for h := 1; h <= 2; h++ {
		for i := 1; i <= 3; i++ {
			for j := i + 1; j <= 3; j++ {
				php = append(php, []Lit{-p(i, h), -p(j, h)})
			}
		}
	}
	tests := []struct {
		name    string
		vars    int
		clauses [][]Lit
		lemmas  [][]Lit
		want    string // "" for a refutation; else a part of the error
	}{
		{"one lemma refutes", 2, square, [][]Lit{{1}}, ""},
		{"no lemma", 2, square, nil, "do not refute"},
		{"a lemma not implied", 2, [][]Lit{{1, 2}}, [][]Lit{{1}}, "lemma 1: unit propagation"},
		{"the second lemma not RUP", 3, [][]Lit{{1, 2}, {1, -2}}, [][]Lit{{1}, {3}}, "lemma 2"},
		{"a tautology is implied", 2, square, [][]Lit{{2, -2}, {1, 1}}, ""},
		{"a conflict before the lemmas end", 2, square, [][]Lit{{1}, {2}}, ""},
		{"a literal out of range", 2, square, [][]Lit{{3}}, "outside the formula's 2 variables"},
		{"the empty clause in the formula", 1, [][]Lit{{}}, nil, ""},
		{"units in the formula", 2, [][]Lit{{1}, {-1, 2}, {-2}}, nil, ""},
		// Pigeon 1 is in no hole once pigeons 2 and 3 fill both; each
		// lemma below is found by propagation from its negation.
		{"three pigeons, two holes", 6, php, [][]Lit{
			{-p(1, 1), -p(2, 2)}, // 1 in hole 1, 2 in 2: 3 has none
			{-p(1, 1)},           // then 2 is in hole 1 with 1
			{-p(2, 1)},
			{-p(3, 1)},
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckRUP(&CNF{Vars: tt.vars, Clauses: tt.clauses}, tt.lemmas)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("CheckRUP: %v, want a refutation", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("CheckRUP: %v, want an error with %q", err, tt.want)
			}
		})
	}
	if err := CheckRUP(&CNF{Vars: 2, Clauses: square}, nil); !errors.Is(err, ErrNotRefuted) {
		t.Errorf("no lemmas: %v, want ErrNotRefuted", err)
	}
}

func TestReadLemmas(t *testing.T) {
	tests := []struct {
		name, log string
		want      [][]Lit
		err       string
	}{
		{"two lemmas", "asp 1 0 0\n1 0 0 0 1 -3\n1 0 0 0 3 -4 5 6\n0\n", [][]Lit{{3}, {4, -5, -6}}, ""},
		{"empty log", "", nil, ""},
		{"no lemma", "asp 1 0 0\n0\n", nil, ""},
		{"no header", "1 0 0 0 1 -3\n0\n", nil, "log:1:1: not a clasp lemma log"},
		{"not a number", "asp 1 0 0\n1 0 0 0 1 x\n0\n", nil, "log:2:11: \"x\" is not an integer"},
		{"a rule with a head", "asp 1 0 0\n1 0 1 2 0 1 -3\n0\n", nil, "log:2:1: not an integrity constraint"},
		{"count wrong", "asp 1 0 0\n1 0 0 0 2 -3\n0\n", nil, "log:2:9: the constraint says 2 literals but has 1"},
		{"literal 0", "asp 1 0 0\n1 0 0 0 2 0 4\n0\n", nil, "log:2:11: literal 0"},
		{"cut off", "asp 1 0 0\n1 0 0 0 1 -3\n", nil, "log:3:1: the log has no end"},
		{"after the end", "asp 1 0 0\n0\n1 0 0 0 1 -3\n", nil, "log:3:1: text after the log's end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadLemmas(strings.NewReader(tt.log), "log")
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("ReadLemmas: %v, want an error with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ReadLemmas: %v", err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("ReadLemmas: %v, want %v", got, tt.want)
			}
			for i := range got {
				if !slices.Equal(got[i], tt.want[i]) {
					t.Fatalf("lemma %d: %v, want %v", i+1, got[i], tt.want[i])
				}
			}
		})
	}
}

func FuzzReadLemmas(f *testing.F) {
	f.Add("asp 1 0 0\n1 0 0 0 1 -3\n1 0 0 0 3 -4 5 6\n0\n")
	f.Add("asp 1 0 0\n1 0 0 0 2 0 4\n0\n")
	f.Add("asp\n1 0 0 0 -1\n0")
	f.Fuzz(func(t *testing.T, log string) {
		lemmas, err := ReadLemmas(strings.NewReader(log), "log")
		if err != nil {
			return
		}
		vars := 0
		for _, c := range lemmas {
			for _, l := range c {
				if l == 0 {
					t.Fatalf("literal 0 in %v", c)
				}
				vars = max(vars, int(max(int64(l), -int64(l))))
			}
		}
		// Checking them against an empty formula must not panic.
		if vars <= 1<<16 {
			_ = CheckRUP(&CNF{Vars: vars}, lemmas)
		}
	})
}

// TestCheckRUPSound draws small formulas and lemma sequences (seeded):
// whenever CheckRUP accepts a refutation, no assignment satisfies the
// formula (tried all), and a formula with a model is never refuted.
func TestCheckRUPSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 8))
	refuted, models := 0, 0
	for round := range 3000 {
		vars := 3 + rng.IntN(5)
		lit := func() Lit {
			l := Lit(1 + rng.IntN(vars))
			if rng.IntN(2) == 0 {
				l = -l
			}
			return l
		}
		f := &CNF{Vars: vars}
		for range 4 + rng.IntN(5*vars) {
			c := make([]Lit, 1+rng.IntN(3))
			for i := range c {
				c[i] = lit()
			}
			f.Clauses = append(f.Clauses, c)
		}
		var lemmas [][]Lit
		for range rng.IntN(8) {
			c := make([]Lit, rng.IntN(3))
			for i := range c {
				c[i] = lit()
			}
			lemmas = append(lemmas, c)
		}
		satisfiable := false
		for a := 0; a < 1<<vars && !satisfiable; a++ {
			val := make([]bool, vars+1)
			for v := 1; v <= vars; v++ {
				val[v] = a&(1<<(v-1)) != 0
			}
			satisfiable, _ = f.Satisfied(val)
		}
		err := CheckRUP(f, lemmas)
		if err == nil {
			refuted++
			if satisfiable {
				t.Fatalf("round %d: %v refuted by %v, but it has a model", round, f.Clauses, lemmas)
			}
		}
		if satisfiable {
			models++
		}
	}
	// The draw must try both kinds often.
	if refuted < 100 || models < 100 {
		t.Fatalf("%d refuted, %d with a model: the draw is off", refuted, models)
	}
}
