// Package templates holds the built-in HTML templates and assets of the
// patience site, embedded in the binary so that `patience build` works from
// any folder.
//
// The files are:
//
//	base.html          the page skeleton; defines the block "main"
//	page.html          layout of an ordinary page (redefines "main")
//	game.html          layout of a page whose front matter has game:
//	home.html          layout of the home page (content/index.md)
//	_*.html            partials, parsed together with every layout
//	                   (_nav.html: "pager", the previous and next links
//	                   of a section's pages, and "search", the search box)
//	assets/            copied as they are to public/assets/ (style.css;
//	                   site.js, the theme toggle; search.js, the search
//	                   box over search-index.js; favicon.svg;
//	                   viewer.js and viewer.css, the replay viewer;
//	                   games.css and games.js, the game pages' diagram,
//	                   rules summary and odds, and the home page's filter)
//
// A site may override any of them, and add layouts, partials and assets,
// with files of the same names in its own templates/ folder next to
// content/. The template data are described in package site.
package templates

import "embed"

// FS holds the built-in templates and assets.
//
//go:embed *.html assets
var FS embed.FS
