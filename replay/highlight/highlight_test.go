package highlight

import (
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

func TestTokens(t *testing.T) {
	src := "# c\ngame: house-in-the-woods\nlayout:\n  t1: 3D 4D\n\n1. t12:7H t3  -- a note\n-- more\ndeal\nmerci t4:TH f\n"
	it, err := ReplayLexer.Tokenise(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var text strings.Builder
	for tok := it(); tok != chroma.EOF; tok = it() {
		text.WriteString(tok.Value)
		if tok.Type == chroma.Error {
			t.Errorf("error token %q", tok.Value)
		}
		if tok.Type != chroma.Text {
			got = append(got, tok.Type.String()+" "+strings.TrimSpace(tok.Value))
		}
	}
	if text.String() != src {
		t.Errorf("tokens do not cover the source:\n%q", text.String())
	}
	want := []string{
		"CommentSingle # c",
		"NameAttribute game", "Punctuation :", "LiteralString house-in-the-woods",
		"NameAttribute layout", "Punctuation :",
		"NameVariable t1", "Punctuation :", "NameConstant 3D", "NameConstant 4D",
		"LiteralNumberInteger 1.", "NameVariable t12", "Punctuation :", "NameConstant 7H", "NameVariable t3", "LiteralStringDoc -- a note",
		"LiteralStringDoc -- more",
		"Keyword deal",
		"Keyword merci", "NameVariable t4", "Punctuation :", "NameConstant TH", "NameVariable f",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tokens:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestRegistered(t *testing.T) {
	for _, name := range []string{"replay", "replay-syntax"} {
		if l := lexers.Get(name); l == nil || l.Config().Name != "Replay" {
			t.Errorf("lexers.Get(%q) = %v", name, l)
		}
	}
}

func FuzzLexer(f *testing.F) {
	f.Add("game: x\n1. t1:7H t2 -- n\n")
	f.Fuzz(func(t *testing.T, src string) {
		it, err := ReplayLexer.Tokenise(nil, src)
		if err != nil {
			return
		}
		for tok := it(); tok != chroma.EOF; tok = it() {
		}
	})
}
