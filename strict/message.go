package strict

import (
	"fmt"
	"unicode/utf8"
)

// maxMessageValue caps the bytes of a name (a partial's) or an error text
// quoted in a diagnostic's summary: a 200 KB name is shown by its start.
const maxMessageValue = 200

// shortForMessage shortens s, for a diagnostic, to its first bytes and a
// note of the rest's size.
func shortForMessage(s string) string {
	if len(s) <= maxMessageValue {
		return s
	}
	cut := maxMessageValue
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes more)", s[:cut], len(s)-cut)
}
