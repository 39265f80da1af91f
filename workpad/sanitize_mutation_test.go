package workpad

import (
	"strings"
	"testing"
)

// TestStripControlsByteRanges holds an escape sequence at each end of each
// byte range ECMA-48 gives its parts: intermediates 0x20–0x2F, the final
// byte of a short ESC sequence 0x30–0x7E, CSI parameters 0x30–0x3F and its
// final byte 0x40–0x7E. A sequence at a range's edge is removed whole; a
// sequence cut short by the end of the text is removed up to there.
func TestStripControlsByteRanges(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"esc intermediates at 0x20", "\x1b  Bx", "x"},
		{"esc intermediates at 0x2f", "\x1b//Bx", "x"},
		{"esc final byte 0x30", "\x1b(0x", "x"},
		{"esc final byte 0x7e", "\x1b(~x", "x"},
		{"esc intermediates at the end", "a\x1b((", "a"},
		{"csi parameter 0x30", "\x1b[0mx", "x"},
		{"csi parameter 0x3f", "\x1b[?25hx", "x"},
		{"csi intermediate 0x20", "\x1b[ qx", "x"},
		{"csi intermediate 0x2f", "\x1b[/qx", "x"},
		{"csi final byte 0x40", "\x1b[@x", "x"},
		{"csi final byte 0x7e", "\x1b[2~x", "x"},
		{"csi introducer at the end", "x\x1b[", "x"},
		{"csi parameters at the end", "x\x1b[12", "x"},
		{"csi intermediate at the end", "x\x1b[1 ", "x"},
		// An ESC inside a control string that is not followed by "\" does
		// not end it, even at the very end of the text.
		{"osc with a lone esc at the end", "a\x1b]0;t\x1b", "a"},
		{"osc with esc then another byte", "a\x1b]0;t\x1bx", "a"},
		{"carriage return at the end", "a\r", "a\n"},
		{"carriage return at the start", "\r\nb", "\nb"},
	} {
		if got := StripControls(tc.in); got != tc.want {
			t.Errorf("%s: StripControls(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}

// TestTruncateRunOfContinuationBytes checks that a head made only of UTF-8
// continuation bytes (which Truncate may be given: it does not repair
// UTF-8) is dropped whole, not cut before its start.
func TestTruncateRunOfContinuationBytes(t *testing.T) {
	// The marker for 100 bytes is 24 bytes: 40 would stay, but no byte of
	// the head starts a rune.
	if got, want := Truncate(strings.Repeat("\x80", 100), 64), "…[truncated 100 bytes]"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestSanitizeLineMarkerAfterCut checks the marker of text read only in
// part (sanitizeLine with a small read limit, so that the cases stay
// short): the unread bytes and the dropped last word are counted, and the
// result fills the cap exactly or keeps a shorter head.
func TestSanitizeLineMarkerAfterCut(t *testing.T) {
	a41, a50 := strings.Repeat("A", 41), strings.Repeat("A", 50)
	for _, tc := range []struct {
		name    string
		in      string
		inspect int
		want    string
	}{
		// 46 bytes read ("A…A bbbb"), 5 not; "bbbb" and its space dropped:
		// 10 bytes. 41 + the 23-byte marker is the cap of 64 exactly.
		{"head and marker fill the cap", a41 + " bbbb cccc", 46, a41 + "…[truncated 10 bytes]"},
		// 55 read, 5 not; " bbbb" dropped: 50 bytes stay, 10 are out, too
		// long with a marker. The marker for 60 is 23 bytes, so 41 stay
		// and 9+10 are counted.
		{"head cut again to fit", a50 + " bbbb cccc", 55, a41 + "…[truncated 19 bytes]"},
	} {
		got := sanitizeLine(tc.in, 64, tc.inspect)
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
		if len(got) > 64 {
			t.Errorf("%s: %d bytes, over the cap of 64", tc.name, len(got))
		}
	}
}
