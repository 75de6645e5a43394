package replay

import "github.com/patience-solitaire/patience/replay/jsonappend"

// The format 1 JSON of an export, as encoding/json's Marshal writes it
// from the struct tags, byte for byte (TestExportAppendJSON): the
// WebAssembly module writes it without encoding/json (package
// jsonappend says why), and so, for one writer, does the build (the
// viewers' data, the published <id>.json). A field added to these types
// is added here too.

// AppendJSON appends the JSON of e.
func (e *Export) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonappend.Int(jsonappend.Key(b, "format"), e.Format)
	b = jsonappend.String(jsonappend.Key(b, "id"), e.ID)
	b = jsonappend.String(jsonappend.Key(b, "game"), e.Game)
	b = jsonappend.String(jsonappend.Key(b, "variant"), e.Variant)
	b = jsonappend.String(jsonappend.Key(b, "deal"), e.Deal)
	b = jsonappend.Omit(b, "title", e.Title, jsonappend.String)
	b = jsonappend.Omit(b, "note", e.Note, jsonappend.String)
	if len(e.Mark) > 0 {
		b = jsonappend.Strings(jsonappend.Key(b, "mark"), e.Mark)
	}
	b = jsonappend.Array(jsonappend.Key(b, "piles"), e.Piles, (*ExportPile).AppendJSON)
	b = jsonappend.Array(jsonappend.Key(b, "steps"), e.Steps, (*ExportStep).AppendJSON)
	b = jsonappend.String(jsonappend.Key(b, "result"), e.Result)
	return append(b, '}')
}

// AppendJSON appends the JSON of p.
func (p *ExportPile) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonappend.String(jsonappend.Key(b, "id"), p.ID)
	b = jsonappend.String(jsonappend.Key(b, "kind"), p.Kind)
	b = jsonappend.Strings(jsonappend.Key(b, "cards"), p.Cards)
	return append(b, '}')
}

// AppendJSON appends the JSON of s.
func (s *ExportStep) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonappend.String(jsonappend.Key(b, "from"), s.From)
	b = jsonappend.String(jsonappend.Key(b, "to"), s.To)
	b = jsonappend.Strings(jsonappend.Key(b, "cards"), s.Cards)
	b = jsonappend.String(jsonappend.Key(b, "action"), s.Action)
	b = jsonappend.Bool(jsonappend.Key(b, "auto"), s.Auto)
	b = jsonappend.String(jsonappend.Key(b, "caption"), s.Caption)
	b = jsonappend.String(jsonappend.Key(b, "note"), s.Note)
	if len(s.Piles) > 0 {
		b = jsonappend.Array(jsonappend.Key(b, "piles"), s.Piles, (*ExportPile).AppendJSON)
	}
	return append(b, '}')
}
