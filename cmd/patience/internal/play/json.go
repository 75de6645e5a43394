package play

import (
	"github.com/patience-solitaire/patience/replay"
	"github.com/patience-solitaire/patience/replay/jsonappend"
)

// The JSON of a response, as encoding/json's Marshal writes it from the
// struct tags, byte for byte (TestAppendJSON): the WebAssembly module
// writes its answers without encoding/json, whose encoder is about 80 KB
// of the gzipped module (package jsonappend). A field added to one of
// these types is added here too.

// AppendJSON appends the JSON of r.
func (r *Response) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonappend.Omit(b, "error", r.Error, jsonappend.String)
	b = jsonappend.Omit(b, "illegal", r.Illegal, jsonappend.String)
	b = jsonappend.String(jsonappend.Key(b, "variant"), r.Variant)
	b = jsonappend.String(jsonappend.Key(b, "deal"), r.Deal)
	b = jsonappend.Strings(jsonappend.Key(b, "moves"), r.Moves)
	b = jsonappend.Array(jsonappend.Key(b, "steps"), r.Steps, (*Step).AppendJSON)
	b = jsonappend.Array(jsonappend.Key(b, "piles"), r.Piles, (*replay.ExportPile).AppendJSON)
	b = jsonappend.Bool(jsonappend.Key(b, "won"), r.Won)
	b = jsonappend.Omit(b, "buried", r.Buried, jsonappend.Bool)
	b = jsonappend.Omit(b, "redeal", r.Redeal, jsonappend.Bool)
	b = jsonappend.Omit(b, "safe", r.Safe, jsonappend.Bool)
	b = jsonappend.Omit(b, "finish", r.Finish, jsonappend.Int)
	b = jsonappend.Omit(b, "auto", r.Auto, jsonappend.Int)
	b = jsonappend.Array(jsonappend.Key(b, "legal"), r.Legal, (*Play).AppendJSON)
	b = jsonappend.Object(jsonappend.Key(b, "bases"), r.Bases, (*Base).AppendJSON)
	b = jsonappend.Object(jsonappend.Key(b, "names"), r.Names, jsonappend.StringValue)
	b = jsonappend.Omit(b, "over", r.Over, jsonappend.String)
	b = jsonappend.Omit(b, "line", r.Line, jsonappend.String)
	b = jsonappend.Omit(b, "replay", r.Replay, jsonappend.String)
	b = jsonappend.Omit(b, "figure", r.Figure, jsonappend.String)
	b = jsonappend.Omit(b, "verdict", r.Verdict, jsonappend.String)
	b = jsonappend.Omit(b, "nodes", r.Nodes, jsonappend.Int)
	b = jsonappend.Omit(b, "ms", r.MS, jsonappend.Float)
	b = jsonappend.Omit(b, "timeUp", r.TimeUp, jsonappend.Bool)
	b = jsonappend.Omit(b, "budget", r.Budget, jsonappend.Int)
	b = jsonappend.Omit(b, "surveyBudget", r.SurveyBudget, jsonappend.Int)
	b = jsonappend.Omit(b, "blocked", r.Blocked, jsonappend.String)
	if r.Hint != nil {
		b = r.Hint.AppendJSON(jsonappend.Key(b, "hint"))
	}
	if r.Export != nil {
		b = r.Export.AppendJSON(jsonappend.Key(b, "export"))
	}
	if len(r.Solution) > 0 {
		b = jsonappend.Strings(jsonappend.Key(b, "solution"), r.Solution)
	}
	return append(b, '}')
}

// AppendJSON appends the JSON of s.
func (s *Step) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonappend.String(jsonappend.Key(b, "caption"), s.Caption)
	b = jsonappend.Omit(b, "auto", s.Auto, jsonappend.Bool)
	b = jsonappend.Int(jsonappend.Key(b, "move"), s.Move)
	b = jsonappend.Omit(b, "from", s.From, jsonappend.String)
	b = jsonappend.Omit(b, "to", s.To, jsonappend.String)
	return append(b, '}')
}

// AppendJSON appends the JSON of base.
func (base *Base) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonappend.String(jsonappend.Key(b, "card"), base.Card)
	b = jsonappend.String(jsonappend.Key(b, "rule"), base.Rule)
	return append(b, '}')
}

// AppendJSON appends the JSON of p.
func (p *Play) AppendJSON(b []byte) []byte {
	return append(p.appendMembers(append(b, '{')), '}')
}

// appendMembers appends the members of p: those of a Hint too, which
// embeds it.
func (p *Play) appendMembers(b []byte) []byte {
	b = jsonappend.Omit(b, "action", p.Action, jsonappend.String)
	b = jsonappend.Omit(b, "from", p.From, jsonappend.String)
	b = jsonappend.Omit(b, "to", p.To, jsonappend.String)
	return jsonappend.Omit(b, "card", p.Card, jsonappend.String)
}

// AppendJSON appends the JSON of h.
func (h *Hint) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	b = jsonappend.String(jsonappend.Key(b, "caption"), h.Caption)
	b = jsonappend.String(jsonappend.Key(b, "move"), h.Move)
	b = h.Play.appendMembers(b)
	b = jsonappend.Omit(b, "sure", h.Sure, jsonappend.Bool)
	return append(b, '}')
}
