// Package site builds the static patience website from a site folder.
//
// A site folder holds:
//
//	content/      Markdown pages (*.md), replay files (*.replay, read by
//	              the pages' replay blocks) and static files (copied)
//	templates/    optional: HTML templates and assets/ that override or
//	              add to the built-in ones (package templates)
//	config.yaml   optional: title (the site's name), unsafe (keep raw HTML
//	              in Markdown), typographer (curly quotes and dashes),
//	              baseURL (the published address, e.g.
//	              https://example.org/patience/: sitemap.xml and 404.html)
//
// [Build] renders every page to a pretty URL (content/index.md to
// index.html, content/games/x.md to games/x/index.html, content/a/_index.md
// or content/a/index.md to a/index.html), copies static files and
// template assets (their stylesheets and scripts minified: minify.go),
// writes assets/chroma.css (linked only from pages with highlighted
// code), search-index.js (the search
// box's index), sitemap.xml and 404.html (see extras.go for the choices
// about their URLs), and swaps the result into the
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
// # Game pages
//
// A page whose front matter has game: SLUG (optionally variant: NAME) is a
// game page: the engine must know the game and variant, and packs, if
// given, must be the engine's (1, 2 or skat). A site with at least one game
// page must have one for every game the engine knows (engine.Games()), or
// the build fails with "content/games/SLUG.md: no page for the game SLUG
// ..."; a site about some games only says all_games: false in config.yaml.
// A site without game pages is not checked. Survey results are read from
// content/odds/SLUG.json (package engine/survey) and shown on the game pages and
// the home page; a survey made with rules whose fingerprint differs from
// the game's current survey.Fingerprint is a warning in [Result.Warnings], not
// an error. A game page depends (Result.Deps) on its game's odds file (and,
// for a game with shuffling redeals, on its fair-play file
// content/odds/SLUG.fair.jsonl, package fairplay), and the home page on
// every game's, whether the file exists yet or not. The odds are read
// before the pages, whose text may quote any figure of them as
// {{odds:SLUG[/VARIANT]:KEY}} (figures.go); such a page depends on the
// files its figures come from, and a figure the data lacks fails the
// build at its position. Figures and templates read games' data through
// one accessor, which records each file read (gamedata.go).
//
// # Links
//
// Every relative link and image of a page's Markdown must lead to a file of
// the built site (a link to a folder ending in "/"), and every fragment to
// an element id of the target page: a broken one fails the build with
// "file:line:col: broken link "../foo/": no page or file foo/index.html in
// the site" (see linkcheck.go). Links with a scheme (https:, mailto:) or
// starting with "/" are not checked. The other links of the written pages
// (the templates', raw HTML) are checked the same way, but a broken one is
// a warning, given once for all the pages that have it.
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
// such as "games/shamrocks/", or nil). For games (games.go): diagram GAME
// VARIANT (the inline SVG layout diagram, package diagram), rules GAME
// VARIANT (the rules summary, a list of diagram.Row), odds GAME VARIANT (an
// [Odds]: measured rate, interval, exact probability, or not yet
// measured), games (a [GameEntry] per game page, by title, for the home
// page), families (the families of those, for its filter), hasHeading
// HEADINGS ID and splitContent HTML (the page's HTML before its first h2,
// and the rest). GAME and VARIANT are the front matter's values
// (.Params.game, .Params.variant; a missing variant is the default rules).
//
// # Errors
//
// Every problem is a [srcpos.Error] at a file position ("file:line:col:
// message"); Build collects all the problems of a build and returns them
// sorted as a [srcpos.ErrorList].
//
// # Incremental builds
//
// With [Options].Memory the output stays in memory ([Result].Output); with
// a [Cache] (patience serve) a build also reuses the work of the last good
// one for what did not change since, and gives the same bytes as a full
// build. incremental.go explains what is redone when; what each page
// reads is recorded as it reads it (reads.go): its conversion through a
// file system that notes every file, its figures and its template's data
// functions through a gameReader that notes every data file
// (gamedata.go).
package site
