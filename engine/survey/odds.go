package survey

// The odds files: the survey results that the site shows on its game
// pages, how often a game comes out, measured by our solver over a range
// of numbered deals, and for games of pure chance the exact probability.
// ParseOdds reads one file; the survey command writes one (WriteOdds).
//
// # Files
//
// The results live in the site's content folder, one file per game:
//
//	content/odds/<slug>.json
//
// holding one JSON object, or an array of objects for the default rules
// and the variants. Every object's "game" must be the file's <slug>. The
// files are published with the site as they are (odds/<slug>.json).
//
// # Fields
//
//	game          string, required: the game's slug, e.g. "la-belle-lucie"
//	variant       string: the variant, "" or absent for the default rules
//	engine        string: survey.Fingerprint (engine.Game.RulesText) of the rules the survey
//	              played; required with deals. The build warns when the
//	              game's rules have changed since (run the survey again).
//	deals         string "A-B": the deal numbers tried, A to B inclusive
//	won           integer: deals the solver won
//	lost          integer: deals it proved lost
//	unknown       integer: deals it could not decide within its budget
//	              (won + lost + unknown must be the number of deals)
//	rate          number, optional: won / deals
//	low, high     numbers, optional: the 95% Wilson interval, an unknown
//	              deal counted as lost for low and as won for high
//	              (rate, low and high are computed from the counts; when
//	              given, they must agree to within 0.001)
//	median_ms     number, optional: median time per deal in milliseconds
//	p99_ms        number, optional: 99th percentile of the time per deal
//	budget_nodes  integer, optional: the largest node budget per deal of
//	              the runs whose results the figures count
//	date          string, optional: when the survey ran, "YYYY-MM-DD"
//	exact         string, optional: the exact win probability of a game
//	              of pure chance, as a fraction "p/q" or a decimal
//	              "0.389956"; checked against the engine's where it has
//	              one (Herz zu Herz)
//	notes         string, optional: anything worth saying about the run
//	sample        object, optional: a random sample of the deals the survey
//	              had left undecided, for an estimate (see Sample)
//
// For a game of pure chance the "sampled" rate is simply won / deals over
// the deals played (an all-forced game has no unknown deals), so the same
// fields serve both kinds of game. Any other key is an error, so that a
// typo does not pass unnoticed.
//
// Every problem is a srcpos.Error at the file position of the value
// concerned ("content/odds/shamrocks.json:4:12: won must be ...").

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/patience-solitaire/patience/engine"
	"github.com/patience-solitaire/patience/engine/srcpos"
)

// OddsDir is the folder of the odds files in the content folder.
const OddsDir = "odds"

// Odds is the measured odds of one game and variant, as read from an
// odds file by ParseOdds.
type Odds struct {
	File    string     // as shown in messages: "content/odds/shamrocks.json"
	Pos     srcpos.Pos // the position of the object
	Game    string
	Variant string

	Engine    string     // the rules' fingerprint when the survey ran
	EnginePos srcpos.Pos // where "engine" was written

	Deals       string // "1-1000", as written; "" without a survey
	First, Last uint64
	Won, Lost   int
	Unknown     int

	MedianMS, P99MS float64 // 0 when not given
	BudgetNodes     int64
	Date            string
	Notes           string

	Exact    *big.Rat // nil when not given
	ExactPos srcpos.Pos

	Sample *Sample // nil when not given
}

// Measured tells whether the result holds a survey (deals and counts).
func (r *Odds) Measured() bool { return r.Deals != "" }

// N returns the number of deals surveyed.
func (r *Odds) N() int { return r.Won + r.Lost + r.Unknown }

// Rate returns won / deals.
func (r *Odds) Rate() float64 {
	if r.N() == 0 {
		return 0
	}
	return float64(r.Won) / float64(r.N())
}

// Interval returns the 95% Wilson interval of the win rate, an unknown
// deal counted as lost for the lower end and as won for the upper.
func (r *Odds) Interval() (low, high float64) {
	low, _ = Wilson(r.Won, r.N())
	_, high = Wilson(r.Won+r.Unknown, r.N())
	return low, high
}

// fields are the keys a result may have.
var fields = []string{"budget_nodes", "date", "deals", "engine", "exact", "game", "high", "lost", "low",
	"median_ms", "notes", "p99_ms", "rate", "sample", "unknown", "variant", "won"}

// ParseOdds reads the results in data, the text of the file shown as file in
// messages, whose name (without .json) must be the game of every result.
// It checks them against the engine: the game and variant must exist, an
// exact probability must be the engine's where it knows one. All the
// problems found are returned as a sorted srcpos.ErrorList.
func ParseOdds(file, slug string, data []byte) ([]*Odds, error) {
	p := &parser{file: file, data: data}
	p.dec = json.NewDecoder(bytes.NewReader(data))
	p.dec.UseNumber()
	var out []*Odds
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(bail); !ok {
					panic(r)
				}
			}
		}()
		p.skipSpace()
		if p.peek() == '[' {
			p.token() // [
			for p.dec.More() {
				out = append(out, p.result())
			}
			p.token() // ]
		} else {
			out = append(out, p.result())
		}
		at := p.skipSpace()
		if _, err := p.dec.Token(); err != io.EOF {
			p.fail(at, "unexpected data after the results: want one object, or one array of objects")
		}
	}()
	seen := map[string]*Odds{}
	for _, r := range out {
		if r == nil {
			continue
		}
		p.check(r, slug)
		key := r.Game + "/" + r.Variant
		if first, dup := seen[key]; dup {
			p.errs.Add(r.Pos, fmt.Sprintf("a second result for %s (the first is at line %d)", describe(r), first.Pos.Line))
		}
		seen[key] = r
	}
	if len(p.errs) > 0 {
		p.errs.Sort()
		return nil, p.errs
	}
	return out, nil
}

func describe(r *Odds) string {
	if r.Variant == "" {
		return r.Game
	}
	return r.Game + " variant " + r.Variant
}

// bail stops parsing after a syntax error.
type bail struct{}

type parser struct {
	file string
	data []byte
	dec  *json.Decoder
	errs srcpos.ErrorList
}

func (p *parser) pos(off int64) srcpos.Pos {
	off = max(0, min(off, int64(len(p.data))))
	text := p.data[:off]
	line := 1 + bytes.Count(text, []byte{'\n'})
	col := int(off) - (bytes.LastIndexByte(text, '\n') + 1) + 1
	return srcpos.Pos{File: p.file, Line: line, Col: col}
}

func (p *parser) fail(off int64, msg string) {
	p.errs.Add(p.pos(off), msg)
	panic(bail{})
}

func (p *parser) offset() int64 { return p.dec.InputOffset() }

// skipSpace returns the offset of the next non-blank byte.
func (p *parser) skipSpace() int64 { return p.skip(" \t\r\n") }

// skipSep returns the offset of the next byte that is neither blank nor a
// comma: where the next element of an object or array starts.
func (p *parser) skipSep() int64 { return p.skip(" \t\r\n,") }

func (p *parser) skip(chars string) int64 {
	off := p.offset()
	for off < int64(len(p.data)) && strings.IndexByte(chars, p.data[off]) >= 0 {
		off++
	}
	return off
}

func (p *parser) peek() byte {
	off := p.skipSpace()
	if off < int64(len(p.data)) {
		return p.data[off]
	}
	return 0
}

// token reads the next token, failing at a syntax error with its position.
func (p *parser) token() json.Token {
	at := p.skipSpace()
	t, err := p.dec.Token()
	if err != nil {
		p.syntax(at, err)
	}
	return t
}

func (p *parser) syntax(at int64, err error) {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		// A token's error is at the offset of the bad byte.
		p.fail(se.Offset, "bad JSON: "+strings.TrimPrefix(se.Error(), "json: "))
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		p.fail(int64(len(p.data)), "bad JSON: unexpected end of the file")
	default:
		p.fail(at, "bad JSON: "+strings.TrimPrefix(err.Error(), "json: "))
	}
}

// valueSyntax reports a syntax error in the value starting at offset at.
// The offsets of a Decoder's errors in values are not reliable, so the
// value is read again on its own, whose errors' offsets count the bytes
// read up to the bad one.
func (p *parser) valueSyntax(at int64, err error) {
	var raw json.RawMessage
	var se *json.SyntaxError
	if e := json.Unmarshal(p.data[at:], &raw); errors.As(e, &se) && !strings.Contains(se.Error(), "after top-level value") {
		p.fail(at+se.Offset-1, "bad JSON: "+strings.TrimPrefix(strings.Replace(se.Error(), "end of JSON input", "end of the file", 1), "json: "))
	}
	p.syntax(at, err)
}

// value is a field's raw value and where it starts.
type value struct {
	raw json.RawMessage
	pos srcpos.Pos
}

// result reads one object.
func (p *parser) result() *Odds {
	at := p.skipSep()
	if at >= int64(len(p.data)) || p.data[at] != '{' {
		p.fail(at, "want a JSON object with the fields of a result (game, variant, engine, deals, won, lost, unknown, ...)")
	}
	p.token()
	vals := map[string]value{}
	for p.dec.More() {
		kat := p.skipSep()
		k, ok := p.token().(string)
		if !ok {
			p.fail(kat, "want a field name")
		}
		vat := p.skipSpace()
		// skipSpace stops at the colon; the value starts after it.
		if vat < int64(len(p.data)) && p.data[vat] == ':' {
			vat++
			for vat < int64(len(p.data)) && strings.IndexByte(" \t\r\n", p.data[vat]) >= 0 {
				vat++
			}
		}
		var raw json.RawMessage
		if err := p.dec.Decode(&raw); err != nil {
			p.valueSyntax(vat, err)
		}
		if _, dup := vals[k]; dup {
			p.errs.Add(p.pos(kat), fmt.Sprintf("field %q given twice", k))
			continue
		}
		if !slices.Contains(fields, k) {
			p.errs.Add(p.pos(kat), fmt.Sprintf("unknown field %q (known: %s)", k, strings.Join(fields, ", ")))
			continue
		}
		vals[k] = value{raw, p.pos(vat)}
	}
	p.token() // }
	r := &Odds{File: p.file, Pos: p.pos(at)}
	p.fill(r, vals)
	return r
}

// fill decodes the fields of r.
func (p *parser) fill(r *Odds, vals map[string]value) {
	str := func(k string) (string, bool) {
		v, ok := vals[k]
		if !ok {
			return "", false
		}
		var s string
		if err := json.Unmarshal(v.raw, &s); err != nil {
			p.errs.Add(v.pos, fmt.Sprintf("%s must be a string, not %s", k, v.raw))
			return "", false
		}
		return s, true
	}
	badCount := false
	count := func(k string) int {
		v, ok := vals[k]
		if !ok {
			return 0
		}
		n, err := strconv.ParseInt(string(v.raw), 10, 64)
		if err != nil || n < 0 || n > math.MaxInt32 {
			p.errs.Add(v.pos, fmt.Sprintf("%s must be a whole number, at least 0, not %s", k, v.raw))
			badCount = true
			return 0
		}
		return int(n)
	}
	number := func(k string) (float64, bool) {
		v, ok := vals[k]
		if !ok {
			return 0, false
		}
		f, err := strconv.ParseFloat(string(v.raw), 64)
		if err != nil || f < 0 || math.IsInf(f, 0) {
			p.errs.Add(v.pos, fmt.Sprintf("%s must be a number, at least 0, not %s", k, v.raw))
			return 0, false
		}
		return f, true
	}

	var ok bool
	if r.Game, ok = str("game"); !ok {
		if _, given := vals["game"]; !given {
			p.errs.Add(r.Pos, "missing field \"game\": the game's slug")
		}
	}
	r.Variant, _ = str("variant")
	r.Engine, _ = str("engine")
	r.EnginePos = vals["engine"].pos
	r.Notes, _ = str("notes")
	if d, ok := str("date"); ok {
		if _, err := time.Parse(time.DateOnly, d); err != nil {
			p.errs.Add(vals["date"].pos, fmt.Sprintf("date %q: want YYYY-MM-DD", d))
		} else {
			r.Date = d
		}
	}
	r.Won, r.Lost, r.Unknown = count("won"), count("lost"), count("unknown")
	r.BudgetNodes = int64(count("budget_nodes"))
	r.MedianMS, _ = number("median_ms")
	r.P99MS, _ = number("p99_ms")

	if d, ok := str("deals"); ok {
		first, last, err := parseRange(d)
		if err != nil {
			p.errs.Add(vals["deals"].pos, err.Error())
		} else {
			r.Deals, r.First, r.Last = d, first, last
		}
	}
	_, hasCounts := vals["won"]
	if _, ok := vals["lost"]; ok {
		hasCounts = true
	}
	switch {
	case r.Deals != "":
		for _, k := range []string{"won", "lost", "unknown"} {
			if _, ok := vals[k]; !ok {
				p.errs.Add(r.Pos, fmt.Sprintf("missing field %q: a survey gives won, lost and unknown (0 if none)", k))
			}
		}
		if n := uint64(r.N()); n != r.Last-r.First+1 && !badCount {
			p.errs.Add(vals["won"].pos, fmt.Sprintf("won + lost + unknown = %d, but deals %s are %d deals", n, r.Deals, r.Last-r.First+1))
		}
		if r.Engine == "" {
			p.errs.Add(r.Pos, "missing field \"engine\": the rules' fingerprint when the survey ran (patience games shows it)")
		}
		low, high := r.Interval()
		for _, c := range []struct {
			k    string
			want float64
		}{{"rate", r.Rate()}, {"low", low}, {"high", high}} {
			if got, ok := number(c.k); ok && math.Abs(got-c.want) > 0.001 {
				p.errs.Add(vals[c.k].pos, fmt.Sprintf("%s %v does not match the counts, which give %.4f (see package engine/survey for how it is computed)", c.k, got, c.want))
			}
		}
	case hasCounts || vals["unknown"].raw != nil:
		p.errs.Add(r.Pos, "missing field \"deals\": the range of deal numbers the counts are for, e.g. \"1-1000\"")
	}

	if v, ok := vals["sample"]; ok {
		p.parseSample(r, v)
	}
	if e, ok := str("exact"); ok {
		r.ExactPos = vals["exact"].pos
		x, err := parseExact(e)
		if err != nil {
			p.errs.Add(r.ExactPos, err.Error())
		} else {
			r.Exact = x
		}
	}
}

var rangeText = regexp.MustCompile(`^([0-9]+)-([0-9]+)$`)

func parseRange(s string) (first, last uint64, err error) {
	m := rangeText.FindStringSubmatch(s)
	if m != nil {
		first, err1 := strconv.ParseUint(m[1], 10, 64)
		last, err2 := strconv.ParseUint(m[2], 10, 64)
		if err1 == nil && err2 == nil && first >= 1 && first <= last {
			return first, last, nil
		}
	}
	return 0, 0, fmt.Errorf("deals %q: want a range of deal numbers A-B, 1 <= A <= B, like \"1-1000\"", s)
}

var exactText = regexp.MustCompile(`^(?:[0-9]+/[1-9][0-9]*|[01](?:\.[0-9]+)?|\.[0-9]+)$`)

// maxExact bounds the length of an exact probability as written: the
// engine's longest, Herz zu Herz's, is 35 characters, and converting a
// number of millions of digits took half a minute (issue 41, item 15).
const maxExact = 200

// parseExact reads a probability written as a fraction or a decimal.
func parseExact(s string) (*big.Rat, error) {
	if len(s) > maxExact {
		return nil, fmt.Errorf("exact: %d characters, more than the %d an exact probability may have", len(s), maxExact)
	}
	x, ok := new(big.Rat).SetString(s)
	if !exactText.MatchString(s) || !ok || x.Sign() < 0 || x.Cmp(big.NewRat(1, 1)) > 0 {
		return nil, fmt.Errorf("exact %q: want a probability between 0 and 1, as a fraction \"p/q\" or a decimal \"0.389956\"", s)
	}
	return x, nil
}

// decimals returns the number of decimals of a decimal string, -1 for a
// fraction.
func decimals(s string) int {
	if strings.Contains(s, "/") {
		return -1
	}
	if _, frac, ok := strings.Cut(s, "."); ok {
		return len(frac)
	}
	return 0
}

// check checks r against the file's slug and the engine.
func (p *parser) check(r *Odds, slug string) {
	if r.Game == "" {
		return
	}
	if r.Game != slug {
		p.errs.Add(r.Pos, fmt.Sprintf("game %q in the file of %s: the results of a game go in %s/%s.json", r.Game, slug, OddsDir, r.Game))
		return
	}
	g, err := engine.Lookup(r.Game, r.Variant)
	if err != nil {
		p.errs.Add(r.Pos, err.Error())
		return
	}
	if r.Exact != nil {
		if want := EngineExact(g); want != nil && !agrees(r.Exact, want, r.ExactPos, p.data) {
			p.errs.Add(r.ExactPos, fmt.Sprintf("exact probability %s differs from the engine's %s (%s)",
				r.Exact.FloatString(6), want.FloatString(6), want.RatString()))
		}
	}
}

// agrees tells whether the exact value written at pos agrees with want:
// equal as a fraction, or want rounded to the decimals written.
func agrees(got, want *big.Rat, pos srcpos.Pos, data []byte) bool {
	if got.Cmp(want) == 0 {
		return true
	}
	text := exactTextAt(data, pos)
	n := decimals(text)
	if n < 0 {
		return false
	}
	return want.FloatString(n) == got.FloatString(n)
}

// exactTextAt returns the string value starting at pos in data.
func exactTextAt(data []byte, pos srcpos.Pos) string {
	lines := bytes.SplitAfter(data, []byte{'\n'})
	if pos.Line < 1 || pos.Line > len(lines) {
		return ""
	}
	rest := lines[pos.Line-1][min(pos.Col-1, len(lines[pos.Line-1])):]
	var s string
	if err := json.NewDecoder(bytes.NewReader(rest)).Decode(&s); err != nil {
		return ""
	}
	return s
}

// EngineExact returns the engine's exact win probability of g, or nil if
// it has none (only Herz zu Herz, whose every move is forced, has one).
func EngineExact(g *engine.Game) *big.Rat { return g.ExactWinProbability() }
