package markup

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

var goSourceBytes = flag.Int("gosource", 400_000, "bytes of GOROOT's Go source that TestGoLexerMatchesChroma compares (0: all)")

// lexBoth returns chroma's tokens and goLexer's for text.
func lexBoth(t testing.TB, text string) (want, got []chroma.Token) {
	t.Helper()
	want, err := chroma.Tokenise(lexers.Go, nil, text)
	if err != nil {
		t.Fatal(err)
	}
	got, err = chroma.Tokenise(newGoLexer(lexers.Go), nil, text)
	if err != nil {
		t.Fatal(err)
	}
	return want, got
}

func checkSame(t testing.TB, name, text string) {
	t.Helper()
	want, got := lexBoth(t, text)
	if slices.Equal(want, got) {
		return
	}
	for i := range min(len(want), len(got)) {
		if want[i] != got[i] {
			t.Fatalf("%s: token %d: chroma gives %v, goLexer %v\ntext: %q", name, i, want[i], got[i], text)
		}
	}
	t.Fatalf("%s: chroma gives %d tokens, goLexer %d\ntext: %q", name, len(want), len(got), text)
}

var goLexerCases = []struct{ name, text string }{
	{"corpus block", "func legal12(from, to Pile) bool {\n\tif from.Len() < 7 {\n\t\treturn false\n\t}\n\tc := from.Top()\n\treturn to.Accepts(c, \"suit\") // build by suit\n}\n"},
	{"empty", ""},
	{"spaces", " \t\n \n\n\v\f x"},
	{"crlf", "a\r\nb\rc\r\r\n"},
	{"comments", "//x\n// y\n//\n/* a\n*/ /**/ /*/ /*** x **/ /\\\n* z *\\\n/ /* open"},
	{"keywords", "package main\nimport \"fmt\"\nvar x = map[string]chan int{}\ngoto gox go_ fallthrough iota nil true falsey"},
	{"builtins", "len(x) len (x) string(b) string x uint8(3) uint8 x complex128(1) complex(1,2) any(x) anyx make([]int, 0)"},
	{"numbers", "1 12 0 07 08 0x1F 0X_a 0x 0b101 0b2 1_000 1.5 1. .5 1e3 1E+3 1e 1e+ 1.5e-3 1.5e 1i 1.5i 1.i .5i 1e+3i 1e3i .5e-2i 9import 1.e+5 ..5 ... 1..2"},
	{"chars", `'a' '\n' '\'' '\x41' '\x4' '\101' '\1' '\18' '\u00e9' '\U0001F600' ''' '' 'ab' '\q' '\` + "\n" + `' '`},
	{"strings", `"a" "a\"b" "a\\" "a\\\"" "x` + "\n" + `y" "unterminated\"`},
	{"strings backtrack", `"a\"b\"c` + "\n" + `d\\"`},
	{"unterminated", `x := "abc`},
	{"raw strings", "x := `raw {{.Field}} \\n` + `` + `{{if .X}}y{{end}}`"},
	{"unterminated raw", "x := `abc"},
	{"operators", "a<<=b>>=c<<d>>e<=f>=g&^=h&^i+=j-=k*=l/=m%=n&=o|=p&&q||r<-s++t--u==v!=w:=x...y+z-a*b/c%d&e|f^g<h>i=j!k:l;m,n~o&&=p"},
	{"functions", "f() g (x) h\n(y) _z\t (q) a1b2(c) if(x) for (;;) {}"},
	{"errors", "@ # $ ? \\ \x00 \x7f"},
	{"punctuation", "()[]{}.,;:~|^<>=!"},
}

func TestGoLexerMatchesChroma(t *testing.T) {
	for _, tc := range goLexerCases {
		t.Run(tc.name, func(t *testing.T) { checkSame(t, tc.name, tc.text) })
	}
	t.Run("GOROOT", func(t *testing.T) {
		if testing.Short() {
			t.Skip("-short")
		}
		// A deterministic sample of the standard library's source: files
		// in walk order, up to -gosource bytes.
		root := filepath.Join(runtime.GOROOT(), "src")
		var files []string
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
				files = append(files, path)
			}
			return nil
		})
		if len(files) == 0 {
			t.Skip("no Go source under GOROOT")
		}
		total := 0
		step := max(1, len(files)/400)
		if *goSourceBytes == 0 {
			step = 1
		}
		for k := 0; k < len(files); k += step {
			b, err := os.ReadFile(files[k])
			if err != nil {
				t.Fatal(err)
			}
			checkSame(t, files[k], string(b))
			total += len(b)
			if *goSourceBytes > 0 && total >= *goSourceBytes {
				break
			}
		}
		t.Logf("compared %d bytes", total)
	})
}

func FuzzGoLexer(f *testing.F) {
	for _, tc := range goLexerCases {
		f.Add(tc.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkSame(t, "fuzz", text)
	})
}

func BenchmarkGoLexer(b *testing.B) {
	text := goLexerCases[0].text
	for _, bc := range []struct {
		name string
		lx   chroma.Lexer
	}{{"chroma", lexers.Go}, {"goLexer", newGoLexer(lexers.Go)}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := chroma.Tokenise(bc.lx, nil, text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
