//go:build unix

package render

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used, garbage collection
// included. Unlike wall time it does not grow while the process waits for
// a CPU, so timing tests hold on a loaded machine.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
