package workpad

import "testing"

func TestRedact(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"github classic", "token ghp_0123456789abcdefghijABCDEFGHIJ0123 ok", "token [REDACTED] ok"},
		{"github app and oauth", "gho_abcdefghijklmnopqrstuv ghs_abcdefghijklmnopqrstuv ghu_abcdefghijklmnopqrstuv", "[REDACTED] [REDACTED] [REDACTED]"},
		{"github fine-grained", "github_pat_11ABCDEFG0123456789_abcdefghijklmnop", "[REDACTED]"},
		{"prefix glued to a word", "x=foo_ghp_abcdefghijklmnopqrstuvwx", "x=foo_[REDACTED]"},
		{"openai project key", "key sk-proj-AbCdEf0123456789xyz end", "key [REDACTED] end"},
		{"anthropic key", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz", "[REDACTED]"},
		{"stripe", "sk_live_abcdefghijklmnop1234", "[REDACTED]"},
		{"slack bot and user", "xoxb-1234567890-abcdefghij and xoxp-1234567890-abcdefghij", "[REDACTED] and [REDACTED]"},
		{"gitlab", "glpat-abcdefghij0123456789", "[REDACTED]"},
		{"aws key id", "id AKIAIOSFODNN7EXAMPLE used", "id [REDACTED] used"},
		{"aws secret", `aws_secret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"`, `aws_secret_access_key = "[REDACTED]"`},
		{"authorization bearer", "Authorization: Bearer abc.def.ghi", "Authorization: [REDACTED]"},
		{"authorization in curl", "curl -H 'Authorization: Basic dXNlcjpwYXNz' https://x", "curl -H 'Authorization: [REDACTED]' https://x"},
		{"authorization token scheme", "authorization: token ghs_abcdefghijklmnopqrstuv", "authorization: [REDACTED]"},
		{"proxy authorization", "Proxy-Authorization: Basic Zm9vOmJhcg==", "Proxy-Authorization: [REDACTED]"},
		{"bearer anywhere", "got Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig back", "got Bearer [REDACTED] back"},
		{"password in a url", "https://x-access-token:s3cr3tvalue@github.com/o/r.git", "https://x-access-token:[REDACTED]@github.com/o/r.git"},
		{"private key block", "before\n-----BEGIN RSA PRIVATE KEY-----\nMIIabc\n-----END RSA PRIVATE KEY-----\nafter", "before\n[REDACTED]\nafter"},
		{"private key cut off", "x -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\nmore", "x [REDACTED]"},
		{"password assignment", "password=hunter2 user=bob", "password=[REDACTED] user=bob"},
		{"api key assignment", `"api_key": "abc123"`, `"api_key": "[REDACTED]"`},
		{"compact json", `{"access_token":"abc123"}`, `{"access_token":"[REDACTED]"}`},
		{"yaml", "client_secret: abc123", "client_secret: [REDACTED]"},
		// Prose is left alone.
		{"prefix alone", "paste a ghp_ token, not an sk- key", "paste a ghp_ token, not an sk- key"},
		{"sk inside a word", "risk-assessment-of-the-whole-thing", "risk-assessment-of-the-whole-thing"},
		{"bearer in prose", "the bearer of bad news", "the bearer of bad news"},
		{"public key", "-----BEGIN PUBLIC KEY-----\nMIIB", "-----BEGIN PUBLIC KEY-----\nMIIB"},
		{"password prompt", "Invalid username or password.", "Invalid username or password."},
	} {
		got := Redact(tc.in)
		if got != tc.want {
			t.Errorf("%s: Redact(%q) =\n%q\nwant\n%q", tc.name, tc.in, got, tc.want)
		}
		if again := Redact(got); again != got {
			t.Errorf("%s: Redact is not idempotent: %q then %q", tc.name, got, again)
		}
	}
}
