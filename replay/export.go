package replay

import "github.com/patience-solitaire/patience/engine"

// ExportFormat is the version of the public JSON export written by [Export].
const ExportFormat = 1

// Export is the public, self-contained JSON form of a verified replay
// (format 1). Anyone can check a replay from this object and the rules
// alone: Piles is the initial layout and Steps are applied in order.
type Export struct {
	Format  int          `json:"format"`
	ID      string       `json:"id"`
	Game    string       `json:"game"`
	Variant string       `json:"variant"`
	Deal    string       `json:"deal"`
	Title   string       `json:"title,omitempty"`
	Note    string       `json:"note,omitempty"` // about the starting position
	Mark    []string     `json:"mark,omitempty"` // cards marked in the starting position (every copy)
	Piles   []ExportPile `json:"piles"`
	Steps   []ExportStep `json:"steps"`
	Result  string       `json:"result"` // "won", "stuck" or "stopped"
}

// ExportPile is one pile of a layout: every card bottom first, so the
// last card is the exposed one (for the stock, the next card to deal).
type ExportPile struct {
	ID    string   `json:"id"`
	Kind  string   `json:"kind"` // tableau, foundation, reserve, stock, waste, ...
	Cards []string `json:"cards"`
}

// ExportStep is one move of a replay.
type ExportStep struct {
	From    string   `json:"from"`
	To      string   `json:"to"`
	Cards   []string `json:"cards"`
	Action  string   `json:"action"` // move, deal, redeal, merci, reversal, refill, layoff
	Auto    bool     `json:"auto"`
	Caption string   `json:"caption"`
	Note    string   `json:"note"`
	// Piles is the new layout after a shuffling redeal.
	Piles []ExportPile `json:"piles,omitempty"`
}

// Export returns the format 1 JSON form of the verified replay.
func (v *Verified) Export() *Export {
	r := v.Replay
	e := &Export{
		Format:  ExportFormat,
		ID:      r.DefaultID(),
		Game:    v.Game.Slug,
		Variant: v.Game.Variant,
		Deal:    r.Deal,
		Title:   r.Title,
		Note:    r.Note,
		Mark:    r.Mark,
		Piles:   exportPiles(v.Game, v.Start.Layout()),
		Steps:   make([]ExportStep, len(v.Steps)),
		Result:  r.Result,
	}
	if e.Result == "" {
		e.Result = "won"
	}
	for i, st := range v.Steps {
		m := st.Move
		es := ExportStep{
			From:    pileID(v.Game, m.From),
			To:      pileID(v.Game, m.To),
			Cards:   []string{},
			Action:  m.Action.String(),
			Auto:    st.Auto(),
			Caption: st.Caption,
			Note:    st.Note,
		}
		if m.Card != engine.NoCard {
			es.Cards = []string{m.Card.String()}
		}
		if st.Run != nil {
			es.Cards = es.Cards[:0]
			for _, c := range st.Run {
				es.Cards = append(es.Cards, c.String())
			}
		}
		if st.Layout != nil {
			es.Piles = exportPiles(v.Game, st.Layout)
		}
		e.Steps[i] = es
	}
	return e
}

func pileID(g *engine.Game, i int8) string {
	if i < 0 {
		return ""
	}
	return g.Piles[i].ID
}

func exportPiles(g *engine.Game, layout [][]engine.Card) []ExportPile {
	out := make([]ExportPile, len(layout))
	for i, p := range layout {
		cards := make([]string, len(p))
		for k, c := range p {
			cards[k] = c.String()
		}
		out[i] = ExportPile{ID: g.Piles[i].ID, Kind: g.Piles[i].Kind.String(), Cards: cards}
	}
	return out
}

// ExportLayout returns the piles of position s as in format 1.
func ExportLayout(s *engine.State) []ExportPile { return exportPiles(s.Game(), s.Layout()) }
