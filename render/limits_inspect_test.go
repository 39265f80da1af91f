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

// inspectSize counts an integer's digits exactly, and printedSize is at
// least what printValue prints (exact for strings and integers), without
// building either.
func TestInspectAndPrintedSizes(t *testing.T) {
	for _, n := range []int64{0, 7, 9, 10, -1, -10, 99999, 1 << 62, -1 << 63, 1<<63 - 1} {
		if got, _ := inspectSize(nil, n, 0, false); got != int64(len(strOf(n))) {
			t.Errorf("inspectSize(%d) = %d, want %d", n, got, len(strOf(n)))
		}
	}
	for _, tt := range []struct {
		v     any
		exact bool
	}{
		{[]any{"ab", int64(-12), []any{"c", []any{int64(3)}}}, true},
		{[]any{}, true},
		{[]any{map[string]any{"k": "\x01é\""}, nil, "x"}, false},
		{rangeValue{lo: 1, hi: 100}, false},
		{[]any{1.5, true, rangeValue{lo: -3, hi: 3}}, false},
	} {
		want, err := printValue(nil, tt.v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := printedSize(nil, tt.v, 0)
		if err != nil || got < int64(len(want)) || tt.exact && got != int64(len(want)) {
			t.Errorf("printedSize(%v) = %d, %v; printed %d bytes (%q)", tt.v, got, err, len(want), want)
		}
	}
}
