package workpad

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sanitizers make untrusted text, such as the stderr of a git command or a
// conflict summary written by a tool, safe to place in a prompt or an
// evidence comment. Each does one thing and returns valid UTF-8; SanitizeLine
// applies them all.

// DefaultMaxBytes is the cap SanitizeLine applies when given none: enough for
// the useful head of a command's stderr, small enough to keep a prompt
// focused.
const DefaultMaxBytes = 4096

// MinMaxBytes is the smallest cap Truncate honours: a cap must leave room
// for the truncation marker with any byte count. Smaller caps are raised to
// it.
const MinMaxBytes = 64

// InspectFactor bounds how much of its input SanitizeLine reads: at most
// InspectFactor times the cap, and at least MinInspectBytes.
const (
	InspectFactor   = 16
	MinInspectBytes = 64 << 10
)

// SanitizeLine makes untrusted text one safe line of at most maxBytes bytes
// (DefaultMaxBytes when maxBytes <= 0; see Truncate for caps below
// MinMaxBytes). In order, it
//
//   - replaces invalid UTF-8 with U+FFFD,
//   - redacts secrets (Redact),
//   - removes terminal escape sequences and control characters
//     (StripControls), then redacts again, since removing them can join the
//     pieces of a token,
//   - collapses all white space to single spaces on one line (SingleLine),
//     and redacts once more, since a Unicode space can separate a header from
//     its value,
//   - caps the length with a visible marker (Truncate).
//
// The result holds no control character, no line break, no escape sequence
// and no secret Redact recognises, and it is never longer than the cap.
//
// Only the first max(InspectFactor×maxBytes, MinInspectBytes) bytes of s
// are read, so that a log of many megabytes cannot stall the caller; the
// rest could not appear in the output anyway. When s is longer than that,
// the last word of what was read is left out as well, since it may be the
// first half of a secret cut in two, and the marker counts both.
func SanitizeLine(s string, maxBytes int) string {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	return sanitizeLine(s, maxBytes, max(InspectFactor*maxBytes, MinInspectBytes))
}

// sanitizeLine is SanitizeLine reading at most inspect bytes of s.
func sanitizeLine(s string, maxBytes, inspect int) string {
	cut := 0
	if len(s) > inspect {
		// Back up to the start of the rune the cut falls in: at most
		// UTFMax-1 bytes, since a longer run of continuation bytes is
		// invalid UTF-8 (one U+FFFD) and backing over it would drop the
		// valid text before it.
		k := inspect
		for n := 0; n < utf8.UTFMax-1 && k > 0 && !utf8.RuneStart(s[k]); n++ {
			k--
		}
		cut, s = len(s)-k, s[:k]
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = Redact(s)
	s = Redact(StripControls(s))
	s = Redact(SingleLine(s))
	if cut > 0 {
		i := max(strings.LastIndexByte(s, ' '), 0)
		cut, s = cut+len(s)-i, s[:i]
	}
	return truncate(s, maxBytes, cut)
}

// SingleLine collapses every run of white space (Unicode White_Space: spaces,
// tabs, line breaks, U+2028, no-break spaces, …) to one space and trims both
// ends, so that multi-line text becomes one line: "line one\nline two"
// becomes "line one line two".
func SingleLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// StripControls removes terminal escape sequences and control characters,
// keeping the text's line structure:
//
//   - escape sequences, introduced by ESC (U+001B) or by the 8-bit C1
//     introducers: CSI (ESC [ … final byte, e.g. colours and cursor moves),
//     OSC, DCS, SOS, PM and APC strings (up to BEL or ST, or to the end of
//     the text when unterminated, as a terminal would swallow them), and the
//     short ESC sequences (ESC followed by intermediates and a final byte);
//   - control characters (Unicode category Cc) other than tab and newline;
//     a carriage return, a CRLF pair, a vertical tab, a form feed and NEL
//     become one newline;
//   - invisible format characters that can disguise text: the bidirectional
//     embeddings, overrides, isolates and marks, zero-width space and the
//     byte order mark.
//
// Invalid UTF-8 becomes U+FFFD.
func StripControls(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x1b:
			i = skipEscape(s, i+size)
			continue
		case r == 0x9b: // CSI
			i = skipCSI(s, i+size)
			continue
		case r == 0x90, r == 0x98, r == 0x9d, r == 0x9e, r == 0x9f: // DCS, SOS, OSC, PM, APC
			i = skipString(s, i+size)
			continue
		case r == '\r':
			b.WriteByte('\n')
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r == '\v' || r == '\f' || r == 0x85:
			b.WriteByte('\n')
		case unicode.IsControl(r) || invisible(r):
			// dropped
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// invisible reports format characters that change how text reads without
// being seen: bidirectional controls, zero-width space and the BOM.
func invisible(r rune) bool {
	switch {
	case r == 0x061c, r == 0x200b, r == 0x200e, r == 0x200f, r == 0xfeff:
		return true
	case r >= 0x202a && r <= 0x202e:
		return true
	case r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// skipEscape returns the index after the escape sequence whose ESC ends
// just before i.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch c := s[i]; {
	case c == '[':
		return skipCSI(s, i+1)
	case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
		return skipString(s, i+1)
	case c >= 0x20 && c <= 0x2f: // intermediates, then a final byte
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
		if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
			i++
		}
		return i
	case c >= 0x30 && c <= 0x7e: // a two-byte sequence such as ESC 7 or ESC c
		return i + 1
	}
	return i // a lone ESC: drop it, keep what follows
}

// skipCSI returns the index after a control sequence whose introducer ends
// just before i: parameter bytes, intermediate bytes, one final byte. A
// sequence cut short by any other byte ends there.
func skipCSI(s string, i int) int {
	for i < len(s) && s[i] >= 0x30 && s[i] <= 0x3f {
		i++
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipString returns the index after a control string (OSC, DCS, …) whose
// introducer ends just before i: it runs to BEL, ESC \ or the 8-bit ST
// (U+009C), or to the end of s.
func skipString(s string, i int) int {
	for ; i < len(s); i++ {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case s[i] == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c:
			return i + 2
		}
	}
	return len(s)
}

// Truncate caps s at maxBytes bytes. Longer text keeps its longest head
// that, followed by the marker "…[truncated N bytes]" (N the number of bytes
// left out), fits in maxBytes; the head never ends inside a UTF-8 sequence.
// A cap below MinMaxBytes is raised to MinMaxBytes, so the marker always
// fits.
func Truncate(s string, maxBytes int) string { return truncate(s, maxBytes, 0) }

// truncate is Truncate for text that already lost extra bytes: when extra
// is positive the marker is always added and counts them.
func truncate(s string, maxBytes, extra int) string {
	if maxBytes < MinMaxBytes {
		maxBytes = MinMaxBytes
	}
	if extra == 0 && len(s) <= maxBytes {
		return s
	}
	if extra > 0 && len(s)+len(truncationMarker(extra)) <= maxBytes {
		return s + truncationMarker(extra)
	}
	// The marker for all of s is at least as long as the one for any
	// part of it, so reserving its length always leaves enough room.
	keep := maxBytes - len(truncationMarker(len(s)+extra))
	for keep > 0 && !utf8.RuneStart(s[keep]) {
		keep--
	}
	return s[:keep] + truncationMarker(len(s)-keep+extra)
}

func truncationMarker(n int) string {
	return "…[truncated " + strconv.Itoa(n) + " bytes]"
}

// SanitizeText makes untrusted multi-line text safe to place in a comment:
// invalid UTF-8 becomes U+FFFD, terminal escape sequences and control
// characters are removed as StripControls removes them (line breaks and
// tabs stay), and secrets are redacted (Redact), before and after the
// stripping, since removing a control character can join the pieces of a
// token. Unlike SanitizeLine it keeps the text's lines and length.
func SanitizeText(s string) string {
	s = Redact(strings.ToValidUTF8(s, "\uFFFD"))
	return Redact(StripControls(s))
}

// sanitizePacked sanitizes each field of a packed list, split at the
// separators given (record first, then field; an empty one is not used):
// the separators stay, the fields go through SanitizeText.
func sanitizePacked(s string, seps ...string) string {
	for i, sep := range seps {
		if sep == "" {
			continue
		}
		parts := strings.Split(s, sep)
		for j, p := range parts {
			parts[j] = sanitizePacked(p, seps[i+1:]...)
		}
		return strings.Join(parts, sep)
	}
	return SanitizeText(s)
}
