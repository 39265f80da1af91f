package render

import (
	"encoding/json"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/strict"
)

// TestValidateContextProfiles: rendering values (int64, float64, maps,
// lists) checked against each profile's lane schema report the problems
// the schema implies, at the JSON pointers written here by hand.
func TestValidateContextProfiles(t *testing.T) {
	for _, p := range profile.Names() {
		schema, err := profile.LaneContext(p)
		if err != nil {
			t.Fatal(err)
		}
		tpl, diags := New(Options{}).Compile("{{ issue.title }}", "t.md", diag.Pos{}, schema)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		idEmpty := []string{"/issue/id"}
		if p == "shea" { // shea's TrackerIssue allows an empty id; Symphony's does not
			idEmpty = nil
		}
		for _, c := range []struct {
			name   string
			mutate func(issue, ctx map[string]any)
			want   []string
		}{
			{"valid", func(map[string]any, map[string]any) {}, nil},
			{"title not string", func(i, _ map[string]any) { i["title"] = int64(3) }, []string{"/issue/title"}},
			{"id empty", func(i, _ map[string]any) { i["id"] = "" }, idEmpty},
			{"missing state", func(i, _ map[string]any) { delete(i, "state") }, []string{"/issue"}},
			{"extra field", func(i, _ map[string]any) { i["titel"] = "x" }, []string{"/issue"}},
			{"labels not list", func(i, _ map[string]any) { i["labels"] = "bug" }, []string{"/issue/labels"}},
			{"label not string", func(i, _ map[string]any) { i["labels"] = []any{"a", int64(1)} }, []string{"/issue/labels/1"}},
			{"null nullable", func(i, _ map[string]any) { i["url"] = nil; i["priority"] = nil }, nil},
			{"float priority", func(i, _ map[string]any) { i["priority"] = 1.5 }, []string{"/issue/priority"}},
			{"integral float", func(i, _ map[string]any) { i["priority"] = 2.0 }, nil},
			{"attempt zero", func(_, c map[string]any) { c["attempt"] = int64(0) }, []string{"/attempt"}},
			{"attempt string", func(_, c map[string]any) { c["attempt"] = "1" }, []string{"/attempt"}},
			{"no issue", func(_, c map[string]any) { delete(c, "issue") }, []string{"/issue"}},
			{"issue not object", func(_, c map[string]any) { c["issue"] = []any{} }, []string{"/issue"}},
			{"blocker extra", func(i, _ map[string]any) {
				i["blocked_by"] = []any{map[string]any{"id": "x", "oops": true}}
			}, []string{"/issue/blocked_by/0"}},
		} {
			ctx := schema.Sample()
			c.mutate(ctx["issue"].(map[string]any), ctx)
			var got []string
			for _, d := range tpl.ValidateContext(ctx) {
				if d.Code != codes.ContextInvalid {
					t.Errorf("%s %s: code %s", p, c.name, d.Code)
				}
				ptr, _, _ := strings.Cut(strings.TrimPrefix(d.Summary, "context does not fit the template's schema at "), ": ")
				if len(got) == 0 || got[len(got)-1] != ptr {
					got = append(got, ptr)
				}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s %s: problem pointers (-want +got):\n%s", p, c.name, diff)
			}
		}
	}
}

// TestValidateContextMessages pins the wording, order and limit of
// context_invalid errors, and that a schema any keyword of JSON Schema
// (here not) is checked in full.
func TestValidateContextMessages(t *testing.T) {
	compile := func(props string) *Template {
		s, err := strict.CompileSchema("s.json", []byte(`{"type": "object", "required": ["issue"], "properties": `+props+`}`), nil)
		if err != nil {
			t.Fatal(err)
		}
		tpl, diags := New(Options{}).Compile("{{ issue.title }}", "t.md", diag.Pos{}, s)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return tpl
	}
	summaries := func(d diag.List) []string {
		var out []string
		for _, x := range d {
			out = append(out, strings.TrimPrefix(x.Summary, "context does not fit the template's schema at "))
		}
		return out
	}
	a := compile(`{"issue": {"type": "object", "properties": {"title": {"type": "string"}}},
		"n": {"type": "integer", "maximum": 10}, "b": {"type": "array", "items": {"type": "string"}}}`)
	bn, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	for _, c := range []struct {
		name string
		vars map[string]any
		want []string
	}{
		{"integer for string", map[string]any{"issue": map[string]any{"title": int64(1)}},
			[]string{"/issue/title: expected string, but got integer"}},
		{"missing", map[string]any{}, []string{"/issue: required input is missing"}},
		{"big integer over maximum", map[string]any{"issue": map[string]any{}, "n": bn},
			[]string{"/n: must be <= 10 but found 123456789012345678901234567890"}},
		{"big integer is an integer", map[string]any{"issue": map[string]any{}, "n": new(big.Int).Neg(bn)}, nil},
		{"pointer order", map[string]any{"issue": map[string]any{"title": 1.5}, "b": []any{int64(1), "x", true}, "n": "x"},
			[]string{"/b/0: expected string, but got integer", "/b/2: expected string, but got boolean",
				"/issue/title: expected string, but got number", "/n: expected integer, but got string"}},
	} {
		if diff := cmp.Diff(c.want, summaries(a.ValidateContext(c.vars))); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
	many := make([]any, 2*maxProblems)
	for i := range many {
		many[i] = int64(i)
	}
	if d := a.ValidateContext(map[string]any{"issue": map[string]any{}, "b": many}); len(d) != maxProblems {
		t.Errorf("%d problems reported, want the limit %d", len(d), maxProblems)
	}
	c := compile(`{"issue": {"type": "object", "properties": {"title": {"type": "string"}}, "not": {"required": ["x"]}}}`)
	if got := summaries(c.ValidateContext(map[string]any{"issue": map[string]any{"title": "t", "x": int64(1)}})); len(got) != 1 ||
		!strings.HasPrefix(got[0], "/issue: ") {
		t.Errorf("not: got %v", got)
	}
}

// TestJSONFormCopiesOnlyWhatChanges: the JSON form handed to the schema
// library is the value itself where it is already JSON, and a copy that
// leaves the caller's value untouched where something inside it is not (a
// *Map, a big integer).
func TestJSONFormCopiesOnlyWhatChanges(t *testing.T) {
	plain := map[string]any{"a": []any{"x", int64(1), 2.5, true, nil}, "b": map[string]any{"c": "d"}}
	got, changed := jsonForm(plain)
	if changed {
		t.Errorf("a value already in JSON form was reported changed")
	}
	if g, ok := got.(map[string]any); !ok || reflect.ValueOf(g).Pointer() != reflect.ValueOf(plain).Pointer() {
		t.Errorf("a value already in JSON form was copied")
	}

	m := NewMap()
	m.Set("k", "v")
	bn, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	list := []any{"x", m, bn}
	mixed := map[string]any{"same": []any{"y"}, "list": list}
	got, changed = jsonForm(mixed)
	want := map[string]any{"same": []any{"y"}, "list": []any{"x", map[string]any{"k": "v"}, json.Number("123456789012345678901234567890")}}
	if !changed {
		t.Errorf("a value holding a *Map was reported unchanged")
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("JSON form (-want +got):\n%s", d)
	}
	if list[1] != any(m) || list[2] != any(bn) || mixed["list"].([]any)[1] != any(m) {
		t.Errorf("the caller's value was modified: %v", mixed)
	}
	if got.(map[string]any)["same"].([]any)[0] != "y" {
		t.Errorf("an unchanged element was lost")
	}

	// A *Map of JSON values is read through the map that holds them; one
	// holding a *Map is copied, and neither Map changes.
	inner := NewMap()
	inner.Set("n", int64(1))
	outer := NewMap()
	outer.Set("inner", inner)
	outer.Set("s", "t")
	if g, _ := jsonForm(inner); reflect.ValueOf(g).Pointer() != reflect.ValueOf(inner.vals).Pointer() {
		t.Errorf("a *Map of JSON values was copied")
	}
	got, _ = jsonForm(outer)
	if d := cmp.Diff(map[string]any{"inner": map[string]any{"n": int64(1)}, "s": "t"}, got); d != "" {
		t.Errorf("JSON form of nested *Map (-want +got):\n%s", d)
	}
	if outer.vals["inner"] != any(inner) {
		t.Errorf("the outer *Map was modified: %v", outer.vals)
	}
}
