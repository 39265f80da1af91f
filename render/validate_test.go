package render

import (
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

// Checking rendering values against the schema's reduced validators must
// report the same problem locations as the full JSON Schema validator.
func TestFastValidatorAgreesWithJSONSchema(t *testing.T) {
	for _, p := range profile.Names() {
		schema, err := profile.LaneContext(p)
		if err != nil {
			t.Fatal(err)
		}
		nodes, ok := schema.Validators()
		if !ok {
			t.Fatalf("%s: lane schema not reducible", p)
		}
		mutations := map[string]func(issue map[string]any, ctx map[string]any){
			"valid":            func(map[string]any, map[string]any) {},
			"title not string": func(i map[string]any, _ map[string]any) { i["title"] = int64(3) },
			"id empty":         func(i map[string]any, _ map[string]any) { i["id"] = "" },
			"missing state":    func(i map[string]any, _ map[string]any) { delete(i, "state") },
			"extra field":      func(i map[string]any, _ map[string]any) { i["titel"] = "x" },
			"labels not list":  func(i map[string]any, _ map[string]any) { i["labels"] = "bug" },
			"label not string": func(i map[string]any, _ map[string]any) { i["labels"] = []any{"a", int64(1)} },
			"null nullable":    func(i map[string]any, _ map[string]any) { i["url"] = nil; i["priority"] = nil },
			"float priority":   func(i map[string]any, _ map[string]any) { i["priority"] = 1.5 },
			"integral float":   func(i map[string]any, _ map[string]any) { i["priority"] = 2.0 },
			"attempt zero":     func(_ map[string]any, c map[string]any) { c["attempt"] = int64(0) },
			"attempt string":   func(_ map[string]any, c map[string]any) { c["attempt"] = "1" },
			"no issue":         func(_ map[string]any, c map[string]any) { delete(c, "issue") },
			"issue not object": func(_ map[string]any, c map[string]any) { c["issue"] = []any{} },
			"blocker extra": func(i map[string]any, _ map[string]any) {
				i["blocked_by"] = []any{map[string]any{"id": "x", "oops": true}}
			},
		}
		for name, mutate := range mutations {
			ctx := schema.Sample()
			issue := ctx["issue"].(map[string]any)
			mutate(issue, ctx)
			want := pointers(schema.Validate(plainContext(ctx)))
			var got []strict.ContextProblem
			for _, in := range schema.RequiredInputs() {
				if _, ok := ctx[in]; !ok {
					got = append(got, strict.ContextProblem{Pointer: "/" + in})
				}
			}
			for k, v := range ctx {
				vd := validation{path: []pathElem{{key: k}}}
				vd.check(nodes[k], v, 0)
				got = append(got, vd.out...)
			}
			if diff := cmp.Diff(want, pointers(got)); diff != "" {
				t.Errorf("%s %s: problem pointers differ (-jsonschema +fast):\n%s", p, name, diff)
			}
			// Shea's TrackerIssue allows an empty id; Symphony's does not.
			fine := name == "valid" || name == "null nullable" || name == "integral float" || p == "shea" && name == "id empty"
			if fine {
				if len(got) != 0 {
					t.Errorf("%s %s: unexpected problems %v", p, name, got)
				}
			} else if len(got) == 0 {
				t.Errorf("%s %s: no problem found", p, name)
			}
		}
	}
}

func plainContext(ctx map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range ctx {
		out[k] = toJSON(v)
	}
	return out
}

func pointers(ps []strict.ContextProblem) []string {
	set := map[string]bool{}
	for _, p := range ps {
		set[p.Pointer] = true
	}
	out := []string{}
	for p := range set {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// TestInputsShareTheSchemasValidators checks that templates compiled
// against one schema check contexts with the validators the schema reduced
// once, and that a schema the reduction does not cover falls back to the
// full JSON Schema validator.
func TestInputsShareTheSchemasValidators(t *testing.T) {
	eng := New(Options{})
	compile := func(s *strict.Schema) *Template {
		tpl, diags := eng.Compile("{{ issue.title }}", "t.md", diag.Pos{}, s)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return tpl
	}
	schema := func(issue string) *strict.Schema {
		s, err := strict.CompileSchema("s.json", []byte(`{"type": "object", "required": ["issue"], "properties": {"issue": `+issue+`}}`), nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := schema(`{"type": "object", "properties": {"title": {"type": "string"}}}`)
	a, b := compile(s), compile(s)
	if len(a.inputs) != 1 || a.inputs[0].v == nil || a.inputs[0].v != b.inputs[0].v {
		t.Fatalf("two templates of one schema do not share its validators: %+v, %+v", a.inputs, b.inputs)
	}
	if d := a.ValidateContext(map[string]any{"issue": map[string]any{"title": int64(1)}}); len(d) != 1 ||
		!strings.Contains(d[0].Summary, "/issue/title: expected string, but got integer") {
		t.Errorf("reduced validator: got %v", d)
	}
	c := compile(schema(`{"type": "object", "properties": {"title": {"type": "string"}}, "not": {"required": ["x"]}}`))
	if c.inputs != nil {
		t.Fatalf("a schema with not was reduced: %+v", c.inputs)
	}
	if d := c.ValidateContext(map[string]any{"issue": map[string]any{"title": "t", "x": int64(1)}}); len(d) != 1 ||
		!strings.Contains(d[0].Summary, "/issue") {
		t.Errorf("full validator: got %v", d)
	}
}
