package pysolrand

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func mustParse(t testing.TB, s string) Deal {
	t.Helper()
	d, err := ParseDeal(s)
	if err != nil {
		t.Fatalf("ParseDeal(%q): %v", s, err)
	}
	return d
}

func iota(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

func TestGoldenStreams(t *testing.T) {
	for _, g := range goldenStreams {
		t.Run(g.deal, func(t *testing.T) {
			d := mustParse(t, g.deal)
			r := New(d)
			if got := IsMicrosoft(r); got != g.ms {
				t.Fatalf("IsMicrosoft = %v, want %v", got, g.ms)
			}
			if got := d.Microsoft(); got != g.ms {
				t.Fatalf("Deal.Microsoft = %v, want %v", got, g.ms)
			}
			var ints []int
			for range 2 {
				for _, ab := range goldenRanges {
					ints = append(ints, r.Randint(ab[0], ab[1]))
				}
			}
			if !slices.Equal(ints, g.ints) {
				t.Errorf("Randint stream\n got %v\nwant %v", ints, g.ints)
			}

			cards := iota(52)
			ShuffleCards(New(d), cards)
			if !slices.Equal(cards, g.cards52) {
				t.Errorf("ShuffleCards(52)\n got %v\nwant %v", cards, g.cards52)
			}

			s := iota(104)
			Shuffle(New(d), s)
			if !slices.Equal(s, g.shuffle104) {
				t.Errorf("Shuffle(104)\n got %v\nwant %v", s, g.shuffle104)
			}

			if len(g.floats) > 0 {
				mt, ok := New(d).(*mtRandom)
				if !ok {
					t.Fatalf("New(%v) is %T, want *mtRandom", d, New(d))
				}
				for i, want := range g.floats {
					if got := mt.random(); got != want {
						t.Errorf("random() #%d = %v, want %v", i, got, want)
					}
				}
			}
		})
	}
}

// TestMTPythonReference checks the Mersenne Twister against values printed
// by CPython 3.11's random.Random(seed).random(); seed 0 is the special
// case of the one-word key [0].
func TestMTPythonReference(t *testing.T) {
	tests := []struct {
		seed   uint64
		floats []float64
	}{
		// python3 -c 'import random; r=random.Random(0); print(r.random(), r.random())'
		{seed: 0, floats: []float64{0.8444218515250481, 0.7579544029403025}},
		// random.Random(42): the best known Python sequence.
		{seed: 42, floats: []float64{0.6394267984578837, 0.025010755222666936, 0.27502931836911926}},
		{seed: 123456, floats: []float64{0.8056271362589, 0.7940590105180981}},
		// two-word key: 2^32 + 1
		{seed: 1<<32 + 1, floats: []float64{0.2309331037176915, 0.5124118614342635, 0.4145826832477072}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.seed), func(t *testing.T) {
			r := newMT(tt.seed)
			for i, want := range tt.floats {
				if got := r.random(); got != want {
					t.Errorf("random() #%d = %v, want %v", i, got, want)
				}
			}
		})
	}
}

// cardName renders card i of a 52-card pack created in PySolFC order
// (suits C, S, H, D; ranks A..K).
func cardName(i int) string {
	return string("A23456789TJQK"[i%13]) + string("CSHD"[i/13])
}

// freecellLayout deals a FreeCell game as pysol_cards/deal_game.py does:
// shuffle the pack the PySolFC way, then deal from the end of the list
// (the top of the talon) one card at a time to columns 1..8 in turn. Each
// line of the result is one column, bottom card first.
func freecellLayout(d Deal) string {
	cards := iota(52)
	ShuffleCards(New(d), cards)
	cols := make([][]string, 8)
	for i := range cards {
		c := cards[len(cards)-1-i]
		cols[i%8] = append(cols[i%8], cardName(c))
	}
	var b strings.Builder
	for _, col := range cols {
		b.WriteString(strings.Join(col, " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// rowsLayout renders the same deal by rows of 8 as Windows FreeCell and
// Rosetta Code ("Deal cards for FreeCell") show it.
func rowsLayout(d Deal) string {
	cards := iota(52)
	ShuffleCards(New(d), cards)
	var b strings.Builder
	for i := range cards {
		b.WriteString(cardName(cards[len(cards)-1-i]))
		if i%8 == 7 || i == len(cards)-1 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// TestPySolFCDeals reproduces the layouts of PySolFC's
// tests/lib/pysol_tests/test_ms_deals.py.
func TestPySolFCDeals(t *testing.T) {
	tests := []struct {
		name, deal, want string
	}{
		{"Deal 24", "24", `4C 2C 9C 8C QS 4S 2H
5H QH 3C AC 3H 4H QD
QC 9S 6H 9H 3S KS 3D
5D 2S JC 5C JH 6D AS
2D KD TH TC TD 8D
7H JS KH TS KC 7C
AH 5S 6S AD 8H JD
7S 6C 7D 4D 8S 9D
`},
		{"Microsoft Deal 123456", "ms123456", `QD TC AS KC AH KH 6H
6D TD 8D TH 7C 2H 9C
AC AD 5C 5H 8C 9H 9D
JS 8S 4D 4C 2S 7D 3C
7H 7S 9S 2C JC 5S
5D 3S 3D 3H KD JH
6C QS 4S 2D KS TS
JD QH 6S 4H QC 8H
`},
		{"PySolFC deal No. 123456", "123456", `3D 6C AS TS QC 8D 4D
2D TC 4H JD TD 2H 5C
2C 8S AH KD KH 5S 7C
9C 8C QH 3C 5D 9S QD
AC 9D 7H 6D KS JH
6H TH 8H QS 7D JC
4C 2S 3S 6S 5H 3H
KC JS 9H 4S 7S AD
`},
		{"Microsoft Deal #3E9 - long seed", "ms3000000000", `8D TS JS TD JH JD JC
4D QS TH AD 4S TC 3C
9H KH QH 4C 5C KD AS
9D 5D 8S 4H KS 6S 9S
6H 2S 7H 3D KC 2C
9C 7C QC 7S QD 7D
6C 3H 8H AC 6D 3S
8C AH 2H 5H 2D 5S
`},
		{"Microsoft Deal #6E9 - extra long seed", "ms6000000000", `2D 2C QS 8D KD 8C 4C
3D AH 2H 4H TS 6H QD
4D JS AD 6S JH JC JD
KH 3H KS AS TC 5D AC
TD 7C 9C 7H 3C 3S
QH 9H 9D 5S 7S 6C
5C 5H 2S KC 9S 4S
6D QC 8S TH 7D 8H
`},
		{"ms100001", "ms100001", `5S AH 4H TD 4S JD JS
3C 8C 4C AC JC AS QS
7C QH 2D QD 8S 9D AD
KS 7S 5H 3H TS 3S 5D
9S 7H KC TH 8D 6S
5C KD 9H 2H 2S 6D
9C JH 8H 3D 4D QC
KH 6H 6C TC 2C 7D
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := freecellLayout(mustParse(t, tt.deal)); got != tt.want {
				t.Errorf("layout of %s:\n%s\nwant:\n%s", tt.deal, got, tt.want)
			}
		})
	}
}

// TestWindowsFreeCellDeals checks two deals of Windows FreeCell as
// published by Rosetta Code ("Deal cards for FreeCell"), rows of 8.
func TestWindowsFreeCellDeals(t *testing.T) {
	tests := []struct{ deal, want string }{
		{"1", `JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H
`},
		{"617", `7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H
`},
	}
	for _, tt := range tests {
		t.Run(tt.deal, func(t *testing.T) {
			if got := rowsLayout(mustParse(t, tt.deal)); got != tt.want {
				t.Errorf("deal %s:\n%s\nwant:\n%s", tt.deal, got, tt.want)
			}
		})
	}
}

func TestMSAndPlainAgreeBelowThreshold(t *testing.T) {
	for _, n := range []uint64{1, 2, 617, 11982, 31999} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			a, b := iota(52), iota(52)
			ShuffleCards(New(Deal{N: n}), a)
			ShuffleCards(New(Deal{N: n, MS: true}), b)
			if !slices.Equal(a, b) {
				t.Errorf("%d and ms%d differ:\n%v\n%v", n, n, a, b)
			}
		})
	}
	// At and above the threshold the prefix matters.
	a, b := iota(52), iota(52)
	ShuffleCards(New(Deal{N: 32000}), a)
	ShuffleCards(New(Deal{N: 32000, MS: true}), b)
	if slices.Equal(a, b) {
		t.Errorf("32000 and ms32000 give the same deal")
	}
}

func TestMicrosoftOrder(t *testing.T) {
	cards := iota(52)
	MicrosoftOrder(cards)
	var names []string
	for _, c := range cards[:12] {
		names = append(names, cardName(c))
	}
	if got, want := strings.Join(names, " "), "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S"; got != want {
		t.Errorf("MicrosoftOrder starts %q, want %q", got, want)
	}
	if got, want := cardName(cards[51]), "KS"; got != want {
		t.Errorf("MicrosoftOrder ends with %s, want %s", got, want)
	}
	sorted := slices.Clone(cards)
	slices.Sort(sorted)
	if !slices.Equal(sorted, iota(52)) {
		t.Errorf("MicrosoftOrder is not a permutation: %v", cards)
	}

	for _, n := range []int{0, 1, 32, 51, 53, 104} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s := iota(n)
			MicrosoftOrder(s)
			if !slices.Equal(s, iota(n)) {
				t.Errorf("MicrosoftOrder changed %d cards", n)
			}
		})
	}
}

func TestShuffleCardsOnlyReordersMicrosoft52(t *testing.T) {
	tests := []struct {
		deal string
		n    int
	}{
		{"5", 104}, {"5", 32}, {"123456", 52}, {"123456", 104},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.deal, tt.n), func(t *testing.T) {
			d := mustParse(t, tt.deal)
			a, b := iota(tt.n), iota(tt.n)
			ShuffleCards(New(d), a)
			Shuffle(New(d), b)
			if !slices.Equal(a, b) {
				t.Errorf("ShuffleCards differs from Shuffle")
			}
		})
	}
}

func TestClone(t *testing.T) {
	for _, s := range []string{"7", "ms3000000000", "ms6000000000", "123456", "18446744073709551615"} {
		t.Run(s, func(t *testing.T) {
			r := New(mustParse(t, s))
			for range 700 { // past one MT19937 block of 624 words
				r.Randint(0, 51)
			}
			c := r.Clone()
			var fromR, fromC []int
			for range 50 {
				fromR = append(fromR, r.Randint(0, 1000))
			}
			// Drawing from r did not move c.
			for range 50 {
				fromC = append(fromC, c.Randint(0, 1000))
			}
			if !slices.Equal(fromR, fromC) {
				t.Fatalf("clone diverged:\n%v\n%v", fromR, fromC)
			}
			// Drawing from c does not move r.
			c2 := r.Clone()
			for range 1000 {
				c.Randint(0, 9)
			}
			if a, b := r.Randint(0, 1<<30), c2.Randint(0, 1<<30); a != b {
				t.Errorf("original moved by clone: %d != %d", a, b)
			}
		})
	}
}

func TestRandintBounds(t *testing.T) {
	ranges := [][2]int{{0, 0}, {5, 5}, {-10, -3}, {0, 1}, {-1 << 62, 1 << 62}, {-1 << 63, 1<<63 - 1}, {0, 1<<63 - 1}}
	for _, s := range []string{"1", "ms3000000000", "ms6000000000", "99999"} {
		r := New(mustParse(t, s))
		for _, ab := range ranges {
			for range 200 {
				if v := r.Randint(ab[0], ab[1]); v < ab[0] || v > ab[1] {
					t.Fatalf("%s: Randint(%d, %d) = %d", s, ab[0], ab[1], v)
				}
			}
		}
	}
}

func TestRandintPanicsOnEmptyRange(t *testing.T) {
	for _, s := range []string{"1", "123456"} {
		t.Run(s, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("Randint(3, 2) did not panic")
				}
			}()
			New(mustParse(t, s)).Randint(3, 2)
		})
	}
}

func TestNewPanicsOnInvalidDeal(t *testing.T) {
	for _, d := range []Deal{{}, {MS: true}, {N: MaxMSDeal + 1, MS: true}} {
		t.Run(d.String(), func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("New(%#v) did not panic", d)
				}
			}()
			New(d)
		})
	}
}

func TestShuffleShortSlices(t *testing.T) {
	r := New(Deal{N: 1})
	var empty []int
	Shuffle(r, empty)
	one := []string{"x"}
	Shuffle(r, one)
	if one[0] != "x" {
		t.Errorf("Shuffle of one element changed it")
	}
	// Neither call drew from the stream.
	if got, want := r.Randint(0, 32767), New(Deal{N: 1}).Randint(0, 32767); got != want {
		t.Errorf("short shuffles drew numbers: %d != %d", got, want)
	}
}

func BenchmarkNewShuffle104(b *testing.B) {
	for _, s := range []string{"11982", "123456"} {
		d := mustParse(b, s)
		cards := make([]int, 104)
		b.Run(s, func(b *testing.B) {
			for b.Loop() {
				for i := range cards {
					cards[i] = i
				}
				Shuffle(New(d), cards)
			}
		})
	}
}
