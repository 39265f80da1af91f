package testclock

import (
	"runtime"
	"testing"
	"time"
)

func TestCPUClocksAdvanceWithWork(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for name, clock := range map[string]func() (time.Duration, bool){"process": ProcessCPU, "thread": ThreadCPU} {
		start, ok := clock()
		if !ok {
			t.Logf("%s CPU time is not available here", name)
			continue
		}
		x := 0
		for end := time.Now().Add(30 * time.Millisecond); time.Now().Before(end); {
			x++
		}
		if d, _ := clock(); d-start < 10*time.Millisecond {
			t.Errorf("%s CPU time advanced %v over 30ms of busy work (%d)", name, d-start, x)
		}
	}
}

func TestBudget(t *testing.T) {
	if got := Budget(time.Second); got != RaceFactor*time.Second {
		t.Errorf("Budget(1s) = %v", got)
	}
}
