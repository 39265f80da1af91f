package osteele

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunnerVersion(t *testing.T) {
	tests := []struct {
		name, gomod, version, replaced string
		line                           int
	}{
		{"require", "module m\n\ngo 1.25\n\nrequire github.com/osteele/liquid v1.8.1\n", "v1.8.1", "", 5},
		{"block", "module m\n\nrequire (\n\tgithub.com/google/go-cmp v0.7.0\n\tgithub.com/osteele/liquid v1.7.0 // indirect\n)\n", "v1.7.0", "", 5},
		{"replace version", "module m\nrequire github.com/osteele/liquid v1.8.1\nreplace github.com/osteele/liquid => github.com/osteele/liquid v1.9.2\n", "v1.9.2", "", 3},
		{"replace dir", "module m\nrequire github.com/osteele/liquid v1.8.1\nreplace github.com/osteele/liquid => ../liquid\n", "v1.8.1", "../liquid", 3},
		{"none", "module m\nrequire github.com/google/go-cmp v0.7.0\n", "", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			sub := filepath.Join(root, "a", "b")
			if err := os.MkdirAll(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte(tt.gomod), 0o644); err != nil {
				t.Fatal(err)
			}
			req, err := RunnerVersion(sub) // found upward, as go finds it
			if err != nil {
				t.Fatal(err)
			}
			if req.GoMod != filepath.Join(root, "go.mod") || req.Version != tt.version || req.Replaced != tt.replaced || req.Start.Line != tt.line {
				t.Errorf("got %+v", req)
			}
		})
	}
	if req, err := RunnerVersion(t.TempDir()); err != nil || req.GoMod != "" {
		// t.TempDir lies under the system's temporary directory, which
		// has no go.mod above it on a test machine.
		t.Logf("a go.mod above the temporary directory: %+v, %v", req, err)
	}
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, "go.mod"), []byte("module m\nrequire (\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := RunnerVersion(bad); err == nil {
		t.Error("a go.mod that does not parse is no error")
	}
}

// TestDifferences: v1.8.1 (which a Symphony port pins) has the nil
// difference and lacks the render tag; v1.9.1 has only the latest; v1.9.2
// and later have none.
func TestDifferences(t *testing.T) {
	has := func(v, text string) bool {
		for _, d := range Differences(v) {
			if strings.Contains(d.Text, text) {
				return true
			}
		}
		return false
	}
	if !has("v1.8.1", "bound nil") || !has("v1.8.1", "{% render %}") || has("v1.8.1", "no StrictVariables") {
		t.Errorf("v1.8.1: %v", Differences("v1.8.1"))
	}
	if !has("v1.7.0", "bound nil") || has("v1.7.0", "divided_by") || !has("v1.8.0", "divided_by") || has("v1.8.1", "divided_by") {
		t.Errorf("v1.7.0: %v", Differences("v1.7.0"))
	}
	if len(Differences("v1.9.1")) != 0 || len(Differences(Version)) != 0 || len(Differences("v1.10.0")) != 0 || Differences("latest") != nil {
		t.Errorf("v1.9.1: %v", Differences("v1.9.1"))
	}
}
