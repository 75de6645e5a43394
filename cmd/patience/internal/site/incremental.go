package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// Builds in memory and incremental builds, for patience serve.
//
// With Options.Memory the output is kept in Result.Output instead of being
// written to the destination folder, which is left alone. With
// Options.Cache the build is also incremental: it starts from what the
// last successful build with the same Cache made, and redoes only what the
// changes reported with Cache.Changed can have touched:
//
//   - A page is read, parsed and converted again (its replay blocks
//     verified again) when its Markdown file or one of the files it read
//     (Result.Deps: its replay files, and the data files its figures
//     and its template showed) changed, or when it is new. Other pages are taken as the
//     last build left them after loadPage.
//   - A page's template is executed again when the page was converted
//     again, or when any page's navigation data changed (a title, weight,
//     front matter, a page added or removed: every page lists the others),
//     since a page's output depends only on its own data, the site's
//     pages and the templates. Otherwise the last output is reused.
//   - A change to anything outside content/ (templates, config.yaml) or a
//     call of ChangedAll starts from nothing, as a full build.
//   - A page that is a symbolic link, or read one, is converted again by
//     every build: a change to the link's target is reported under the
//     target's name.
//   - Static files are copied again when changed (or when their size or
//     time changed, in case an event was missed); the steps that depend on
//     every page (search index, sitemap, 404 page, chroma.css) always run.
//
// The output is the same, byte for byte, as a full build's; the tests check
// it after sequences of edits. A page's reads are recorded by mechanism
// (reads.go): a step that reads content files for a page reads them
// through pageFS, a figure or a template function that reads games' data
// reads it through a gameReader (gamedata.go), which notes each file;
// anything else is read again by every build.

// Cache carries the work of one build to the next. Builds using the same
// Cache must not run at the same time; Changed and ChangedAll may be called
// at any time, from any goroutine.
type Cache struct {
	mu    sync.Mutex
	seq   uint64            // counts the changes reported
	dirty map[string]uint64 // path changed since the last good build -> seq of its last change
	all   uint64            // seq of the last ChangedAll not yet followed by a good build

	// The state after the last successful build; only builds touch it.
	valid    bool
	pages    map[string]*cachedPage // by source, e.g. "content/games/x.md"
	refs     []PageRef              // every page's ref, by URL
	entries  map[string]entryMemo   // the search index's entries by page path
	scans    map[string]htmlScan    // what linkcheck.go found in output files, by path
	files    map[string]cachedFile  // static files by output path
	rendered int                    // pages whose template ran in the last build
	surveys  map[string]bool        // survey files checked (games.go), by path
}

// cachedPage is a page as loadPage left it, with its output.
type cachedPage struct {
	p      *page    // a private copy: never handed to a build
	layout string   // the name of its layout
	out    []byte   // the rendered page
	tdeps  []string // the files its template read (reads.go)
	text   *pageTextMemo
	// linked is set when the page or a file it read is a symbolic link:
	// a change to the link's target is reported under the target's name,
	// so the page is never reused.
	linked bool
}

// pageTextMemo is the search text of a page (extras.go).
type pageTextMemo struct {
	limit int
	text  string
}

// cachedFile is a copied file.
type cachedFile struct {
	show string // the file it was copied from, as shown in messages
	size int64
	mod  time.Time
	data []byte
}

// NewCache returns an empty Cache: the first build with it is a full one.
func NewCache() *Cache {
	return &Cache{dirty: map[string]uint64{}}
}

// Changed reports files or folders that changed (were written, created,
// removed or renamed), as slash-separated paths relative to the source
// folder: "content/games/x.md", "templates/base.html", "config.yaml". A
// folder stands for everything in it.
func (c *Cache) Changed(paths ...string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, p := range paths {
		c.seq++
		c.dirty[path.Clean(p)] = c.seq
	}
}

// ChangedAll makes the next build a full one, e.g. after the watcher lost
// events.
func (c *Cache) ChangedAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	c.all = c.seq
}

// incState is the state of one build with a Cache.
type incState struct {
	c      *Cache
	seq    uint64          // c.seq when the build started
	dirty  map[string]bool // changed paths, a snapshot
	cold   bool            // nothing is reused
	reused map[*page]bool  // pages taken from the cache

	fresh    map[string]*cachedPage // pages loaded by this build, by source
	navOnce  sync.Once
	navSame  bool // every page's navigation data is as in the last build
	mu       sync.Mutex
	files    map[string]cachedFile // static files copied or reused
	rendered int                   // pages rendered by this build
	texts    map[string]*pageTextMemo
	entries  map[string]entryMemo // search index entries by page path
	scans    map[string]htmlScan  // output files scanned by linkcheck.go
	surveys  map[string]bool      // survey files found good by this build
}

// surveyUnchanged tells whether the survey file show was found good by
// the last build and has not changed since; it then counts as checked by
// this build too. s may be nil.
func (s *incState) surveyUnchanged(show string) bool {
	if s == nil || s.cold || s.isDirty(show) || !s.c.surveys[show] {
		return false
	}
	s.surveyChecked(show)
	return true
}

// surveyChecked records that the survey file show is good. s may be nil.
func (s *incState) surveyChecked(show string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.surveys == nil {
		s.surveys = map[string]bool{}
	}
	s.surveys[show] = true
}

// htmlScan is what the link check found in one output file: the same
// bytes (a reused page's output is the very same slice) give the same.
type htmlScan struct {
	data  *byte // unsafe.SliceData of the file
	n     int
	ids   map[string]bool // htmlIDs, or nil if not asked yet
	links [][][]byte      // htmlLinks, or nil if not asked yet
	done  uint8           // 1: ids known, 2: links known
}

// entryMemo is a search index entry and its JSON.
type entryMemo struct {
	e    searchEntry
	json []byte
}

// isDirty tells whether the file name, or a folder holding it, changed.
func (s *incState) isDirty(name string) bool {
	for {
		if s.dirty[name] {
			return true
		}
		i := strings.LastIndexByte(name, '/')
		if i < 0 {
			return false
		}
		name = name[:i]
	}
}

// reuse, called after scan, replaces the pages that did not change since
// the last good build with copies of the cached ones, which loadPages
// then skips.
func (b *builder) reuse() {
	c := b.opts.Cache
	if c == nil {
		return
	}
	s := &incState{c: c, dirty: map[string]bool{}, reused: map[*page]bool{}, fresh: map[string]*cachedPage{},
		files: map[string]cachedFile{}, texts: map[string]*pageTextMemo{}}
	b.inc = s
	c.mu.Lock()
	s.seq = c.seq
	for p := range c.dirty {
		s.dirty[p] = true
		if p != contentName && !strings.HasPrefix(p, contentName+"/") {
			s.cold = true // templates, config.yaml, the site folder itself
		}
		if isDeclaration(p) {
			s.cold = true // a game's rules: its pages, the game check, the play panel
		}
	}
	if c.all != 0 || !c.valid {
		s.cold = true
	}
	c.mu.Unlock()
	if s.cold || len(b.tmpl.layouts) == 0 {
		s.cold = true
		return
	}
	for i, p := range b.pages {
		old := c.pages[p.ref.Source]
		if old == nil || s.isDirty(p.ref.Source) {
			continue
		}
		stale := false
		for _, d := range old.p.deps {
			stale = stale || s.isDirty(d)
		}
		for _, d := range old.tdeps {
			stale = stale || s.isDirty(d)
		}
		layout := b.tmpl.layouts[old.layout]
		if stale || layout == nil || old.linked {
			continue
		}
		np := clonePage(old.p)
		np.layout = layout
		b.pages[i] = np
		s.reused[np] = true
	}
}

// clonePage copies a page and its PageRef, so that no build changes
// what the cache keeps.
func clonePage(p *page) *page {
	np := *p
	ref := *p.ref
	np.ref = &ref
	return &np
}

// isReused tells whether page p was taken from the cache (and must not be
// loaded again).
func (s *incState) isReused(p *page) bool {
	return s != nil && s.reused[p]
}

// keep, called after loadPages succeeded, copies the pages this build
// loaded before anything else can change them.
func (b *builder) keep() {
	s := b.inc
	if s == nil {
		return
	}
	names := make(map[any]string, len(b.tmpl.layouts))
	for n, t := range b.tmpl.layouts {
		names[t] = n
	}
	for _, p := range b.pages {
		if !s.reused[p] {
			cp := &cachedPage{p: clonePage(p), layout: names[p.layout], linked: b.linked(p.ref.Source)}
			for _, d := range p.deps {
				cp.linked = cp.linked || b.linked(d)
			}
			s.fresh[p.ref.Source] = cp
		}
	}
}

// linked tells whether the file show ("content/x.md") of the content
// folder is a symbolic link (or cannot be told).
func (b *builder) linked(show string) bool {
	if b.contentDir == "" {
		return false // the bundled site: no links
	}
	rel, ok := strings.CutPrefix(show, contentName+"/")
	fi, err := os.Lstat(filepath.Join(b.contentDir, filepath.FromSlash(rel)))
	if errors.Is(err, fs.ErrNotExist) {
		return false // a file read if it exists: its creation is reported
	}
	return !ok || err != nil || fi.Mode()&fs.ModeSymlink != 0
}

// navUnchanged tells whether every page's data seen by the other pages
// (the PageRefs) is as in the last good build.
func (s *incState) navUnchanged(b *builder) bool {
	s.navOnce.Do(func() {
		old := s.c.refs
		if s.cold || len(old) != len(b.site.Pages) {
			return
		}
		for i, r := range b.site.Pages {
			o := &old[i]
			if r.Title != o.Title || r.URL != o.URL || r.Path != o.Path || r.Section != o.Section ||
				r.Source != o.Source || r.Weight != o.Weight || !reflect.DeepEqual(r.Params, o.Params) {
				return
			}
		}
		s.navSame = true
	})
	return s.navSame
}

// reuseOutput writes the last output of page p when executing its
// template again would give the same bytes, and tells whether it did.
func (b *builder) reuseOutput(p *page) bool {
	s := b.inc
	if s == nil {
		return false
	}
	if s.reused[p] && s.navUnchanged(b) {
		if old := s.c.pages[p.ref.Source]; old != nil && old.out != nil {
			if err := b.out.keep(p.ref.Path, old.out); err != nil {
				b.errs.add(srcpos.Pos{File: p.ref.Source}, fmt.Errorf("writing %s: %w", p.ref.Path, unwrapPath(err)))
			}
			p.tdeps = old.tdeps // what the template read, unchanged
			return true
		}
	}
	s.mu.Lock()
	s.rendered++
	s.mu.Unlock()
	return false
}

// pageTextOf returns pageTextMarked(p.html, limit, true), the text of the page for the
// search index, remembered for the pages an incremental build reuses: on a
// big site, extracting it from every page's HTML would take most of the
// time of a rebuild.
func (b *builder) pageTextOf(p *page, limit int) string {
	s := b.inc
	if s == nil {
		return pageTextMarked(p.html, limit, true)
	}
	src := p.ref.Source
	if s.reused[p] {
		if old := s.c.pages[src]; old != nil && old.text != nil && old.text.limit == limit {
			s.mu.Lock()
			s.texts[src] = old.text
			s.mu.Unlock()
			return old.text.text
		}
	}
	t := &pageTextMemo{limit: limit, text: pageTextMarked(p.html, limit, true)}
	s.mu.Lock()
	s.texts[src] = t
	s.mu.Unlock()
	return t.text
}

// marshalEntries returns json.Marshal(entries), the search index, reusing
// the JSON of the entries that did not change since the last build: the
// JSON of a slice is its elements' JSON between brackets, with commas.
func (b *builder) marshalEntries(entries []searchEntry) ([]byte, error) {
	s := b.inc
	if s == nil {
		return json.Marshal(entries)
	}
	s.entries = make(map[string]entryMemo, len(entries))
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i, e := range entries {
		if i > 0 {
			buf.WriteByte(',')
		}
		old, ok := s.c.entries[e.Path]
		if !ok || s.cold || !reflect.DeepEqual(old.e, e) {
			data, err := json.Marshal(e)
			if err != nil {
				return nil, err
			}
			old = entryMemo{e, data}
		}
		s.entries[e.Path] = old
		buf.Write(old.json)
	}
	buf.WriteByte(']')
	return buf.Bytes(), nil
}

// scanOf returns the memo of output file name with content data.
func (s *incState) scanOf(name string, data []byte) htmlScan {
	if s.scans == nil {
		s.scans = map[string]htmlScan{}
	}
	sc, ok := s.scans[name]
	if !ok {
		sc, ok = s.c.scans[name]
	}
	if !ok || s.cold || sc.data != unsafe.SliceData(data) || sc.n != len(data) {
		sc = htmlScan{data: unsafe.SliceData(data), n: len(data)}
	}
	return sc
}

// htmlIDsOf returns htmlIDs(data), the ids of the output file name,
// remembered across incremental builds for files that did not change.
func (b *builder) htmlIDsOf(name string, data []byte) map[string]bool {
	s := b.inc
	if s == nil {
		return htmlIDs(data)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sc := s.scanOf(name, data)
	if sc.done&1 == 0 {
		sc.ids, sc.done = htmlIDs(data), sc.done|1
	}
	s.scans[name] = sc
	return sc.ids
}

// htmlLinksOf returns htmlLinks(data), the links of
// the output file name, remembered like htmlIDsOf.
func (b *builder) htmlLinksOf(name string, data []byte) [][][]byte {
	s := b.inc
	if s == nil {
		return htmlLinks(data)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sc := s.scanOf(name, data)
	if sc.done&2 == 0 {
		sc.links, sc.done = htmlLinks(data), sc.done|2
	}
	s.scans[name] = sc
	return sc.links
}

// hasDir tells whether a file of the output is in folder name; m.mu is
// held. The set of folders is made again only when files were added.
func (m *memOutput) hasDir(name string) bool {
	if m.dirs == nil || m.dirsOf != len(m.kept) {
		m.dirs, m.dirsOf = map[string]bool{}, len(m.kept)
		for f := range m.kept {
			for d := path.Dir(f); d != "." && !m.dirs[d]; d = path.Dir(d) {
				m.dirs[d] = true
			}
		}
	}
	return m.dirs[name]
}

// remember, called after a successful build, stores its work in the
// cache and its output in res.
func (b *builder) remember(res *Result) {
	if b.out != nil {
		res.Output = b.out.files()
	}
	s := b.inc
	if s == nil {
		res.Loaded, res.Rendered = len(b.pages), len(b.pages)
		return
	}
	c := s.c
	pages := make(map[string]*cachedPage, len(b.pages))
	refs := make([]PageRef, len(b.site.Pages))
	for i, r := range b.site.Pages {
		refs[i] = *r
	}
	for _, p := range b.pages {
		src := p.ref.Source
		cp := s.fresh[src]
		if cp == nil {
			old := c.pages[src]
			cp = &cachedPage{p: old.p, layout: old.layout, linked: old.linked}
		} else {
			res.Loaded++
		}
		cp.out, cp.tdeps = res.Output[p.ref.Path], p.tdeps
		for _, d := range p.tdeps {
			cp.linked = cp.linked || b.linked(d)
		}
		if t := s.texts[src]; t != nil {
			cp.text = t
		}
		pages[src] = cp
	}
	res.Rendered = s.rendered
	c.mu.Lock()
	for p, seq := range c.dirty {
		if seq <= s.seq {
			delete(c.dirty, p)
		}
	}
	if c.all <= s.seq {
		c.all = 0
	}
	c.mu.Unlock()
	c.valid, c.pages, c.refs, c.files, c.rendered, c.surveys = true, pages, refs, s.files, s.rendered, s.surveys
	if s.entries != nil {
		c.entries = s.entries
	}
	if s.scans != nil {
		c.scans = s.scans
	}
}

// memOutput is the output of a build in memory.
type memOutput struct {
	b      *builder
	mu     sync.Mutex
	kept   map[string][]byte
	dirs   map[string]bool // the folders of files, made by hasDir
	dirsOf int             // len(files) when dirs was made
}

// newOutput makes the output of the build: a new folder beside the
// destination, or memory.
func (b *builder) newOutput() (output, error) {
	if b.opts.Memory || b.opts.Cache != nil {
		return &memOutput{b: b, kept: map[string][]byte{}}, nil
	}
	if b.pending != nil {
		return b.takeOutput() // begun by startOutput (output.go)
	}
	if isDir(b.dest) {
		d := b.opts.disk
		if d == nil {
			d = osDisk{}
		}
		mem := &memOutput{b: b, kept: map[string][]byte{}}
		return &syncOutput{memOutput: mem, dest: b.dest, workers: b.opts.Workers, disk: d}, nil // syncdest.go
	}
	out, err := newOutput(b.dest)
	if err != nil {
		return nil, err
	}
	if err := out.prepare(b.outputNames()); err != nil {
		out.discard()
		return nil, err
	}
	return out, nil
}

// put stores data, which must not change afterwards, as the file name.
func (m *memOutput) put(name string, data []byte) {
	m.mu.Lock()
	m.kept[name] = data
	m.mu.Unlock()
}

// copy copies the file src of fsys, or takes it from the cache when it
// did not change.
func (m *memOutput) copy(name string, fsys fs.FS, src string) error {
	s := m.b.inc
	show := m.b.outputs[name]
	var fi fs.FileInfo
	builtin := strings.HasPrefix(show, "builtin:")
	if s != nil && !builtin {
		var err error
		if fi, err = fs.Stat(fsys, src); err != nil {
			return err
		}
	}
	if s != nil && !s.cold && !s.isDirty(show) {
		if old, ok := s.c.files[name]; ok && old.show == show && (builtin || old.size == fi.Size() && old.mod.Equal(fi.ModTime())) {
			m.put(name, old.data)
			s.mu.Lock()
			s.files[name] = old
			s.mu.Unlock()
			return nil
		}
	}
	data, err := fs.ReadFile(fsys, src)
	if err != nil {
		return err
	}
	m.put(name, data)
	if s != nil {
		f := cachedFile{show: show, data: data}
		if fi != nil {
			f.size, f.mod = fi.Size(), fi.ModTime()
			if int64(len(data)) != f.size {
				f.size = -1 // changed while read: never reuse
			}
		}
		s.mu.Lock()
		s.files[name] = f
		s.mu.Unlock()
	}
	return nil
}

func (m *memOutput) keep(name string, data []byte) error {
	m.put(name, data)
	return nil
}

func (m *memOutput) read(name string) ([]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	data, ok := m.kept[name]
	return data, ok
}

func (m *memOutput) exists(name string) bool {
	_, ok := m.read(name)
	return ok
}

func (m *memOutput) isDir(name string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.hasDir(name)
}

func (m *memOutput) commit() error { return nil } // the build's result takes the files

func (m *memOutput) discard() {}

func (m *memOutput) files() map[string][]byte { return m.kept }

// write stores a copy of data as the file name.
func (m *memOutput) write(name string, data []byte) error {
	m.put(name, bytes.Clone(data))
	return nil
}
