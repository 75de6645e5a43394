package diagram

import "github.com/patience-solitaire/patience/engine"

// Place is where a pile of a game goes on a board, from the engine's
// declaration: X in card widths and Y in card heights from the top left,
// the fan direction ('r', 'd' or 0), and the room the fan has before the
// next pile in its direction (Slot, in card widths for 'r' and card
// heights for 'd', counted from the pile's own X or Y). A column with no
// pile below it has Slot 0: it grows the board. The viewer never squeezes
// a fan into its slot below what shows each card's rank and suit: a right
// fan longer than that goes on in another line, and a column below
// another pile's slot moves that pile down (templates/assets/viewer.js).
type Place struct {
	ID   string
	X, Y float64
	Fan  byte
	Slot float64
}

// Geometry is the declared layout of a game: its piles' places, and the
// width of the board in card widths (a right fan counted with its slot)
// and its height in card heights at the start (columns spread downward
// make it taller as they grow).
type Geometry struct {
	Places []Place
	W, H   float64
}

// defaultSlot is the room of a right fan with no pile to its right, when
// no other right fan of the game has a neighbour to copy from.
const defaultSlot = 2

// Layout returns the geometry of g. The viewer (package viewer) draws its
// board from it, as SVG draws the diagram, so the two never disagree.
func Layout(g *engine.Game) Geometry {
	var geo Geometry
	for _, p := range g.Piles {
		geo.Places = append(geo.Places, Place{ID: p.ID, X: float64(p.X), Y: float64(p.Y), Fan: p.Fan})
	}
	widest := 0.0
	for i := range geo.Places {
		p := &geo.Places[i]
		for _, q := range geo.Places {
			switch {
			case p.Fan == 'r' && q.X > p.X+eps && q.Y < p.Y+1-eps && p.Y < q.Y+1-eps:
				if p.Slot == 0 || q.X-p.X < p.Slot {
					p.Slot = q.X - p.X
				}
			case p.Fan == 'd' && q.Y > p.Y+eps && q.X < p.X+1-eps && p.X < q.X+1-eps:
				if p.Slot == 0 || q.Y-p.Y < p.Slot {
					p.Slot = q.Y - p.Y
				}
			}
		}
		if p.Fan == 'r' {
			widest = max(widest, p.Slot)
		}
	}
	if widest == 0 {
		widest = defaultSlot
	}
	for i := range geo.Places {
		p := &geo.Places[i]
		w := 1.0
		if p.Fan == 'r' {
			if p.Slot == 0 {
				p.Slot = widest
			}
			w = p.Slot
		}
		geo.W = max(geo.W, p.X+w)
		geo.H = max(geo.H, p.Y+1)
	}
	return geo
}
