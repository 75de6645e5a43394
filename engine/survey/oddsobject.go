package survey

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
)

// OddsObject is the summary of a survey in the form of the site's odds
// files (content/odds/<slug>.json), as the survey command writes it; see
// ParseOdds for the fields and how the site reads them.
type OddsObject struct {
	Game        string  `json:"game"`
	Variant     string  `json:"variant,omitempty"`
	Engine      string  `json:"engine"`
	Deals       string  `json:"deals"`
	Won         int     `json:"won"`
	Lost        int     `json:"lost"`
	Unknown     int     `json:"unknown"`
	Rate        float64 `json:"rate"`
	Low         float64 `json:"low"`
	High        float64 `json:"high"`
	MedianMS    float64 `json:"median_ms"`
	P99MS       float64 `json:"p99_ms"`
	BudgetNodes int64   `json:"budget_nodes,omitempty"`
	// What a survey does not compute: kept from the odds file it
	// replaces (Keep).
	Date   string  `json:"date,omitempty"`
	Notes  string  `json:"notes,omitempty"`
	Sample *Sample `json:"sample,omitempty"`
}

// Keep takes from old, the odds the object replaces, what a survey does
// not compute: the date, the notes (where old has any) and the sample.
func (o *OddsObject) Keep(old *Odds) {
	o.Date = old.Date
	if old.Notes != "" {
		o.Notes = old.Notes
	}
	o.Sample = old.Sample
}

// OddsObject returns the summary of f as an odds object. The deals are
// named by the range from the first to the last; a range with holes is
// noted.
func (f *File) OddsObject() OddsObject {
	s := Summarize(f.Results)
	o := OddsObject{Won: s.Won, Lost: s.Lost, Unknown: s.Unknown,
		Rate: round6(s.WinRate), Low: round6(s.Low), High: round6(s.High),
		MedianMS: s.MedianMS, P99MS: s.P99MS}
	if h := f.latest(); h != nil {
		o.Game, o.Variant, o.Engine, o.BudgetNodes = h.Game, h.Variant, h.Engine, h.Budget
	}
	// The runs of a resumed survey may differ in budget: the page says
	// "at most" the largest that any kept result was given.
	if b := f.maxBudget(); b > 0 {
		o.BudgetNodes = b
	}
	if n := len(f.Results); n > 0 {
		a, b := f.Results[0].Deal, f.Results[n-1].Deal
		o.Deals = fmt.Sprintf("%d-%d", a, b)
		if b-a+1 != uint64(n) {
			o.Notes = fmt.Sprintf("%d deals of the range %s", n, o.Deals)
		}
	}
	return o
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// WriteOdds writes the odds object o as an odds file: indented JSON
// and a newline.
func WriteOdds(w io.Writer, o OddsObject) error {
	b, err := json.MarshalIndent(o, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
