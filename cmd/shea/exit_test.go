package main

import (
	"bytes"
	"fmt"
	"strings"
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

// shea lsp exits 0 after shutdown and exit, and 1 (LSP's exit status)
// when the client sends exit without shutdown or closes the stream.
func TestExitStatusOfLSP(t *testing.T) {
	frame := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	initialize := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	shutdown := frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	exit := frame(`{"jsonrpc":"2.0","method":"exit"}`)
	for _, tt := range []struct {
		name, in string
		want     int
	}{
		{"shutdown then exit", initialize + shutdown + exit, exitClean},
		{"exit without shutdown", initialize + exit, exitFindings},
		{"stream closed", initialize, exitFindings},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if got := run([]string{"lsp"}, strings.NewReader(tt.in), &stdout, &stderr); got != tt.want {
				t.Errorf("exit status %d, want %d (stderr %q)", got, tt.want, stderr.String())
			}
		})
	}
}
