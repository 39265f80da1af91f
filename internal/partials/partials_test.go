package partials

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestDirConfinesReads(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.md"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "footer.md"), []byte("bye"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(dir, "link.md")); err != nil {
		t.Fatal(err)
	}
	d := NewDir(dir)
	src, name, err := d.Partial("footer")
	if err != nil || src != "bye" || name != filepath.Join(dir, "footer.md") {
		t.Fatalf("footer: %q %q %v", src, name, err)
	}
	for _, bad := range []string{"../" + filepath.Base(outside) + "/secret", "/etc/passwd", "link", `..\x`} {
		if _, _, err := d.Partial(bad); err == nil {
			t.Errorf("%q: read outside the directory", bad)
		}
	}
	if _, _, err := d.Partial("nope"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing partial: %v, want fs.ErrNotExist", err)
	}
}

// A name with dots that are not an extension is tried with ".liquid" too.
func TestDottedName(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "snippet.with.dots.liquid"), []byte("dots"), 0o644); err != nil {
		t.Fatal(err)
	}
	src, _, err := NewDir(dir).Partial("snippet.with.dots")
	if err != nil || src != "dots" {
		t.Errorf("got %q, %v", src, err)
	}
}
