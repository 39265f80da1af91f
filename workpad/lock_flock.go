//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package workpad

import (
	"errors"
	"os"
	"syscall"
)

// lockDir takes an exclusive advisory lock (flock) on a directory and
// returns the function that releases it. The lock belongs to an open file
// description, so it excludes other goroutines of this process as well as
// other processes, and the kernel releases it if the process dies.
func lockDir(dir string) (func(), error) {
	d, err := os.Open(dir)
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
	if err != nil {
		_ = d.Close()
		return nil, err
	}
	return func() {
		_ = syscall.Flock(fd, syscall.LOCK_UN)
		_ = d.Close()
	}, nil
}
