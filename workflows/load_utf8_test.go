package workflows

import (
	"path/filepath"
	"testing"

	"github.com/sheaproject/shea/codes"
)

// TestLoadInvalidUTF8 checks that a byte that is not valid UTF-8 is
// reported at its own position, whether it is the first byte of the file
// or a later one, as a range of that one byte.
func TestLoadInvalidUTF8(t *testing.T) {
	tests := []struct {
		name, text, at, end string
	}{
		{"the first byte", "\xffbody\n", "1:1", "1:2"},
		{"a later byte", "body\nok \xfe\n", "2:4", "2:5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "WORKFLOW.md")
			writeFile(t, path, tt.text)
			_, diags := Load(path, Options{Root: dir, Getenv: func(string) string { return "" }})
			var found []string
			for _, d := range diags {
				if d.Code == codes.WorkflowParseError {
					found = append(found, d.Subject.Start.String()+"-"+d.Subject.End.String())
				}
			}
			if len(found) != 1 || found[0] != tt.at+"-"+tt.end {
				t.Errorf("workflow_parse_error at %v, want one at %s; all: %v", found, tt.at, diags)
			}
		})
	}
}
