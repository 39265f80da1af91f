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

// TestSchemaObjectCap: a schema of more than 5,000 objects, or nested
// more than 64 levels, is refused before the schema library compiles it
// (30,000 properties took 28 s, a chain of 1,000 nested objects 45 s of
// CPU, outside any deadline); braces inside strings do not count.
func TestSchemaObjectCap(t *testing.T) {
	for _, tt := range []struct {
		name, doc string
		refs      map[string][]byte
		want      string // "" to compile
	}{
		{"30,000 properties", wideSchema(30_000), nil, "the schema holds 30002 objects, more than the 5000 a context schema may have"},
		{"5,000 objects", wideSchema(4_998), nil, ""},
		{"5,001 objects", wideSchema(4_999), nil, "the schema holds 5001 objects, more than the 5000 a context schema may have"},
		{"objects of references count", wideSchema(4_000), map[string][]byte{"r.json": []byte(wideSchema(1_000))}, "the schema holds 5004 objects, more than the 5000"},
		{"63 levels", chainSchema(1, 30), nil, ""},
		{"65 levels", chainSchema(1, 31), nil, "the schema nests objects and arrays 65 levels deep, more than the 64 a context schema may have"},
		{"arrays count as levels", `{"type": "object", "properties": {"a": {"enum": [` + strings.Repeat("[", 70) + strings.Repeat("]", 70) + `]}}}`, nil, "nests objects and arrays 74 levels deep"},
		{"a deep reference", `{"type": "object", "properties": {}}`, map[string][]byte{"r.json": []byte(chainSchema(1, 40))}, "nests objects and arrays 83 levels deep"},
	} {
		start := time.Now()
		_, err := CompileSchema("s.json", []byte(tt.doc), tt.refs)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
		testclock.Within(t, tt.name, time.Since(start), 5*time.Second)
	}
	for doc, want := range map[string][2]int{
		`{"a": "{{\"{", "b": [{}, {"c": "}"}]}`:  {3, 3},
		`{"a": "[[[", "b": [[1], {"c": ["]"]}]}`: {2, 4},
		`[]`:                                     {0, 1},
	} {
		if o, d := countObjects([]byte(doc)); o != want[0] || d != want[1] {
			t.Errorf("countObjects(%s) = %d, %d; want %d, %d", doc, o, d, want[0], want[1])
		}
	}
}

// wideSchema is an object schema of n string properties (n+2 objects).
func wideSchema(n int) string {
	var b strings.Builder
	b.WriteString(`{"type": "object", "properties": {`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"p%d": {"type": "string"}`, i)
	}
	b.WriteString("}}")
	return b.String()
}

// chainSchema is an object schema of k properties, each a chain of depth
// objects nested through properties (2k·depth+k+2 objects; 2·depth+3
// levels deep).
func chainSchema(k, depth int) string {
	chain := strings.Repeat(`{"type": "object", "properties": {"abcdefgh": `, depth) + `{"type": "string"}` + strings.Repeat(`}}`, depth)
	var b strings.Builder
	b.WriteString(`{"type": "object", "properties": {`)
	for i := range k {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"p%d": %s`, i, chain)
	}
	b.WriteString("}}")
	return b.String()
}

// BenchmarkCompileSchemaLimits compiles the largest schemas the caps
// accept: 4,998 properties, and 80 chains of 30 nested objects (4,882
// objects, 63 levels), the costliest shape found under them.
func BenchmarkCompileSchemaLimits(b *testing.B) {
	for _, bb := range []struct{ name, doc string }{
		{"wide", wideSchema(4_998)},
		{"chains", chainSchema(80, 30)},
	} {
		b.Run(bb.name, func(b *testing.B) {
			cpu0, ok := testclock.ProcessCPU()
			for range b.N {
				if _, err := CompileSchema("s.json", []byte(bb.doc), nil); err != nil {
					b.Fatal(err)
				}
			}
			// CPU time too: on a shared machine the wall clock waits for
			// a core.
			if cpu1, _ := testclock.ProcessCPU(); ok {
				b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
			}
		})
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
