//go:build unix

package fsroot

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadRefusesSpecialFiles checks that a FIFO with no writer (which a
// blocking open would wait on forever) and a device (which never ends) are
// refused at once as not regular files, through the root and outside it.
func TestReadRefusesSpecialFiles(t *testing.T) {
	dir := tree(t, map[string]string{"a.md": "text"})
	fifo := filepath.Join(dir, "pipe.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("cannot make a FIFO: %v", err)
	}
	r, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, read := range []struct {
			name string
			fn   func() ([]byte, error)
		}{
			{"ReadFile FIFO", func() ([]byte, error) { return r.ReadFile(fifo, 1<<20) }},
			{"ReadPath FIFO", func() ([]byte, error) { return ReadPath(fifo, 1<<20) }},
			{"ReadPath /dev/zero", func() ([]byte, error) { return ReadPath("/dev/zero", 1<<20) }},
		} {
			b, err := read.fn()
			if !errors.Is(err, ErrNotRegular) || b != nil {
				t.Errorf("%s: %d bytes, error %v; want ErrNotRegular", read.name, len(b), err)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("reading a FIFO blocked")
	}
	if b, err := r.ReadFile(filepath.Join(dir, "a.md"), 1<<20); err != nil || string(b) != "text" {
		t.Errorf("regular file: %q, %v", b, err)
	}
}

// TestReadLimitedEndlessStream reads /dev/zero, which never ends: the read
// stops just past the limit with a *TooLargeError.
func TestReadLimitedEndlessStream(t *testing.T) {
	f, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	_, err = ReadLimited(f, "/dev/zero", 1<<20)
	var tl *TooLargeError
	if !errors.As(err, &tl) || !errors.Is(err, ErrTooLarge) {
		t.Fatalf("error %v, want a *TooLargeError", err)
	}
	if want := "/dev/zero is more than the 1048576-byte limit"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}
