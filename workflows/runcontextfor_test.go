package workflows

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/strict"
)

// TestRunContextFor: keys the turn block's run_context declaration
// certainly rejects are dropped; everything is kept when it admits more
// keys, or when run_context is not declared.
func TestRunContextFor(t *testing.T) {
	rc := map[string]any{"stage": "review", "notes": "x", "extra": int64(1)}
	schema := func(runContext string) *strict.Schema {
		s, err := strict.CompileSchema("s.json", []byte(`{"type": "object", "properties": {"issue": {"type": "object"}`+runContext+`}}`), nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		name   string
		schema *strict.Schema
		want   map[string]any
	}{
		{"closed", schema(`, "run_context": {"type": "object", "properties": {"stage": {"type": "string"}, "gone": {}}, "additionalProperties": false}`),
			map[string]any{"stage": "review"}},
		{"closed through allOf", schema(`, "run_context": {"allOf": [{"properties": {"notes": {}}, "additionalProperties": false}]}`),
			map[string]any{"notes": "x"}},
		{"open", schema(`, "run_context": {"type": "object", "properties": {"stage": {"type": "string"}}}`), rc},
		{"undeclared", schema(``), rc},
		{"no schema", nil, rc},
	} {
		if diff := cmp.Diff(c.want, runContextFor(c.schema, rc)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}
