package testclock

import (
	"time"

	"golang.org/x/sys/unix"
)

// ThreadCPU returns the CPU time the calling OS thread has used, to the
// nanosecond (CLOCK_THREAD_CPUTIME_ID; getrusage's per-thread figures
// move in scheduler ticks, too coarse to time a millisecond), or false
// where it cannot be read. Callers lock their goroutine to its thread.
func ThreadCPU() (time.Duration, bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
