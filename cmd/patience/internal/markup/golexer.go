package markup

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// goLexer is chroma's Go lexer (lexers/go.go) written out by hand: the
// same rules, tried in the same order at each position, with the same
// regular-expression semantics, so it gives exactly the tokens chroma
// gives. It exists for speed: chroma matches each rule with regexp2, which
// costs about 250µs for a ten-line block, and Go blocks are the most common
// code on generated sites. This one takes a few microseconds.
//
// It handles ASCII text in the lexer's root state; anything else (text with
// non-ASCII runes, where .NET character classes are Unicode-aware, or
// another start state) goes to chroma's lexer, which goLexer embeds and
// whose Config, analyser and registry it keeps. Raw strings are lexed as
// chroma's rule does, by chroma's Go text-template lexer with Other mapped
// to LiteralString. TestGoLexerMatchesChroma and FuzzGoLexer hold the two
// lexers to the same output.
type goLexer struct {
	chroma.Lexer              // chroma's Go lexer: the fallback
	raw          chroma.Lexer // lexes the text between a raw string's backquotes
}

func newGoLexer(chromaGo chroma.Lexer) *goLexer {
	return &goLexer{
		Lexer: chromaGo,
		raw: chroma.TypeRemappingLexer(lexers.GoTextTemplate,
			chroma.TypeMapping{{From: chroma.Other, To: chroma.LiteralString}}),
	}
}

// Tokenise implements chroma.Lexer.
func (g *goLexer) Tokenise(options *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	ensureLF := options == nil || options.EnsureLF
	if (options != nil && options.State != "root") || g.Config().EnsureNL {
		return g.Lexer.Tokenise(options, text)
	}
	if ensureLF && strings.IndexByte(text, '\r') >= 0 {
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	}
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 {
			return g.Lexer.Tokenise(options, text)
		}
	}
	sc := goScanner{s: text, raw: g.raw}
	if err := sc.scan(); err != nil {
		return nil, err
	}
	return chroma.Literator(sc.toks...), nil
}

// goScanner scans one ASCII text.
type goScanner struct {
	s    string
	raw  chroma.Lexer
	toks []chroma.Token
}

func (g *goScanner) emit(t chroma.TokenType, v string) {
	g.toks = append(g.toks, chroma.Token{Type: t, Value: v})
}

// The words of the rules matched as whole words.
var (
	goNamespaceWords   = wordSet("import", "package")
	goDeclarationWords = wordSet("var", "func", "struct", "map", "chan", "type", "interface", "const")
	goKeywords         = wordSet("break", "default", "select", "case", "defer", "go", "else", "goto", "switch", "fallthrough", "if", "range", "continue", "for", "return")
	goConstants        = wordSet("true", "false", "iota", "nil")
	goBuiltinCalls     = wordSet("uint", "uint8", "uint16", "uint32", "uint64", "int", "int8", "int16", "int32", "int64", "float", "float32", "float64", "complex64", "complex128", "byte", "rune", "string", "bool", "error", "uintptr", "print", "println", "panic", "recover", "close", "complex", "real", "imag", "len", "cap", "append", "copy", "delete", "new", "make", "clear", "min", "max")
	goTypes            = wordSet("uint", "uint8", "uint16", "uint32", "uint64", "int", "int8", "int16", "int32", "int64", "float", "float32", "float64", "complex64", "complex128", "byte", "rune", "string", "bool", "error", "uintptr", "any")
	// goWordRules in chroma's order; call: the word must be followed by
	// "(", which is emitted as Punctuation.
	goWordRules = []struct {
		words map[string]bool
		typ   chroma.TokenType
		call  bool
	}{
		{goNamespaceWords, chroma.KeywordNamespace, false},
		{goDeclarationWords, chroma.KeywordDeclaration, false},
		{goKeywords, chroma.Keyword, false},
		{goConstants, chroma.KeywordConstant, false},
		{goBuiltinCalls, chroma.NameBuiltin, true},
		{goTypes, chroma.KeywordType, false},
	}
	// goOperators in the order of the rule's alternation; the first that
	// matches wins.
	goOperators = []string{"<<=", ">>=", "<<", ">>", "<=", ">=", "&^=", "&^", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "&&", "||", "<-", "++", "--", "==", "!=", ":=", "..."}
)

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// Character classes of .NET regular expressions, restricted to ASCII.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isWord(c byte) bool   { return isLetter(c) || isDigit(c) }
func isHex(c byte) bool    { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// at reports whether s[i] exists and is in set.
func (g *goScanner) at(i int, set string) bool {
	return i < len(g.s) && strings.IndexByte(set, g.s[i]) >= 0
}

// run returns the end of the run of bytes satisfying f from i.
func (g *goScanner) run(i int, f func(byte) bool) int {
	for i < len(g.s) && f(g.s[i]) {
		i++
	}
	return i
}

// scan tokenises the whole text, trying the rules in chroma's order at
// each position; a byte no rule matches is an Error token, as in chroma.
func (g *goScanner) scan() error {
	s := g.s
	for i := 0; i < len(s); {
		n, err := g.rule(i)
		if err != nil {
			return err
		}
		if n == 0 {
			g.emit(chroma.Error, s[i:i+1])
			n = 1
		}
		i += n
	}
	return nil
}

// rule emits the tokens of the first rule matching at i and returns the
// length matched, 0 if none matches. Every rule matches at least one byte.
func (g *goScanner) rule(i int) (int, error) {
	s := g.s
	c := s[i]
	// `\n`, `\s+`
	if isSpace(c) {
		e := g.space(i, len(s))
		g.emit(chroma.TextWhitespace, s[i:e])
		return e - i, nil
	}
	// `//[^\s\n\r][^\n\r]*`, `//[^\n\r]*`
	if strings.HasPrefix(s[i:], "//") {
		e := i + 2
		for e < len(s) && s[e] != '\n' && s[e] != '\r' {
			e++
		}
		if i+2 < len(s) && !isSpace(s[i+2]) {
			g.emit(chroma.CommentPreproc, s[i:e])
		} else {
			g.emit(chroma.CommentSingle, s[i:e])
		}
		return e - i, nil
	}
	// `/(\\\n)?[*](.|\n)*?[*](\\\n)?/`
	if c == '/' {
		if e := g.blockComment(i); e > 0 {
			g.emit(chroma.CommentMultiline, s[i:e])
			return e - i, nil
		}
	}
	// The word rules: `(import|package)\b`, the declaration words, the
	// keywords and constants followed by `\b`, builtins followed by
	// `\b(\()`, and types followed by `\b`. A word alternative followed by
	// \b matches only the whole run of word characters from i.
	if isLetter(c) {
		e := g.run(i, isWord)
		w := s[i:e]
		for _, r := range goWordRules {
			if !r.words[w] || r.call && !g.at(e, "(") {
				continue
			}
			g.emit(r.typ, w)
			if r.call {
				g.emit(chroma.Punctuation, "(")
				return e + 1 - i, nil
			}
			return e - i, nil
		}
	}
	if isDigit(c) || c == '.' {
		if e, t := g.number(i); e > 0 {
			g.emit(t, s[i:e])
			return e - i, nil
		}
	}
	switch c {
	case '\'':
		if e := g.char(i); e > 0 {
			g.emit(chroma.LiteralStringChar, s[i:e])
			return e - i, nil
		}
	case '`':
		// "(`)([^`]*)(`)"
		k := strings.IndexByte(s[i+1:], '`')
		if k < 0 {
			break
		}
		e := i + 1 + k
		g.emit(chroma.LiteralString, "`")
		it, err := g.raw.Tokenise(&chroma.TokeniseOptions{State: "root", Nested: true}, s[i+1:e])
		if err != nil {
			return 0, err
		}
		g.toks = append(g.toks, it.Tokens()...)
		g.emit(chroma.LiteralString, "`")
		return e + 1 - i, nil
	case '"':
		e := g.str(i)
		if e > 0 {
			g.emit(chroma.LiteralString, s[i:e])
			return e - i, nil
		}
	}
	// The operators, longest listed first.
	for _, op := range goOperators {
		if strings.HasPrefix(s[i:], op) {
			g.emit(chroma.Operator, op)
			return len(op), nil
		}
	}
	if strings.IndexByte("+-*/%&", c) >= 0 {
		g.emit(chroma.Operator, s[i:i+1])
		return 1, nil
	}
	// `([a-zA-Z_]\w*)(\s*)(\()`: the spaces are lexed by the root state
	// again, which splits them exactly as the main loop does.
	if isLetter(c) {
		e := g.run(i, isWord)
		sp := g.run(e, isSpace)
		if sp < len(s) && s[sp] == '(' {
			g.emit(chroma.NameFunction, s[i:e])
			for j := e; j < sp; {
				k := g.space(j, sp)
				g.emit(chroma.TextWhitespace, s[j:k])
				j = k
			}
			g.emit(chroma.Punctuation, "(")
			return sp + 1 - i, nil
		}
	}
	// `[|^<>=!()\[\]{}.,;:~]`
	if strings.IndexByte("|^<>=!()[]{}.,;:~", c) >= 0 {
		g.emit(chroma.Punctuation, s[i:i+1])
		return 1, nil
	}
	// `[^\W\d]\w*`
	if isLetter(c) {
		e := g.run(i, isWord)
		g.emit(chroma.NameOther, s[i:e])
		return e - i, nil
	}
	return 0, nil
}

// space returns the end of the whitespace token at i, looking no further
// than limit: a newline alone (`\n`), or else the run of spaces (`\s+`),
// newlines included.
func (g *goScanner) space(i, limit int) int {
	if g.s[i] == '\n' {
		return i + 1
	}
	e := i
	for e < limit && isSpace(g.s[e]) {
		e++
	}
	return e
}

// blockComment returns the end of `/(\\\n)?[*](.|\n)*?[*](\\\n)?/` at i,
// or 0. The lazy body ends at the first star followed by a slash, or by a
// backslash, newline and slash.
func (g *goScanner) blockComment(i int) int {
	s := g.s
	j := i + 1
	if strings.HasPrefix(s[j:], "\\\n") {
		j += 2
	}
	if !g.at(j, "*") {
		return 0
	}
	for k := j + 1; k < len(s); k++ {
		if s[k] != '*' {
			continue
		}
		if g.at(k+1, "/") {
			return k + 2
		}
		if strings.HasPrefix(s[k+1:], "\\\n/") {
			return k + 4
		}
	}
	return 0
}

// exponent returns the end of `[eE][+\-]?\d+` at i, or 0. With
// signRequired it matches `[Ee][-+]\d+`.
func (g *goScanner) exponent(i int, signRequired bool) int {
	if !g.at(i, "eE") {
		return 0
	}
	j := i + 1
	if g.at(j, "+-") {
		j++
	} else if signRequired {
		return 0
	}
	e := g.run(j, isDigit)
	if e == j {
		return 0
	}
	return e
}

// number returns the end and type of the first number rule matching at i,
// or 0. The rules, in chroma's order:
//
//	\d+i
//	\d+\.\d*([Ee][-+]\d+)?i
//	\.\d+([Ee][-+]\d+)?i
//	\d+[Ee][-+]\d+i
//	\d+(\.\d+[eE][+\-]?\d+|\.\d*|[eE][+\-]?\d+)   float
//	\.\d+([eE][+\-]?\d+)?                         float
//	0[0-7]+                                       octal
//	0[xX][0-9a-fA-F_]+                            hex
//	0b[01_]+                                      binary
//	(0|[1-9][0-9_]*)                              integer
//
// Backtracking never finds another match: a shorter digit run leaves a
// digit where each rule wants something else.
func (g *goScanner) number(i int) (int, chroma.TokenType) {
	s := g.s
	d := g.run(i, isDigit) // end of \d+ at i (d == i: none)
	// imaginary: the mantissa's end, then an optional exponent, then i.
	imag := func(m int) int {
		if x := g.exponent(m, true); x > 0 && g.at(x, "i") {
			return x + 1
		}
		if g.at(m, "i") {
			return m + 1
		}
		return 0
	}
	if d > i {
		if g.at(d, "i") {
			return d + 1, chroma.LiteralNumber
		}
		if g.at(d, ".") {
			if e := imag(g.run(d+1, isDigit)); e > 0 {
				return e, chroma.LiteralNumber
			}
		}
	}
	if c := i + 1; s[i] == '.' {
		if f := g.run(c, isDigit); f > c {
			if e := imag(f); e > 0 {
				return e, chroma.LiteralNumber
			}
		}
	}
	if d > i {
		if x := g.exponent(d, true); x > 0 && g.at(x, "i") {
			return x + 1, chroma.LiteralNumber
		}
		if g.at(d, ".") {
			if f := g.run(d+1, isDigit); f > d+1 {
				if x := g.exponent(f, false); x > 0 {
					return x, chroma.LiteralNumberFloat
				}
			}
			return g.run(d+1, isDigit), chroma.LiteralNumberFloat
		}
		if x := g.exponent(d, false); x > 0 {
			return x, chroma.LiteralNumberFloat
		}
	}
	if c := i + 1; s[i] == '.' {
		if f := g.run(c, isDigit); f > c {
			if x := g.exponent(f, false); x > 0 {
				return x, chroma.LiteralNumberFloat
			}
			return f, chroma.LiteralNumberFloat
		}
		return 0, chroma.Error
	}
	if s[i] == '0' {
		if e := g.run(i+1, func(c byte) bool { return '0' <= c && c <= '7' }); e > i+1 {
			return e, chroma.LiteralNumberOct
		}
		if g.at(i+1, "xX") {
			if e := g.run(i+2, func(c byte) bool { return isHex(c) || c == '_' }); e > i+2 {
				return e, chroma.LiteralNumberHex
			}
		}
		if g.at(i+1, "b") {
			if e := g.run(i+2, func(c byte) bool { return c == '0' || c == '1' || c == '_' }); e > i+2 {
				return e, chroma.LiteralNumberBin
			}
		}
		return i + 1, chroma.LiteralNumberInteger
	}
	return g.run(i+1, func(c byte) bool { return isDigit(c) || c == '_' }), chroma.LiteralNumberInteger
}

// char returns the end of a character literal at i, or 0:
//
//	'(\\['"\\abfnrtv]|\\x[0-9a-fA-F]{2}|\\[0-7]{1,3}|\\u[0-9a-fA-F]{4}|\\U[0-9a-fA-F]{8}|[^\\])'
//
// Each alternative is tried in order, and {1,3} greedily, until one is
// followed by the closing quote.
func (g *goScanner) char(i int) int {
	s := g.s
	p := i + 1
	if p >= len(s) {
		return 0
	}
	close := func(e int) int {
		if g.at(e, "'") {
			return e + 1
		}
		return 0
	}
	if s[p] != '\\' {
		return close(p + 1)
	}
	hexes := func(from, n int) bool {
		for k := from; k < from+n; k++ {
			if k >= len(s) || !isHex(s[k]) {
				return false
			}
		}
		return true
	}
	if g.at(p+1, `'"\abfnrtv`) {
		if e := close(p + 2); e > 0 {
			return e
		}
	}
	if g.at(p+1, "x") && hexes(p+2, 2) {
		if e := close(p + 4); e > 0 {
			return e
		}
	}
	octal := 0
	for octal < 3 && g.at(p+1+octal, "01234567") {
		octal++
	}
	for ; octal > 0; octal-- {
		if e := close(p + 1 + octal); e > 0 {
			return e
		}
	}
	if g.at(p+1, "u") && hexes(p+2, 4) {
		if e := close(p + 6); e > 0 {
			return e
		}
	}
	if g.at(p+1, "U") && hexes(p+2, 8) {
		if e := close(p + 10); e > 0 {
			return e
		}
	}
	return 0
}

// str returns the end of `"(\\\\|\\"|[^"])*"` at i, or 0. The greedy
// path (a backslash takes the character after it when that is a backslash
// or a quote) gives the match when it reaches a closing quote. When it
// runs off the end, the backtracking matcher's answer is computed from the
// end backwards: end[p] is where a match of the loop from p ends, trying
// the alternatives in order.
func (g *goScanner) str(i int) int {
	s := g.s
	for p := i + 1; p < len(s); p++ {
		switch s[p] {
		case '"':
			return p + 1
		case '\\':
			if g.at(p+1, `\"`) {
				p++
			}
		}
	}
	n := len(s)
	end := make([]int, n+2-i) // end[p-i]; 0 is no match
	for p := n - 1; p > i; p-- {
		next := func(q int) int {
			if q >= n {
				return 0
			}
			return end[q-i]
		}
		switch {
		case s[p] == '"':
			end[p-i] = p + 1
		case s[p] == '\\' && g.at(p+1, `\"`) && next(p+2) > 0:
			end[p-i] = next(p + 2)
		default:
			end[p-i] = next(p + 1)
		}
	}
	if i+1 >= n {
		return 0
	}
	return end[1]
}
