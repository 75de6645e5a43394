package engine

// WithShuffler returns a copy of s whose shuffling redeals draw from sh
// instead of continuing the deal's random stream. Package fairplay uses it
// to sample the redeals that a player cannot foresee.
func (s *State) WithShuffler(sh Shuffler) *State {
	c := s.Clone()
	c.shuffle = sh
	return c
}
