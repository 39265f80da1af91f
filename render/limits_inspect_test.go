package render

import (
	"strings"
	"testing"
)

// quotedLen counts what writeRubyQuoted writes.
func TestQuotedLen(t *testing.T) {
	for _, s := range []string{"", "abc", "a\"b\\c", "\x00\x01\x7f\x1b", "\a\b\f\n\r\t\v", "é€😀", "\xff\xfe", "\u200b\u2028\u2029", "#{x} #$y #@z #", "\ufffd", string([]byte{0xed, 0xa0, 0x80})} {
		var b strings.Builder
		writeRubyQuoted(&b, s)
		if got, want := quotedLen(s), int64(b.Len()); got != want {
			t.Errorf("quotedLen(%q) = %d, want %d (%s)", s, got, want, b.String())
		}
	}
}

func FuzzQuotedLen(f *testing.F) {
	f.Add("a\x00é\xff#{")
	f.Fuzz(func(t *testing.T, s string) {
		var b strings.Builder
		writeRubyQuoted(&b, s)
		if got, want := quotedLen(s), int64(b.Len()); got != want {
			t.Fatalf("quotedLen(%q) = %d, want %d", s, got, want)
		}
	})
}
