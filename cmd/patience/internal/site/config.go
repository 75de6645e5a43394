package site

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"sort"
	"strings"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// configFile is the optional site configuration, in the site folder.
const configFile = "config.yaml"

// config is the site configuration.
type config struct {
	Title       string // the site's name, shown in every page's header
	Unsafe      bool   // keep raw HTML in Markdown (a page's front matter may override)
	Typographer bool   // curly quotes, dashes and ellipses
	BaseURL     string // the site's address, ending in "/", or "": sitemap.xml and 404.html
	AllGames    bool   // a site with game pages needs one for every game (games.go)
}

// loadConfig reads config.yaml if the site has one.
func (b *builder) loadConfig() {
	b.cfg = config{Title: "patience", AllGames: true}
	text, err := readLimited(os.DirFS(b.src), configFile, configKind)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	pos := srcpos.Pos{File: configFile}
	if err != nil {
		b.errs.addf(pos, "%v", unwrapPath(err))
		return
	}
	if line, col, bad := invalidUTF8(text); bad {
		b.errs.addf(srcpos.Pos{File: configFile, Line: line, Col: col}, "invalid UTF-8: config.yaml is UTF-8 text")
		return
	}
	f, err := markup.ParseYAML(configFile, text, 1)
	if err != nil {
		b.errs.add(pos, err)
		return
	}
	keys := make([]string, 0, len(f.Params))
	for k := range f.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		var err error
		switch k {
		case "title":
			var s string
			if s, _, err = f.String(k); err == nil && s != "" {
				b.cfg.Title = s
			}
		case "unsafe":
			b.cfg.Unsafe, _, err = f.Bool(k)
		case "all_games":
			b.cfg.AllGames, _, err = f.Bool(k)
		case "typographer":
			b.cfg.Typographer, _, err = f.Bool(k)
		case "baseURL":
			var s string
			if s, _, err = f.String(k); err == nil {
				b.cfg.BaseURL, err = checkBaseURL(s)
			}
		default:
			err = &srcpos.Error{Pos: f.Pos(k), Msg: "unknown setting " + k + " (known: " + strings.Join(configKeys, ", ") + ")"}
		}
		b.errs.add(f.Pos(k), err)
	}
}

var configKeys = []string{"all_games", "baseURL", "title", "typographer", "unsafe"}

// checkBaseURL checks config.yaml's baseURL, an absolute http or https
// URL, and returns it ending in "/".
func checkBaseURL(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("baseURL %q: want the site's address, like https://example.org/ or https://example.org/patience/", s)
	}
	if !strings.HasSuffix(s, "/") {
		s += "/"
	}
	return s, nil
}
