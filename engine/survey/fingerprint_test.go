package survey

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/patience-solitaire/patience/engine"
)

var update = flag.Bool("update", false, "rewrite testdata/fingerprints.txt")

// TestFingerprintStable pins every game's fingerprint: a change to the
// rules text changes them all, which invalidates every survey, so it must
// be deliberate (go test ./engine/survey -update rewrites the file).
func TestFingerprintStable(t *testing.T) {
	var b strings.Builder
	seen := map[string]string{}
	for _, g := range engine.Games() {
		fp := Fingerprint(g)
		if !regexp.MustCompile(`^[0-9a-f]{12}$`).MatchString(fp) {
			t.Errorf("%s: fingerprint %q is not 12 hex digits", g.Key(), fp)
		}
		if fp != Fingerprint(g) {
			t.Errorf("%s: fingerprint changes between calls", g.Key())
		}
		if other, dup := seen[fp]; dup {
			t.Errorf("%s and %s have the same fingerprint %s", other, g.Key(), fp)
		}
		seen[fp] = g.Key()
		fmt.Fprintf(&b, "%s %s\n", g.Key(), fp)
	}
	const golden = "testdata/fingerprints.txt"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != b.String() {
		t.Errorf("fingerprints changed (go test ./engine/survey -update to accept; every survey must then be run again):\ngot:\n%swant:\n%s", b.String(), want)
	}
}
