package render

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/strict"
)

// filterCase is one call of a standard filter. Expected values were
// checked by hand against the golden-liquid case named in the comment
// beside them ("golden: <name>"), or against Shopify Liquid (Ruby) and
// Ruby's core classes ("ruby:").
type filterCase struct {
	filter string
	in     any
	args   []any
	kw     map[string]any
	want   any    // compared with reflect.DeepEqual: int64 and float64 differ
	err    string // when set, the call must fail with an error containing it
}

// js decodes JSON into the value model (objects become *Map, integers
// int64), as the data of golden-liquid cases is.
func js(s string) any {
	v, err := DecodeJSON([]byte(s))
	if err != nil {
		panic(fmt.Sprintf("bad test JSON %q: %v", s, err))
	}
	return v
}

// args builds an argument list.
func args(a ...any) []any { return a }

func runFilterCases(t *testing.T, cases []filterCase) {
	t.Helper()
	filters := standardFilters()
	for i, c := range cases {
		name := fmt.Sprintf("%d_%s", i, c.filter)
		t.Run(name, func(t *testing.T) {
			fn, ok := filters[c.filter]
			if !ok {
				t.Fatalf("no filter %q", c.filter)
			}
			got, err := fn(c.in, c.args, c.kw)
			if c.err != "" {
				if err == nil {
					t.Fatalf("%s(%s, %s) = %s, want an error containing %q", c.filter, show(c.in), show(c.args), show(got), c.err)
				}
				if !strings.Contains(err.Error(), c.err) {
					t.Fatalf("%s(%s, %s): error %q, want one containing %q", c.filter, show(c.in), show(c.args), err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s(%s, %s): unexpected error %v", c.filter, show(c.in), show(c.args), err)
			}
			if !sameValue(got, c.want) {
				t.Fatalf("%s(%s, %s)\n got %s\nwant %s", c.filter, show(c.in), show(c.args), show(got), show(c.want))
			}
		})
	}
}

// sameValue is deep equality that also holds between NaNs.
func sameValue(a, b any) bool {
	if x, ok := a.(float64); ok {
		if y, ok := b.(float64); ok && math.IsNaN(x) && math.IsNaN(y) {
			return true
		}
	}
	return reflect.DeepEqual(a, b)
}

// show prints a value with its Go type, so int64(5) and 5.0 differ.
func show(v any) string {
	switch x := v.(type) {
	case *Map:
		if x == nil {
			return "(*Map)(nil)"
		}
		var parts []string
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			parts = append(parts, fmt.Sprintf("%q: %s", k, show(e)))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		var parts []string
		for _, e := range x {
			parts = append(parts, show(e))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case string:
		return fmt.Sprintf("%q", x)
	case nil:
		return "nil"
	}
	return fmt.Sprintf("%T(%v)", v, v)
}

// TestStandardFiltersMatchSignatures checks that every filter the checker
// accepts has an implementation, and no implementation lacks a signature.
func TestStandardFiltersMatchSignatures(t *testing.T) {
	impl := standardFilters()
	sigs := strict.StandardFilters()
	for name := range sigs {
		if impl[name] == nil {
			t.Errorf("filter %q has a signature but no implementation", name)
		}
	}
	for name := range impl {
		if _, ok := sigs[name]; !ok {
			t.Errorf("filter %q is implemented but has no signature", name)
		}
	}
}

// TestFilterArgumentChecks checks that calls outside a filter's signature
// are errors, not panics.
func TestFilterArgumentChecks(t *testing.T) {
	impl := standardFilters()
	for name, sig := range strict.StandardFilters() {
		fn := impl[name]
		if sig.Min > 0 {
			if _, err := fn("x", nil, nil); err == nil || !strings.Contains(err.Error(), "wrong number of arguments") {
				t.Errorf("%s with no arguments: err = %v, want wrong number of arguments", name, err)
			}
		}
		if sig.Max >= 0 {
			extra := make([]any, sig.Max+1)
			if _, err := fn("x", extra, nil); err == nil || !strings.Contains(err.Error(), "wrong number of arguments") {
				t.Errorf("%s with %d arguments: err = %v, want wrong number of arguments", name, sig.Max+1, err)
			}
		}
		// A filter that takes keywords ignores another (Ruby's options
		// hash); one that takes none fails.
		_, err := fn("x", make([]any, sig.Min), map[string]any{"bogus": true})
		if len(sig.Keywords) > 0 && err != nil {
			t.Errorf("%s with an unknown keyword: err = %v, want it ignored", name, err)
		}
		if len(sig.Keywords) == 0 && (err == nil || !strings.Contains(err.Error(), `unknown keyword argument "bogus"`)) {
			t.Errorf("%s with an unknown keyword: err = %v", name, err)
		}
	}
	if _, err := impl["append"]("a", nil, nil); err == nil || err.Error() != "wrong number of arguments (given 0, expected 1)" {
		t.Errorf("append message: %v", err)
	}
	if _, err := impl["slice"]("a", args(1, 2, 3), nil); err == nil || err.Error() != "wrong number of arguments (given 3, expected 1..2)" {
		t.Errorf("slice message: %v", err)
	}
}

// hostileValues are inputs and arguments of every shape, for the no-panic
// sweep.
func hostileValues() []any {
	type plain struct {
		Name  string `json:"name"`
		Count int
		//lint:ignore U1000 an unexported field, which filters must never read
		skip bool
	}
	var nilMap *Map
	var nilPtr *plain
	cyclic := []any{1, nil}
	cyclic[1] = cyclic
	return []any{
		nil, true, false, int64(0), int64(-1), int64(math.MaxInt64), int64(math.MinInt64),
		0.0, math.Copysign(0, -1), 2.5, -2.5, 1e300, math.Inf(1), math.Inf(-1), math.NaN(),
		"", " ", "abc", "2.5", "-7", "0x1f", "%zz%41", "==", "@@@", "\xff\xfe", "März 14, 2016", "2016-03-14T10:00:00+05:30",
		"10:61", "99/99/9999", "<b>x</b>", "&amp;",
		[]any{}, []any{nil}, []any{int64(1), "a", 2.5}, []any{[]any{int64(1), []any{int64(2)}}}, cyclic,
		js(`{}`), js(`{"a":1,"b":[1,2],"c":null}`), js(`[{"a":1},{"a":"x"},{"b":2},null,5]`),
		map[string]any{"k": int64(1)}, []string{"x", "y"}, []int{3, 1, 2}, map[string]int{"a": 1},
		plain{Name: "n", Count: 2}, &plain{Name: "p"}, nilPtr, nilMap,
		rangeValue{lo: 1, hi: 5}, rangeValue{lo: 5, hi: 1}, rangeValue{lo: math.MinInt64, hi: math.MaxInt64},
		blankValue{}, emptyValue{},
		time.Date(2016, 3, 14, 10, 0, 0, 0, time.UTC), time.Time{},
		int(7), uint64(math.MaxUint64), float32(1.5), struct{}{}, func() {}, make(chan int),
	}
}

// TestFiltersNeverPanic calls every filter with every hostile value as
// input and as each argument, with every argument count, and asserts that
// each call returns (a value or an error) without panicking, and that an
// error always has a message.
func TestFiltersNeverPanic(t *testing.T) {
	values := hostileValues()
	argValues := []any{nil, int64(2), -1.5, "a", "", []any{int64(1)}, js(`{"a":1}`), rangeValue{lo: 1, hi: 3}, math.NaN(), int64(math.MaxInt64), "%Y %%%-d %:z %", true}
	impl := standardFilters()
	names := make([]string, 0, len(impl))
	for n := range impl {
		names = append(names, n)
	}
	sort.Strings(names)
	calls := 0
	for _, name := range names {
		fn := impl[name]
		for _, in := range values {
			for n := 0; n <= 3; n++ {
				for _, a := range argValues {
					list := make([]any, n)
					for i := range list {
						list[i] = a
					}
					for _, kw := range []map[string]any{nil, {"allow_false": a}} {
						calls++
						func() {
							defer func() {
								if r := recover(); r != nil {
									t.Fatalf("%s(%s, %s, %v) panicked: %v", name, show(in), show(list), kw, r)
								}
							}()
							_, err := fn(in, list, kw)
							if err != nil && err.Error() == "" {
								t.Errorf("%s(%s, %s): error without a message", name, show(in), show(list))
							}
						}()
					}
				}
			}
		}
	}
	t.Logf("%d filter calls, no panics", calls)
}
