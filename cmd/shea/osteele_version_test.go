package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestOsteeleVersionFlag: --osteele-version v1.8.1 proves with the
// runner's own osteele/liquid, where a null field the template reads is
// an undefined variable (the difference behind a Symphony port's failed
// renders); v1.9.2, built in, renders it empty and only warns that the
// runner's go.mod pins another version.
func TestOsteeleVersionFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":      "module example.com/runner\n\ngo 1.25\n\nrequire github.com/osteele/liquid v1.8.1\n",
		"WORKFLOW.md": "---\ntracker:\n  kind: linear\nshea:\n  engine: osteele\n---\nWork on {{ issue.title }}.\n{{ issue.description }}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "WORKFLOW.md")
	var stdout, stderr bytes.Buffer
	code := run([]string{"validate", "--osteele-version", "v1.8.1", path}, strings.NewReader(""), &stdout, &stderr)
	if code == 2 && strings.Contains(stderr.String(), "offline") {
		t.Skipf("osteele/liquid v1.8.1 or its dependencies are not in the module cache: %s", stderr.String())
	}
	if code != 1 || !strings.Contains(stdout.String(), "prompt_engine=osteele/liquid version=v1.8.1 runner_version=v1.8.1 go_mod=") ||
		!strings.Contains(stderr.String(), "WORKFLOW.md:8:1: error: osteele/liquid v1.8.1 fails to render the template: undefined variable [osteele_render_error]") ||
		strings.Contains(stderr.String(), "osteele_version_differs") {
		t.Errorf("v1.8.1: exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	code = run([]string{"validate", path}, strings.NewReader(""), &stdout, &stderr)
	if code != 0 || !strings.Contains(stdout.String(), "prompt_engine=osteele/liquid version=v1.9.2 runner_version=v1.8.1") ||
		!strings.Contains(stderr.String(), "[osteele_version_differs]") || strings.Contains(stderr.String(), ": error: ") {
		t.Errorf("v1.9.2: exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
}
