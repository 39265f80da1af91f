package workflows

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPathsAsWritten checks that the paths readback shows keep the
// workflow's path as the user wrote it: no cleaning, no "./" added.
func TestPathsAsWritten(t *testing.T) {
	for _, tt := range []struct{ path, dir, dirOrDot string }{
		{"WORKFLOW.md", "", "."},
		{"./WORKFLOW.md", ".", "."},
		{"a/b/../w.md", "a/b/..", "a/b/.."},
		{"/w.md", "/", "/"},
		{"/x/y/w.md", "/x/y", "/x/y"},
	} {
		if got := dirAsWritten(tt.path); got != tt.dir {
			t.Errorf("dirAsWritten(%q) = %q, want %q", tt.path, got, tt.dir)
		}
		if got := dirAsWrittenOrDot(tt.path); got != tt.dirOrDot {
			t.Errorf("dirAsWrittenOrDot(%q) = %q, want %q", tt.path, got, tt.dirOrDot)
		}
	}
	for _, tt := range []struct{ dir, rel, want string }{
		{"", "a.md", "a.md"},
		{"a/b", "../c.md", "a/b/../c.md"},
		{"a/b/", "c.md", "a/b/c.md"},
		{"/", "c.md", "/c.md"},
		{"a", "/abs/c.md", "/abs/c.md"},
	} {
		if got := joinAsWritten(tt.dir, tt.rel); got != tt.want {
			t.Errorf("joinAsWritten(%q, %q) = %q, want %q", tt.dir, tt.rel, got, tt.want)
		}
	}
}

// TestWorkspaceRootCanonical: a symphony workflow reached through a
// symbolic link to its directory resolves a relative workspace.root
// against the canonical directory, as every path of the workflow is.
func TestWorkspaceRootCanonical(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(dir, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(dir, "link")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	text := "---\ntracker:\n  kind: memory\nworkspace:\n  root: ws\n---\nWork on {{ issue.identifier }}.\n"
	if err := os.WriteFile(filepath.Join(real, "WORKFLOW.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r, diags := Validate(context.Background(), filepath.Join(dir, "link", "WORKFLOW.md"), Options{Root: dir, Getenv: func(string) string { return "" }})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := "workspace_root=" + filepath.Join(real, "ws")
	for _, l := range r.Readback {
		if strings.HasPrefix(l.String(), "workspace_root=") {
			if l.String() != want {
				t.Errorf("%s, want %s", l, want)
			}
			return
		}
	}
	t.Errorf("no workspace_root line in %v", r.Readback)
}
