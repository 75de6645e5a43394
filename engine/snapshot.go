package engine

// A snapshot is a position saved whole into bytes, for a search that
// moves one position around a tree of positions and would otherwise
// undo and apply long lines of moves to get from one node to another
// (the solver's beam searches).
//
// Layout: each pile's length (one byte), then every pile's cards in
// order, then the counters (redeals, the limited moves used, the cards
// drawn). Every position of one deal has the same cards, so its
// snapshots have the same size. The hash is not saved: a restore
// rebuilds only the piles that differ, from the first card that
// differs, with the moves' own push and pop, which keep it.

// SnapshotSize returns the bytes SaveSnapshot writes for s, the same
// for every position of its deal, or 0 if s cannot be saved whole: a
// game whose redeals shuffle (Undo then needs the history that a
// restored position would lack), or one of more than 255 cards or
// redeals (each count is saved in a byte).
func (s *State) SnapshotSize() int {
	if s.g.Redeals > 0 && s.g.RedealKind != TurnWaste && s.g.RedealKind != NoRedeal || s.g.Cards() > 255 || s.g.Redeals > 255 {
		return 0
	}
	return len(s.piles) + s.g.Cards() + 1 + maxLimited + 1
}

// SaveSnapshot writes s into dst, which has SnapshotSize bytes.
func (s *State) SaveSnapshot(dst []byte) {
	for i, p := range s.piles {
		dst[i] = byte(len(p))
	}
	k := len(s.piles)
	for _, p := range s.piles {
		for _, c := range p {
			dst[k] = byte(c)
			k++
		}
	}
	dst[k] = byte(s.redeals)
	copy(dst[k+1:], s.used[:])
	dst[k+1+maxLimited] = byte(s.drawn)
}

// RestoreSnapshot sets s to the position src holds, saved by
// SaveSnapshot from a position of the same deal. Moves applied to s
// before may not be undone after it.
func (s *State) RestoreSnapshot(src []byte) {
	k := len(s.piles)
	for i := range s.piles {
		want := src[k : k+int(src[i])]
		k += len(want)
		setPile(s, i, want)
	}
	h := s.extraHash()
	s.redeals = int(src[k])
	copy(s.used[:], src[k+1:])
	s.drawn = int(src[k+1+maxLimited])
	s.hash += s.extraHash() - h
	s.history = s.history[:0]
}
