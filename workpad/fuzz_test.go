package workpad

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// plantable are the secret shapes the fuzzer plants in untrusted text, each
// built around a body of at least 24 alphanumeric bytes.
var plantable = []func(body string) string{
	func(b string) string { return "ghp_" + b },
	func(b string) string { return "gho_" + b },
	func(b string) string { return "ghs_" + b },
	func(b string) string { return "ghu_" + b },
	func(b string) string { return "github_pat_" + b },
	func(b string) string { return "sk-" + b },
	func(b string) string { return "sk-ant-api03-" + b },
	func(b string) string { return "xoxb-" + b },
	func(b string) string { return "xoxp-" + b },
	func(b string) string { return "glpat-" + b },
	func(b string) string { return "AKIA" + strings.ToUpper(b[:16]) },
	func(b string) string { return "Authorization: Bearer " + b },
	func(b string) string { return "authorization: token " + b },
	func(b string) string { return "Authorization: Basic " + b },
	func(b string) string { return "Bearer " + b },
	func(b string) string {
		return "-----BEGIN RSA PRIVATE KEY-----\n" + b + "\n-----END RSA PRIVATE KEY-----"
	},
	func(b string) string { return "-----BEGIN OPENSSH PRIVATE KEY-----\r\n" + b }, // cut off
	func(b string) string { return "https://user:" + b + "@example.com/repo.git" },
	func(b string) string { return "password=" + b },
	func(b string) string { return `"api_key": "` + b + `"` },
}

const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// secretBody maps arbitrary bytes onto an alphanumeric body of 24 to 64
// bytes.
func secretBody(seed []byte) string {
	var b strings.Builder
	for i := 0; b.Len() < 24 || (i < len(seed) && b.Len() < 64); i++ {
		c := byte(i * 7)
		if i < len(seed) {
			c = seed[i]
		}
		b.WriteByte(alnum[int(c)%len(alnum)])
	}
	return b.String()
}

func alnumOnly(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(alnum, s[i]) >= 0 {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// FuzzSanitizeLine plants a secret in arbitrary text and checks what
// SanitizeLine promises: one line, within the cap, valid UTF-8, free of
// control characters and escape sequences, and free of the secret.
func FuzzSanitizeLine(f *testing.F) {
	f.Add("plain text", uint8(0), []byte("seed"), uint16(0), uint16(0))
	f.Add("error:\x1b[31m failed\x1b[0m\r\n\tat line 3", uint8(11), []byte{1, 2, 3}, uint16(7), uint16(80))
	f.Add("\x1b]0;title\x07after \u202ebidi\u202c", uint8(15), []byte("k"), uint16(3), uint16(64))
	f.Add("a\x00b\x1b", uint8(5), []byte("zz"), uint16(4), uint16(1))
	f.Add(strings.Repeat("€ ", 100), uint8(17), []byte("pw"), uint16(99), uint16(70))
	f.Add("Authorization:\u00a0", uint8(14), []byte("x"), uint16(15), uint16(0))
	f.Add("\xff\xfe bad utf-8 \xc2", uint8(2), []byte(nil), uint16(5), uint16(200))
	f.Fuzz(func(t *testing.T, text string, kind uint8, seed []byte, pos, capBytes uint16) {
		body := secretBody(seed)
		secret := plantable[int(kind)%len(plantable)](body)
		at := int(pos) % (len(text) + 1)
		in := text[:at] + " " + secret + " " + text[at:]

		limit := int(capBytes)
		if limit <= 0 {
			limit = DefaultMaxBytes
		}
		limit = max(limit, MinMaxBytes)
		// The public entry point, and the same with a small read limit, so
		// that cutting the input is fuzzed too.
		checkSanitized(t, text, secret, body, limit, SanitizeLine(in, int(capBytes)))
		checkSanitized(t, text, secret, body, limit, sanitizeLine(in, limit, 1+int(pos)%(len(in)+8)))
	})
}

func checkSanitized(t *testing.T, text, secret, body string, limit int, out string) {
	t.Helper()
	if len(out) > limit {
		t.Errorf("%d bytes, cap %d", len(out), limit)
	}
	if !utf8.ValidString(out) {
		t.Errorf("invalid UTF-8: %q", out)
	}
	if strings.HasPrefix(out, " ") || strings.HasSuffix(out, " ") || strings.Contains(out, "  ") {
		t.Errorf("white space not collapsed: %q", out)
	}
	for _, r := range out {
		if unicode.IsControl(r) || invisible(r) || (unicode.IsSpace(r) && r != ' ') {
			t.Fatalf("%U in output %q", r, out)
		}
	}
	if strings.Contains(out, secret) {
		t.Fatalf("secret %q survives in %q", secret, out)
	}
	// No 12 bytes of the body reach the output, unless the text itself
	// spells them out: the output's alphanumeric runs come from the text,
	// the secret, or the markers, which are too short.
	check := body[:12]
	if strings.HasPrefix(secret, "AKIA") {
		check = secret[4:16]
	}
	if !strings.Contains(alnumOnly(text), check) && strings.Contains(out, check) {
		t.Fatalf("secret body %q survives in %q", check, out)
	}
}

// FuzzSanitizeText plants a secret in arbitrary text and checks what
// SanitizeText promises: valid UTF-8, no control character but line breaks
// and tabs, no escape sequence, and no secret.
func FuzzSanitizeText(f *testing.F) {
	f.Add("plain text", uint8(0), []byte("seed"), uint16(0))
	f.Add("error:\x1b[31m failed\x1b[0m\r\n\tat line 3", uint8(11), []byte{1, 2, 3}, uint16(7))
	f.Add("\x1b]0;title\x07after \u202ebidi\u202c", uint8(15), []byte("k"), uint16(3))
	f.Add("a\x00b\x1b", uint8(5), []byte("zz"), uint16(4))
	f.Add("\xff\xfe bad utf-8 \xc2", uint8(2), []byte(nil), uint16(5))
	f.Fuzz(func(t *testing.T, text string, kind uint8, seed []byte, pos uint16) {
		body := secretBody(seed)
		secret := plantable[int(kind)%len(plantable)](body)
		at := int(pos) % (len(text) + 1)
		out := SanitizeText(text[:at] + " " + secret + " " + text[at:])
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8: %q", out)
		}
		for _, r := range out {
			if (unicode.IsControl(r) && r != '\n' && r != '\t') || invisible(r) {
				t.Fatalf("%U in output %q", r, out)
			}
		}
		if strings.Contains(out, secret) {
			t.Fatalf("secret %q survives in %q", secret, out)
		}
	})
}
