package markup

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// FrontMatter is the YAML front matter of a page: a mapping from keys to
// arbitrary values (title, game, aliases, family, packs, related, sources,
// weight, ...). It remembers where each top-level value was written, so a
// caller that finds a value of the wrong type can say where.
type FrontMatter struct {
	// Params holds the decoded values; it is never nil after ParsePage.
	// Nested mappings are map[string]any, sequences []any.
	Params map[string]any

	path  string
	label string // starts messages: "front matter: "
	first int    // line number of the first YAML line
	pos   map[string]srcpos.Pos
}

func (f *FrontMatter) init(path, label string) {
	f.path, f.label, f.Params, f.pos = path, label, map[string]any{}, map[string]srcpos.Pos{}
}

// Pos returns the position of the value of key, or of the front matter as a
// whole when key is absent.
func (f *FrontMatter) Pos(key string) srcpos.Pos {
	if p, ok := f.pos[key]; ok {
		return p
	}
	return srcpos.Pos{File: f.path, Line: 1, Col: 1}
}

// String returns the value of key, which must be a string. ok is false when
// the key is absent or null.
func (f *FrontMatter) String(key string) (s string, ok bool, err error) {
	switch v := f.Params[key].(type) {
	case nil:
		return "", false, nil
	case string:
		return v, true, nil
	}
	return "", false, f.typeError(key, "a string")
}

// Int returns the value of key, which must be an integer. ok is false when
// the key is absent or null.
func (f *FrontMatter) Int(key string) (n int, ok bool, err error) {
	switch v := f.Params[key].(type) {
	case nil:
		return 0, false, nil
	case int:
		return v, true, nil
	}
	return 0, false, f.typeError(key, "an integer")
}

// Bool returns the value of key, which must be true or false. ok is false
// when the key is absent or null.
func (f *FrontMatter) Bool(key string) (b bool, ok bool, err error) {
	switch v := f.Params[key].(type) {
	case nil:
		return false, false, nil
	case bool:
		return v, true, nil
	}
	return false, false, f.typeError(key, "true or false")
}

func (f *FrontMatter) typeError(key, want string) error {
	return &srcpos.Error{Pos: f.Pos(key), Msg: fmt.Sprintf("%s%s must be %s, not %s", f.label, key, want, describe(f.Params[key]))}
}

func describe(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case []any:
		return "a list"
	case map[string]any, map[any]any:
		return "a mapping"
	default:
		return fmt.Sprint(v)
	}
}

// ParseYAML parses src, a YAML mapping whose first line is line first of the
// file path, the way front matter is parsed. It serves YAML files such as a
// site's config.yaml.
func ParseYAML(path string, src []byte, first int) (f *FrontMatter, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, &srcpos.Error{Pos: srcpos.Pos{File: path, Line: first, Col: 1}, Msg: fmt.Sprintf("internal error parsing YAML: %v", r)}
		}
	}()
	if err := checkText(path, src); err != nil {
		return nil, err
	}
	f = &FrontMatter{}
	f.init(path, "")
	if err := f.parse(src, first); err != nil {
		return nil, err
	}
	return f, nil
}

// parse decodes src, the YAML text of the front matter whose first line is
// line first of the page.
func (f *FrontMatter) parse(src []byte, first int) error {
	f.first = first
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return f.yamlError(err, first+countLines(src))
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil // empty front matter
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil // only comments
	}
	if root.Kind != yaml.MappingNode {
		return &srcpos.Error{Pos: f.at(root), Msg: f.label + "want a YAML mapping of keys to values (key: value lines)"}
	}
	var errs srcpos.ErrorList
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			errs.Add(f.at(k), f.label+"a key must be a plain name")
			continue
		}
		if p, dup := f.pos[k.Value]; dup {
			errs.Add(f.at(k), fmt.Sprintf("%skey %q already set at line %d", f.label, k.Value, p.Line))
			continue
		}
		var x any
		if err := v.Decode(&x); err != nil {
			errs = append(errs, f.yamlError(err, f.at(v).Line))
			continue
		}
		f.Params[k.Value] = x
		f.pos[k.Value] = f.at(v)
	}
	errs.Sort()
	return errs.Err()
}

// at returns the position of a YAML node in the page.
func (f *FrontMatter) at(n *yaml.Node) srcpos.Pos {
	return srcpos.Pos{File: f.path, Line: f.first + max(n.Line, 1) - 1, Col: max(n.Column, 1)}
}

var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)`)

// yamlError turns an error of the YAML package, which knows lines but not
// columns, into a positioned error. last is the last line the problem may be
// on (the YAML parser reports unterminated constructs one line past the
// end).
func (f *FrontMatter) yamlError(err error, last int) *srcpos.Error {
	msg := err.Error()
	if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	line := f.first
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		line, msg = f.first+n-1, m[2]
		if parserError(msg) {
			line++ // the YAML parser, unlike its scanner, counts lines from 0
		}
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	line = max(f.first, min(line, last))
	return &srcpos.Error{Pos: srcpos.Pos{File: f.path, Line: line, Col: 1}, Msg: f.label + msg}
}

// parserError tells whether msg is one of the YAML parser's problems (as
// opposed to its scanner's).
func parserError(msg string) bool {
	for _, p := range []string{"did not find expected", "found duplicate %", "found incompatible YAML", "found undefined tag"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

func countLines(b []byte) int {
	n := 0
	for _, c := range b {
		if c == '\n' {
			n++
		}
	}
	return n
}
