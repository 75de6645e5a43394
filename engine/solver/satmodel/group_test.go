package satmodel

// merge returns the assignment val with steps t-1 and t made one (state
// t dropped, the last state repeated at the end), its defined variables
// evaluated again.
func (m *Model) merge(val []bool, t int) []bool {
	out := make([]bool, len(val))
	copy(out, val)
	set := func(l Lit, b bool) {
		if l < 0 {
			l, b = -l, !b
		}
		out[l] = b
	}
	T := m.steps
	src := func(s int) int { // the old state that new state s reads
		if s >= t {
			s++
		}
		return min(s, T)
	}
	for s := 0; s <= T; s++ {
		for c := range m.H {
			set(m.H[c][s], value(val, m.H[c][src(s)]))
		}
		for i := range m.E {
			set(m.E[i][s], value(val, m.E[i][src(s)]))
		}
		for si := range m.S {
			set(m.S[si][s], value(val, m.S[si][src(s)]))
		}
	}
	for s := 0; s < T; s++ { // step s reads the deals of old step src(s), s ≥ t-1 shifted
		old := s
		if s >= t-1 {
			old = min(s+1, T-1)
		}
		for i := range m.U {
			set(m.U[i][s], value(val, m.U[i][old]))
		}
	}
	get := func(l Lit) bool { return value(out, l) }
	for _, d := range m.defs {
		set(d.v, d.eval(get))
	}
	return out
}

// group makes as many neighbouring steps of the model val one as the
// clauses allow, and returns the assignment, its steps with moves and
// how many of them move several cards.
func (m *Model) group(val []bool) (grouped []bool, steps, multi int) {
	steps = m.steps
	for k := 1; k < steps; {
		if v := m.merge(val, k); func() bool { ok, _ := m.Satisfied(v); return ok }() {
			val, steps = v, steps-1
			continue
		}
		k++
	}
	for t := range m.steps {
		moved := 0
		for c := range m.M {
			if value(val, m.M[c][t]) {
				moved++
			}
		}
		if moved > 1 {
			multi++
		}
	}
	return val, steps, multi
}
