// Package markup turns the Markdown pages of a patience site into HTML.
//
// A page is UTF-8 text with optional YAML front matter between two "---"
// lines; [ParsePage] checks the text, splits it and parses the front
// matter. A [Converter] renders the Markdown body with goldmark: GitHub
// Flavored Markdown (tables, strikethrough, autolinks, task lists),
// automatic heading IDs with a small "#" anchor link inside every h2 to h4,
// and fenced code blocks highlighted by chroma with CSS classes (never
// inline styles; [Converter.CSS] is the matching stylesheet). Relative
// links to folders ("../shamrocks/") get "index.html" appended, so that
// they work from file:// too. Raw HTML in Markdown is dropped unless a
// [Document] asks for it.
//
// A figure written {{odds:SLUG[/VARIANT]:KEY}} in the text (not in code)
// is replaced by the value the [Document]'s [Figures] gives (figure.go);
// this package does not know where the figures come from.
//
// Fenced code blocks whose info string is "replay" are not highlighted:
// they are handed, as a [ReplayBlock], to the [ReplayRenderer] of the
// [Document] being converted. This package does not know the replay
// format, nor where replay files live; the caller resolves src= files.
//
// Every problem is reported as a [srcpos.Error] ("file:line:col: message"),
// so that a build can collect and sort the errors of all its pages.
//
// A Converter is safe for concurrent use; one serves a whole build.
package markup
