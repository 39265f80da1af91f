// Package testclock gives tests that bound how long something takes a
// clock that a loaded machine does not skew, and a budget that allows for
// the race detector.
//
// CPU time, unlike wall time, does not grow while a process waits for a
// core, so a bound on it holds on a busy CI machine. The race detector
// slows code several times over; Budget scales a bound by RaceFactor when
// the tests are built with -race, so a bound meant to catch a runaway
// (seconds instead of hours) still catches it without failing on a slow
// but correct run.
//
// Bounds on time are asserted only with SHEA_TIMING=1 (make timing): the
// default suite (make test) logs them. A test whose only assertion is a time
// calls Require and is skipped without it.
package testclock

import "time"

// Budget returns d, scaled by RaceFactor under the race detector.
func Budget(d time.Duration) time.Duration { return d * RaceFactor }
