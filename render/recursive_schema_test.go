package render

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// A valid value of a recursive schema, deeper than a sample goes, renders:
// context validation follows the recursion as far as the value does.
func TestRecursiveSchemaContext(t *testing.T) {
	schema, err := strict.CompileSchema("context.json", []byte(`{"type": "object", "required": ["tree"], "properties": {"tree": {"$ref": "#/$defs/node"}},
		"$defs": {"node": {"type": "object", "required": ["name", "children"], "properties": {
			"name": {"type": "string"},
			"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	tpl, diags := New(Options{}).Compile("{{ tree.name }}{% for c in tree.children %}/{{ c.name }}{% for d in c.children %}/{{ d.name }}{% endfor %}{% endfor %}", "t.md", diag.Pos{}, schema)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	leaf := `{"name": "leaf", "children": []}`
	deep := leaf
	for range 20 {
		deep = `{"name": "n", "children": [` + deep + `, ` + leaf + `]}`
	}
	for _, doc := range []string{`{"tree": ` + deep + `}`, `{"tree": ` + leaf + `}`} {
		var vars map[string]any
		if err := json.Unmarshal([]byte(doc), &vars); err != nil {
			t.Fatal(err)
		}
		if _, err := tpl.Render(context.Background(), vars); err != nil {
			t.Errorf("valid tree: %v", err)
		}
	}
	if _, err := tpl.Render(context.Background(), schema.Sample()); err != nil {
		t.Errorf("sample: %v", err)
	}
	// And an invalid node deep down is still found.
	bad := `{"name": "n", "children": [{"name": 5, "children": []}]}`
	for range 12 {
		bad = `{"name": "n", "children": [` + bad + `]}`
	}
	var vars map[string]any
	if err := json.Unmarshal([]byte(`{"tree": `+bad+`}`), &vars); err != nil {
		t.Fatal(err)
	}
	_, err = tpl.Render(context.Background(), vars)
	if e, ok := AsError(err); !ok || e.Diagnostics[0].Code != codes.ContextInvalid {
		t.Errorf("invalid deep node: got %v, want context_invalid", err)
	}
}
