package main

import (
	"bytes"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// A bug in shea is exit status 2 (the command could not run), even when it
// comes with findings in the input; findings alone are exit status 1.
func TestExitStatusOfInternalError(t *testing.T) {
	finding := diag.Errorf(codes.UnknownVariable, diag.Range{Filename: "t.md"}, "unknown variable \"x\"")
	bug := diag.Errorf(codes.InternalError, diag.Range{Filename: "t.md"}, "internal error: a bug in shea")
	tests := []struct {
		name string
		l    diag.List
		want int
	}{
		{"findings", diag.List{finding}, exitFindings},
		{"bug", diag.List{bug}, exitFailure},
		{"bug and findings", diag.List{finding, bug}, exitFailure},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			e := &env{stderr: &stderr, stdout: &bytes.Buffer{}, getenv: func(string) string { return "" }, shown: map[string]string{}}
			err := e.conclude(tt.l, &sources{})
			if got := e.exitStatus(err); got != tt.want {
				t.Errorf("exit status %d, want %d (stderr %q)", got, tt.want, stderr.String())
			}
		})
	}
}
