package shared

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that records how a helper ended the test.
type recorder struct {
	testing.TB
	ended string // "skip", "fatal" or "" (the test went on)
	msg   string
}

func (r *recorder) Helper() {}
func (r *recorder) Logf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
}
func (r *recorder) Skipf(format string, args ...any) {
	r.ended, r.msg = "skip", fmt.Sprintf(format, args...)
	runtime.Goexit()
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.ended, r.msg = "fatal", fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// run calls f with a recorder on its own goroutine, as the testing package
// runs a test, so that Skipf and Fatalf can end it.
func run(t *testing.T, f func(tb testing.TB)) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

func TestPath(t *testing.T) {
	const missing = "no-such-data-for-shea-tests/x.json"
	for _, tt := range []struct {
		require string
		want    string
	}{{"", "skip"}, {"0", "skip"}, {"1", "fatal"}} {
		t.Setenv(RequireEnv, tt.require)
		r := run(t, func(tb testing.TB) { Path(tb, missing) })
		if r.ended != tt.want || !strings.Contains(r.msg, "../shared/"+missing) {
			t.Errorf("%s=%q: Path ended the test with %q (%s), want %q", RequireEnv, tt.require, r.ended, r.msg, tt.want)
		}
		var found bool
		r = run(t, func(tb testing.TB) { _, found = Find(tb, missing) })
		want := ""
		if tt.want == "fatal" {
			want = "fatal"
		}
		if r.ended != want || found {
			t.Errorf("%s=%q: Find ended the test with %q (%s), found %t; want %q", RequireEnv, tt.require, r.ended, r.msg, found, want)
		}
	}
}

func TestPathFound(t *testing.T) {
	root := Path(t, "")
	entries, err := os.ReadDir(root)
	if err != nil || len(entries) == 0 {
		t.Fatalf("../shared at %s is empty or unreadable: %v", root, err)
	}
	name := entries[0].Name()
	t.Setenv(RequireEnv, "1")
	r := run(t, func(tb testing.TB) {
		if got := Path(tb, name); got != filepath.Join(root, name) {
			t.Errorf("Path(%q) = %q, want %q", name, got, filepath.Join(root, name))
		}
	})
	if r.ended != "" {
		t.Errorf("Path(%q) ended the test: %s", name, r.msg)
	}
}

// TestDirEnv pins SHEA_SHARED_DIR: an absolute path replaces ../shared (a
// mutation tester's copy of the module has no ../shared beside it), and a
// relative one is refused rather than read against some working directory.
func TestDirEnv(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "only-here.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(DirEnv, dir)
	t.Setenv(RequireEnv, "1")
	r := run(t, func(tb testing.TB) {
		if got := Path(tb, "only-here.txt"); got != filepath.Join(dir, "only-here.txt") {
			t.Errorf("Path = %q, want the file under %s=%s", got, DirEnv, dir)
		}
	})
	if r.ended != "" {
		t.Errorf("Path under %s=%s ended the test: %s", DirEnv, dir, r.msg)
	}

	t.Setenv(DirEnv, "shared")
	if got, err := Root(); err == nil || !strings.Contains(err.Error(), "not an absolute path") {
		t.Errorf("Root with %s=shared = %q, %v; want an error saying it is not absolute", DirEnv, got, err)
	}
	r = run(t, func(tb testing.TB) { Path(tb, "") })
	if r.ended != "fatal" {
		t.Errorf("Path with a relative %s ended the test with %q (%s), want fatal", DirEnv, r.ended, r.msg)
	}
}
