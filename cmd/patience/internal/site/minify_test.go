package site

import (
	"bytes"
	"io/fs"
	"testing"
	"testing/fstest"
)

func TestMinified(t *testing.T) {
	tests := []struct {
		name, ext, in, want string
	}{
		{"css", ".css", "/* a comment */\nbody {\n  color: #ff0000;\n  margin: 0px;\n}\n", "body{color:red;margin:0}"},
		{"js", ".js", "// a comment\n(function () {\n  var count = 1;\n  window.x = count + 1;\n})();\n", "(function(){var e=1;window.x=e+1})()"},
		{"js that does not parse stays as it is", ".js", "var = ;\n", "var = ;\n"},
		{"other types are copied", ".svg", "<svg>  </svg>\n", "<svg>  </svg>\n"},
		{"empty", ".js", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := minified(tt.ext, []byte(tt.in))
			if string(got) != tt.want {
				t.Errorf("minified(%q, %q) = %q, want %q", tt.ext, tt.in, got, tt.want)
			}
			clear(minifyCache.m) // the same result without the cache
			if again := minified(tt.ext, []byte(tt.in)); !bytes.Equal(again, got) {
				t.Errorf("second run %q, first %q", again, got)
			}
		})
	}
}

// TestMinifyFS checks that Stat and Open agree on the size (the
// incremental build compares them) and that the template assets of a
// build are the minified ones.
func TestMinifyFS(t *testing.T) {
	src := fstest.MapFS{
		"assets/a.css":   {Data: []byte("/* c */\na {\n  color: #ff0000;\n}\n")},
		"assets/b.js":    {Data: []byte("// c\nvar answer = 42;\n")},
		"assets/c.svg":   {Data: []byte("<svg>  </svg>\n")},
		"assets/dir.css": {Mode: fs.ModeDir},
	}
	m := minifyFS{src}
	for _, name := range []string{"assets/a.css", "assets/b.js", "assets/c.svg"} {
		data, err := fs.ReadFile(m, name)
		if err != nil {
			t.Fatal(err)
		}
		fi, err := fs.Stat(m, name)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() != int64(len(data)) {
			t.Errorf("%s: Stat says %d bytes, read %d", name, fi.Size(), len(data))
		}
	}
	for name, want := range map[string]string{"assets/a.css": "a{color:red}", "assets/b.js": "var answer=42", "assets/c.svg": "<svg>  </svg>\n"} {
		if got, _ := fs.ReadFile(m, name); string(got) != want {
			t.Errorf("%s read %q, want %q", name, got, want)
		}
	}
	if fi, err := fs.Stat(m, "assets/dir.css"); err != nil || !fi.IsDir() {
		t.Errorf("a folder named .css: %v, %v", fi, err)
	}
	if _, err := fs.Stat(m, "assets/none.css"); err == nil {
		t.Error("Stat of a missing file: no error")
	}
}
