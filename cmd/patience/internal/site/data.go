package site

import (
	"html/template"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
)

// PageData is the data a page's template is executed with.
type PageData struct {
	Title    string           // front matter title, else first heading, else file name
	Content  template.HTML    // the rendered Markdown
	Params   map[string]any   // the whole front matter
	Root     string           // path from this page to the site root: "", "../", "../../"
	URL      string           // the page's URL relative to the root: "", "games/shamrocks/"
	Path     string           // the page's file relative to the root: "index.html", "games/shamrocks/index.html"
	Section  string           // first folder of the page under content/ ("games", "docs"), "" at the top
	Source   string           // the Markdown file, e.g. "content/games/shamrocks.md"
	Headings []markup.Heading // every heading of the content, in order
	HasH1    bool             // the content has its own h1, so the layout should not add one
	Pages    []*PageRef       // every page of the site, by URL (same as Site.Pages)
	Site     *SiteData
	// Prev and Next are the pages before and after this one in its
	// section's order (the sidebar's), or nil.
	Prev, Next *PageRef
}

// SiteData describes the whole site.
type SiteData struct {
	Title    string     // config.yaml's title, "patience" by default
	Pages    []*PageRef // every page, by URL
	Sections []*Section // the top level ("") first, then by weight and name

	neighbors map[string][2]*PageRef // URL -> previous and next page of its section
}

// PageRef is a page as seen from other pages, for navigation.
type PageRef struct {
	Title   string
	URL     string // relative to the root, e.g. "games/shamrocks/"
	Path    string // relative to the root, e.g. "games/shamrocks/index.html"; link to {{$.Root}}{{.Path}}
	Section string
	Source  string
	Weight  int
	Params  map[string]any
}

// Section is the pages of one top-level folder of content/.
type Section struct {
	Name  string     // the folder, "" for pages at the top level
	Title string     // the title of the section's index page, else the name capitalized
	Page  *PageRef   // the section's own index page (content/NAME/_index.md or index.md), or nil
	Pages []*PageRef // the other pages, by weight (unweighted last), title and URL
}

// sortPages orders pages for navigation: weighted pages first by weight,
// then by title and URL.
func sortPages(ps []*PageRef) {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if (a.Weight == 0) != (b.Weight == 0) {
			return a.Weight != 0
		}
		if a.Weight != b.Weight {
			return a.Weight < b.Weight
		}
		if a.Title != b.Title {
			return a.Title < b.Title
		}
		return a.URL < b.URL
	})
}

// newSiteData groups the pages, sorted by URL, into sections.
func newSiteData(title string, pages []*PageRef) *SiteData {
	s := &SiteData{Title: title, Pages: pages}
	byName := map[string]*Section{}
	for _, p := range pages {
		if p.URL == "" {
			continue // the home page: linked by the site title
		}
		sec := byName[p.Section]
		if sec == nil {
			sec = &Section{Name: p.Section, Title: capitalize(p.Section)}
			byName[p.Section] = sec
			s.Sections = append(s.Sections, sec)
		}
		if p.Section != "" && p.URL == p.Section+"/" {
			sec.Page, sec.Title = p, p.Title
			continue
		}
		sec.Pages = append(sec.Pages, p)
	}
	s.neighbors = make(map[string][2]*PageRef, len(pages))
	for _, sec := range s.Sections {
		sortPages(sec.Pages)
		for i, p := range sec.Pages {
			var n [2]*PageRef
			if i > 0 {
				n[0] = sec.Pages[i-1]
			}
			if i+1 < len(sec.Pages) {
				n[1] = sec.Pages[i+1]
			}
			s.neighbors[p.URL] = n
		}
	}
	weight := func(s *Section) int {
		if s.Page == nil {
			return 0
		}
		return s.Page.Weight
	}
	sort.SliceStable(s.Sections, func(i, j int) bool {
		a, b := s.Sections[i], s.Sections[j]
		if (a.Name == "") != (b.Name == "") {
			return a.Name == ""
		}
		wa, wb := weight(a), weight(b)
		if (wa == 0) != (wb == 0) {
			return wa != 0
		}
		if wa != wb {
			return wa < wb
		}
		return a.Name < b.Name
	})
	return s
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + strings.ReplaceAll(s[n:], "-", " ")
}
