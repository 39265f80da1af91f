// Package atomicfile replaces a file's content atomically, following the
// renameio recipe, so that a reader sees the old file or the new one and
// never a mix, and a failure leaves the old file as it was.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"time"
)

// DefaultLockWait is how long WriteFile waits for another writer's lock on
// the target's directory before it gives up with an error wrapping
// ErrLocked.
const DefaultLockWait = 10 * time.Second

// ErrLocked is the error (wrapped) of a write that gave up waiting for
// another writer's lock on the target's directory.
var ErrLocked = errors.New("the directory is locked by another writer")

// WriteFile replaces the file at path with data atomically.
//
// A temporary file in the target's directory is written, given the
// target's permissions (0644 for a new file), fsynced and closed, then
// renamed over the target, and the directory is fsynced so the rename
// itself is durable. On any error before the rename the temporary file is
// removed and the existing file is untouched. An error from the final
// directory fsync means the new file is in place but may not survive a
// crash.
//
// Writers to one directory never interleave: each takes an exclusive lock
// on the directory (an advisory flock where the system has one), so they
// finish one after another, across goroutines and processes. A writer
// waits at most DefaultLockWait for the lock, then fails with an error
// wrapping ErrLocked and writes nothing. A symbolic link at path is
// replaced by the file, not followed. The directory must exist.
//
// Errors are file system errors wrapped with the step that failed:
// "write PATH: STEP: ERROR".
func WriteFile(path string, data []byte) error {
	return writeFile(osFileOps(DefaultLockWait), path, data)
}

// fileOps are the operating-system steps of an atomic write, one function
// per step, so that tests can make any single step fail (or stop the
// process) and check what is left on disk. osFileOps returns the real ones.
type fileOps struct {
	lockDir    func(dir string) (unlock func(), err error)
	stat       func(name string) (fs.FileInfo, error)
	createTemp func(dir, pattern string) (*os.File, error)
	write      func(f *os.File, b []byte) error
	chmod      func(f *os.File, mode fs.FileMode) error
	sync       func(f *os.File) error
	close      func(f *os.File) error
	rename     func(oldpath, newpath string) error
	syncDir    func(dir string) error
	remove     func(name string) error
}

// osFileOps returns the real steps; the lock is waited for at most wait.
func osFileOps(wait time.Duration) fileOps {
	return fileOps{
		lockDir:    func(dir string) (func(), error) { return lockDir(dir, wait) },
		stat:       os.Lstat,
		createTemp: os.CreateTemp,
		write: func(f *os.File, b []byte) error {
			_, err := f.Write(b)
			return err
		},
		chmod:   (*os.File).Chmod,
		sync:    (*os.File).Sync,
		close:   (*os.File).Close,
		rename:  os.Rename,
		syncDir: syncDir,
		remove:  os.Remove,
	}
}

// defaultFileMode is the permission of a file WriteFile creates.
const defaultFileMode fs.FileMode = 0o644

// writeFile is the atomic write, with its steps in ops.
func writeFile(ops fileOps, path string, data []byte) (err error) {
	step := func(name string, err error) error {
		return fmt.Errorf("write %s: %s: %w", path, name, err)
	}
	dir := filepath.Dir(path)
	unlock, err := ops.lockDir(dir)
	if err != nil {
		return step("lock directory", err)
	}
	defer unlock()

	mode := defaultFileMode
	switch fi, err := ops.stat(path); {
	case err == nil && fi.IsDir():
		return step("stat", errors.New("is a directory"))
	case err == nil && fi.Mode().IsRegular():
		mode = fi.Mode().Perm()
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return step("stat", err)
	}

	f, err := ops.createTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return step("create temporary file", err)
	}
	tmp, open, installed := f.Name(), true, false
	defer func() {
		if installed {
			return
		}
		if open {
			_ = ops.close(f)
		}
		_ = ops.remove(tmp)
	}()

	if err := ops.write(f, data); err != nil {
		return step("write", err)
	}
	if err := ops.chmod(f, mode); err != nil {
		return step("chmod", err)
	}
	if err := ops.sync(f); err != nil {
		return step("fsync", err)
	}
	open = false
	if err := ops.close(f); err != nil {
		return step("close", err)
	}
	if err := ops.rename(tmp, path); err != nil {
		return step("rename", err)
	}
	installed = true
	if err := ops.syncDir(dir); err != nil {
		return step("fsync directory", err)
	}
	return nil
}

// syncDir fsyncs a directory, making a rename in it durable. Windows
// cannot open a directory for syncing and makes renames durable itself.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	if err := d.Sync(); err != nil {
		_ = d.Close()
		return err
	}
	return d.Close()
}
