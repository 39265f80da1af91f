//go:build !unix

package render

import "time"

// processCPU is not available here; timing tests use wall time.
func processCPU() (time.Duration, bool) { return 0, false }
