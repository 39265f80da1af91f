//go:build !unix

package testclock

import "time"

// ProcessCPU reports false: process CPU time is not read on this system.
func ProcessCPU() (time.Duration, bool) { return 0, false }
