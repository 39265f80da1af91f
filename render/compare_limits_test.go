package render

import (
	"errors"
	"strings"
	"testing"
)

// TestEqualNodeLimit pins shea's bound on the values one == visits, which
// Ruby does not have: the comparison of two arrays visits the pair of
// arrays and then each pair of items, so arrays of maxValueNodes-1 items
// (maxValueNodes pairs) compare, and one more item is errTooDeep. The same
// slice is used on both sides (a slice is walked, not taken as identical),
// so the test holds one array of 2^22 items (64 MB).
func TestEqualNodeLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates a 64 MB array")
	}
	items := make([]any, maxValueNodes)
	for i := range items {
		items[i] = int64(1)
	}
	fits := items[:maxValueNodes-1]
	if eq, err := equalChecked(nil, fits, fits); !eq || err != nil {
		t.Errorf("arrays of %d items: %v, %v; want true", len(fits), eq, err)
	}
	if eq, err := equalChecked(nil, items, items); eq || !errors.Is(err, errTooDeep) {
		t.Errorf("arrays of %d items: %v, %v; want errTooDeep", len(items), eq, err)
	}
}

// TestRubyInspectLength: error messages show a value by its inspect form
// up to 40 bytes and by its class name beyond (a range bound, a for-loop
// limit, the right side of a failed comparison). The expected strings are
// counted by hand: `["` + 36 letters + `"]` is 40 bytes.
func TestRubyInspectLength(t *testing.T) {
	a36, a37 := strings.Repeat("a", 36), strings.Repeat("a", 37)
	for _, c := range []struct {
		v    any
		want string
	}{
		{int64(-5), "-5"},
		{2.5, "2.5"},
		{[]any{"x", nil}, `["x", nil]`},
		{[]any{a36}, `["` + a36 + `"]`},
		{[]any{a37}, "Array"},
		{a37 + "a", `"` + a37 + `a"`}, // 40 bytes with its quotes
		{a37 + "aa", "String"},
	} {
		if got := rubyInspect(c.v); got != c.want {
			t.Errorf("rubyInspect(%#v) = %q, want %q", c.v, got, c.want)
		}
	}
}
