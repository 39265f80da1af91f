package testclock

import (
	"os"
	"testing"
	"time"
)

// Env is the environment variable that, set to 1, turns the timing checks
// on (make timing sets it). Without it a bound on time is logged, not
// asserted: the default suite asserts what a program does, not how fast a
// shared machine runs it.
const Env = "SHEA_TIMING"

// Enabled reports whether timing checks are asserted.
func Enabled() bool { return os.Getenv(Env) == "1" }

// Require skips a test whose only assertion is a measure of time, unless
// timing checks are on.
func Require(tb testing.TB) {
	tb.Helper()
	if !Enabled() {
		tb.Skipf("a timing check: runs with %s=1 (make timing)", Env)
	}
}

// Within fails tb when d, the time something took, is over bound (scaled by
// Budget), if timing checks are on; otherwise it logs the time.
func Within(tb testing.TB, what string, d, bound time.Duration) {
	tb.Helper()
	limit := Budget(bound)
	switch {
	case !Enabled():
		tb.Logf("%s took %v (bound %v, asserted with %s=1)", what, d, limit, Env)
	case d > limit:
		tb.Errorf("%s took %v, over its bound of %v", what, d, limit)
	}
}
