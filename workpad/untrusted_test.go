package workpad

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
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

// TestEveryValueIsClassified: Classify is the one list of how values are
// treated; a value added to a template's set without a class there fails
// here. Names shaped like free text (sections, lines, notes, summaries,
// identities) must not be Trusted.
func TestEveryValueIsClassified(t *testing.T) {
	for _, s := range Specs() {
		for _, v := range s.Values {
			c := Classify(v)
			if c == Unclassified {
				t.Errorf("%s: value %q has no class in Classify", s.ID, v)
			}
			for _, shape := range []string{"_section", "_line", "_lines", "_note", "_summary", "_identity", "findings", "_evidence"} {
				if strings.HasSuffix(v, shape) && c == Trusted {
					t.Errorf("%s: value %q looks like free text but is Trusted", s.ID, v)
				}
			}
		}
	}
}

// TestFreeTextFieldsSanitized: the section and line fields, git_identity
// and the packed findings were printed raw and unredacted.
func TestFreeTextFieldsSanitized(t *testing.T) {
	const ghp = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"
	hostile := "\x1b]0;pwned\x07x " + ghp
	for id, names := range map[string][]string{
		"agent_review_run": {"operator_action_section", "gemini_health_section", "usage_limit_section", "inconclusive_section",
			"pass_evidence_section", "findings_section", "pr_line", "artifact_line", "ledger_line"},
		"lane_session":            {"git_identity"},
		"repeated_review_failure": {"gemini_health_lines"},
		"rework_diagnostic":       {"findings", "changed_files"},
	} {
		var src strings.Builder
		for _, n := range names {
			src.WriteString("{{ " + n + " }}|")
		}
		tpl, diags := Compile(nil, id, src.String(), "t.md", diag.Pos{})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		values := SmokeValues(id)
		for _, n := range names {
			values[n] = hostile
		}
		if id == "rework_diagnostic" {
			values["findings"] = "a\x1f" + hostile + "\x1e" + hostile
		}
		out := renderOK(t, tpl, values)
		for _, leak := range []string{ghp, "\x1b", "\x07", "pwned"} {
			if strings.Contains(out, leak) {
				t.Errorf("%s: output holds %q:\n%q", id, leak, out)
			}
		}
		if id == "rework_diagnostic" && !strings.HasPrefix(out, "a\x1fx [REDACTED]\x1ex [REDACTED]|") {
			t.Errorf("packed findings: %q", out)
		}
	}
}
