package site

import (
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// baseTemplate is the template every page executes; layouts redefine its
// block "main".
const baseTemplate = "base.html"

// templateSet is the parsed templates of a build, one set per layout, and
// the assets to copy.
type templateSet struct {
	layouts map[string]*template.Template // "page" -> base + partials + page.html
	files   map[string]string             // template file name -> path shown in messages
	assets  []asset
	// broken: a template did not parse (reported), so the layouts are
	// not all there and pages must not be told that theirs is missing.
	broken bool
}

// asset is a file to copy to the output's assets/ folder.
type asset struct {
	name string // output path, e.g. "assets/style.css"
	fsys fs.FS
	src  string // path in fsys
	show string // path shown in messages
}

// templateFile is the text of one template file.
type templateFile struct {
	name, show string
	text       []byte
}

// loadTemplates reads the built-in templates and the site's overrides
// (site may be nil) and parses them once. siteName is how the site's
// template folder is shown in messages ("templates").
func loadTemplates(builtin, site fs.FS, siteName string, funcs template.FuncMap, errs *errorSink) *templateSet {
	ts := &templateSet{layouts: map[string]*template.Template{}, files: map[string]string{}}
	files := map[string]templateFile{}
	assets := map[string]asset{}
	broken := false
	read := func(fsys fs.FS, show string) {
		if fsys == nil {
			return
		}
		entries, err := fs.ReadDir(fsys, ".")
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs.addf(srcpos.Pos{File: show}, "%v", err)
			return
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".html") || strings.HasPrefix(e.Name(), ".") {
				continue
			}
			text, err := readLimited(fsys, e.Name(), templateKind)
			if err != nil {
				errs.addf(srcpos.Pos{File: path.Join(show, e.Name())}, "%v", unwrapPath(err))
				continue
			}
			if line, col, bad := invalidUTF8(text); bad {
				// The bytes would go into every page as they are.
				errs.addf(srcpos.Pos{File: path.Join(show, e.Name()), Line: line, Col: col}, "invalid UTF-8: a template is UTF-8 text")
				broken = true
				continue
			}
			files[e.Name()] = templateFile{e.Name(), path.Join(show, e.Name()), text}
		}
		err = fs.WalkDir(fsys, "assets", func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) && p == "assets" {
					return nil
				}
				errs.addf(srcpos.Pos{File: path.Join(show, p)}, "%v", err)
				return nil
			}
			if strings.HasPrefix(d.Name(), ".") && p != "assets" {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if !d.IsDir() && regularOrLink(fsys, p, d) {
				assets[p] = asset{name: p, fsys: minifyFS{fsys}, src: p, show: path.Join(show, p)} // minify.go
			}
			return nil
		})
		if err != nil {
			errs.addf(srcpos.Pos{File: show}, "%v", err)
		}
	}
	read(builtin, "builtin:templates")
	read(site, siteName)

	for _, a := range assets {
		ts.assets = append(ts.assets, a)
	}
	sort.Slice(ts.assets, func(i, j int) bool { return ts.assets[i].name < ts.assets[j].name })

	if broken {
		ts.broken = true
		return ts
	}
	names := make([]string, 0, len(files))
	for n, f := range files {
		names = append(names, n)
		ts.files[n] = f.show
	}
	sort.Strings(names)
	base, ok := files[baseTemplate]
	if !ok {
		errs.addf(srcpos.Pos{File: path.Join(siteName, baseTemplate)}, "no template %s", baseTemplate)
		ts.broken = true
		return ts
	}
	common := template.New(baseTemplate).Funcs(funcs)
	if _, err := common.Parse(string(base.text)); err != nil {
		errs.add(srcpos.Pos{File: base.show}, ts.templateError(err))
		ts.broken = true
		return ts
	}
	for _, n := range names {
		if strings.HasPrefix(n, "_") {
			if _, err := common.New(n).Parse(string(files[n].text)); err != nil {
				errs.add(srcpos.Pos{File: files[n].show}, ts.templateError(err))
				ts.broken = true
				return ts
			}
		}
	}
	for _, n := range names {
		if n == baseTemplate || strings.HasPrefix(n, "_") {
			continue
		}
		t, err := common.Clone()
		if err == nil {
			_, err = t.New(n).Parse(string(files[n].text))
		}
		if err != nil {
			errs.add(srcpos.Pos{File: files[n].show}, ts.templateError(err))
			ts.broken = true
			continue
		}
		ts.layouts[strings.TrimSuffix(n, ".html")] = t
	}
	return ts
}

// layoutNames lists the layouts, for messages.
func (ts *templateSet) layoutNames() string {
	var l []string
	for n := range ts.layouts {
		l = append(l, n)
	}
	sort.Strings(l)
	return strings.Join(l, ", ")
}

// templateErrorText matches the messages of text/template and html/template:
// "template: NAME:LINE: msg", "template: NAME:LINE:COL: msg",
// "html/template:NAME:LINE:COL: msg".
var templateErrorText = regexp.MustCompile(`(?s)^(?:html/)?template: ?([^:\s]+):(\d+)(?::(\d+))?: (.*)$`)

// templateError turns an error of package template into a positioned
// error in the template's file.
func (ts *templateSet) templateError(err error) *srcpos.Error {
	m := templateErrorText.FindStringSubmatch(err.Error())
	if m == nil {
		return &srcpos.Error{Pos: srcpos.Pos{File: "templates"}, Msg: err.Error()}
	}
	file := ts.files[m[1]]
	if file == "" {
		file = m[1]
	}
	line, _ := strconv.Atoi(m[2])
	col := 1
	if m[3] != "" {
		n, _ := strconv.Atoi(m[3])
		col = n + 1 // package template counts columns from 0
	}
	return &srcpos.Error{Pos: srcpos.Pos{File: file, Line: line, Col: col}, Msg: m[4]}
}

// templateFuncs are the functions available to templates. pageAt looks a
// page up by URL.
func templateFuncs(pageAt func(url string) *PageRef) template.FuncMap {
	return template.FuncMap{
		"join":        join,
		"page":        pageAt,
		"highlighted": highlighted,
	}
}

// highlighted tells whether a page's HTML has highlighted code, the only
// thing assets/chroma.css styles: the other pages need not load it.
func highlighted(content template.HTML) bool {
	return strings.Contains(string(content), `class="chroma"`)
}

// join joins the elements of a list (or a single value) as text.
func join(list any, sep string) string {
	switch l := list.(type) {
	case nil:
		return ""
	case []string:
		return strings.Join(l, sep)
	case []any:
		s := make([]string, len(l))
		for i, v := range l {
			s[i] = fmt.Sprint(v)
		}
		return strings.Join(s, sep)
	default:
		return fmt.Sprint(l)
	}
}
