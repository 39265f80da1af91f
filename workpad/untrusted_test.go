package workpad

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/strict/diag"
)

// TestUntrustedNamesAreDeclared keeps Untrusted in step with the registry:
// every name it lists is a value some template declares.
func TestUntrustedNamesAreDeclared(t *testing.T) {
	declared := map[string]bool{}
	for _, s := range Specs() {
		for _, v := range s.Values {
			declared[v] = true
		}
	}
	var n int
	for v := range declared {
		if Untrusted(v) {
			n++
		}
	}
	for _, name := range []string{"error", "reason", "summary", "evidence_summary", "stderr", "stdout", "stderr_section", "message", "issue_title"} {
		if !Untrusted(name) || !declared[name] {
			t.Errorf("%s: untrusted %v, declared %v", name, Untrusted(name), declared[name])
		}
	}
	for _, name := range []string{"findings", "changed_files", "record_separator", "field_separator", "issue_ref", "run_id", "generated_at"} {
		if Untrusted(name) {
			t.Errorf("%s must not be sanitized", name)
		}
	}
	if n < 30 {
		t.Errorf("only %d declared values are untrusted", n)
	}
}

// TestRenderSanitizesUntrustedValues renders evidence whose free-text
// values carry tokens and terminal escapes: the output holds neither, on
// the library's Render and Write alike, while packed values keep their
// separators.
func TestRenderSanitizesUntrustedValues(t *testing.T) {
	const ghp = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"
	values := map[string]string{
		"issue_ref":   "#7",
		"issue_title": "Fix \x1b]0;pwned\x07login",
		"error": "push failed: https://bot:" + "s3cr3tpassw0rd@github.com/o/r.git\n" +
			"token " + ghp + "\nAWS AKIA" + "ABCDEFGHIJKLMNOP\n" +
			"Authorization: Bearer abcdefghijklmnopqrstuv\n\x1b[31mred\x1b[0m\n" +
			"-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----",
	}
	tpl, diags := Compile(nil, "main_handoff_failure", "{{ issue_ref }} {{ issue_title }}\n{{ error }}", "t.md", diag.Pos{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out := renderOK(t, tpl, values)
	for _, leak := range []string{ghp, "s3cr3tpassw0rd", "AKIAABCDEFGHIJKLMNOP", "abcdefghijklmnopqrstuv", "MIIEow", "\x1b", "\x07", "pwned"} {
		if strings.Contains(out, leak) {
			t.Errorf("output holds %q:\n%s", leak, out)
		}
	}
	for _, keep := range []string{"#7 Fix login", "push failed: https://bot:[REDACTED]@github.com/o/r.git", "token [REDACTED]", "red\n", "Authorization: [REDACTED]"} {
		if !strings.Contains(out, keep) {
			t.Errorf("output lacks %q:\n%s", keep, out)
		}
	}
	path := filepath.Join(t.TempDir(), "failure.md")
	if err := Write(t.Context(), path, tpl, values); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != out {
		t.Errorf("Write wrote\n%s\nRender gave\n%s", b, out)
	}

	// Packed values keep their separators.
	rtpl, diags := Compile(nil, "rework_diagnostic", "{% assign rows = findings | split: record_separator %}{% for r in rows %}{{ r | split: field_separator | join: '|' }};{% endfor %}", "r.md", diag.Pos{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	rv := SmokeValues("rework_diagnostic")
	rv["findings"] = "a\x1fb\x1ec\x1fd"
	if got := renderOK(t, rtpl, rv); got != "a|b;c|d;" {
		t.Errorf("packed findings rendered %q", got)
	}
}
