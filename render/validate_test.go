package render

import (
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/strict"
)

// The fast validator must report the same problem locations as the full
// JSON Schema validator.
func TestFastValidatorAgreesWithJSONSchema(t *testing.T) {
	for _, profile := range strict.Profiles() {
		schema, err := strict.LaneContext(profile)
		if err != nil {
			t.Fatal(err)
		}
		inputs := compileInputs(schema)
		if inputs == nil {
			t.Fatalf("%s: lane schema not reducible", profile)
		}
		nodes := map[string]*vnode{}
		for _, in := range inputs {
			nodes[in.name] = in.node
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
				t.Errorf("%s %s: problem pointers differ (-jsonschema +fast):\n%s", profile, name, diff)
			}
			// Shea's TrackerIssue allows an empty id; Symphony's does not.
			fine := name == "valid" || name == "null nullable" || name == "integral float" || profile == "shea" && name == "id empty"
			if fine {
				if len(got) != 0 {
					t.Errorf("%s %s: unexpected problems %v", profile, name, got)
				}
			} else if len(got) == 0 {
				t.Errorf("%s %s: no problem found", profile, name)
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
