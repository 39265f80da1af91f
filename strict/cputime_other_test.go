//go:build !linux

package strict

import "time"

// threadCPU is not available here; timing tests use wall time.
func threadCPU() (time.Duration, bool) { return 0, false }
