package jsondup

import (
	"bytes"
	"encoding/json"
	"runtime"
	"strings"
	"testing"
)

func TestFind(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Duplicate
		ok   bool
	}{
		{`{"a": 1, "b": 2}`, Duplicate{}, false},
		{`{"a": 1, "a": 2}`, Duplicate{"a", "/a", 9, 12}, true},
		{`{"issue": {"title": "x", "id": "1",
  "title": "y"}}`, Duplicate{"title", "/issue/title", 38, 45}, true},
		{`[{"a": 1}, {"a": 2}, {"b": [{"c": 0, "c": 1}]}]`, Duplicate{"c", "/2/b/0/c", 37, 40}, true},
		{`{"\u00e9": 1, "é": 2}`, Duplicate{"é", "/é", 14, 18}, true},
		{`{"a/b~": {}, "a/b~": []}`, Duplicate{"a/b~", "/a~1b~0", 13, 19}, true},
		{`{"a": {"x": 1}, "b": {"x": 1}}`, Duplicate{}, false}, // same key, different objects
		{`{"a": [1, 2, {"a": 3}]}`, Duplicate{}, false},
		{`{"a": 1, "a"`, Duplicate{}, true},       // found before the syntax error
		{`{"a": 1,, "a": 2}`, Duplicate{}, false}, // a syntax error first
		{`"x"`, Duplicate{}, false},
		{``, Duplicate{}, false},
	} {
		got, ok := Find([]byte(tt.in))
		if ok != tt.ok || (tt.want != Duplicate{} && got != tt.want) {
			t.Errorf("Find(%s) = %+v, %v; want %+v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzFind checks Find against encoding/json: a document it decodes into
// map[string]any has a duplicate exactly when some object's key count
// differs; Find's offsets lie in the document, at a quoted key.
func FuzzFind(f *testing.F) {
	for _, s := range []string{`{"a": 1, "a": 2}`, `[{"a": {"b": 1}}, {"a": 2}]`, `{"\u00e9": 1, "é": 2}`, `{"x": [1, {"y": 2, "y": 3}]}`, `{}`, `[`, strings.Repeat(`[{"a":`, 300) + `{"k":1,"k":2}`, strings.Repeat("[", 2000)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, found := Find(data)
		if found {
			if d.Offset < 0 || d.End > len(data) || d.Offset >= d.End || data[d.Offset] != '"' || data[d.End-1] != '"' {
				t.Fatalf("Find(%q) = %+v: offsets not at a quoted key", data, d)
			}
		}
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		if want := hasDup(data); found != want {
			t.Fatalf("Find(%q) found %v, want %v", data, found, want)
		}
	})
}

// hasDup reports a duplicate key by decoding every object twice: into a
// map, and as a token stream counting its keys.
func hasDup(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	var count func() (bool, error)
	count = func() (bool, error) {
		t, err := dec.Token()
		if err != nil {
			return false, err
		}
		switch t {
		case json.Delim('{'):
			keys := map[string]bool{}
			dup := false
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return false, err
				}
				if keys[k.(string)] {
					dup = true
				}
				keys[k.(string)] = true
				d, err := count()
				if err != nil {
					return false, err
				}
				dup = dup || d
			}
			_, err := dec.Token()
			return dup, err
		case json.Delim('['):
			dup := false
			for dec.More() {
				d, err := count()
				if err != nil {
					return false, err
				}
				dup = dup || d
			}
			_, err := dec.Token()
			return dup, err
		}
		return false, nil
	}
	dup, _ := count()
	return dup
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestFindDeepBounded: deeply nested brackets cost memory in proportion
// to the input, not to its square (a pointer string per open bracket made
// 40 KB of arrays take 827 MB, and 10 MB crash); past MaxDepth Find stops.
func TestFindDeepBounded(t *testing.T) {
	for _, n := range []int{40_000, 1 << 20} {
		data := bytes.Repeat([]byte("["), n)
		var found bool
		got := allocated(func() { _, found = Find(data) })
		if found {
			t.Errorf("%d brackets: found a duplicate", n)
		}
		if limit := uint64(64 << 20); got > limit {
			t.Errorf("%d brackets: allocated %d bytes, want at most %d", n, got, limit)
		}
	}
	// A duplicate deep inside still gets its full pointer.
	data := []byte(strings.Repeat(`{"a":[`, 100) + `{"k":1,"k":2}` + strings.Repeat(`]}`, 100))
	d, ok := Find(data)
	if !ok || d.Pointer != strings.Repeat("/a/0", 100)+"/k" {
		t.Errorf("Find = %+v, %v", d, ok)
	}
}
