//go:build !linux

package testclock

import "time"

// ThreadCPU reports false: per-thread CPU time is read on Linux only.
func ThreadCPU() (time.Duration, bool) { return 0, false }
