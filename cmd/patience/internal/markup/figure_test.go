package markup

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// testFigures knows house-in-the-woods won and la-belle-lucie/no-redeal
// rate, and records what it was asked.
func testFigures(asked *[]string) Figures {
	return func(game, variant, key string) (string, error) {
		*asked = append(*asked, game+"|"+variant+"|"+key)
		switch game + "/" + variant + ":" + key {
		case "house-in-the-woods/:won":
			return "731", nil
		case "la-belle-lucie/no-redeal:rate":
			return "<1%", nil
		case "broken/:won":
			return "", fmt.Errorf("unknown odds key won: broken.json does not read (%w)", ErrReported)
		}
		return "", fmt.Errorf("unknown odds key %s", key)
	}
}

func TestFigures(t *testing.T) {
	c := New(Options{})
	tests := []struct {
		name  string
		src   string
		want  string // the HTML
		asked string // the lookups, "game|variant|key" joined by spaces
		errs  string // the errors, one a line
	}{
		{name: "plain", src: "won {{odds:house-in-the-woods:won}} deals\n",
			want: "<p>won 731 deals</p>\n", asked: "house-in-the-woods||won"},
		{name: "variant, escaped", src: "{{odds:la-belle-lucie/no-redeal:rate}}\n",
			want: "<p>&lt;1%</p>\n", asked: "la-belle-lucie|no-redeal|rate"},
		{name: "in emphasis and a table", src: "*{{odds:house-in-the-woods:won}}*\n\n| a |\n|---|\n| {{odds:house-in-the-woods:won}} |\n",
			want:  "<p><em>731</em></p>\n<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>731</td>\n</tr>\n</tbody>\n</table>\n",
			asked: "house-in-the-woods||won house-in-the-woods||won"},
		// The id is made from the text as written, so that links to the
		// heading survive new data.
		{name: "in a heading", src: "## Won {{odds:house-in-the-woods:won}}\n",
			want: `<h2 id="won-oddshouse-in-the-woodswon">Won 731`, asked: "house-in-the-woods||won"},
		{name: "in a link text", src: "[{{odds:house-in-the-woods:won}} won](x/)\n",
			want: `<a href="x/index.html">731 won</a>`, asked: "house-in-the-woods||won"},
		{name: "not in a code span", src: "`{{odds:x:y}}`\n", want: "<p><code>{{odds:x:y}}</code></p>\n"},
		{name: "not in a code block", src: "```\n{{odds:x:y}}\n```\n",
			want: "<pre tabindex=\"0\" class=\"chroma\"><code>{{odds:x:y}}\n</code></pre>"},
		{name: "other braces", src: "{a} {{b}} {{odd:x:y}}\n", want: "<p>{a} {{b}} {{odd:x:y}}</p>\n"},
		{name: "unknown key", src: "# T\n\nsee {{odds:house-in-the-woods:lost}}\n",
			asked: "house-in-the-woods||lost", errs: "p.md:3:5: unknown odds key lost"},
		// Issue 41, item 11: spaces inside the braces, and a figure in
		// an image's alt text.
		{name: "spaces inside the braces", src: "{{ odds:house-in-the-woods:won }} and {{\todds:house-in-the-woods:won}}\n",
			want: "<p>731 and 731</p>\n", asked: "house-in-the-woods||won house-in-the-woods||won"},
		{name: "in alt text", src: "![{{odds:la-belle-lucie/no-redeal:rate}} won](x.png)\n",
			want: `<img src="x.png" alt="&lt;1% won">`, asked: "la-belle-lucie|no-redeal|rate"},
		{name: "spaces elsewhere", src: "{{ odds : house-in-the-woods:won }} {{ODDS:x:y}}\n",
			errs: "p.md:1:1: bad odds figure \"{{ odds : house-in-the-woods:won }}\": want {{odds:SLUG:KEY}} or {{odds:SLUG/VARIANT:KEY}}, in lower case\n" +
				"p.md:1:37: bad odds figure \"{{ODDS:x:y}}\": want {{odds:SLUG:KEY}} or {{odds:SLUG/VARIANT:KEY}}, in lower case"},
		// Issue 41, item 15: the root error, a data file that does not
		// read, is reported where it is, and the figure is left out.
		{name: "knock-on error", src: "a {{odds:broken:won}} b\n", want: "<p>a  b</p>\n", asked: "broken||won"},
		{name: "malformed", src: "a {{odds:House:won}} b\n{{odds:x:y\n",
			errs: "p.md:1:3: bad odds figure \"{{odds:House:won}}\": want {{odds:SLUG:KEY}} or {{odds:SLUG/VARIANT:KEY}}, in lower case\n" +
				"p.md:2:1: bad odds figure \"{{odds:x:y\": want {{odds:SLUG:KEY}} or {{odds:SLUG/VARIANT:KEY}}, in lower case"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var asked []string
			res, err := c.Convert(&Document{Path: "p.md", Source: []byte(tt.src), Figures: testFigures(&asked)})
			if got := strings.Join(asked, " "); got != tt.asked {
				t.Errorf("asked %q, want %q", got, tt.asked)
			}
			if tt.errs != "" {
				var list srcpos.ErrorList
				if !errors.As(err, &list) {
					t.Fatalf("error %v, want a srcpos.ErrorList", err)
				}
				var got []string
				for _, e := range list {
					got = append(got, e.Error())
				}
				if strings.Join(got, "\n") != tt.errs {
					t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), tt.errs)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(res.HTML), tt.want) {
				t.Errorf("HTML:\n%s\nwant:\n%s", res.HTML, tt.want)
			}
		})
	}
}

// TestFigureInHeadingText is issue 41, item 11: the plain text of a
// heading (the search index's entry, the page's title) lacked its
// figures.
func TestFigureInHeadingText(t *testing.T) {
	var asked []string
	res, err := New(Options{}).Convert(&Document{Path: "p.md", Source: []byte("# Won {{odds:house-in-the-woods:won}} deals\n\n## Rate {{ odds:la-belle-lucie/no-redeal:rate }}\n"), Figures: testFigures(&asked)})
	if err != nil {
		t.Fatal(err)
	}
	want := []Heading{{1, "won-oddshouse-in-the-woodswon-deals", "Won 731 deals"}, {2, "rate--oddsla-belle-lucieno-redealrate-", "Rate <1%"}}
	if fmt.Sprint(res.Headings) != fmt.Sprint(want) {
		t.Errorf("headings %v, want %v", res.Headings, want)
	}
}

// TestFigureIndex: where figures are not expanded, text meant as one is
// found.
func TestFigureIndex(t *testing.T) {
	for _, tt := range []struct {
		text string
		want int
	}{
		{"no figure {{b}} {odds:x:y}", -1},
		{"a {{odds:x:y}}", 2},
		{"{{ odds:x:y }}", 0},
		{"{{x}} {{ODDS : x", 6},
		{"{{{odds:x:y}}}", 1},
		{"{{", -1},
	} {
		if got := FigureIndex([]byte(tt.text)); got != tt.want {
			t.Errorf("FigureIndex(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
}

func TestFiguresWithoutData(t *testing.T) {
	_, err := New(Options{}).Convert(&Document{Path: "p.md", Source: []byte("x {{odds:a:b}}\n")})
	if err == nil || err.Error() != "p.md:1:3: unknown odds key b: this build has no odds data" {
		t.Errorf("error %v", err)
	}
}

// FuzzFigures checks that any text converts without a panic, that every
// figure the parser reads is well formed, and that an error is always at
// a position in the text.
func FuzzFigures(f *testing.F) {
	for _, s := range []string{
		"{{odds:a:b}}", "{{odds:a/b:c}}", "{{odds:", "{{odds:a:b", "{{odds:}}", "`{{odds:a:b}}`",
		"x{{odds:a:b}}y{{odds:c:d}}", "{{odds:a:b}}}", "{{{odds:a:b}}", "[{{odds:a:b}}](u)", "{{odds:a\n:b}}",
	} {
		f.Add(s)
	}
	c := New(Options{})
	f.Fuzz(func(t *testing.T, src string) {
		figs := func(game, variant, key string) (string, error) {
			if !figureText.MatchString("{{odds:"+game+"/"+variant+":"+key+"}}") && variant != "" ||
				!figureText.MatchString("{{odds:"+game+":"+key+"}}") {
				t.Fatalf("a malformed figure was read: %q %q %q", game, variant, key)
			}
			if key == "bad" {
				return "", errors.New("unknown odds key bad")
			}
			return "<" + key + ">", nil
		}
		res, err := c.Convert(&Document{Path: "p.md", Source: []byte(src), Figures: figs})
		if err != nil {
			var list srcpos.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("error %v is not a srcpos.ErrorList", err)
			}
			lines := 1 + strings.Count(src, "\n")
			for _, e := range list {
				if e.Pos.File != "p.md" || e.Pos.Line < 1 || e.Pos.Line > lines || e.Pos.Col < 1 {
					t.Fatalf("error at %v, outside the text", e.Pos)
				}
			}
			return
		}
		if strings.Contains(string(res.HTML), "<bad>") {
			t.Fatal("a failed figure was written")
		}
	})
}
