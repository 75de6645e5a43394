package site

import (
	"fmt"
	"html"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// Internal links.
//
// Every link and image written in a page's Markdown whose destination is
// relative (no scheme such as https: or mailto:, not starting with "/")
// must lead to a file of the built site: a page, a static file, an asset
// or a generated file. A link to a folder must end in "/" ("../shamrocks/",
// which becomes ../shamrocks/index.html); "../shamrocks" is reported, since
// from file:// it shows the folder instead of the page. A fragment
// ("#foundation", "../../glossary/#foundation") must be the id of an
// element of the target page: a heading, or an element the templates
// write (the replay viewer's "#deal-12/17" needs the id "deal-12"). A
// fragment on a link to a file that is not HTML is not checked.
//
// The other links of a written page (href and src attributes the templates
// write, or raw HTML) are checked the same way, but a broken one is only a
// warning (Result.Warnings), given once for all the pages that have it,
// since a template's link may need a page that a small site does not have
// (the site title's link to the home page).
//
// A broken link in the Markdown fails the build:
//
//	content/games/x.md:12:5: broken link "../foo/": no page or file foo/index.html in the site
//	content/games/x.md:14:1: broken link "../../glossary/#fundation": glossary/index.html has no element with id "fundation" (did you mean "#foundation"?)

// checkLinks checks the links of every page against the output.
func (b *builder) checkLinks() {
	if b.out == nil || !b.errs.empty() {
		return // the output is incomplete: the errors say why
	}
	ids := map[string]map[string]bool{} // output HTML file -> its ids
	idsOf := func(name string) map[string]bool {
		if s, ok := ids[name]; ok {
			return s
		}
		data, _ := b.out.read(name)
		s := b.htmlIDsOf(name, data) // htmlIDs, remembered by incremental builds
		ids[name] = s
		return s
	}
	htmlBroken := map[htmlLinkKey]*htmlLinkWarning{}
	layouts := map[any]string{}
	for n, t := range b.tmpl.layouts {
		layouts[t] = n + ".html"
	}
	for _, p := range b.pages {
		broken := false
		for _, l := range p.links {
			if msg := b.checkLink(p, l.Dest, idsOf); msg != "" {
				what := "link"
				if l.Image {
					what = "image"
				}
				b.errs.addf(l.Pos, "broken %s %q: %s", what, l.Dest, msg)
				broken = true
			}
		}
		if broken {
			continue // the HTML has the same links: one message is enough
		}
		// The page as written: the links the templates add, and raw
		// HTML. They have no place in the Markdown to show.
		data, _ := b.out.read(p.ref.Path)
		seen := map[string]bool{}
		for _, m := range b.htmlLinksOf(p.ref.Path, data) {
			dest := html.UnescapeString(string(m[2]))
			if seen[dest] {
				continue
			}
			seen[dest] = true
			if msg := b.checkLink(p, dest, idsOf); msg != "" {
				k := htmlLinkKey{msg, layouts[p.layout]}
				if w, ok := htmlBroken[k]; ok {
					w.n++
				} else {
					htmlBroken[k] = &htmlLinkWarning{dest: dest, page: p.ref.Source, n: 1}
				}
			}
		}
	}
	for k, w := range htmlBroken {
		others := ""
		switch w.n {
		case 1:
		case 2:
			others = " and 1 other page"
		default:
			others = fmt.Sprintf(" and %d other pages", w.n-1)
		}
		b.warnf(srcpos.Pos{File: w.page}, "broken link %q in the HTML of this page%s, from the template %s or raw HTML: %s",
			w.dest, others, k.layout, k.msg)
	}
}

// A broken link in a page's HTML outside its Markdown (written by a
// template, or raw HTML) is a warning, given once for all the pages that
// have it: a template's link may need a page that a small site lacks (the
// site title's link to the home page).
type htmlLinkKey struct{ msg, layout string }

type htmlLinkWarning struct {
	dest, page string // as on the first page met
	n          int
}

// checkLink returns what is wrong with the link dest on page p, or "".
func (b *builder) checkLink(p *page, dest string, idsOf func(string) map[string]bool) string {
	rest, frag, hasFrag := strings.Cut(dest, "#")
	rest, _, _ = strings.Cut(rest, "?")
	switch {
	case dest == "" || strings.HasPrefix(rest, "/") || markup.HasURLScheme(rest):
		return "" // the page itself, absolute, or another scheme
	}
	target := p.ref.Path
	if rest != "" {
		u, err := url.PathUnescape(rest)
		if err != nil {
			return "bad %-escape in the path"
		}
		folder := strings.HasSuffix(u, "/") || u == "." || u == ".." || strings.HasSuffix(u, "/.") || strings.HasSuffix(u, "/..")
		target = path.Join(path.Dir(p.ref.Path), u)
		if target == ".." || strings.HasPrefix(target, "../") {
			return "it leads out of the site"
		}
		if folder {
			target = path.Join(target, "index.html")
		}
		if !b.out.exists(target) {
			if !folder && b.out.isDir(target) {
				if b.out.exists(path.Join(target, "index.html")) {
					return fmt.Sprintf("%s is a folder: write %q so that the link opens its page, from file:// too", target, rest+"/")
				}
			}
			return fmt.Sprintf("no page or file %s in the site", target)
		}
	}
	if !hasFrag || frag == "" || !strings.HasSuffix(target, ".html") {
		return ""
	}
	id, err := url.PathUnescape(frag)
	if err != nil {
		id = frag
	}
	set := idsOf(target)
	if set[id] {
		return ""
	}
	if before, _, ok := strings.Cut(id, "/"); ok && set[before] {
		return "" // a step of a replay viewer: #deal-12/17
	}
	msg := fmt.Sprintf("%s has no element with id %q", target, id)
	if target == p.ref.Path {
		msg = fmt.Sprintf("this page has no element with id %q", id)
	}
	if near := nearest(id, set); near != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", "#"+near)
	}
	return msg
}

// nearest returns the id closest to id, if it is close (a typo).
func nearest(id string, set map[string]bool) string {
	best, bestD := "", max(2, len(id)/4)+1
	names := make([]string, 0, len(set))
	for s := range set {
		names = append(names, s)
	}
	sort.Strings(names)
	for _, s := range names {
		if d := editDistance(id, s); d < bestD {
			best, bestD = s, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// read returns the file name of the output written so far.
func (o *dirOutput) read(name string) ([]byte, bool) {
	if text, ok, _ := o.recalled(name); ok && text != nil {
		return text, true
	}
	data, err := os.ReadFile(filepath.Join(o.tmp, filepath.FromSlash(name)))
	return data, err == nil
}

// exists tells whether the output has a file name.
func (o *dirOutput) exists(name string) bool {
	_, ok, _ := o.recalled(name) // every file of the output goes through write or copy
	return ok
}

// isDir tells whether the output has a folder name.
func (o *dirOutput) isDir(name string) bool {
	_, _, dir := o.recalled(name)
	return dir
}
