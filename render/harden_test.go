package render

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/internal/testclock"

	"github.com/sheaproject/shea/strict/diag"
)

// The regression tests of the second hardening pass (issue 24): each case
// was a crash, a runaway or a wrong answer on the code before it. Bounds
// are held with the memory allocated and the process's CPU time, which a
// loaded machine stretches less than the wall clock.

// bounded renders src with vars under limits and returns the code of its
// error ("" when it rendered) and its output, failing when it allocates
// more than maxAlloc bytes or spends more than maxCPU of CPU time.
func bounded(t *testing.T, opts Options, src string, vars map[string]any, maxAlloc uint64, maxCPU time.Duration) (diag.Code, string) {
	t.Helper()
	tpl := compat(t, opts, src)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := now()
	out, err := tpl.Render(context.Background(), vars)
	d := now() - start
	runtime.ReadMemStats(&after)
	if d > testclock.Budget(maxCPU) {
		t.Errorf("%.80s: took %v of CPU time, want at most %v", src, d, maxCPU)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > maxAlloc {
		t.Errorf("%.80s: allocated %d MiB, want at most %d MiB", src, alloc>>20, maxAlloc>>20)
	}
	if err == nil {
		return "", out
	}
	e, ok := AsError(err)
	if !ok || len(e.Diagnostics) != 1 {
		t.Fatalf("%.80s: error %v", src, err)
	}
	return e.Diagnostics[0].Code, e.Diagnostics[0].Summary
}

// TestBigNumberArithmetic: chained products of big integers are charged
// and refused past maxNumberBits (24 chained times: took 17–25 s under a
// 2 s timeout); decimal text is refused past maxNumberText (3 MB took a
// minute to parse); integer text of any length is read in linear time.
func TestBigNumberArithmetic(t *testing.T) {
	limits := Options{Limits: Limits{Timeout: 2 * time.Second}}
	squares := `{% assign a = 9223372036854775807 %}` + strings.Repeat(`{% assign a = a | times: a %}`, 24) + `{{ a | size }}`
	if code, msg := bounded(t, limits, squares, nil, 256<<20, 3*time.Second); code != diag.MemoryLimit {
		t.Errorf("chained times: %s %q, want memory_limit", code, msg)
	}
	digits := strings.Repeat("7", 3<<20)
	vars := map[string]any{"dec": digits + ".5", "int": digits}
	for _, src := range []string{`{{ dec | plus: 1 }}`, `{{ 1 | minus: dec }}`, `{{ dec | round }}`, `{{ dec | abs }}`, `{{ dec | at_least: 1 }}`} {
		if code, msg := bounded(t, limits, src, vars, 256<<20, 3*time.Second); code != diag.MemoryLimit {
			t.Errorf("%s: %s %q, want memory_limit", src, code, msg)
		}
	}
	// An integer's text saturates: truncate's length is then the whole.
	if code, out := bounded(t, limits, `{{ "abc" | truncate: int }}`, vars, 256<<20, 3*time.Second); code != "" || out != "abc" {
		t.Errorf("truncate with a 3 MB length: %s %q", code, out)
	}
	// Values that fit still compute exactly.
	if code, out := bounded(t, limits, `{{ 99999999999999999999 | times: 99999999999999999999 | plus: 1 }}`, nil, 1<<20, time.Second); code != "" || out != "9999999999999999999800000000000000000002" {
		t.Errorf("big product: %s %q", code, out)
	}
}
