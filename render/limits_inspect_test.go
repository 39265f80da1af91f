package render

import (
	"strconv"
	"strings"
	"testing"
)

func TestQuotedLen(t *testing.T) {
	for _, s := range []string{"", "abc", "a\"b\\c", "\x00\x01\x7f", "\a\b\f\n\r\t\v", "é€😀", "\xff\xfe", "\u200b\u2028", "\U000E0001", "\ufffd", string([]byte{0xed, 0xa0, 0x80})} {
		if got, want := quotedLen(s), int64(len(strconv.Quote(s))); got != want {
			t.Errorf("quotedLen(%q) = %d, want %d", s, got, want)
		}
	}
}

func FuzzQuotedLen(f *testing.F) {
	f.Add("a\x00é\xff")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := quotedLen(s), int64(len(strconv.Quote(s))); got != want {
			t.Fatalf("quotedLen(%q) = %d, want %d", s, got, want)
		}
	})
}

func FuzzWriteQuoted(f *testing.F) {
	f.Add("a\x00é\xff", 3)
	f.Fuzz(func(t *testing.T, s string, n int) {
		s = strings.Repeat(s, 1+min(max(n, 0), 5000)) // past a piece's 4096 bytes
		var b strings.Builder
		writeQuoted(&b, s)
		if got, want := b.String(), strconv.Quote(s); got != want {
			t.Fatalf("writeQuoted(%q) = %q, want %q", s, got, want)
		}
	})
}
