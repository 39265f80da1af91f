package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var errInjected = errors.New("injected failure")

// failAt returns the real file operations with one step failing. A failing
// write writes half the data first, and a failing close closes the file,
// as a real failure might.
func failAt(step string) fileOps {
	ops := osFileOps(DefaultLockWait)
	switch step {
	case "lock directory":
		ops.lockDir = func(string) (func(), error) { return nil, errInjected }
	case "stat":
		ops.stat = func(string) (fs.FileInfo, error) { return nil, errInjected }
	case "create temporary file":
		ops.createTemp = func(string, string) (*os.File, error) { return nil, errInjected }
	case "write":
		ops.write = func(f *os.File, b []byte) error {
			_, _ = f.Write(b[:len(b)/2])
			return errInjected
		}
	case "chmod":
		ops.chmod = func(*os.File, fs.FileMode) error { return errInjected }
	case "fsync":
		ops.sync = func(*os.File) error { return errInjected }
	case "close":
		ops.close = func(f *os.File) error {
			_ = f.Close()
			return errInjected
		}
	case "rename":
		ops.rename = func(string, string) error { return errInjected }
	case "fsync directory":
		ops.syncDir = func(string) error { return errInjected }
	default:
		panic("unknown step " + step)
	}
	return ops
}

// dirEntries lists a directory's names.
func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteFileFailsAtEachStep(t *testing.T) {
	oldContent := []byte("old receipt\nline two")
	newContent := []byte(strings.Repeat("new receipt line\n", 500)) // large enough that half is visibly partial
	for _, tc := range []struct {
		step      string
		installed bool // whether the new file is in place when the step fails
	}{
		{"lock directory", false},
		{"stat", false},
		{"create temporary file", false},
		{"write", false},
		{"chmod", false},
		{"fsync", false},
		{"close", false},
		{"rename", false},
		{"fsync directory", true},
	} {
		for _, existed := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/existing=%v", tc.step, existed), func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "merge-run.md")
				if existed {
					if err := os.WriteFile(path, oldContent, 0o600); err != nil {
						t.Fatal(err)
					}
				}
				err := writeFile(failAt(tc.step), path, newContent)
				if !errors.Is(err, errInjected) {
					t.Fatalf("error %v, want the injected failure", err)
				}
				if want := "write " + path + ": " + tc.step + ": injected failure"; err.Error() != want {
					t.Errorf("error %q\nwant  %q", err, want)
				}
				got, rerr := os.ReadFile(path)
				switch {
				case tc.installed:
					if !bytes.Equal(got, newContent) {
						t.Errorf("target holds %d bytes, want the new %d", len(got), len(newContent))
					}
				case existed:
					if !bytes.Equal(got, oldContent) {
						t.Errorf("target holds %q, want the old content untouched", got)
					}
				default:
					if !errors.Is(rerr, fs.ErrNotExist) {
						t.Errorf("target exists after a failed first write: %v, %d bytes", rerr, len(got))
					}
				}
				want := []string{"merge-run.md"}
				if !existed && !tc.installed {
					want = nil
				}
				if names := dirEntries(t, dir); !slices.Equal(names, want) {
					t.Errorf("directory holds %q, want %q (no temporary file)", names, want)
				}
				// The lock was released: the next write succeeds.
				if err := WriteFile(path, []byte("after")); err != nil {
					t.Fatalf("write after the failure: %v", err)
				}
				if got, _ := os.ReadFile(path); string(got) != "after" {
					t.Errorf("after a retry the target holds %q", got)
				}
			})
		}
	}
}

func TestWriteFileModes(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, "fresh.md")
	if err := WriteFile(fresh, []byte("x")); err != nil {
		t.Fatal(err)
	}
	kept := filepath.Join(dir, "kept.md")
	if err := os.WriteFile(kept, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(kept, 0o640); err != nil { // not subject to the umask
		t.Fatal(err)
	}
	if err := WriteFile(kept, []byte("new")); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]fs.FileMode{fresh: 0o644, kept: 0o640} {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", filepath.Base(path), fi.Mode().Perm(), want)
		}
	}
	if got, _ := os.ReadFile(kept); string(got) != "new" {
		t.Errorf("kept.md holds %q", got)
	}
}

func TestWriteFileRefusesDirectory(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "sub")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(target, []byte("x"))
	if err == nil || err.Error() != "write "+target+": stat: is a directory" {
		t.Errorf("error %v", err)
	}
	if names := dirEntries(t, dir); !slices.Equal(names, []string{"sub"}) {
		t.Errorf("directory holds %q", names)
	}
}

func TestWriteFileMissingDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "x.md")
	if err := WriteFile(path, []byte("x")); err == nil || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("error %v, want not-exist", err)
	}
}

// TestWriteFileConcurrent has many goroutines write one path while another
// reads it: every read sees one complete version, and the end state is one
// complete version with no temporary file left.
func TestWriteFileConcurrent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "lane-session.md")
	const writers, rounds = 16, 6
	versions := map[string]bool{"initial": true}
	contents := make([][]byte, writers)
	for w := range writers {
		// Different lengths and bytes, so a mix of two versions is never
		// a version.
		contents[w] = []byte(fmt.Sprintf("writer %02d\n%s", w, strings.Repeat(string(rune('a'+w)), 2000+w*517)))
		versions[string(contents[w])] = true
	}
	if err := WriteFile(path, []byte("initial")); err != nil {
		t.Fatal(err)
	}

	stop := make(chan struct{})
	var readerErr atomic.Value
	var reads atomic.Int64
	var readerDone sync.WaitGroup
	readerDone.Add(1)
	go func() {
		defer readerDone.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			b, err := os.ReadFile(path)
			if err != nil {
				readerErr.Store(err.Error())
				return
			}
			if !versions[string(b)] {
				readerErr.Store(fmt.Sprintf("read a file that no writer wrote (%d bytes, starts %q)", len(b), b[:min(len(b), 12)]))
				return
			}
			reads.Add(1)
		}
	}()

	var wg sync.WaitGroup
	errs := make(chan error, writers*rounds)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				if err := WriteFile(path, contents[w]); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	readerDone.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if e := readerErr.Load(); e != nil {
		t.Fatal(e)
	}
	final, err := os.ReadFile(path)
	if err != nil || !versions[string(final)] || string(final) == "initial" {
		t.Errorf("final file: %v, %d bytes, a written version: %v", err, len(final), versions[string(final)])
	}
	if names := dirEntries(t, dir); !slices.Equal(names, []string{"lane-session.md"}) {
		t.Errorf("directory holds %q", names)
	}
	t.Logf("%d consistent reads", reads.Load())
}

// TestWriteFileSerializesWriters checks that no two writes to one path are
// ever between their first and last step at the same time.
func TestWriteFileSerializesWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.md")
	var inside, most atomic.Int32
	ops := osFileOps(DefaultLockWait)
	write := ops.write
	ops.write = func(f *os.File, b []byte) error {
		n := inside.Add(1)
		defer inside.Add(-1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(time.Millisecond) // give another writer the chance to overlap
		return write(f, b)
	}
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := writeFile(ops, path, []byte{byte('a' + i)}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if most.Load() != 1 {
		t.Errorf("%d writers were writing at once, want 1", most.Load())
	}
}

// TestWriteFileCrashAtEachStep stops a child process dead (os.Exit, no
// deferred cleanup) right after each step of a write and checks the
// target: the old content before the rename, the new after it, never a
// part. A crash, unlike an error, may leave the temporary file behind.
func TestWriteFileCrashAtEachStep(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	oldContent := "old content"
	for _, step := range []string{"create temporary file", "half written", "write", "fsync", "close", "rename"} {
		t.Run(step, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "t.md")
			if err := os.WriteFile(path, []byte(oldContent), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$")
			cmd.Env = append(os.Environ(), "ATOMICFILE_CRASH_STEP="+step, "ATOMICFILE_CRASH_PATH="+path)
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 3 {
				t.Fatalf("child did not crash as planned: %v\n%s", err, out)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want := oldContent
			if step == "rename" {
				want = crashContent
			}
			if string(got) != want {
				t.Errorf("target holds %d bytes (%.20q…), want %.20q", len(got), got, want)
			}
			for _, name := range dirEntries(t, dir) {
				if name != "t.md" && !strings.HasPrefix(name, ".t.md.tmp-") {
					t.Errorf("unexpected file %q", name)
				}
			}
		})
	}
}

var crashContent = strings.Repeat("new content\n", 1000)

// TestCrashHelper is the child of TestWriteFileCrashAtEachStep.
func TestCrashHelper(t *testing.T) {
	step, path := os.Getenv("ATOMICFILE_CRASH_STEP"), os.Getenv("ATOMICFILE_CRASH_PATH")
	if step == "" {
		t.Skip("run by TestWriteFileCrashAtEachStep")
	}
	crash := func() { os.Exit(3) }
	ops := osFileOps(DefaultLockWait)
	switch step {
	case "create temporary file":
		ops.createTemp = func(dir, pattern string) (*os.File, error) {
			_, _ = os.CreateTemp(dir, pattern)
			crash()
			return nil, nil
		}
	case "half written":
		ops.write = func(f *os.File, b []byte) error { _, _ = f.Write(b[:len(b)/2]); crash(); return nil }
	case "write":
		ops.write = func(f *os.File, b []byte) error { _, _ = f.Write(b); crash(); return nil }
	case "fsync":
		ops.sync = func(f *os.File) error { _ = f.Sync(); crash(); return nil }
	case "close":
		ops.close = func(f *os.File) error { _ = f.Close(); crash(); return nil }
	case "rename":
		ops.rename = func(o, n string) error { _ = os.Rename(o, n); crash(); return nil }
	}
	_ = writeFile(ops, path, []byte(crashContent))
	t.Fatal("the write finished without crashing")
}
