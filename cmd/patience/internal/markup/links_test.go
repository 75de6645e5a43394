package markup

import (
	"fmt"
	"strings"
	"testing"
)

// TestLinks checks that Convert records every link and image as written,
// at the position of its "[" (or "!"), before folder links get their
// index.html.
func TestLinks(t *testing.T) {
	src := "Intro [a](../x/) and [*b* c](y.md#z \"t\").\n\n" +
		"- item ![pic](img/p.png)\n- [`code`](#top) [ref][r] []( empty/ )\n\n" +
		"> quoted <https://example.org/> [**x**](../../glossary/#foundation)\n\n" +
		"[r]: docs/\n"
	res, err := New(Options{}).Convert(&Document{Path: "p.md", Source: []byte(src), Line: 5})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range res.Links {
		got = append(got, fmt.Sprintf("%s %q %v", l.Pos, l.Dest, l.Image))
	}
	want := []string{
		`p.md:5:7 "../x/" false`,
		`p.md:5:22 "y.md#z" false`,
		`p.md:7:8 "img/p.png" true`,
		`p.md:8:3 "#top" false`,
		`p.md:8:18 "docs/" false`,
		`p.md:8:27 "empty/" false`,
		`p.md:10:33 "../../glossary/#foundation" false`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The HTML still points folder links at index.html.
	if !strings.Contains(string(res.HTML), `href="../x/index.html"`) {
		t.Errorf("folder link not rewritten:\n%s", res.HTML)
	}
}
