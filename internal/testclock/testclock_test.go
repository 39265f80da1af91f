package testclock

import (
	"runtime"
	"testing"
	"time"
)

// Busy work advances each CPU clock: it reaches 20ms of CPU time well
// within 10s of wall time, however loaded the machine (a clock that stands
// still, or counts in coarse ticks only, never gets there in small steps).
func TestCPUClocksAdvanceWithWork(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for name, clock := range map[string]func() (time.Duration, bool){"process": ProcessCPU} {
		start, ok := clock()
		if !ok {
			t.Logf("%s CPU time is not available here", name)
			continue
		}
		deadline := time.Now().Add(10 * time.Second)
		steps := 0
		for {
			now, _ := clock()
			if now-start >= 20*time.Millisecond {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s CPU time advanced only %v in 10s of busy work", name, now-start)
			}
			steps++
		}
		if steps < 2 {
			t.Errorf("%s CPU time jumped 20ms in %d reads: too coarse", name, steps)
		}
	}
}

func TestBudget(t *testing.T) {
	if got := Budget(time.Second); got != RaceFactor*time.Second {
		t.Errorf("Budget(1s) = %v", got)
	}
}
