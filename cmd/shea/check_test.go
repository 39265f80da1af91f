package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckRejectsNonUTF8: shea check refuses a binary file and text in
// another encoding, as validate refuses such a prompt file: a syntax_error
// at the first bad byte, exit status 1. (The files are written here: a
// txtar archive is text.)
func TestCheckRejectsNonUTF8(t *testing.T) {
	for _, tt := range []struct {
		name, data, want string
	}{
		{"latin1.md", "Caf\xe9 {{ issue.title }}\n", "latin1.md:1:4: error: the template holds a byte that is not valid UTF-8 [syntax_error]"},
		{"binary.liquid", "\x7fELF\x02\x01\x01\x00\x00\x00\x89PNG\r\n", "binary.liquid:1:11: error: the template holds a byte that is not valid UTF-8 [syntax_error]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, tt.name), []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Chdir(dir)
			var stdout, stderr bytes.Buffer
			code := run([]string{"check", tt.name}, strings.NewReader(""), &stdout, &stderr)
			if code != exitFindings {
				t.Errorf("exit status %d, want %d", code, exitFindings)
			}
			if first, _, _ := strings.Cut(stderr.String(), "\n"); first != tt.want {
				t.Errorf("stderr starts %q, want %q", first, tt.want)
			}
		})
	}
}

// TestCheckSharesOneBudget: the files of one shea check draw on one
// budget of work (--max-work; issue 38): the file that spends it fails
// with work_limit, and the files after it are named in one diagnostic.
func TestCheckSharesOneBudget(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("{{ issue.title }}", 6000)
	for name, text := range map[string]string{"a.md": big, "b.md": big, "c.md": "{{ issue.title }}"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run([]string{"check", "--profile", "symphony", "--max-work", "10000", "a.md", "b.md", "c.md"}, strings.NewReader(""), &stdout, &stderr)
	if code != exitFindings {
		t.Errorf("exit status %d, want %d", code, exitFindings)
	}
	out := stderr.String()
	if !strings.Contains(out, "b.md:1:1: error: the run spent its budget of 10000 units of work (checking, smoke inputs and renders together); checking stopped [work_limit]") ||
		!strings.Contains(out, "c.md:1:1: error: the run spent its budget of 10000 units of work (checking, smoke inputs and renders together): 1 file was not checked [work_limit]") {
		t.Errorf("stderr:\n%s", out)
	}
	// Without the flag the same files pass.
	stderr.Reset()
	if code := run([]string{"check", "--profile", "symphony", "a.md", "b.md", "c.md"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Errorf("exit status %d without --max-work:\n%s", code, stderr.String())
	}
}
