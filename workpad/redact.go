package workpad

import (
	"regexp"
	"sync"
)

// Redacted replaces each secret Redact finds.
const Redacted = "[REDACTED]"

// redaction is one kind of secret: a pattern and what replaces a match
// (Redacted, after any part of the match worth keeping, such as a header
// name).
type redaction struct {
	name string
	re   *regexp.Regexp
	repl string
}

// redactions returns the secrets Redact recognises, most specific first,
// compiled on first use (a run of shea that redacts nothing does not pay
// for compiling them). The token patterns need a minimum length after their
// prefix, so that prose mentioning a prefix ("set GH_TOKEN to a ghp_
// token") is left alone.
var redactions = sync.OnceValue(func() []redaction {
	return []redaction{
		{"private key block",
			regexp.MustCompile(`-----BEGIN[A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(?:-----END[A-Z0-9 ]*PRIVATE KEY-----|\z)`),
			Redacted},
		{"authorization header",
			regexp.MustCompile(`(?i)(\b(?:proxy-)?authorization\b["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token|digest|negotiate|bot)\s+)?[^\s"',;]+`),
			"${1}" + Redacted},
		{"bearer token",
			regexp.MustCompile(`(?i)(\bbearer\s+)[A-Za-z0-9\-._~+/]{12,}=*`),
			"${1}" + Redacted},
		{"password in a URL",
			regexp.MustCompile(`(\b[A-Za-z][A-Za-z0-9+.\-]*://[^\s/:@]+:)[^\s/@]+@`),
			"${1}" + Redacted + "@"},
		{"github token",
			regexp.MustCompile(`gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,}`),
			Redacted},
		{"gitlab token", regexp.MustCompile(`glpat-[A-Za-z0-9_\-]{16,}`), Redacted},
		{"api key with sk- prefix", regexp.MustCompile(`\bsk-[A-Za-z0-9_\-]{16,}`), Redacted},
		{"stripe key", regexp.MustCompile(`\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}`), Redacted},
		{"slack token", regexp.MustCompile(`xox[abeoprs]-[A-Za-z0-9\-]{10,}|xapp-[A-Za-z0-9\-]{10,}`), Redacted},
		{"aws access key id",
			regexp.MustCompile(`(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA|ASCA)[A-Z0-9]{16}`),
			Redacted},
		{"google api key", regexp.MustCompile(`AIza[A-Za-z0-9_\-]{35}`), Redacted},
		{"npm token", regexp.MustCompile(`npm_[A-Za-z0-9]{36}`), Redacted},
		{"secret assignment",
			regexp.MustCompile(`(?i)(\b(?:aws_secret_access_key|aws_session_token|password|passwd|client_secret|secret_key|api[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token)\b["']?\s*(?:=|:\s|:["'])\s*["']?)[^\s"',;]+`),
			"${1}" + Redacted},
	}
})

// Redact replaces obvious secrets in s with Redacted:
//
//   - PEM private key blocks (-----BEGIN … PRIVATE KEY----- to the matching
//     END line, or to the end of the text when the block is cut off);
//   - Authorization and Proxy-Authorization header values, with their
//     scheme (Bearer, Basic, token, …), and Bearer tokens anywhere;
//   - passwords in URLs (https://user:secret@host);
//   - tokens with well-known prefixes: GitHub (ghp_, gho_, ghu_, ghs_, ghr_,
//     github_pat_), GitLab (glpat-), OpenAI and Anthropic style keys (sk-),
//     Stripe (sk_live_, rk_test_, …), Slack (xoxb-, xoxp-, xoxa-, …, xapp-),
//     Google API keys (AIza…), npm (npm_);
//   - AWS access key ids (AKIA…, ASIA…, and the other four-letter prefixes);
//   - values assigned to obviously secret names (password=, "api_key": ,
//     aws_secret_access_key = …, access_token=, …); a name and a colon
//     with no space or quote after it ("x-access-token:abc@host") is read
//     as the user and password of a URL instead, which keeps the host.
//
// Names that introduce a value (the header, the user in a URL, the
// variable) are kept so the reader sees what was removed. Redact is a
// safety net, not a guarantee: it knows shapes, not every secret.
func Redact(s string) string { return redactWith(redactions(), s) }

// redactWith applies rules to s in order.
func redactWith(rules []redaction, s string) string {
	for _, r := range rules {
		s = r.re.ReplaceAllString(s, r.repl)
	}
	return s
}
