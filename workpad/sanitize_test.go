package workpad

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSingleLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"line one\nline two", "line one line two"},
		{"  a\t\tb \r\n c\u00a0d\u2028e\u3000f  ", "a b c d e f"},
		{"\n\n", ""},
		{"", ""},
		{"one", "one"},
	} {
		if got := SingleLine(tc.in); got != tc.want {
			t.Errorf("SingleLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestStripControls(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"sgr colours", "\x1b[31mred\x1b[0m plain", "red plain"},
		{"csi with intermediates", "\x1b[?25l\x1b[2 qx", "x"},
		{"osc title ended by bel", "\x1b]0;title\x07text", "text"},
		{"osc hyperlink ended by st", "\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"dcs string", "a\x1bPq#0;2;0;0;0\x1b\\b", "ab"},
		{"unterminated osc swallows the rest", "keep\x1b]0;never ended", "keep"},
		{"charset designation", "\x1b(Bx", "x"},
		{"two-byte sequences", "\x1b7saved\x1b8", "saved"},
		{"lone esc at end", "end\x1b", "end"},
		{"unterminated csi at end", "x\x1b[31", "x"},
		{"csi cut by non-ascii", "\x1b[1;2é", "é"},
		{"esc before non-ascii", "\x1bé", "é"},
		{"8-bit csi", "\u009b31mC1", "C1"},
		{"8-bit osc with 8-bit st", "\u009d0;t\u009cafter", "after"},
		{"c0 controls and del", "a\x00b\x07c\x7fd\x08e", "abcde"},
		{"c1 controls", "a\u0080b\u009ac", "abc"},
		{"line endings", "a\r\nb\rc\vd\fe\u0085f", "a\nb\nc\nd\ne\nf"},
		{"tab and newline kept", "tab\there\n", "tab\there\n"},
		{"bidi and invisible", "\u202eevil\u2066x\u2069\u200b\ufeff\u200fy", "evilxy"},
		{"zero width joiner kept", "👩\u200d💻", "👩\u200d💻"},
		{"invalid utf-8", "bad\xffutf8", "bad\uFFFDutf8"},
		{"plain", "nothing to do", "nothing to do"},
	} {
		if got := StripControls(tc.in); got != tc.want {
			t.Errorf("%s: StripControls(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}

func TestTruncate(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		max  int
		want string
	}{
		{"fits", "short", 100, "short"},
		{"exactly the cap", strings.Repeat("a", 64), 64, strings.Repeat("a", 64)},
		// The marker for 100 bytes is 24 bytes, leaving 40; 60 are cut and
		// that marker is one byte shorter.
		{"ascii", strings.Repeat("a", 100), 64, strings.Repeat("a", 40) + "…[truncated 60 bytes]"},
		// 40 bytes would end inside the 14th "€" (bytes 39–41), so 39 stay.
		{"never cuts a rune", strings.Repeat("€", 40), 64, strings.Repeat("€", 13) + "…[truncated 81 bytes]"},
		{"small caps are raised", strings.Repeat("b", 65), 10, strings.Repeat("b", 41) + "…[truncated 24 bytes]"},
		{"zero cap is raised", strings.Repeat("b", 65), 0, strings.Repeat("b", 41) + "…[truncated 24 bytes]"},
	} {
		got := Truncate(tc.in, tc.max)
		if got != tc.want {
			t.Errorf("%s: Truncate(%d bytes, %d) = %q, want %q", tc.name, len(tc.in), tc.max, got, tc.want)
		}
		if limit := max(tc.max, MinMaxBytes); len(got) > limit || !utf8.ValidString(got) {
			t.Errorf("%s: %d bytes for a cap of %d, valid UTF-8 %v", tc.name, len(got), limit, utf8.ValidString(got))
		}
	}
}

func TestSanitizeLine(t *testing.T) {
	long := strings.Repeat("x ", 3000) // one line of 5999 bytes once trimmed
	for _, tc := range []struct {
		name string
		in   string
		max  int
		want string
	}{
		{"shea's example", "line one\nline two", 0, "line one line two"},
		{"colours, lines and a token",
			"error: \x1b[31mfailed\x1b[0m\n\tusing ghp_0123456789abcdefghijABCDEFGHIJ0123\n", 0,
			"error: failed using [REDACTED]"},
		{"token split by an escape sequence", "ghp_\x1b[0mAAAAAAAAAAAAAAAAAAAA!", 0, "[REDACTED]!"},
		{"token split by a control character", "sk-\x00abcdefghijklmnopqrstuv done", 0, "[REDACTED] done"},
		{"bearer after a no-break space", "Bearer\u00a0abcdefghijklmnop", 0, "Bearer [REDACTED]"},
		{"private key across lines",
			"fatal: bad key\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nxyz\n-----END RSA PRIVATE KEY-----\nhint: retry", 0,
			"fatal: bad key [REDACTED] hint: retry"},
		{"values stay data", "{{ issue_title }} {% raw %}", 0, "{{ issue_title }} {% raw %}"},
		{"capped", long, 100, long[:75] + "…[truncated 5924 bytes]"},
		{"empty", " \n\t ", 0, ""},
	} {
		got := SanitizeLine(tc.in, tc.max)
		if got != tc.want {
			t.Errorf("%s: SanitizeLine(%q) =\n%q\nwant\n%q", tc.name, tc.in, got, tc.want)
		}
	}
	if got := SanitizeLine(strings.Repeat("y", DefaultMaxBytes+1), 0); len(got) > DefaultMaxBytes || !strings.HasSuffix(got, " bytes]") {
		t.Errorf("default cap: %d bytes, ends %q", len(got), got[len(got)-20:])
	}
}

func TestSanitizeLineReadsABoundedHead(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      string
		inspect int
		want    string
	}{
		// 13 bytes are read: "alpha beta ga"; "ga" may be half a word, so
		// it goes too, and the marker counts " gamma delta".
		{"words", "alpha beta gamma delta", 13, "alpha beta…[truncated 12 bytes]"},
		{"half a token", "ok ghp_abcdefghijklmnopqrstuvwxyz", 15, "ok…[truncated 31 bytes]"},
		{"one long token", strings.Repeat("z", 100), 50, "…[truncated 100 bytes]"},
		// Byte 7 is inside the first "€", so 6 are read; the last word goes
		// even though a space ended it, since a space can belong to an
		// escape sequence.
		{"never cuts a rune", "ab cd €€€€", 7, "ab…[truncated 15 bytes]"},
		{"short enough", "alpha beta", 10, "alpha beta"},
	} {
		if got := sanitizeLine(tc.in, 64, tc.inspect); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
	// The public entry point reads 64 KiB for small caps: 13107 words and a
	// "w", which is left out as a possible half word.
	got := SanitizeLine(strings.Repeat("word ", 20000), 100)
	if want := strings.Repeat("word ", 14) + "wor…[truncated 99927 bytes]"; got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
