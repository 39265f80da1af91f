package workpad

import (
	"strings"
	"testing"
)

// TestSanitizeLineCutInContinuationBytes feeds SanitizeLine text cut at the
// end of what it reads, inside UTF-8 sequences and inside long runs of
// continuation bytes (invalid UTF-8). The expected values are worked out by
// hand from SanitizeLine's documentation: what is read is sanitized (a run
// of invalid bytes becomes one U+FFFD), the last word read is left out, and
// the marker counts the bytes not read plus the bytes of that word.
func TestSanitizeLineCutInContinuationBytes(t *testing.T) {
	cont := func(n int) string { return strings.Repeat("\x80", n) }
	tests := []struct {
		name    string
		s       string
		max     int
		inspect int
		want    string
	}{
		{
			// Read: 65533 bytes (the cut backs up 3), one U+FFFD, left out as
			// the last word: 200000-65533 + 3.
			name: "only continuation bytes, longer than what is read",
			s:    cont(200000), max: 0,
			want: "…[truncated 134470 bytes]",
		},
		{
			// Read: "a b" and 65530 continuation bytes = "a b\uFFFD"; the last
			// word "b\uFFFD" (4 bytes) and its space go: 134470 + 5. "a" was
			// followed by a space, so it is a whole word and stays.
			name: "words before a long run of continuation bytes stay",
			s:    "a b" + cont(200000), max: 0,
			want: "a…[truncated 134475 bytes]",
		},
		{
			name: "text exactly as long as what is read is not cut",
			s:    "ab cd", max: 64, inspect: 5,
			want: "ab cd",
		},
		{
			name: "one byte more is cut, and the last word left out",
			s:    "ab cde", max: 64, inspect: 5,
			want: "ab…[truncated 4 bytes]",
		},
		{
			name: "a run shorter than the cut backs up to the start",
			s:    cont(4), max: 64, inspect: 2,
			want: "…[truncated 4 bytes]",
		},
		{
			// The cut falls inside é (C3 A9): read "xy z", drop "z" and its space.
			name: "a cut inside a valid sequence backs up to its first byte",
			s:    "xy zé", max: 64, inspect: 5,
			want: "xy…[truncated 4 bytes]",
		},
		{
			// The cut at byte 9 backs up three bytes to 6 and stops: read
			// "ok go\x80" = "ok go\uFFFD"; 4 bytes not read, "go\uFFFD" and
			// its space (6 bytes) left out.
			name: "a cut backs up at most three continuation bytes",
			s:    "ok go\x80\x80\x80\x80\x80", max: 64, inspect: 9,
			want: "ok…[truncated 10 bytes]",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got string
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("panic: %v", r)
					}
				}()
				if tt.inspect == 0 {
					got = SanitizeLine(tt.s, tt.max)
				} else {
					got = sanitizeLine(tt.s, tt.max, tt.inspect)
				}
			}()
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestSanitizeLineReadsMoreUnderALargeCap: with a cap of 100000 bytes,
// SanitizeLine reads up to 16×100000 bytes, more than MinInspectBytes, so
// a 70000-byte input is read whole and, once its white space is collapsed
// (69999 bytes), fits under the cap: nothing is cut or marked.
func TestSanitizeLineReadsMoreUnderALargeCap(t *testing.T) {
	got := SanitizeLine(strings.Repeat("a ", 35000), 100000)
	want := strings.TrimSuffix(strings.Repeat("a ", 35000), " ")
	if got != want {
		t.Errorf("got %d bytes ending %q, want %d bytes ending %q", len(got), got[max(len(got)-40, 0):], len(want), want[len(want)-40:])
	}
}
