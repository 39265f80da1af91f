package render

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/internal/testclock"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// renderCode renders tpl with vars and returns the code of its single
// diagnostic, failing the test when it renders.
func renderCode(t *testing.T, tpl *Template, vars map[string]any) (diag.Code, string) {
	t.Helper()
	out, err := tpl.Render(context.Background(), vars)
	if err == nil {
		t.Fatalf("rendered %d bytes, want an error", len(out))
	}
	e, ok := AsError(err)
	if !ok || len(e.Diagnostics) != 1 {
		t.Fatalf("error %v", err)
	}
	return e.Diagnostics[0].Code, e.Diagnostics[0].Summary
}

// TestMemoryLimit renders templates whose values double (or worse) at
// each step: each must stop with memory_limit, quickly and without
// allocating far more than the budget.
func TestMemoryLimit(t *testing.T) {
	grow := func(step string) string {
		return `{% assign a = "x" %}` + strings.Repeat("{% assign a = "+step+" %}", 40) + "{{ a | size }}"
	}
	big := strings.Repeat("x", 20000)
	tests := []struct{ name, src string }{
		{"append", grow("a | append: a")},
		{"prepend", grow("a | prepend: a")},
		{"replace", grow(`a | replace: "", a`)},
		{"replace with backreferences", grow(`a | replace: "", "\` + "`" + `\'"`)},
		{"concat", `{% assign a = "x" | split: "," %}` + strings.Repeat("{% assign a = a | concat: a %}", 40) + "{{ a | size }}"},
		{"split", `{% assign a = big | append: big | split: "" | join: big %}`},
		{"one replace", "{{ big | replace: '', big }}"},
		{"join", `{{ (1..4000000) | join: big }}`},
		{"capture", `{% assign a = big %}` + strings.Repeat("{% capture a %}{{ a }}{{ a }}{% endcapture %}", 40)},
		{"many names", manyNames(4000)},
		{"json", grow("a | append: a | json")},
		{"escape", grow("a | append: a | escape")},
		{"newline_to_br", `{% assign a = "\n" %}` + strings.Repeat("{% assign a = a | append: a | newline_to_br %}", 40)},
		{"url_encode", grow("a | append: a | url_encode")},
		{"base64_encode", grow("a | append: a | base64_encode")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl := compat(t, Options{Limits: Limits{MaxOutputBytes: 1 << 30, Timeout: -1}}, tt.src)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := now()
			code, msg := renderCode(t, tpl, map[string]any{"big": big})
			d := now() - start
			runtime.ReadMemStats(&after)
			if code != codes.MemoryLimit {
				t.Errorf("code %s (%s), want memory_limit", code, msg)
			}
			// Unbounded, these ran for minutes and used 20+ GB; bounded,
			// they stop in about a second of CPU time (garbage collection
			// included), so 5s catches a runaway without failing on a
			// loaded machine.
			testclock.Within(t, "reaching the limit (CPU time)", d, 5*time.Second)
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<30 {
				t.Errorf("allocated %d MiB", alloc>>20)
			}
		})
	}
}

// manyNames binds n names to a copy of big each (20,000 bytes).
func manyNames(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "{%% assign n%d = big | append: '' %%}", i)
	}
	return b.String()
}

// now is the process's CPU time when the system reports it, else the wall
// clock.
func now() time.Duration {
	if d, ok := testclock.ProcessCPU(); ok {
		return d
	}
	return time.Duration(time.Now().UnixNano())
}

func TestMemoryLimitReleases(t *testing.T) {
	// Rebinding a name releases what its old value held, and an isolated
	// partial's names are released when it ends: these stay far below the
	// budget in total.
	tpl := compat(t, Options{Partials: mapPartials{"p": "{% assign x = big | append: 'y' %}"}, Limits: Limits{MaxMemory: 1 << 20}},
		`{% for i in (1..100) %}{% assign a = big | append: i %}{% capture c %}{{ big }}{% endcapture %}{% render 'p', big: big %}{% endfor %}{{ a | size }}`)
	out, err := tpl.Render(context.Background(), map[string]any{"big": strings.Repeat("x", 100_000)})
	if err != nil || out != "100003" {
		t.Fatalf("got %q, %v", out, err)
	}
	// A value read from the data is not charged.
	tpl = compat(t, Options{Limits: Limits{MaxMemory: 1000}}, `{% assign a = big %}{% assign b = big %}{{ a | size }}`)
	if out, err := tpl.Render(context.Background(), map[string]any{"big": strings.Repeat("x", 100_000)}); err != nil || out != "100000" {
		t.Fatalf("got %q, %v", out, err)
	}
	// A range's numbers count when a filter makes them.
	tpl = compat(t, Options{Limits: Limits{MaxMemory: 1000}}, `{{ (1..100) | size }}{{ (1..1000) | reverse | size }}`)
	if code, _ := renderCode(t, tpl, nil); code != codes.MemoryLimit {
		t.Errorf("code %s, want memory_limit", code)
	}
}

// TestDeadlineInsideFilters renders costly filters in a long loop: the
// render stops near its deadline, not after the loop.
func TestDeadlineInsideFilters(t *testing.T) {
	for _, src := range []string{
		"{% for i in (1..200) %}{{ (1..4000000) | sort | size }}{% endfor %}",
		"{% for i in (1..200) %}{{ (1..4000000) | uniq | size }}{% endfor %}",
		"{% for i in (1..200) %}{{ (1..4000000) | join: ',' | size }}{% endfor %}",
		"{% for i in (1..200) %}{{ (1..4000000) | map: 0 | size }}{% endfor %}",
		"{% for i in (1..200) %}{{ (1..4000000) | where: 0 | size }}{% endfor %}",
		"{% for i in (1..200) %}{{ big | replace: 'x', 'yy' | size }}{% endfor %}",
		"{% for i in (1..200) %}{{ big | split: '' | size }}{% endfor %}",
	} {
		tpl := compat(t, Options{Limits: Limits{Timeout: 300 * time.Millisecond, MaxMemory: 1 << 30}}, src)
		start := time.Now()
		code, msg := renderCode(t, tpl, map[string]any{"big": strings.Repeat("x", 2_000_000)})
		testclock.Within(t, src+" under a 300ms deadline", time.Since(start), 2*time.Second)
		if code != codes.DeadlineExceeded {
			t.Errorf("%s: code %s (%s), want deadline_exceeded", src, code, msg)
		}
	}
}

// TestHugeRanges uses ranges far too large to make into arrays where no
// array is needed; the answers are Ruby Liquid 5.4's.
func TestHugeRanges(t *testing.T) {
	for src, want := range map[string]string{
		`{% assign r = (1..5) %}{{ r.first }}{{ r.last }}{% if r contains 3 %}y{% endif %}{% if r contains 3.0 %}f{% endif %}{% if r contains 3.5 %}h{% endif %}{% if r contains 6 %}n{% endif %}{% if r contains "3" %}s{% endif %}`: "15yfh",
		`{% assign r = (5..1) %}{{ r.first }}{{ r.last }}{% if r contains 3 %}y{% endif %}`:                                       "51",
		`{% assign r = (1..9223372036854775807) %}{{ r.first }} {{ r.last }}{% if r contains 9223372036854775806 %} y{% endif %}`: "1 9223372036854775807 y",
		`{% assign r = (1..9223372036854775807) %}{% assign a = "1,2" | split: "," %}{% if r == a %}y{% else %}n{% endif %}`:      "n",
	} {
		tpl := compat(t, Options{Limits: Limits{Timeout: 2 * time.Second}}, src)
		if out, err := tpl.Render(context.Background(), nil); err != nil || out != want {
			t.Errorf("%s: got %q, %v; want %q", src, out, err, want)
		}
	}
	tpl := compat(t, Options{Partials: mapPartials{"p": "{{ x }}"}}, "{% render 'p' for (1..9223372036854775807) as x %}")
	if code, _ := renderCode(t, tpl, nil); code != codes.LoopLimit {
		t.Errorf("render for a huge range: %s, want loop_limit", code)
	}
}
