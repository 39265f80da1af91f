package strict

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

func TestCompileSchemaSet(t *testing.T) {
	doc := []byte(`{"$defs": {
		"a": {"type": "object", "properties": {"z": {"type": "string"}, "b": {"type": "integer"}}, "required": ["z"]},
		"c": {"type": "object", "properties": {"x": {"$ref": "#/$defs/item"}}},
		"item": {"type": "string"}
	}}`)
	set, err := CompileSchemaSet("set.json", doc, []string{"a", "c"})
	if err != nil {
		t.Fatal(err)
	}
	if got := set["a"].Names(); !cmp.Equal(got, []string{"z", "b"}) {
		t.Errorf("a's inputs in document order: %v", got)
	}
	if !set["a"].Required("z") || set["a"].Required("b") {
		t.Error("a's required inputs")
	}
	if probs := set["c"].Validate(map[string]any{"x": 1}); len(probs) != 1 || probs[0].Pointer != "/x" {
		t.Errorf("c validates through its $ref: %v", probs)
	}
	if _, err := CompileSchemaSet("set.json", doc, []string{"missing"}); err == nil {
		t.Error("a missing definition compiled")
	}
	if _, err := CompileSchemaSet("a#b", doc, []string{"a"}); err == nil {
		t.Error("a name with # compiled")
	}
}

func TestStringInputs(t *testing.T) {
	s, err := StringInputs([]string{"pr", "run_id", "pr"})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Names(); !cmp.Equal(got, []string{"pr", "run_id"}) || !s.Required("pr") || !s.Required("run_id") {
		t.Errorf("names %v", got)
	}
	probs := s.Validate(map[string]any{"pr": 7})
	if len(probs) != 2 || probs[0].Pointer != "/pr" || probs[1].Pointer != "/run_id" {
		t.Errorf("problems %v", probs)
	}
	if got := s.RequiredInputs(); !cmp.Equal(got, []string{"pr", "run_id"}) {
		t.Errorf("required inputs %v", got)
	}
	none, err := StringInputs(nil)
	if err != nil || len(none.Names()) != 0 {
		t.Errorf("no inputs: %v %v", none.Names(), err)
	}
	if _, diags := Check("{{ pr }}{{ x }}", "t", diag.Pos{}, Options{Context: s}); len(diags) != 1 || diags[0].Code != codes.UnknownVariable {
		t.Errorf("check: %v", diags)
	}
}
