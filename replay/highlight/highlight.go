// Package highlight is a chroma lexer for the replay notation, so that
// replay code blocks on the site are coloured like any other language.
// It is registered with chroma's lexer registry under the names "replay"
// and "replay-syntax" (the second for examples that are shown but not
// verified).
package highlight

import (
	. "github.com/alecthomas/chroma/v2" //nolint:revive // chroma's lexer DSL reads best dot-imported
	"github.com/alecthomas/chroma/v2/lexers"
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
				{`^[ \t]*#.*\n?`, CommentSingle, nil},
				{`^(layout)(:)([ \t]*\n)`, ByGroups(NameAttribute, Punctuation, Text), Push("layout")},
				{`^([a-z]+)(:)([ \t]+)(.*)(\n?)`, ByGroups(NameAttribute, Punctuation, Text, LiteralString, Text), nil},
				{`^[ \t]*--.*\n?`, LiteralStringDoc, nil},
				{`[ \t]+--.*`, LiteralStringDoc, nil},
				{`\b\d+\.`, LiteralNumberInteger, nil},
				{`\b(deal|redeal|merci)\b`, Keyword, nil},
				{`(:)((?:10|[A2-9TJQKatjqk])[CSHDcshd])\b`, ByGroups(Punctuation, NameConstant), nil},
				{`\b[a-z]+\d*\b`, NameVariable, nil},
				{`\s+`, Text, nil},
				{`.`, Error, nil},
			},
			"layout": {
				{`^([ \t]+)([a-z]+\d*)(:)`, ByGroups(Text, NameVariable, Punctuation), nil},
				{`\b(?:10|[A2-9TJQK])[CSHD]\b`, NameConstant, nil},
				{`[ \t]+`, Text, nil},
				{`\n(?=[ \t])`, Text, nil},
				{`\n`, Text, Pop(1)},
				{`.`, Error, nil},
			},
		}
	},
))
