//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestWriteFileLockTimeout holds the directory's lock the way another
// process would (flock belongs to an open file description, so a second
// open of the directory competes like a second process) and checks that a
// write waits at most its bound, then fails with ErrLocked, writing
// nothing; once the lock is released, the write goes through.
func TestWriteFileLockTimeout(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.md")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	unlock, err := lockDir(dir, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	const wait = 100 * time.Millisecond
	start := time.Now()
	err = writeFile(osFileOps(wait), path, []byte("new"))
	took := time.Since(start)
	if !errors.Is(err, ErrLocked) {
		unlock()
		t.Fatalf("error %v, want ErrLocked", err)
	}
	if want := "write " + path + ": lock directory: the directory is locked by another writer: gave up after 100ms"; err.Error() != want {
		t.Errorf("error %q\nwant  %q", err, want)
	}
	if took < wait || took > wait+2*time.Second {
		t.Errorf("gave up after %v, want about %v", took, wait)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("target holds %q after a locked-out write", got)
	}
	unlock()
	if err := writeFile(osFileOps(wait), path, []byte("new")); err != nil {
		t.Fatalf("write after the lock was released: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "new" {
		t.Errorf("target holds %q", got)
	}
}
