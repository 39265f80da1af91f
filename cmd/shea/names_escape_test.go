package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileNamesEscaped: a committed file name that sets the terminal's
// title, clears the screen and forges a line of shea's own is printed
// escaped in the notes of validate --changed and check --standalone and in
// a top-level error (each printed it raw). The files are written here: a
// txtar archive cannot name them.
func TestFileNamesEscaped(t *testing.T) {
	const name = "a\x1b]0;owned\x07\x1b[2J\u009b\r\nshea: forged.liquid"
	const escaped = `a\x1b]0;owned\a\x1b[2J\u009b\r\nshea: forged.liquid`
	dir := t.TempDir()
	for p, data := range map[string]string{
		".git/HEAD":   "ref: refs/heads/main\n",
		"WORKFLOW.md": "---\ntracker:\n  kind: memory\n---\n{{ issue.title }}\n",
		name:          "{{ issue.title }}\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"validate", "--changed", name}, "shea: no workflow names " + escaped + ", which they may include"},
		{[]string{"check", "--standalone", name}, "shea: " + escaped + " belongs to WORKFLOW.md"},
		{[]string{"render", "--template", name, "--context", "missing" + name}, "shea: cannot read context: open missing" + escaped + ": "},
	} {
		t.Run(tt.args[0], func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			run(tt.args, strings.NewReader(""), &stdout, &stderr)
			out := stderr.String()
			if strings.ContainsAny(out, "\x1b\x07\r\u009b") || strings.Contains(out, "\nshea: forged") {
				t.Errorf("the name reached stderr raw:\n%q", out)
			}
			if !strings.Contains(out, tt.want) {
				t.Errorf("stderr lacks %q:\n%q", tt.want, out)
			}
		})
	}
}
