package strict

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/internal/testclock"

	"github.com/sheaproject/shea/diag"
)

func TestCompileSchemaErrors(t *testing.T) {
	for _, c := range []struct {
		name, doc, want string
	}{
		{"not an object", `{"type": "string"}`, "a context schema must describe an object"},
		{"not JSON", `{"type": `, "schema bad.json"},
		{"network reference", `{"type": "object", "properties": {"u": {"$ref": "https://example.com/u.json"}}}`, "is not an embedded resource"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := CompileSchema("bad.json", []byte(c.doc), nil)
			var se *SchemaError
			if !errors.As(err, &se) || se.Name != "bad.json" {
				t.Fatalf("err = %v, want a *SchemaError for bad.json", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %q, want it to mention %q", err, c.want)
			}
		})
	}
}

func TestCompileSchemaRefsAndOrder(t *testing.T) {
	s, err := CompileSchema("main.json", []byte(`{
	  "type": "object",
	  "required": ["user"],
	  "properties": {
	    "zeta": {"type": "integer"},
	    "user": {"$ref": "https://example.com/user.json"},
	    "alpha": {"type": "string"}
	  }
	}`), map[string][]byte{"https://example.com/user.json": []byte(`{
	  "type": "object", "properties": {"name": {"type": "string"}}, "additionalProperties": false
	}`)})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"zeta", "user", "alpha"}, s.Names()); diff != "" {
		t.Errorf("Names keeps declaration order (-want +got):\n%s", diff)
	}
	if !s.Required("user") || s.Required("zeta") || !s.Has("alpha") || s.Has("beta") || s.input("beta") != nil {
		t.Error("Required/Has/Input")
	}
	_, diags := Check("{{ user.nme }}", "t", diag.Pos{}, Options{Context: s})
	if len(diags) != 1 || diags[0].Detail != `Did you mean "user.name"?` {
		t.Errorf("a $ref to another document does not resolve: %v", diags)
	}
}

func TestSchemaExtend(t *testing.T) {
	base, _ := CompileSchema("a.json", []byte(`{"type": "object", "required": ["x"], "properties": {"x": {"type": "string"}, "y": {}}}`), nil)
	ext, _ := CompileSchema("b.json", []byte(`{"type": "object", "properties": {"z": {}, "x": {"type": "object", "properties": {"k": {}}, "additionalProperties": false}}}`), nil)
	s := base.Extend(ext)
	if diff := cmp.Diff([]string{"x", "y", "z"}, s.Names()); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	if !s.Required("x") {
		t.Error("Extend dropped a required input")
	}
	// The extension's declaration of x wins: x is an object with k.
	_, diags := Check("{{ x.k }}{{ x.j }}", "t", diag.Pos{}, Options{Context: s})
	if got := dsAll(diags); len(got) != 1 || got[0] != "unknown_property 1:13@12-1:16@15" {
		t.Errorf("got %v", diags)
	}
	var none *Schema
	if none.Extend(ext) != ext || ext.Extend(nil) != ext || none.Names() != nil || none.Has("x") || none.Required("x") {
		t.Error("nil schemas")
	}
}

func TestSchemaValidate(t *testing.T) {
	s := mustLane(t)
	sample := s.Sample()
	if probs := s.Validate(sample); len(probs) != 0 {
		t.Fatalf("the sample does not fit: %v", probs)
	}
	var pointers []string
	for _, p := range s.Validate(map[string]any{
		"issue":   map[string]any{"id": "1", "identifier": "A-1", "title": 42.0, "state": "Todo", "extra": true},
		"attempt": "first",
	}) {
		pointers = append(pointers, p.Pointer)
	}
	sort.Strings(pointers) // the validator's order is its own
	want := []string{"/attempt", "/issue", "/issue/title"}
	if diff := cmp.Diff(want, pointers); diff != "" {
		t.Errorf("problem pointers (-want +got):\n%s", diff)
	}
	if probs := s.Validate(map[string]any{}); len(probs) != 1 || probs[0].Pointer != "/issue" || probs[0].Message != "required input is missing" {
		t.Errorf("missing issue: %v", probs)
	}
	var none *Schema
	if none.Validate(map[string]any{"x": 1}) != nil || len(none.Sample()) != 0 {
		t.Error("a nil schema validates everything and samples nothing")
	}
}

func TestSchemaSample(t *testing.T) {
	s, err := CompileSchema("s.json", []byte(`{
	  "type": "object",
	  "properties": {
	    "ex": {"type": "string", "examples": ["from example"]},
	    "def": {"type": "integer", "default": 7},
	    "con": {"const": "fixed"},
	    "en": {"enum": ["b", "a"]},
	    "min": {"type": "integer", "minimum": 3},
	    "num": {"type": "number"},
	    "flag": {"type": "boolean"},
	    "name": {"type": ["string", "null"]},
	    "list": {"type": "array", "items": {"type": "object", "properties": {"k": {"type": "string"}}}},
	    "free": {}
	  }
	}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"ex": "from example", "def": int64(7), "con": "fixed", "en": "b", "min": int64(3),
		"num": 1.5, "flag": true, "name": "smoke_name",
		"list": []any{map[string]any{"k": "smoke_k"}}, "free": "smoke_free",
	}
	if diff := cmp.Diff(want, s.Sample()); diff != "" {
		t.Errorf("Sample (-want +got):\n%s", diff)
	}
	if probs := s.Validate(s.Sample()); len(probs) != 0 {
		t.Errorf("the sample does not fit: %v", probs)
	}
}

func TestNameLists(t *testing.T) {
	tags := TagNames()
	for _, want := range []string{"#", "assign", "capture", "case", "comment", "cycle", "decrement", "doc", "echo", "for",
		"if", "ifchanged", "include", "increment", "liquid", "raw", "render", "tablerow", "unless"} {
		if !contains(tags, want) {
			t.Errorf("TagNames lacks %q", want)
		}
	}
	if len(tags) != 21 {
		t.Errorf("TagNames: %d names, want the 21 tags of Liquid 5: %v", len(tags), tags)
	}
	f := StandardFilters()
	if sig := f["truncate"]; sig.Min != 0 || sig.Max != 2 {
		t.Errorf("truncate takes %+v", sig)
	}
	if sig := f["default"]; !cmp.Equal(sig.Keywords, []string{"allow_false"}) {
		t.Errorf("default's keywords: %v", sig.Keywords)
	}
	f["truncate"] = FilterSig{}
	if StandardFilters()["truncate"].Max != 2 {
		t.Error("StandardFilters returns the package's own map")
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func TestSchemaWithout(t *testing.T) {
	s, err := CompileSchema("https://example.test/lane.json", []byte(`{"required": ["issue"], "properties": {"issue": {"type": "object"}, "attempt": {"type": ["integer", "null"]}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	w := s.Without("attempt", "nothing")
	if w.Has("attempt") || !w.Has("issue") || !w.Required("issue") || strings.Join(w.Names(), ",") != "issue" {
		t.Errorf("Without(attempt): names %v", w.Names())
	}
	if !s.Has("attempt") {
		t.Error("Without changed the schema it was called on")
	}
}

// TestSchemaObjectCap: a schema of 30,000 properties is refused before
// the schema library compiles it (it took 28 s, outside any deadline);
// braces inside strings do not count.
func TestSchemaObjectCap(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"type": "object", "properties": {`)
	for i := range 30_000 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"p%d": {"type": "string"}`, i)
	}
	b.WriteString("}}")
	start := time.Now()
	_, err := CompileSchema("s.json", []byte(b.String()), nil)
	if err == nil || !strings.Contains(err.Error(), "more than the 10000 a context schema may have") {
		t.Errorf("error %v", err)
	}
	testclock.Within(t, "refusing the schema", time.Since(start), 5*time.Second)
	if n := countObjects([]byte(`{"a": "{{\"{", "b": [{}, {"c": "}"}]}`)); n != 3 {
		t.Errorf("countObjects = %d, want 3", n)
	}
}

// TestSchemaValidateTypeMessages: the library calls every number "number";
// Validate names an integral one "integer", at any depth and through an
// escaped pointer, and leaves a fractional one "number".
func TestSchemaValidateTypeMessages(t *testing.T) {
	s, err := CompileSchema("s.json", []byte(`{"type": "object", "properties": {
		"a/b": {"type": "object", "properties": {"xs": {"type": "array", "items": {"type": "string"}}}},
		"n": {"type": ["string", "null"]}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v    any
		want ContextProblem
	}{
		{map[string]any{"n": json.Number("3")}, ContextProblem{"/n", "expected string or null, but got integer"}},
		{map[string]any{"n": 3.0}, ContextProblem{"/n", "expected string or null, but got integer"}},
		{map[string]any{"n": json.Number("123456789012345678901234567890")}, ContextProblem{"/n", "expected string or null, but got integer"}},
		{map[string]any{"n": 1.5}, ContextProblem{"/n", "expected string or null, but got number"}},
		{map[string]any{"n": true}, ContextProblem{"/n", "expected string or null, but got boolean"}},
		{map[string]any{"a/b": map[string]any{"xs": []any{"x", json.Number("7")}}}, ContextProblem{"/a~1b/xs/1", "expected string, but got integer"}},
	} {
		got := s.Validate(c.v.(map[string]any))
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%v: got %v, want %v", c.v, got, c.want)
		}
	}
}
