//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFIFOsDoNotHang names a FIFO with no writer where the command reads a
// file: as a check argument, as --template, as a partial, as a lane prompt
// and as the workflow. Each command must finish at once, refusing it.
func TestFIFOsDoNotHang(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".git/HEAD", "ref: refs/heads/main\n")
	write("ctx.json", `{"issue": {"id": "1", "identifier": "A-1", "title": "T", "state": "Todo", "labels": []}}`)
	write("with-partial.md", "{% render 'pipe' %}\n")
	write("lanes.md", "---\ntracker:\n  kind: memory\nprompts:\n  main_agent: pipe.md\n  review_agent: pipe.md\n  merge_agent: pipe.md\n---\nLanes.\n")
	for _, name := range []string{"pipe.md", "WORKFLOW.md"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Skipf("cannot make a FIFO: %v", err)
		}
	}
	t.Chdir(dir)
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"check", "pipe.md"}, exitFailure, "[not_a_regular_file]"},
		{[]string{"render", "--template", "pipe.md", "--context", "ctx.json"}, exitFailure, "[not_a_regular_file]"},
		{[]string{"check", "with-partial.md"}, exitFindings, "is not a regular file"},
		{[]string{"validate", "lanes.md"}, exitFindings, "[not_a_regular_file]"},
		{[]string{"validate", "WORKFLOW.md"}, exitFailure, "is not a regular file"},
	} {
		var stdout, stderr bytes.Buffer
		done := make(chan int, 1)
		go func() { done <- run(tt.args, strings.NewReader(""), &stdout, &stderr) }()
		select {
		case code := <-done:
			if code != tt.code || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("shea %s: exit %d, want %d; stderr:\n%s", strings.Join(tt.args, " "), code, tt.code, stderr.String())
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("shea %s hangs on a FIFO", strings.Join(tt.args, " "))
		}
	}
}
