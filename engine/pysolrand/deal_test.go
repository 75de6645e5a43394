package pysolrand

import (
	"errors"
	"strings"
	"testing"
)

func TestParseDeal(t *testing.T) {
	tests := []struct {
		in   string
		want Deal
		str  string // String of the result; "" means same as in
	}{
		{in: "1", want: Deal{N: 1}},
		{in: "24", want: Deal{N: 24}},
		{in: "31999", want: Deal{N: 31999}},
		{in: "32000", want: Deal{N: 32000}},
		{in: "123456", want: Deal{N: 123456}},
		{in: "18446744073709551615", want: Deal{N: MaxDeal}},
		{in: "007", want: Deal{N: 7}, str: "7"},
		{in: "ms1", want: Deal{N: 1, MS: true}},
		{in: "ms123456", want: Deal{N: 123456, MS: true}},
		{in: "ms3000000000", want: Deal{N: 3000000000, MS: true}},
		{in: "ms8589934591", want: Deal{N: MaxMSDeal, MS: true}},
		{in: "ms0042", want: Deal{N: 42, MS: true}, str: "ms42"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseDeal(tt.in)
			if err != nil {
				t.Fatalf("ParseDeal(%q): %v", tt.in, err)
			}
			if got != tt.want {
				t.Errorf("ParseDeal(%q) = %#v, want %#v", tt.in, got, tt.want)
			}
			wantStr := tt.str
			if wantStr == "" {
				wantStr = tt.in
			}
			if s := got.String(); s != wantStr {
				t.Errorf("String() = %q, want %q", s, wantStr)
			}
			if err := got.Validate(); err != nil {
				t.Errorf("Validate() = %v", err)
			}
		})
	}
}

func TestParseDealErrors(t *testing.T) {
	tests := []struct {
		in   string
		kind error
		msg  string
	}{
		{"", ErrSyntax, "deal number: empty; write a number such as 123 or ms123"},
		{"0", ErrRange, `deal number "0": deals are numbered from 1`},
		{"000", ErrRange, `deal number "000": deals are numbered from 1`},
		{"ms0", ErrRange, `deal number "ms0": deals are numbered from 1`},
		{"-5", ErrSyntax, `deal number "-5": must be a positive whole number, such as 123`},
		{"+5", ErrSyntax, `deal number "+5": must be a positive whole number, such as 123`},
		{"abc", ErrSyntax, `deal number "abc": must be a whole number written with digits only, such as 123 (or ms123)`},
		{"12a", ErrSyntax, `deal number "12a": must be a whole number written with digits only, such as 123 (or ms123)`},
		{" 12", ErrSyntax, `deal number " 12": must be a whole number written with digits only, such as 123 (or ms123)`},
		{"1.5", ErrSyntax, `deal number "1.5": must be a whole number written with digits only, such as 123 (or ms123)`},
		{"1e5", ErrSyntax, `deal number "1e5": must be a whole number written with digits only, such as 123 (or ms123)`},
		{"0x10", ErrSyntax, `deal number "0x10": must be a whole number written with digits only, such as 123 (or ms123)`},
		{"1_000", ErrSyntax, `deal number "1_000": must be a whole number written with digits only, such as 123 (or ms123)`},
		{"ms", ErrSyntax, `deal number "ms": "ms" must be followed by a number, as in ms123`},
		{"ms-5", ErrSyntax, `deal number "ms-5": "ms" must be followed by digits only, as in ms123`},
		{"ms 5", ErrSyntax, `deal number "ms 5": "ms" must be followed by digits only, as in ms123`},
		{"MS5", ErrSyntax, `deal number "MS5": the Microsoft prefix must be written in lower case: "ms"`},
		{"Ms5", ErrSyntax, `deal number "Ms5": the Microsoft prefix must be written in lower case: "ms"`},
		{"18446744073709551616", ErrRange, `deal number "18446744073709551616": is too large (the largest is 18446744073709551615)`},
		{"100000000000000000000", ErrRange, `deal number "100000000000000000000": is too large (the largest is 18446744073709551615)`},
		{"ms8589934592", ErrRange, `deal number "ms8589934592": is too large for the Microsoft generator (the largest is ms8589934591)`},
		{"ms18446744073709551616", ErrRange, `deal number "ms18446744073709551616": is too large for the Microsoft generator (the largest is ms8589934591)`},
		{strings.Repeat("9", 60), ErrRange, `deal number "` + strings.Repeat("9", 40) + `...": is too large (the largest is 18446744073709551615)`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			d, err := ParseDeal(tt.in)
			if err == nil {
				t.Fatalf("ParseDeal(%q) = %#v, want an error", tt.in, d)
			}
			if d != (Deal{}) {
				t.Errorf("ParseDeal(%q) returned %#v with its error", tt.in, d)
			}
			if err.Error() != tt.msg {
				t.Errorf("ParseDeal(%q) error\n got %s\nwant %s", tt.in, err, tt.msg)
			}
			if !errors.Is(err, tt.kind) {
				t.Errorf("ParseDeal(%q) error %v is not %v", tt.in, err, tt.kind)
			}
			var de *DealError
			if !errors.As(err, &de) {
				t.Errorf("ParseDeal(%q) error is %T, want *DealError", tt.in, err)
			}
		})
	}
}

func TestDealValidate(t *testing.T) {
	tests := []struct {
		d    Deal
		want string // "" for valid
	}{
		{Deal{N: 1}, ""},
		{Deal{N: MaxDeal}, ""},
		{Deal{N: MaxMSDeal, MS: true}, ""},
		{Deal{}, `deal number "0": deals are numbered from 1`},
		{Deal{MS: true}, `deal number "ms0": deals are numbered from 1`},
		{Deal{N: MaxMSDeal + 1, MS: true}, `deal number "ms8589934592": is too large for the Microsoft generator (the largest is ms8589934591)`},
	}
	for _, tt := range tests {
		t.Run(tt.d.String(), func(t *testing.T) {
			err := tt.d.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Validate() = %v, want nil", err)
			case tt.want != "" && (err == nil || err.Error() != tt.want):
				t.Errorf("Validate() = %v, want %s", err, tt.want)
			}
		})
	}
}

func TestDealMicrosoft(t *testing.T) {
	tests := []struct {
		d    Deal
		want bool
	}{
		{Deal{N: 1}, true},
		{Deal{N: 31999}, true},
		{Deal{N: 32000}, false},
		{Deal{N: 32000, MS: true}, true},
		{Deal{N: 123456}, false},
		{Deal{N: 123456, MS: true}, true},
	}
	for _, tt := range tests {
		t.Run(tt.d.String(), func(t *testing.T) {
			if got := tt.d.Microsoft(); got != tt.want {
				t.Errorf("Microsoft() = %v, want %v", got, tt.want)
			}
			if got := IsMicrosoft(New(tt.d)); got != tt.want {
				t.Errorf("IsMicrosoft(New()) = %v, want %v", got, tt.want)
			}
		})
	}
}

func FuzzParseDeal(f *testing.F) {
	for _, s := range []string{"", "0", "1", "31999", "32000", "123456", "ms", "ms0", "ms123",
		"MS1", "-5", "abc", "18446744073709551615", "18446744073709551616", "ms8589934591",
		"ms8589934592", "007", "ms\n", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDeal(s)
		if err != nil {
			if d != (Deal{}) {
				t.Fatalf("ParseDeal(%q) returned %#v with error %v", s, d, err)
			}
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrRange) {
				t.Fatalf("ParseDeal(%q) error %v wraps neither ErrSyntax nor ErrRange", s, err)
			}
			return
		}
		if err := d.Validate(); err != nil {
			t.Fatalf("ParseDeal(%q) = %#v, which does not validate: %v", s, d, err)
		}
		back, err := ParseDeal(d.String())
		if err != nil || back != d {
			t.Fatalf("round trip of %q: ParseDeal(%q) = %#v, %v; want %#v", s, d.String(), back, err, d)
		}
		r := New(d) // must not panic
		if v := r.Randint(0, 51); v < 0 || v > 51 {
			t.Fatalf("New(%v).Randint(0, 51) = %d", d, v)
		}
	})
}
