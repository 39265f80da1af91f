//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package atomicfile

import "time"

// lockDir does nothing where flock is not available: writers there still
// never interleave, because each installs its file with one rename, but
// they are not made to wait for each other.
func lockDir(string, time.Duration) (func(), error) { return func() {}, nil }
