package testclock

import (
	"syscall"
	"time"
)

// ThreadCPU returns the CPU time the calling OS thread has used, or false
// where it cannot be read. Callers lock their goroutine to its thread.
func ThreadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
