// Package site builds the static patience website from a site folder.
//
// A site folder holds:
//
//	content/      Markdown pages (*.md), replay files (*.replay, read by
//	              the pages' replay blocks) and static files (copied)
//	templates/    optional: HTML templates and assets/ that override or
//	              add to the built-in ones (package templates)
//	config.yaml   optional: title (the site's name), unsafe (keep raw HTML
//	              in Markdown), typographer (curly quotes and dashes)
//
// [Build] renders every page to a pretty URL (content/index.md to
// index.html, content/games/x.md to games/x/index.html, content/a/_index.md
// or content/a/index.md to a/index.html), copies static files and
// template assets, writes assets/chroma.css, and swaps the result into the
// destination folder only when the whole build succeeded: a failed build
// leaves the previous output untouched. The output depends only on the
// input: no timestamps, no map order.
//
// Files and folders whose names begin with "." are ignored, and so are Go
// files (the bundled content folder is also a Go package) and editor
// backups ending in "~".
//
// # Front matter
//
// A page may begin with YAML front matter between "---" lines. Keys the
// build itself reads: title (a string; without it the first heading, then
// the file name), weight (an integer ordering the navigation; pages without
// one come after the weighted ones), unsafe (true keeps raw HTML), layout
// (the name of a template file without .html). Every key, known or not,
// reaches the templates in .Params.
//
// # Templates
//
// Each page is rendered by executing base.html of a template set made of
// base.html, the partials (_*.html) and one layout, which redefines the
// block "main": the layout named by the front matter's layout key, else
// home.html for the home page, else game.html for a page whose front matter
// has a game key, else page.html. The data ("." in a template) is a
// [PageData]. Links must start with .Root so that the site works from
// file:// and under any sub-path; page links point at index.html files for
// the same reason. Template functions: join LIST SEP (join a list's
// elements as text) and page URL (the [PageRef] of the page at a site URL
// such as "games/shamrocks/", or nil).
//
// # Errors
//
// Every problem is a [replay.Error] at a file position ("file:line:col:
// message"); Build collects all the problems of a build and returns them
// sorted as a [replay.ErrorList].
package site
