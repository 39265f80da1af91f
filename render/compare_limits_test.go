package render

import (
	"errors"
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
