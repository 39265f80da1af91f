package fsroot

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestResolveMissing pins what Resolve returns for a path that does not
// exist: the canonical path it would have (every missing component kept,
// in order, under the links of its existing prefix resolved), so that a
// diagnostic names the file the user meant, and an error wrapping
// fs.ErrNotExist; a path holding a NUL byte anywhere, first byte included,
// is refused as such before the file system is asked.
func TestResolveMissing(t *testing.T) {
	dir := tree(t, map[string]string{"repo/real/": "", "repo/link": "->real"})
	r, err := New(filepath.Join(dir, "repo"))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"link/m1/m2/m3.md": "real/m1/m2/m3.md",
		"link/m1.md":       "real/m1.md",
		"real/m1/m2.md":    "real/m1/m2.md",
	} {
		got, err := r.Resolve(r.Dir(), path)
		if !errors.Is(err, fs.ErrNotExist) || r.Rel(got) != want {
			t.Errorf("Resolve(%s) = %s, %v; want %s and fs.ErrNotExist", path, r.Rel(got), err, want)
		}
	}
	for _, path := range []string{"\x00a.md", "a\x00.md"} {
		_, err := r.Resolve(r.Dir(), path)
		if !errors.Is(err, fs.ErrNotExist) || err == nil || !strings.Contains(err.Error(), "NUL byte") {
			t.Errorf("Resolve(%q): %v, want an error saying it holds a NUL byte", path, err)
		}
	}
}

// TestReadMissing: reading a file in a directory that does not exist, or
// any file once the root directory itself is gone (a repository removed
// under a long-lived reader), fails with an error wrapping fs.ErrNotExist.
func TestReadMissing(t *testing.T) {
	dir := tree(t, map[string]string{"repo/a/x.md": "x"})
	r, err := New(filepath.Join(dir, "repo"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	read := func(rel string) error {
		_, err := r.ReadFile(filepath.Join(r.Dir(), filepath.FromSlash(rel)), 100)
		return err
	}
	if err := read("nodir/x.md"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a file in a missing directory: %v, want fs.ErrNotExist", err)
	}
	if err := os.RemoveAll(r.Dir()); err != nil {
		t.Fatal(err)
	}
	r.Release() // the next read opens the root again, and cannot
	for _, rel := range []string{"a/x.md", "x.md"} {
		if err := read(rel); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s after the root was removed: %v, want fs.ErrNotExist", rel, err)
		}
	}
}
