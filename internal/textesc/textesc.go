// Package textesc escapes the characters that would let untrusted text
// forge or garble a line of output: a value printed on a key=value line
// must stay on that line and must not drive the terminal.
package textesc

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Controls returns s with every C0 and C1 control character, DEL and
// invalid UTF-8 byte escaped Go-style: "\n", "\r", "\t", "\x1b", "\u0085",
// "\xff". A backslash is kept as it is (paths on Windows use it), so the
// escaping is for reading, not a reversible encoding. Text without such
// characters is returned unchanged.
func Controls(s string) string {
	if !needs(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case isControl(r):
			q := strconv.QuoteRune(r) // e.g. '\n', '\x1b', '\u0085'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func needs(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || isControl(r) {
			return true
		}
		i += size
	}
	return false
}

// isControl reports C0 controls, DEL and C1 controls.
func isControl(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r <= 0x9f)
}
