// Package highlight is a chroma lexer for the replay notation, so that
// replay code blocks on the site are coloured like any other language.
// It is registered with chroma's lexer registry under the names "replay"
// and "replay-syntax" (the second for examples that are shown but not
// verified).
package highlight

import (
	"strings"

	. "github.com/alecthomas/chroma/v2" //nolint:revive // chroma's lexer DSL reads best dot-imported
	"github.com/alecthomas/chroma/v2/lexers"

	"github.com/patience-solitaire/patience/engine"
)

// ReplayLexer is the replay notation's lexer.
var ReplayLexer = lexers.Register(MustNewLexer(
	&Config{
		Name:      "Replay",
		Aliases:   []string{"replay", "replay-syntax"},
		Filenames: []string{"*.replay"},
		MimeTypes: []string{"text/x-patience-replay"},
	},
	func() Rules {
		return Rules{
			"root": {
				rule(`^[ \t]*#.*\n?`, CommentSingle, nil),
				rule(`^(layout)(:)([ \t]*\n)`, ByGroups(NameAttribute, Punctuation, Text), Push("layout")),
				rule(`^([a-z]+)(:)([ \t]+)(.*)(\n?)`, ByGroups(NameAttribute, Punctuation, Text, LiteralString, Text), nil),
				rule(`^[ \t]*--.*\n?`, LiteralStringDoc, nil),
				rule(`[ \t]+--.*`, LiteralStringDoc, nil),
				rule(`\b\d+\.`, LiteralNumberInteger, nil),
				rule(`\b(`+strings.Join(keywords(), "|")+`)\b`, Keyword, nil),
				rule(`(:)((?:10|[A2-9TJQKatjqk])[CSHDcshd])\b`, ByGroups(Punctuation, NameConstant), nil),
				rule(`\b[a-z]+\d*\b`, NameVariable, nil),
				rule(`\s+`, Text, nil),
				rule(`.`, Error, nil),
			},
			"layout": {
				rule(`^([ \t]+)([a-z]+\d*)(:)`, ByGroups(Text, NameVariable, Punctuation), nil),
				rule(`\b(?:10|[A2-9TJQK])[CSHD]\b`, NameConstant, nil),
				rule(`[ \t]+`, Text, nil),
				rule(`\n(?=[ \t])`, Text, nil),
				rule(`\n`, Text, Pop(1)),
				rule(`.`, Error, nil),
			},
		}
	},
))

// keywords are the notation's own keywords and those of the games' own
// kinds of move ("merci").
func keywords() []string { return append([]string{"deal", "redeal"}, engine.Keywords()...) }

// rule spells out a lexer rule with field names (go vet wants keyed
// fields in struct literals of other packages).
func rule(pattern string, typ Emitter, mutator Mutator) Rule {
	return Rule{Pattern: pattern, Type: typ, Mutator: mutator}
}
