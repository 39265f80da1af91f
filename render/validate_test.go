package render

import (
	"runtime"
	"sort"
	"testing"
	"time"
	"weak"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

// The fast validator must report the same problem locations as the full
// JSON Schema validator.
func TestFastValidatorAgreesWithJSONSchema(t *testing.T) {
	for _, p := range profile.Names() {
		schema, err := profile.LaneContext(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs := compileInputs(schema)
		if inputs == nil {
			t.Fatalf("%s: lane schema not reducible", p)
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

// TestCompiledInputsAreSharedAndReleased checks the cache of compiled
// context inputs: templates compiled against one schema share them, and
// the entry of a schema nobody holds any more goes away.
func TestCompiledInputsAreSharedAndReleased(t *testing.T) {
	eng := New(Options{})
	compile := func(s *strict.Schema) *Template {
		tpl, diags := eng.Compile("{{ issue.title }}", "t.md", diag.Pos{}, s)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return tpl
	}
	schema := func() *strict.Schema {
		s, err := strict.CompileSchema("s.json", []byte(`{"type": "object", "properties": {"issue": {"type": "object", "properties": {"title": {"type": "string"}}}}}`), nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := schema()
	a, b := compile(s), compile(s)
	if len(a.inputs) == 0 || &a.inputs[0] != &b.inputs[0] {
		t.Fatalf("two templates of one schema do not share its compiled inputs")
	}
	// The keys of schemas compiled against and then dropped.
	var keys []weak.Pointer[strict.Schema]
	func() {
		for i := 0; i < 20; i++ {
			s := schema()
			compile(s)
			keys = append(keys, weak.Make(s))
			if _, ok := compiledInputs.Load(keys[i]); !ok {
				t.Fatalf("no cache entry for a schema just compiled against")
			}
		}
	}()
	left := func() int {
		n := 0
		for _, k := range keys {
			if _, ok := compiledInputs.Load(k); ok {
				n++
			}
		}
		return n
	}
	deadline := time.Now().Add(5 * time.Second)
	for left() > 0 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if n := left(); n > 0 {
		t.Errorf("%d of 20 entries left for schemas nobody holds", n)
	}
	if _, ok := compiledInputs.Load(weak.Make(s)); !ok {
		t.Errorf("the entry of a schema still held went away")
	}
	runtime.KeepAlive(s)
}
