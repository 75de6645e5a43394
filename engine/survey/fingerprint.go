package survey

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/patience-solitaire/patience/engine"
)

// Fingerprint returns a short, stable hash of g's rules (the first 6
// bytes of the SHA-256 of engine.Game.RulesText, in hex). A survey, an
// odds file and a fair-play file record the fingerprint of the rules
// they measured; the site build warns when it no longer matches the
// game's. The hash is made here, where it is consumed, not in the
// engine: the browser's engine never needs one.
func Fingerprint(g *engine.Game) string {
	sum := sha256.Sum256([]byte(g.RulesText()))
	return hex.EncodeToString(sum[:6])
}
