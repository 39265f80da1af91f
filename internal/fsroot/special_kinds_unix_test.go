//go:build unix

package fsroot

import (
	"errors"
	"io/fs"
	"net"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSpecialFileKinds pins how a file that is not a regular file is
// named in the error that refuses it (the user reads it to see what they
// pointed a path at), and that WalkFiles passes over such files: a FIFO,
// a character device, a block device and a socket.
func TestSpecialFileKinds(t *testing.T) {
	for mode, want := range map[fs.FileMode]string{
		fs.ModeNamedPipe:                  "a named pipe (FIFO)",
		fs.ModeDevice | fs.ModeCharDevice: "a character device", // Go's mode of /dev/null
		fs.ModeDevice:                     "a device",
		fs.ModeSocket:                     "a socket",
		fs.ModeIrregular:                  "a special file",
	} {
		if got := describeMode(mode); got != want {
			t.Errorf("describeMode(%v) = %q, want %q", mode, got, want)
		}
	}

	dir := tree(t, map[string]string{"repo/a.md": "a"})
	repo := filepath.Join(dir, "repo")
	if err := syscall.Mkfifo(filepath.Join(repo, "pipe.md"), 0o644); err != nil {
		t.Skipf("cannot make a FIFO: %v", err)
	}
	l, err := net.Listen("unix", filepath.Join(repo, "sock.md"))
	if err != nil {
		t.Skipf("cannot make a socket: %v", err)
	}
	defer l.Close()
	r, err := New(repo)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	// (A socket cannot be opened at all: its read fails at the open.)
	if _, err := r.ReadFile(filepath.Join(repo, "pipe.md"), 100); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "(it is a named pipe (FIFO))") {
		t.Errorf("pipe.md: %v, want ErrNotRegular saying it is a named pipe", err)
	}
	if _, err := ReadPath("/dev/null", 100); err == nil || !strings.Contains(err.Error(), "(it is a character device)") {
		t.Errorf("/dev/null: %v, want it named a character device", err)
	}
	var walked []string
	if err := r.WalkFiles(repo, func(p string, _ int64, err error) error {
		walked = append(walked, r.Rel(p))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if strings.Join(walked, ",") != "a.md" {
		t.Errorf("WalkFiles reported %q, want only the regular a.md", walked)
	}
}
