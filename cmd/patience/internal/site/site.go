package site

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/patience-solitaire/patience/cmd/patience/internal/markup"
	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/srcpos"
	"github.com/patience-solitaire/patience/templates"
)

// Options configure a build.
type Options struct {
	// Source is the site folder; "" means the current folder.
	Source string
	// Content, if not nil, is the content folder to build instead of
	// Source/content, e.g. the bundled site (package content). Templates
	// and config.yaml are still looked for in Source.
	Content fs.FS
	// Destination is the output folder, "public" if empty. A relative
	// Destination is relative to Source, as in Hugo.
	Destination string
	// Templates are the built-in templates and assets; nil means
	// templates.FS. Source/templates overrides them file by file.
	Templates fs.FS
	// PlaySkeletons renders the play panel's viewer skeletons of a
	// game the site declares and its variants, as skeletons.txt holds
	// them for the engine's games (package play): the build writes them
	// to games/<slug>.skeletons.txt. nil writes none (the play panel
	// then cannot show a solved line of the game).
	PlaySkeletons func(games []*engine.Game) ([]byte, error)

	// Replay renders replay blocks; nil shows them as plain text
	// (markup.PlainReplay). It is called concurrently.
	Replay markup.ReplayRenderer
	// Workers is the number of pages rendered at once; 0 means GOMAXPROCS.
	Workers int
	// Memory keeps the output in Result.Output instead of writing it to
	// Destination, which is left alone (incremental.go).
	Memory bool
	// Cache, if not nil, makes the build incremental: it reuses what the
	// last successful build with this Cache made for the pages that did
	// not change since (incremental.go). It implies Memory.
	Cache *Cache

	// disk, if not nil, replaces the file system's operations when a
	// build syncs an existing destination (tests make one fail).
	disk disk
}

// Result describes a successful build.
type Result struct {
	Destination string     // the output folder, absolute
	Pages       []*PageRef // every page, by URL
	// Deps maps every page's source ("content/games/x.md") to the files
	// other than itself that its rendering read, as recorded while it
	// read them (reads.go): the replay files of its src= blocks
	// ("content/games/deal-1.replay") and the odds files its template
	// showed ("content/odds/shamrocks.json"), sorted. Every page also
	// depends on the templates and config.yaml.
	Deps  map[string][]string
	Files int // files written, pages included
	// Output is, with Options.Memory or Options.Cache, every file of the
	// site by slash-separated path ("games/x/index.html"). The slices must
	// not be modified: later builds with the same Cache share them.
	Output map[string][]byte
	// Loaded and Rendered count the pages that were converted and whose
	// template ran; with a Cache, the other pages were reused.
	Loaded, Rendered int
	// Warnings are problems that do not stop the build, each
	// "file:line:col: warning: message" (games.go): a survey made with
	// rules that have changed since.
	Warnings []string
}

// Build builds the site described by opts. On failure it returns a
// srcpos.ErrorList of every problem found, sorted, and leaves the
// destination folder as it was.
func Build(opts Options) (*Result, error) {
	return BuildContext(context.Background(), opts)
}

// BuildContext is Build, stopped when ctx is done: it then returns
// ctx.Err() soon (between pages, and within a page's code blocks being
// highlighted) and leaves the destination, and the Cache, as they were.
func BuildContext(ctx context.Context, opts Options) (*Result, error) {
	b := &builder{opts: opts, ctx: ctx}
	defer b.close()
	if err := b.open(); err != nil {
		return nil, err
	}
	if err := b.lockDestination(); err != nil { // destlock.go
		return nil, err
	}
	b.loadConfig()
	b.conv = markup.New(markup.Options{Typographer: b.cfg.Typographer})
	b.loadTemplates()
	b.scan()
	b.startOutput() // output.go
	b.reuse()
	if !b.loadDeclared() { // before the odds and the pages, which name the games (declared.go)
		// The pages of a game whose declaration fails would only
		// repeat that the game is unknown.
		return nil, b.errs.err()
	}
	b.loadOdds() // before the pages, which quote figures (figures.go)
	b.loadPages()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b.loadGames()
	if !b.errs.empty() {
		return nil, b.errs.err()
	}
	b.keep()
	b.link()
	if err := b.write(); err != nil {
		return nil, err
	}
	res := b.result()
	b.remember(res)
	return res, nil
}

// stopped tells whether the build is to stop (its context is done).
func (b *builder) stopped() bool { return b.ctx.Err() != nil }

// builder is the state of one build.
type builder struct {
	ctx  context.Context
	opts Options
	src  string // the site folder, absolute
	dest string // the destination, absolute

	content     fs.FS  // the content folder
	contentDir  string // its absolute path on disk, "" for opts.Content
	contentReal string // contentDir with symbolic links resolved
	templateFS  fs.FS  // the site's templates folder, or nil
	roots       []*os.Root

	cfg     config
	conv    *markup.Converter
	tmpl    *templateSet
	errs    errorSink
	pages   []*page           // by source path, then (after link) by URL
	files   []*staticFile     // files copied as they are
	outputs map[string]string // output path -> what writes it, as shown in messages
	byURL   map[string]*PageRef
	site    *SiteData
	out     output
	pending *pendingOutput // output.go
	extras  int            // files written by writeExtras (extras.go)
	inc     *incState      // with Options.Cache (incremental.go)
	games   *gameData      // survey results and warnings (games.go)
	unlock  func()         // releases the destination's lock (destlock.go)
}

// contentName is how the content folder is shown in messages.
const contentName = "content"

// open resolves the folders of the build.
func (b *builder) open() error {
	src := b.opts.Source
	if src == "" {
		src = "."
	}
	var err error
	if b.src, err = filepath.Abs(src); err != nil {
		return err
	}
	if fi, err := os.Stat(b.src); err != nil || !fi.IsDir() {
		return &srcpos.Error{Pos: srcpos.Pos{File: src}, Msg: "source is not a folder"}
	}
	dest := b.opts.Destination
	if dest == "" {
		dest = "public"
	}
	if !filepath.IsAbs(dest) {
		dest = filepath.Join(b.src, dest)
	}
	b.dest = filepath.Clean(dest)

	if b.opts.Content != nil {
		b.content = b.opts.Content
	} else {
		b.contentDir = filepath.Join(b.src, contentName)
		root, err := os.OpenRoot(b.contentDir)
		if err != nil {
			return &srcpos.Error{Pos: srcpos.Pos{File: b.contentDir}, Msg: "no such folder: a site keeps its pages in content/"}
		}
		b.roots = append(b.roots, root)
		b.content = root.FS()
		if b.contentReal, err = filepath.EvalSymlinks(b.contentDir); err != nil {
			return err
		}
	}
	if dir := filepath.Join(b.src, "templates"); isDir(dir) {
		root, err := os.OpenRoot(dir)
		if err != nil {
			return err
		}
		b.roots = append(b.roots, root)
		b.templateFS = root.FS()
	}
	return b.checkDestination()
}

// checkDestination refuses destinations whose replacement would destroy
// the source.
func (b *builder) checkDestination() error {
	bad := func(why string) error {
		return &srcpos.Error{Pos: srcpos.Pos{File: b.dest}, Msg: "destination " + why}
	}
	dest, src := realPath(b.dest), realPath(b.src)
	switch {
	case within(src, dest):
		return bad("is the source folder or contains it")
	case b.contentDir != "" && within(dest, realPath(b.contentDir)):
		return bad("is inside the content folder")
	case within(dest, realPath(filepath.Join(b.src, "templates"))):
		return bad("is inside the templates folder")
	}
	return nil
}

// realPath returns the absolute path p with its symbolic links resolved.
// Where p does not exist (a first build's destination), the links of its
// nearest existing ancestor are resolved and the rest is joined on:
// "link/public", with link a symbolic link to the content folder, is
// inside the content folder though public does not exist yet (issue 41,
// item 9).
func realPath(p string) string { return realPathDepth(p, 0) }

// realPathDepth is realPath, following at most 40 dangling links.
func realPathDepth(p string, links int) string {
	var rest []string
	for dir := p; ; {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(append([]string{r}, rest...)...)
		}
		// A link to what does not exist yet: where it points.
		if fi, err := os.Lstat(dir); err == nil && fi.Mode()&fs.ModeSymlink != 0 && links < 40 {
			if to, err := os.Readlink(dir); err == nil {
				if !filepath.IsAbs(to) {
					to = filepath.Join(filepath.Dir(dir), to)
				}
				return realPathDepth(filepath.Join(append([]string{to}, rest...)...), links+1)
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return p
		}
		rest = append([]string{filepath.Base(dir)}, rest...)
		dir = parent
	}
}

// within tells whether path p is dir or inside it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

func (b *builder) close() {
	b.dropOutput()
	for _, r := range b.roots {
		r.Close()
	}
	if b.unlock != nil {
		b.unlock()
	}
}

// loadTemplates parses the templates once for the whole build.
func (b *builder) loadTemplates() {
	builtin := b.opts.Templates
	if builtin == nil {
		builtin = templates.FS
	}
	funcs := templateFuncs(func(url string) *PageRef { return b.byURL[url] })
	b.gameFuncs(funcs)
	b.tmpl = loadTemplates(builtin, b.templateFS, "templates", funcs, &b.errs)
}

// link sorts the pages by URL and makes the site-wide data the templates
// see.
func (b *builder) link() {
	sort.Slice(b.pages, func(i, j int) bool { return b.pages[i].ref.URL < b.pages[j].ref.URL })
	refs := make([]*PageRef, len(b.pages))
	b.byURL = make(map[string]*PageRef, len(b.pages))
	for i, p := range b.pages {
		refs[i] = p.ref
		b.byURL[p.ref.URL] = p.ref
	}
	b.site = newSiteData(b.cfg.Title, refs)
}

// write renders the pages and copies the files into a new folder, then
// swaps it in place of the destination.
func (b *builder) write() error {
	out, err := b.newOutput()
	if err != nil {
		return &srcpos.Error{Pos: srcpos.Pos{File: b.dest}, Msg: err.Error()}
	}
	b.out = out
	b.renderPages()
	if err := b.ctx.Err(); err != nil {
		out.discard()
		return err
	}
	b.writeExtras()
	forEach(len(b.files), b.opts.Workers, func(i int) {
		f := b.files[i]
		if err := out.copy(f.name, f.fsys, f.src); err != nil {
			b.errs.add(srcpos.Pos{File: f.show}, fmt.Errorf("copying: %w", unwrapPath(err)))
		}
	})
	if _, ok := b.outputs[chromaCSS]; !ok {
		if err := out.write(chromaCSS, minified(".css", b.conv.CSS())); err != nil {
			b.errs.add(srcpos.Pos{File: b.dest}, err)
		}
	}
	b.checkLinks() // every file is written (linkcheck.go)
	if err := b.ctx.Err(); err != nil {
		out.discard()
		return err
	}
	if !b.errs.empty() {
		out.discard()
		return b.errs.err()
	}
	if err := out.commit(); err != nil {
		out.discard()
		return &srcpos.Error{Pos: srcpos.Pos{File: b.dest}, Msg: err.Error()}
	}
	return nil
}

// outputNames lists the files the pages and the content and template
// files write, as slash-separated paths in the output.
func (b *builder) outputNames() []string {
	names := make([]string, 0, len(b.pages)+len(b.files)+1)
	for _, p := range b.pages {
		names = append(names, p.ref.Path)
	}
	for _, f := range b.files {
		names = append(names, f.name)
	}
	return append(names, chromaCSS)
}

// chromaCSS is the stylesheet of highlighted code, unless the templates'
// assets provide their own.
const chromaCSS = "assets/chroma.css"

func (b *builder) result() *Result {
	r := &Result{
		Destination: b.dest,
		Pages:       b.site.Pages,
		Deps:        make(map[string][]string, len(b.pages)),
		Files:       len(b.pages) + len(b.files) + b.extras,
		Warnings:    b.warnings(),
	}
	if _, ok := b.outputs[chromaCSS]; !ok {
		r.Files++
	}
	for _, p := range b.pages {
		deps := append(slices.Clone(p.deps), p.tdeps...)
		sort.Strings(deps)
		r.Deps[p.ref.Source] = slices.Compact(deps)
	}
	return r
}

// unwrapPath drops the operation and path of a *fs.PathError, which the
// message already shows.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
