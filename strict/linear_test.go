package strict

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/testclock"
)

// The flow analysis and the partial memo cost time and memory linear in
// the template (issue 38): each of these templates took from 651 MB to
// 1.2 GB to check (8,000 assigns and 8,000 breaks in one loop; 200 nested
// loops around 10,000 assigns; 5,000 assigns each followed by an include),
// or 10 s (40,000 elsif clauses). The bounds below are ten times what the
// check allocates now and a tenth of what it allocated before.
func TestFlowAnalysisLinear(t *testing.T) {
	assigns := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "{%%assign a%d=1%%}", i)
		}
		return b.String()
	}
	var pairs strings.Builder
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&pairs, "{%%assign a%d=1%%}{%%include 'p'%%}", i)
	}
	cases := []struct {
		name     string
		src      string
		maxAlloc uint64
	}{
		{"8,000 assigns then 8,000 breaks", "{% for i in (1..2) %}" + assigns(8000) + strings.Repeat("{%break%}", 8000) + "{% endfor %}", 100 << 20},
		{"200 loops around 10,000 assigns", strings.Repeat("{% for i in (1..1) %}", 200) + assigns(10000) + strings.Repeat("{% endfor %}", 200), 120 << 20},
		{"5,000 assigns each before an include", pairs.String(), 60 << 20},
		{"40,000 elsif", "{% if attempt %}a" + strings.Repeat("{%elsif attempt%}b", 39999) + "{% endif %}", 100 << 20},
	}
	schema, err := CompileSchema("inputs.json", []byte(`{"type": "object", "properties": {"attempt": {"type": ["integer", "null"]}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			cpu0, _ := testclock.ProcessCPU()
			start := time.Now()
			_, diags := Check(c.src, "t.liquid", diag.Pos{}, Options{Context: schema, Partials: mapPartials{"p": "x"}, Timeout: -1})
			wall := time.Since(start)
			cpu1, ok := testclock.ProcessCPU()
			runtime.ReadMemStats(&after)
			if diags.HasErrors() {
				t.Fatalf("unexpected errors: %v", diags.Errors())
			}
			got := after.TotalAlloc - before.TotalAlloc
			t.Logf("allocated %d MB", got>>20)
			if got > c.maxAlloc {
				t.Errorf("checking allocated %d MB, more than %d MB", got>>20, c.maxAlloc>>20)
			}
			if !ok {
				cpu0, cpu1 = 0, wall
			}
			testclock.Within(t, "checking (CPU time)", cpu1-cpu0, 3*time.Second)
		})
	}
}
