package workflows

import "testing"

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
