package render

import (
	"context"
	"fmt"
	"math/big"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/internal/testclock"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
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
	testclock.Within(t, fmt.Sprintf("%.60s (CPU time)", src), d, maxCPU)
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
	if code, msg := bounded(t, limits, squares, nil, 256<<20, 3*time.Second); code != codes.MemoryLimit {
		t.Errorf("chained times: %s %q, want memory_limit", code, msg)
	}
	digits := strings.Repeat("7", 3<<20)
	vars := map[string]any{"dec": digits + ".5", "int": digits}
	for _, src := range []string{`{{ dec | plus: 1 }}`, `{{ 1 | minus: dec }}`, `{{ dec | round }}`, `{{ dec | abs }}`, `{{ dec | at_least: 1 }}`} {
		if code, msg := bounded(t, limits, src, vars, 256<<20, 3*time.Second); code != codes.MemoryLimit {
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

// TestExactOrError: printing a big array writes every value (past 10,000
// it wrote "…" for the rest); == of two equal 20,000-item arrays is true
// (the comparison gave up and said false); a range bound beyond 64 bits
// is a limit error, not 0 (an empty loop).
func TestExactOrError(t *testing.T) {
	limits := Options{Limits: Limits{Timeout: 5 * time.Second}}
	items := make([]any, 20_000)
	other := make([]any, 20_000)
	var want strings.Builder
	for i := range items {
		items[i], other[i] = int64(i%10), int64(i%10)
		want.WriteByte(byte('0' + i%10))
	}
	vars := map[string]any{"a": items, "b": other}
	if code, out := bounded(t, limits, `{{ a }}`, vars, 64<<20, 2*time.Second); code != "" || out != want.String() {
		t.Errorf("printing 20,000 values: %s, %d bytes (%q…)", code, len(out), out[:min(len(out), 40)])
	}
	if code, out := bounded(t, limits, `{% if a == b %}eq{% endif %}{% if a != b %}ne{% endif %}`, vars, 64<<20, 2*time.Second); code != "" || out != "eq" {
		t.Errorf("== of equal 20,000-item arrays: %s %q", code, out)
	}
	for _, src := range []string{
		`{% for i in (1..100000000000000000000000) %}{% endfor %}`,
		`{% assign hi = "100000000000000000000000" %}{% for i in (1..hi) %}{% endfor %}`,
		`{% for i in (-100000000000000000000000..1) %}{% endfor %}`,
	} {
		if code, msg := bounded(t, limits, src, map[string]any{"f": 1e23}, 64<<20, 2*time.Second); code != codes.LoopLimit {
			t.Errorf("%s: %s %q, want loop_limit", src, code, msg)
		}
	}
	if code, out := bounded(t, limits, `{{ (1..100000000000000000000000) | size }}`, nil, 64<<20, 2*time.Second); code != "" || out != "100000000000000000000000" { // Ruby 5.4's Range#size
		t.Errorf("size of (1..1e23): %s %q", code, out)
	}
	// A bound given as text is read exactly, up to the digits a number may
	// have: more is refused before the quadratic conversion.
	if code, msg := bounded(t, limits, `{{ (1..s) }}`, map[string]any{"s": strings.Repeat("9", 3_000_000)}, 64<<20, 2*time.Second); code != codes.MemoryLimit || !strings.Contains(msg, "range's bound of 3000000 digits") {
		t.Errorf("(1..s) with s of 3,000,000 digits: %s %.60q", code, msg)
	}
	if code, out := bounded(t, limits, `{{ (1..s) | last }}`, map[string]any{"s": strings.Repeat("9", 10_000)}, 64<<20, 2*time.Second); code != "" || out != strings.Repeat("9", 10_000) {
		t.Errorf("(1..s) with s of 10,000 digits: %s %.40q", code, out)
	}
	// A float bound is Liquid's "invalid integer", not an empty range.
	if code, msg := bounded(t, limits, `{% for i in (1..f) %}{% endfor %}`, map[string]any{"f": 1e23}, 64<<20, 2*time.Second); code != codes.RenderError || !strings.Contains(msg, "invalid integer") {
		t.Errorf("(1..f) with f = 1e23: %s %q", code, msg)
	}
}

// TestRangesCharged: filters over big ranges, and a partial rendered for
// one, are refused before their items are made (sum, compact and
// sort_natural took 310–384 MB, uniq 820 MB, render for 591 MB).
func TestRangesCharged(t *testing.T) {
	opts := Options{Partials: mapPartials{"p": "{{ x }}"}, Limits: Limits{Timeout: 10 * time.Second}}
	for src, want := range map[string]diag.Code{
		`{{ (1..4000000) | sum }}`:                       codes.MemoryLimit,
		`{{ (1..4000000) | compact | size }}`:            codes.MemoryLimit,
		`{{ (1..4000000) | sort_natural | size }}`:       codes.MemoryLimit,
		`{{ (1..4194304) | uniq | size }}`:               codes.MemoryLimit,
		`{% render "p" for (1..4000000) as x %}`:         codes.LoopLimit,
		`{% for i in (1..10) %}{% endfor %}{{ (1..3) }}`: "",
	} {
		if code, msg := bounded(t, opts, src, nil, 128<<20, 3*time.Second); code != want {
			t.Errorf("%s: %s %q, want %q", src, code, msg, want)
		}
	}
	// Within the budget the answers stay.
	for src, want := range map[string]string{
		`{{ (1..100000) | sum }}`:                "5000050000",
		`{{ (1..100000) | uniq | size }}`:        "100000",
		`{{ (1..1000) | sort_natural | first }}`: "1",
		`{% render "p" for (1..3) as x %}`:       "123",
		`{{ (1..100000) | compact | last }}`:     "100000",
	} {
		if code, out := bounded(t, opts, src, nil, 128<<20, 3*time.Second); code != "" || out != want {
			t.Errorf("%s: %s %q, want %q", src, code, out, want)
		}
	}
}

// TestInspectFormsCharged: the inspect form a string filter reads for an
// array is built within the budget (x | uniq | truncate: 5 on a 32 MB
// string took 1.3 GB).
func TestInspectFormsCharged(t *testing.T) {
	// 8 MB strings under a 16 MiB budget: the proportions of the report,
	// small enough for the race detector.
	opts := Options{Limits: Limits{Timeout: time.Minute, MaxMemory: 16 << 20}}
	big := strings.Repeat("x", 8<<20)
	vars := map[string]any{"ctl": strings.Repeat("\x01", 4<<20), "big": big, "arr": []any{big}}
	for _, src := range []string{
		`{{ ctl | uniq | truncate: 5 }}`, // inspect: "\u0001" per byte, 24 MB
		`{{ big | uniq | concat: arr | upcase | size }}`,
		`{{ "a" | append: arr | size }}{{ "a" | append: arr | append: arr | size }}`,
	} {
		if code, msg := bounded(t, opts, src, vars, 100<<20, 5*time.Second); code != codes.MemoryLimit {
			t.Errorf("%s: %s %q, want memory_limit", src, code, msg)
		}
	}
	if code, out := bounded(t, opts, `{{ big | uniq | truncate: 5 }}|{{ "a,b" | split: "," | append: 1 }}`, vars, 100<<20, 5*time.Second); code != "" || out != `["...|["a", "b"]1` {
		t.Errorf("got %s %q", code, out)
	}
}

// TestMessagesShortAndExact: a big-integer loop bound is named, not "got
// {}"; a 200 KB partial name is not echoed whole.
func TestMessagesShortAndExact(t *testing.T) {
	for _, src := range []string{
		`{% for i in (1..3) limit: 99999999999999999999 %}{% endfor %}`,
		`{% for i in (1..3) offset: 99999999999999999999 %}{% endfor %}`,
		`{% tablerow i in (1..3) cols: 99999999999999999999 %}{% endtablerow %}`,
	} {
		// Liquid takes such a bound (a Bignum); where shea cannot, its
		// error names the number.
		tpl := compat(t, Options{}, src)
		if _, err := tpl.Render(context.Background(), nil); err != nil && !strings.Contains(err.Error(), "99999999999999999999 is beyond the 64-bit integers") {
			t.Errorf("%s: %v", src, err)
		}
	}
	name := strings.Repeat("a", 200_000)
	tpl := compat(t, Options{Partials: mapPartials{}}, `{% include n %}`)
	if code, msg := renderCode(t, tpl, map[string]any{"n": name}); code != codes.MissingPartial || len(msg) > 1000 {
		t.Errorf("dynamic name: %s, %d bytes: %.100q", code, len(msg), msg)
	}
	_, diags := New(Options{Partials: mapPartials{}}).Compile(`{% render "`+name+`" %}`, "t.liquid", diag.Pos{}, nil)
	if len(diags) != 1 || diags[0].Code != codes.MissingPartial || len(diags[0].Summary) > 1000 {
		t.Errorf("literal name: %d diagnostics, first %.100q (%d bytes)", len(diags), diags.Error(), len(diags.Error()))
	}
}

// TestJSONNumbers: a JSON number of 3M digits is refused at once (it took
// 45 s to convert, then was described as "got object"); a big integer
// that fits is an integer to the schema.
func TestJSONNumbers(t *testing.T) {
	start := now()
	_, err := DecodeJSON([]byte(`{"attempt": ` + strings.Repeat("7", 3<<20) + `}`))
	if err == nil || !strings.Contains(err.Error(), "digits is longer than") {
		t.Errorf("3M digits: %v", err)
	}
	testclock.Within(t, "refusing 3M digits (CPU time)", now()-start, 2*time.Second)
	v, err := DecodeJSONObject([]byte(`{"attempt": 123456789012345678901234567890}`))
	if err != nil {
		t.Fatal(err)
	}
	s, err := strict.CompileSchema("s.json", []byte(`{"type": "object", "properties": {"attempt": {"type": "integer"}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	tpl, diags := New(Options{}).Compile("{{ attempt }}", "t.md", diag.Pos{}, s)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if d := tpl.ValidateContext(v); len(d) != 0 {
		t.Errorf("a big integer is not an integer to the schema: %v", d)
	}
}

// FuzzBigArithmetic chains arithmetic filters on big operands under a
// short deadline and a small budget: the render ends near its deadline,
// with the exact answer (math/big's) or a memory or deadline error, never
// another error, never a crash.
func FuzzBigArithmetic(f *testing.F) {
	f.Add("9223372036854775807", "99999999999999999999", uint8(24), byte('*'))
	f.Add("-123456789012345678901234567890", "7", uint8(5), byte('/'))
	f.Add("1.5", "2.25", uint8(30), byte('*'))
	f.Add("18446744073709551616", "-3", uint8(3), byte('%'))
	f.Add("1"+strings.Repeat("0", 400), "1"+strings.Repeat("0", 300), uint8(12), byte('+'))
	ops := map[byte]string{'+': "plus", '-': "minus", '*': "times", '/': "divided_by", '%': "modulo"}
	f.Fuzz(func(t *testing.T, a, b string, n uint8, op byte) {
		name, ok := ops[op]
		if !ok || len(a) > 2000 || len(b) > 2000 || n%40 == 0 {
			return
		}
		x, okA := new(big.Int).SetString(a, 10)
		y, okB := new(big.Int).SetString(b, 10)
		src := `{% assign x = a %}` + strings.Repeat(`{% assign x = x | `+name+`: b %}`, int(n%40)) + `{{ x }}`
		tpl := compat(t, Options{Limits: Limits{Timeout: 300 * time.Millisecond, MaxMemory: 8 << 20}}, src)
		start := now()
		out, err := tpl.Render(context.Background(), map[string]any{"a": a, "b": b})
		testclock.Within(t, "the chain (CPU time)", now()-start, 3*time.Second)
		if err != nil {
			e, ok := AsError(err)
			if !ok || len(e.Diagnostics) != 1 {
				t.Fatalf("error %v", err)
			}
			switch e.Diagnostics[0].Code {
			case codes.MemoryLimit, codes.DeadlineExceeded, codes.RenderError: // RenderError: division by zero
				return
			}
			t.Fatalf("%s: %v", src, err)
		}
		// Integer operands: the answer is math/big's, with Ruby's floored
		// division and modulo.
		if !okA || !okB || strings.ContainsAny(a+b, "+_") || (op == '/' || op == '%') && y.Sign() == 0 {
			return
		}
		want := new(big.Int).Set(x)
		for range int(n % 40) {
			switch op {
			case '+':
				want.Add(want, y)
			case '-':
				want.Sub(want, y)
			case '*':
				want.Mul(want, y)
			case '/', '%':
				q, m := new(big.Int).DivMod(want, y, new(big.Int))
				if m.Sign() != 0 && y.Sign() < 0 {
					q.Sub(q, big.NewInt(1))
					m.Add(m, y)
				}
				if op == '/' {
					want = q
				} else {
					want = m
				}
			}
		}
		if out != want.String() {
			t.Fatalf("%s with a=%s b=%s: got %s, want %s", src, a, b, out, want)
		}
	})
}

// TestInspectFormsEveryPath: every path that reads a collection as its
// inspect form (or prints it) counts it against the memory budget before
// building it, or never builds it at all. On the code before, each built
// a form of 24 MiB or more outside the budget (then rendered, or failed
// only afterwards); now each is refused, or answered, within a few MiB of
// allocation.
func TestInspectFormsEveryPath(t *testing.T) {
	opts := Options{Limits: Limits{Timeout: time.Minute, MaxMemory: 16 << 20}}
	ctl := strings.Repeat("\x01", 4<<20) // inspect: "\u0001" per byte, 24 MiB
	h := map[string]any{"k": ctl}
	small := map[string]any{"k": strings.Repeat("\x01", 1<<20)} // 6 MiB
	var distinctMaps, distinctStrings []any
	for i := range 5 {
		s := strings.Repeat("a", 4<<20) + fmt.Sprint(i)
		distinctMaps = append(distinctMaps, map[string]any{"k": s})
		distinctStrings = append(distinctStrings, s)
	}
	vars := map[string]any{
		"arr": []any{ctl}, "h": h, "hs": []any{h, h},
		"smalls": []any{small, small, small}, // 18 MiB of keys together
		"maps":   distinctMaps, "strs": distinctStrings,
	}
	const few = 8 << 20
	for _, tt := range []struct {
		path, src string
		code      diag.Code
		msg       string // in the message, for an error
		maxAlloc  uint64
	}{
		{"join's glue", `{{ "a,b" | split: "," | join: arr }}`, codes.MemoryLimit, "", few},
		{"join's object items", `{{ hs | join }}`, codes.MemoryLimit, "", few},
		{"slice of an object", `{{ h | slice: 0, 3 }}`, codes.MemoryLimit, "", few},
		{"date's format", `{{ 0 | date: arr }}`, codes.MemoryLimit, "", few},
		{"sort_natural's keys, together", `{{ smalls | sort_natural | size }}`, codes.MemoryLimit, "", 24 << 20},
		{"uniq's keys of objects, together", `{{ maps | uniq | size }}`, codes.MemoryLimit, "", 24 << 20},
		{"contains", `{% if "x" contains arr %}y{% endif %}`, codes.MemoryLimit, "", few},
		{"a range bound", `{% for i in (1..arr) %}{% endfor %}`, codes.RenderError, "got (1..Array)", few},
		{"an integer argument", `{{ "abc" | slice: arr }}`, codes.RenderError, "invalid integer", few},
		{"a loop limit", `{% for i in (1..3) limit: arr %}{% endfor %}`, codes.RenderError, "must be an integer, got Array", few},
		{"a property in a message", `{{ "a,b" | split: "," | map: arr }}`, codes.RenderError, `cannot select the property '["\u0001\u0001`, few},
		{"a partial's name", `{% include hs %}`, codes.MemoryLimit, "", few},
		{"a cycle's group", `{% cycle hs: "a", "b" %}`, codes.MemoryLimit, "", few},
		{"a cycle's value", `{% cycle hs, "b" %}`, codes.MemoryLimit, "", few},
		{"a dynamic name", `{{ [hs] }}`, codes.MemoryLimit, "", few},
	} {
		code, msg := bounded(t, opts, tt.src, vars, tt.maxAlloc, 5*time.Second)
		if code != tt.code || !strings.Contains(msg, tt.msg) || len(msg) > 400 {
			t.Errorf("%s: %s: %s %.300q, want %s with %q", tt.path, tt.src, code, msg, tt.code, tt.msg)
		}
	}
	// What fits is still answered, and uniq notes a string without
	// copying it (the code before copied each: 40 MiB).
	for src, want := range map[string]string{
		`{{ strs | uniq | size }}`:                                                       "5",
		`{{ "a,b" | split: "," | join: arr }}`:                                           "a[]b",
		`{% assign a = "b,a" | split: "," %}{{ a | join: a }}`:                           `b["b", "a"]a`,
		`{{ "2024-01-02" | date: a }}{% assign a = "1" | split: "," %}{{ 0 | date: a }}`: `2024-01-02["1"]`,
	} {
		if code, out := bounded(t, Options{Limits: opts.Limits}, src, map[string]any{"strs": distinctStrings, "arr": []any{}}, 4<<20, 5*time.Second); code != "" || out != want {
			t.Errorf("%s: %s %.100q, want %q", src, code, out, want)
		}
	}
}
