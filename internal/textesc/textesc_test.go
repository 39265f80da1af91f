package textesc

import "testing"

func TestControls(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"linear", "linear"},
		{`C:\work\ws`, `C:\work\ws`},
		{"linear\nstatus=valid", `linear\nstatus=valid`},
		{"a\r\tb", `a\r\tb`},
		{"\x1b]0;title\x07red\x1b[31m", `\x1b]0;title\ared\x1b[31m`},
		{"nel\u0085csi\u009b", `nel\u0085csi\u009b`},
		{"del\x7f", `del\x7f`},
		{"bad\xffbyte", `bad\xffbyte`},
		{"é ✓ 日本", "é ✓ 日本"},
		{"", ""},
	} {
		if got := Controls(tt.in); got != tt.want {
			t.Errorf("Controls(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
