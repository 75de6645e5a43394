package pysolrand

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

const (
	// MaxDeal is the largest deal number accepted without the "ms"
	// prefix: 2^64-1, the largest Deal.N. PySolFC itself goes further:
	// MTRandom.MAX_SEED is 10^20 (pysol_cards/random.py) and the random
	// game numbers it picks are drawn from [10^16, 10^20)
	// (Game.createRandom in pysollib/game/__init__.py), so PySolFC
	// numbers from 2^64 to 10^20-1 cannot be named here.
	MaxDeal uint64 = math.MaxUint64

	// MaxMSDeal is the largest deal number accepted with the "ms" prefix:
	// 2^33-1, pysol_cards' LCRandom31.MAX_SEED, which PySolFC's
	// construct_random checks ("ms seed out of range").
	MaxMSDeal uint64 = 1<<33 - 1

	// MSThreshold is the bound below which a plain deal number uses the
	// Microsoft generator: PySolFC's construct_random uses LCRandom31 for
	// 0 <= N < 32000 and MTRandom otherwise. (pysol_cards' own stand-alone
	// shuffle function uses N <= 32000; PySolFC, which is followed here,
	// gives 32000 to the Mersenne Twister.)
	MSThreshold uint64 = 32000
)

// Deal is a parsed deal number: the number N plus whether the Microsoft
// generator was forced with PySolFC's "ms" prefix. Numbers below
// [MSThreshold] use the Microsoft generator with or without the prefix;
// the prefix is kept so that [Deal.String] gives back what was written.
type Deal struct {
	N  uint64
	MS bool
}

// String returns the deal number as PySolFC writes it: "123" or "ms123".
// It is the inverse of [ParseDeal].
func (d Deal) String() string {
	s := strconv.FormatUint(d.N, 10)
	if d.MS {
		return "ms" + s
	}
	return s
}

// Microsoft reports whether the deal uses the Microsoft-compatible
// generator: d.MS is set or d.N < [MSThreshold].
func (d Deal) Microsoft() bool {
	return d.MS || d.N < MSThreshold
}

// Validate reports whether d names a deal: N must be at least 1, and at
// most [MaxMSDeal] with the "ms" prefix. The error is a [*DealError] as
// from [ParseDeal].
func (d Deal) Validate() error {
	switch {
	case d.N == 0:
		return &DealError{Input: d.String(), Reason: "deals are numbered from 1", Err: ErrRange}
	case d.MS && d.N > MaxMSDeal:
		return &DealError{Input: d.String(),
			Reason: "is too large for the Microsoft generator (the largest is ms" +
				strconv.FormatUint(MaxMSDeal, 10) + ")", Err: ErrRange}
	}
	return nil
}

var (
	// ErrSyntax is wrapped by the errors of malformed deal numbers.
	ErrSyntax = errors.New("invalid deal number")
	// ErrRange is wrapped by the errors of deal numbers out of range.
	ErrRange = errors.New("deal number out of range")
)

// DealError describes a deal number that [ParseDeal] or [Deal.Validate]
// rejected. Its message carries no position; callers add it.
type DealError struct {
	Input  string // the rejected text, possibly shortened
	Reason string // what is wrong, in words
	Err    error  // ErrSyntax or ErrRange
}

func (e *DealError) Error() string {
	if e.Input == "" {
		return "deal number: " + e.Reason
	}
	return "deal number " + strconv.Quote(e.Input) + ": " + e.Reason
}

func (e *DealError) Unwrap() error { return e.Err }

// maxQuoted is the length beyond which rejected input is shortened in
// error messages.
const maxQuoted = 40

func dealError(input, reason string, err error) error {
	if len(input) > maxQuoted {
		input = strings.ToValidUTF8(input[:maxQuoted], "") + "..."
	}
	return &DealError{Input: input, Reason: reason, Err: err}
}

// ParseDeal parses a deal number as PySolFC accepts it in
// construct_random (pysollib/pysolrandom.py): decimal digits, optionally
// after the lower-case prefix "ms" that forces the Microsoft generator.
// The number must be at least 1 and at most [MaxDeal], or [MaxMSDeal]
// with the prefix. Leading zeros are allowed (PySolFC reads the digits
// with int()), and String gives the number without them. PySolFC's
// tolerance for spaces and the characters "#-_.," inside a plain number
// is not copied: such input is rejected.
func ParseDeal(s string) (Deal, error) {
	if s == "" {
		return Deal{}, dealError(s, "empty; write a number such as 123 or ms123", ErrSyntax)
	}
	d := Deal{}
	digits := s
	switch {
	case strings.HasPrefix(s, "ms"):
		d.MS = true
		digits = s[2:]
		if digits == "" {
			return Deal{}, dealError(s, `"ms" must be followed by a number, as in ms123`, ErrSyntax)
		}
	case len(s) >= 2 && strings.EqualFold(s[:2], "ms"):
		return Deal{}, dealError(s, `the Microsoft prefix must be written in lower case: "ms"`, ErrSyntax)
	case s[0] == '-' || s[0] == '+':
		return Deal{}, dealError(s, "must be a positive whole number, such as 123", ErrSyntax)
	}
	for i := 0; i < len(digits); i++ {
		if c := digits[i]; c < '0' || c > '9' {
			if d.MS {
				return Deal{}, dealError(s, `"ms" must be followed by digits only, as in ms123`, ErrSyntax)
			}
			return Deal{}, dealError(s, "must be a whole number written with digits only, such as 123 (or ms123)", ErrSyntax)
		}
	}
	n, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		// Only digits remain, so the sole possible failure is overflow.
		if d.MS {
			return Deal{}, dealError(s, "is too large for the Microsoft generator (the largest is ms"+
				strconv.FormatUint(MaxMSDeal, 10)+")", ErrRange)
		}
		return Deal{}, dealError(s, "is too large (the largest is "+strconv.FormatUint(MaxDeal, 10)+")", ErrRange)
	}
	d.N = n
	if err := d.Validate(); err != nil {
		de := err.(*DealError)
		return Deal{}, dealError(s, de.Reason, de.Err)
	}
	return d, nil
}
