package render

import (
	"strings"
	"testing"
)

// TestDecodeJSONDuplicateKeys: a key written twice is an error naming the
// key and its path, never a silent choice of one value.
func TestDecodeJSONDuplicateKeys(t *testing.T) {
	for _, in := range []string{`{"issue": {"title": "a", "title": "b"}}`, `[{"x": 1, "x": 1}]`} {
		if _, err := DecodeJSON([]byte(in)); err == nil || !strings.HasPrefix(err.Error(), "duplicate key ") {
			t.Errorf("DecodeJSON(%s): error %v, want a duplicate key", in, err)
		}
	}
	_, err := DecodeJSONObject([]byte(`{"issue": {"title": "a", "title": "b"}}`))
	if err == nil || err.Error() != `duplicate key "title" at /issue/title` {
		t.Errorf("DecodeJSONObject: error %v", err)
	}
	if _, err := DecodeJSON([]byte(`{"a": {"x": 1}, "b": {"x": 1}}`)); err != nil {
		t.Errorf("equal keys in different objects: %v", err)
	}
}
