// Package jsonappend writes JSON by appending to a byte slice, byte for
// byte as encoding/json's Marshal writes the same values: strings
// escaped for HTML (<, > and & as \u003c, \u003e and \u0026, so that
// the text can never close a <script> element), U+2028 and U+2029
// escaped (line ends to JavaScript), invalid UTF-8 as \ufffd, floats as
// ECMAScript prints them, a nil slice or map as null, map keys sorted.
//
// It is for the WebAssembly build: encoding/json's encoder, which finds
// its way by reflection, was about 80 KB of the gzipped module, and the
// writers made with this package are 13 KB. The types the module
// answers with (play.Response, replay.Export and what they hold) write
// themselves with it, each by an AppendJSON method that follows its
// struct tags; their tests hold the output to json.Marshal's.
package jsonappend

import (
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Key appends the name of an object's member and its colon, after a
// comma unless the member is the object's first (b ends with the
// object's '{'). name is written as it is: a member's name from a
// struct tag, which needs no escaping.
func Key(b []byte, name string) []byte {
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, name...)
	return append(b, '"', ':')
}

// Omit appends the member name with the value v, written by value,
// unless v is its type's zero value (a struct tag's omitempty; a float's
// -0 is empty as 0 is).
func Omit[T comparable](b []byte, name string, v T, value func([]byte, T) []byte) []byte {
	var zero T
	if v == zero {
		return b
	}
	return value(Key(b, name), v)
}

const hex = "0123456789abcdef"

// String appends s as a JSON string, escaped as encoding/json escapes
// it.
func String(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0 // s[start:i] is yet to be copied
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default: // another control character, <, > or &
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// Strings appends list as an array of strings: null when it is nil.
func Strings(b []byte, list []string) []byte { return Array(b, list, StringValue) }

// Array appends list as an array, each element written by value (a
// method expression such as (*T).AppendJSON): null when it is nil.
func Array[T any](b []byte, list []T, value func(*T, []byte) []byte) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = value(&list[i], b)
	}
	return append(b, ']')
}

// Object appends m as an object, its keys sorted as encoding/json sorts
// them (by their bytes) and each value written by value: null when m is
// nil.
func Object[V any](b []byte, m map[string]V, value func(*V, []byte) []byte) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(String(b, k), ':')
		v := m[k]
		b = value(&v, b)
	}
	return append(b, '}')
}

// StringValue is String for Object and Array: it appends *s.
func StringValue(s *string, b []byte) []byte { return String(b, *s) }

// Bool appends v.
func Bool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// Int appends n.
func Int[I ~int | ~int64](b []byte, n I) []byte { return strconv.AppendInt(b, int64(n), 10) }

// Float appends f as encoding/json does, as ECMAScript prints numbers:
// the shortest decimal that reads back as f, in exponent form below
// 1e-6 and from 1e21 on. NaN and the infinities, which encoding/json
// refuses with an error, are written null, as JavaScript's
// JSON.stringify writes them.
func Float(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, "null"...)
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-07 is written e-7.
		if n := len(b); b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}
