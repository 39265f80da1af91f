//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package workpad

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// lockDir takes an exclusive advisory lock (flock) on a directory and
// returns the function that releases it. The lock belongs to an open file
// description, so it excludes other goroutines of this process as well as
// other processes, and the kernel releases it if the process dies.
//
// Where the lock cannot be had for reasons unrelated to the write (a
// directory that may be written but not read, a file system without flock)
// the write goes ahead unlocked: each rename still installs one complete
// file.
func lockDir(dir string) (func(), error) {
	d, err := os.Open(dir)
	if errors.Is(err, fs.ErrPermission) {
		return func() {}, nil
	}
	if err != nil {
		return nil, err
	}
	fd := int(d.Fd())
	for {
		err = syscall.Flock(fd, syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
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
