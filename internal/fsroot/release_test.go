package fsroot

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRelease pins what Release promises a long-lived reader (the LSP, a
// watch loop): it closes the handles kept between reads (the root's and
// its subdirectories': none stays open), a read after it opens them again
// and sees the tree as it is now (a directory replaced since the last
// read included), and calling it before any read or twice is harmless.
func TestRelease(t *testing.T) {
	dir := tree(t, map[string]string{"repo/a/x.md": "old", "repo/b/y.md": "y"})
	r, err := New(filepath.Join(dir, "repo"))
	if err != nil {
		t.Fatal(err)
	}
	r.Release() // before any read
	read := func(rel string) string {
		t.Helper()
		b, err := r.ReadFile(filepath.Join(r.Dir(), filepath.FromSlash(rel)), 100)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		return string(b)
	}
	before := openFiles(t)
	if read("a/x.md") != "old" || read("b/y.md") != "y" {
		t.Fatal("the first reads are wrong")
	}
	if n := openFiles(t); before >= 0 && n <= before {
		t.Errorf("%d open files after reads through two directories, %d before: the handles are not kept", n, before)
	}
	r.Release()
	if n := openFiles(t); n != before {
		t.Errorf("%d open files after Release, want %d as before the reads", n, before)
	}
	r.Release() // twice

	// Replace the directory a: the handle of the old one is gone.
	if err := os.Rename(filepath.Join(r.Dir(), "a"), filepath.Join(dir, "a.old")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(r.Dir(), "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(r.Dir(), "a", "x.md"), []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := read("a/x.md"); got != "new" {
		t.Errorf("after Release and a replaced directory: %q, want the new file's \"new\"", got)
	}
	r.Release()
}

// openFiles counts the process's open file descriptors (Linux's
// /proc/self/fd), or returns -1 where it cannot.
func openFiles(t *testing.T) int {
	t.Helper()
	es, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(es)
}
