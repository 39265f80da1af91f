package workpad

import (
	"slices"
	"strings"
	"testing"
)

// Fake secrets are built from pieces so that no literal in this file looks
// like a credential to a scanner.
func fake(prefix string, n int) string {
	return prefix + strings.Repeat("Ab3", n/3+1)[:n]
}

// redactionSamples holds, for every redaction rule by name, texts that only
// that rule redacts (each is checked to be left alone when its rule is
// removed) and near misses that no rule may touch. A rule added to
// redactions without samples here fails TestEveryRedactionRuleIsNeeded.
var redactionSamples = map[string]struct{ hits, misses []string }{
	"private key block": {
		hits:   []string{"-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----", "-----BEGIN OPENSSH PRIVATE KEY-----\ncut off"},
		misses: []string{"-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----", "BEGIN PRIVATE KEY"},
	},
	"authorization header": {
		hits:   []string{"Authorization: Basic dXNlcjpwYXNz", "Proxy-Authorization: Digest abcdef", "AUTHORIZATION=tok123"},
		misses: []string{"authorization is required", "the authorization flow"},
	},
	"bearer token": {
		hits:   []string{"curl -H 'X: Bearer " + fake("", 20) + "'", "bearer " + fake("", 12)},
		misses: []string{"bearer short1", "a bearer of news"},
	},
	"password in a URL": {
		hits:   []string{"https://user:hunter2@example.com/x", "git clone https://x-access-token:abc@github.com/o/r"},
		misses: []string{"https://example.com:8443/x", "mailto:someone@example.com"},
	},
	"github token": {
		hits:   []string{fake("ghp_", 20), fake("ghs_", 16), fake("github_pat_", 22)},
		misses: []string{"ghp_short", "set GH_TOKEN to a ghp_ token", fake("ghx_", 20)},
	},
	"gitlab token": {
		hits:   []string{fake("glpat-", 20)},
		misses: []string{"glpat-short", fake("glpat_", 20)},
	},
	"api key with sk- prefix": {
		hits:   []string{fake("sk-", 20), fake("sk-proj-", 24)},
		misses: []string{"sk-short", fake("xsk-", 20)},
	},
	"stripe key": {
		hits:   []string{fake("sk_live_", 20), fake("rk_test_", 16), fake("sk_test_", 24)},
		misses: []string{fake("sk_demo_", 20), "sk_live_short"},
	},
	"slack token": {
		hits:   []string{fake("xoxb-", 12), fake("xoxp-", 20), fake("xapp-", 12)},
		misses: []string{"xoxb-short", fake("xoxz-", 12), "xapp-1"},
	},
	"aws access key id": {
		hits:   []string{"AKIA" + strings.Repeat("ABCD2345", 2), "ASIA" + strings.Repeat("WXYZ6789", 2)},
		misses: []string{"AKIA" + "ABCD2345", "AKIA" + strings.Repeat("abcd2345", 2)},
	},
	"google api key": {
		hits:   []string{fake("AIza", 35)},
		misses: []string{fake("AIza", 20), fake("AIzb", 35)},
	},
	"npm token": {
		hits:   []string{fake("npm_", 36)},
		misses: []string{fake("npm_", 20), "npm_config_cache"},
	},
	"secret assignment": {
		hits:   []string{"password=hunter2", "PASSWORD=hunter2", `"api_key": "k123"`, "client_secret: s3cr3t", "aws_secret_access_key = abc/def", "refresh-token=r1"},
		misses: []string{"password reset link", "the api key is rotated", "passwords:none"},
	},
}

func TestEveryRedactionRuleIsNeeded(t *testing.T) {
	rules := redactions()
	for i, r := range rules {
		samples, ok := redactionSamples[r.name]
		if !ok {
			t.Errorf("redaction %q has no samples in redactionSamples", r.name)
			continue
		}
		without := slices.Delete(slices.Clone(rules), i, i+1)
		for _, s := range samples.hits {
			got := Redact(s)
			if !strings.Contains(got, Redacted) {
				t.Errorf("%s: Redact(%q) = %q, want it redacted", r.name, s, got)
			}
			if strings.Contains(redactWith(without, s), Redacted) {
				t.Errorf("%s: %q is redacted without this rule too: pick a sample only it catches", r.name, s)
			}
		}
		for _, s := range samples.misses {
			if got := Redact(s); got != s {
				t.Errorf("%s: near miss %q was changed to %q", r.name, s, got)
			}
		}
	}
	if len(redactionSamples) != len(rules) {
		t.Errorf("%d sample sets for %d rules: a sample set names no rule", len(redactionSamples), len(rules))
	}
}
