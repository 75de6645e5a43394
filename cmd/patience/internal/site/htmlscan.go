package site

import (
	"bytes"
	"html"
)

// The link check reads the attributes of every page the build wrote. A
// regular expression over each page cost about a third of a build's CPU
// time; this scanner does the same job in one pass of bytes.IndexByte.
// It reads HTML as html/template and goldmark write it: attribute values
// quoted, text with its quotes escaped.

// scanAttrs calls fn for every quoted attribute value in doc, with the
// attribute's name and the offset in doc where the name starts.
func scanAttrs(doc []byte, fn func(name, val []byte, at int)) {
	for i := 0; i < len(doc); {
		k := bytes.IndexByte(doc[i:], '=')
		if k < 0 {
			return
		}
		k += i
		i = k + 1
		s := k
		for s > 0 && isAttrNameByte(doc[s-1]) {
			s--
		}
		if s == k || s == 0 || !isHTMLSpace(doc[s-1]) || k+1 >= len(doc) {
			continue
		}
		q := doc[k+1]
		if q != '"' && q != '\'' {
			continue
		}
		end := bytes.IndexByte(doc[k+2:], q)
		if end < 0 {
			return
		}
		fn(doc[s:k], doc[k+2:k+2+end], s)
		i = k + 2 + end + 1
	}
}

func isAttrNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == ':'
}

func isHTMLSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' }

// htmlIDs returns the ids of the elements of an HTML document (and the
// names of <a name=...> anchors, which fragments also reach).
func htmlIDs(doc []byte) map[string]bool {
	set := map[string]bool{}
	scanAttrs(doc, func(name, val []byte, at int) {
		switch {
		case bytes.EqualFold(name, []byte("id")):
		case bytes.EqualFold(name, []byte("name")):
			lt := bytes.LastIndexByte(doc[:at], '<')
			if lt < 0 || lt+2 >= len(doc) || doc[lt+1]|0x20 != 'a' || !isHTMLSpace(doc[lt+2]) {
				return
			}
		default:
			return
		}
		set[html.UnescapeString(string(val))] = true
	})
	return set
}

// htmlLinks returns the href and src attributes of doc written with
// double quotes, each as {attribute, name, value} like a regexp submatch.
func htmlLinks(doc []byte) [][][]byte {
	var out [][][]byte
	scanAttrs(doc, func(name, val []byte, at int) {
		if string(name) != "href" && string(name) != "src" {
			return
		}
		if at+len(name)+1 >= len(doc) || doc[at+len(name)+1] != '"' {
			return
		}
		out = append(out, [][]byte{doc[at : at+len(name)+2+len(val)+1], name, val})
	})
	return out
}
