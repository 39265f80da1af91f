package strict

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSampleMatrix(t *testing.T) {
	s, err := CompileSchema("ctx.json", []byte(`{
		"type": "object",
		"required": ["issue"],
		"properties": {
			"issue": {"type": "object", "required": ["title"], "additionalProperties": false, "properties": {
				"title": {"type": "string", "examples": ["T"]},
				"url": {"type": ["string", "null"], "examples": ["u"]},
				"labels": {"type": "array", "items": {"type": "string", "examples": ["l"]}},
				"parent": {"$ref": "#/$defs/node"}
			}},
			"attempt": {"type": ["integer", "null"], "minimum": 1}
		},
		"$defs": {"node": {"type": ["object", "null"], "properties": {"id": {"type": "string", "examples": ["n"]}, "parent": {"$ref": "#/$defs/node"}}}}
	}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]any{}
	var names []string
	for _, in := range s.SampleMatrix() {
		names = append(names, in.Name)
		got[in.Name] = in.Vars
		// (The sample is Sample's, tested on its own.)
		if probs := s.Validate(in.Vars); len(probs) != 0 && in.Name != "sample" {
			t.Errorf("%s does not fit the schema: %v", in.Name, probs)
		}
	}
	want := map[string]map[string]any{
		"every field":           {"issue": map[string]any{"title": "T", "url": "u", "labels": []any{"l"}, "parent": map[string]any{"id": "n"}}, "attempt": int64(1)},
		"required only":         {"issue": map[string]any{"title": "T"}},
		"nullable as null":      {"issue": map[string]any{"title": "T", "url": nil, "labels": []any{"l"}, "parent": nil}, "attempt": nil},
		"arrays empty":          {"issue": map[string]any{"title": "T", "url": "u", "labels": []any{}, "parent": map[string]any{"id": "n"}}, "attempt": int64(1)},
		"arrays with two items": {"issue": map[string]any{"title": "T", "url": "u", "labels": []any{"l", "l"}, "parent": map[string]any{"id": "n"}}, "attempt": int64(1)},
	}
	for name, w := range want {
		if diff := cmp.Diff(w, got[name]); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	if len(names) < 6 || names[0] != "sample" || names[5] != "arrays with two items" {
		t.Errorf("names %v", names)
	}
	// Past the modes, one value at a time at an edge of its type, each
	// within the schema: attempt's minimum 1 rules out 0 and -1, and 1 is
	// the "every field" value already.
	for _, n := range []string{`issue.title = ""`, "issue.title = a 10240-byte string", `issue.title = "123"`,
		`issue.title = "2026-01-01"`, `issue.title = "مرحبا עולם" (right to left)`, "issue.url = null",
		"attempt = null", "attempt = 9223372036854775807", "attempt = 18446744073709551616"} {
		if _, ok := got[n]; !ok {
			t.Errorf("no context %q", n)
		}
	}
	for _, n := range []string{"attempt = 0", "attempt = -1", "attempt = 1"} {
		if _, ok := got[n]; ok {
			t.Errorf("context %q breaks the schema or repeats the base", n)
		}
	}
	if v := got["issue.url = null"]["issue"].(map[string]any); v["url"] != nil || v["title"] != "T" {
		t.Errorf("issue.url = null changes more than the url: %v", v)
	}

	// A variation the schema rules out is left out.
	s, err = CompileSchema("ctx.json", []byte(`{"type": "object", "properties": {"tags": {"type": "array", "minItems": 1, "items": {"type": "string"}}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range s.SampleMatrix() {
		if in.Name == "arrays empty" {
			t.Errorf("arrays empty kept against minItems: %v", in.Vars)
		}
	}
}

// TestSampleMatrixBoundariesRespectConstraints: every boundary context
// fits the schema's constraints (enum, minimum, minLength, pattern,
// format), the constraints' own edges are tried, and the matrix stays
// small: one variation per value and candidate, not their product.
func TestSampleMatrixBoundariesRespectConstraints(t *testing.T) {
	s, err := CompileSchema("ctx.json", []byte(`{
		"type": "object",
		"properties": {
			"n": {"type": "integer", "minimum": 2, "maximum": 9},
			"x": {"type": "number"},
			"kind": {"enum": ["bug", "task"]},
			"code": {"type": "string", "minLength": 2, "pattern": "^[0-9]+$"},
			"day": {"type": "string", "format": "date"},
			"tags": {"type": "array", "items": {"type": "string", "maxLength": 3}},
			"p": {"type": ["integer", "null"]}
		}
	}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := s.SampleMatrix()
	names := map[string]bool{}
	for _, in := range m[1:] {
		names[in.Name] = true
		if probs := s.Validate(in.Vars); len(probs) != 0 {
			t.Errorf("%s does not fit the schema: %v", in.Name, probs)
		}
	}
	// (code's base value is "123", the first common shape its pattern
	// allows; day's is a date; p null and tags empty are modes already.)
	for _, n := range []string{"n = 9", `kind = "task"`, `tags[0] = ""`, `tags[0] = "123"`,
		"x = 0.5", "x = 0", "x = -1", "x = 18446744073709551616", "p = 0", "p = -1"} {
		if !names[n] {
			t.Errorf("no context %q", n)
		}
	}
	for _, n := range []string{"n = 0", "n = -1", `code = ""`, `day = "123"`, "tags[0] = a 10240-byte string"} {
		if names[n] {
			t.Errorf("context %q breaks the schema", n)
		}
	}
	if len(m) > 60 {
		t.Errorf("%d contexts for 7 values", len(m))
	}
}
