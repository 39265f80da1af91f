package diag

import (
	"fmt"
	"unicode/utf8"
)

// MaxQuoted caps the bytes of a value (a partial's name, a number, an
// error text) quoted in a diagnostic's summary.
const MaxQuoted = 200

// Shorten returns s for quoting in a diagnostic: whole when it is at most
// MaxQuoted bytes, else its first bytes (cut at a character boundary) and a
// note of how many bytes follow, so that a 200 KB name is shown by its
// start.
func Shorten(s string) string {
	if len(s) <= MaxQuoted {
		return s
	}
	cut := MaxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes more)", s[:cut], len(s)-cut)
}
