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
	if names[0] != "sample" || len(names) != 6 {
		t.Errorf("names %v", names)
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
