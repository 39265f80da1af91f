//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// lockPoll is how often lockDir tries again for a lock another writer
// holds.
const lockPoll = 10 * time.Millisecond

// lockDir takes an exclusive advisory lock (flock) on a directory and
// returns the function that releases it. The lock belongs to an open file
// description, so it excludes other goroutines of this process as well as
// other processes, and the kernel releases it if the process dies. While
// another writer holds it, lockDir tries again every lockPoll for at most
// wait, then fails with an error wrapping ErrLocked.
//
// Where the lock cannot be had for reasons unrelated to the write (a
// directory that may be written but not read, a file system without flock)
// the write goes ahead unlocked: each rename still installs one complete
// file.
func lockDir(dir string, wait time.Duration) (func(), error) {
	d, err := os.Open(dir)
	if errors.Is(err, fs.ErrPermission) {
		return func() {}, nil
	}
	if err != nil {
		return nil, err
	}
	fd := int(d.Fd())
	deadline := time.Now().Add(wait)
	for {
		err = syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			break
		}
		if !time.Now().Before(deadline) {
			_ = d.Close()
			return nil, fmt.Errorf("%w: gave up after %v", ErrLocked, wait)
		}
		time.Sleep(min(lockPoll, time.Until(deadline)))
	}
	if errors.Is(err, syscall.ENOTSUP) || errors.Is(err, syscall.EOPNOTSUPP) || errors.Is(err, syscall.ENOLCK) || errors.Is(err, syscall.EINVAL) {
		_ = d.Close()
		return func() {}, nil
	}
	if err != nil {
		_ = d.Close()
		return nil, err
	}
	return func() {
		_ = syscall.Flock(fd, syscall.LOCK_UN)
		_ = d.Close()
	}, nil
}
