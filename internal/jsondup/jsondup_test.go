package jsondup

import "testing"

func TestFind(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Duplicate
		ok   bool
	}{
		{`{"a": 1, "b": 2}`, Duplicate{}, false},
		{`{"a": 1, "a": 2}`, Duplicate{"a", "/a", 9}, true},
		{`{"issue": {"title": "x", "id": "1",
  "title": "y"}}`, Duplicate{"title", "/issue/title", 38}, true},
		{`[{"a": 1}, {"a": 2}, {"b": [{"c": 0, "c": 1}]}]`, Duplicate{"c", "/2/b/0/c", 37}, true},
		{`{"a/b~": {}, "a/b~": []}`, Duplicate{"a/b~", "/a~1b~0", 13}, true},
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
