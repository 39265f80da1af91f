package strict

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/internal/testclock"
)

// deepDefsSchema is an input whose $defs nest eight deep, eight optional
// properties each: 8^8 values when every field is filled (issue 38: a
// fatal out-of-memory at 6.9 s).
func deepDefsSchema(t testing.TB) *Schema {
	t.Helper()
	defs := map[string]any{}
	for d := 0; d < 8; d++ {
		props := map[string]any{}
		for p := 0; p < 8; p++ {
			if d < 7 {
				props[fmt.Sprintf("p%d", p)] = map[string]any{"$ref": fmt.Sprintf("#/$defs/d%d", d+1)}
			} else {
				props[fmt.Sprintf("p%d", p)] = map[string]any{"type": "string"}
			}
		}
		defs[fmt.Sprintf("d%d", d)] = map[string]any{"type": "object", "properties": props}
	}
	doc, err := json.Marshal(map[string]any{"$defs": defs, "type": "object", "properties": map[string]any{"deep": map[string]any{"$ref": "#/$defs/d0"}}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := CompileSchema("deep.json", doc, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkMatrix asserts the invariants of a matrix: every input fits the
// schema, the matrix and each input are bounded, and a boundary input
// names what it varies.
func checkMatrix(t testing.TB, s *Schema, inputs []SampleInput) {
	t.Helper()
	if len(inputs) > len(matrixModes)+1+maxBoundaryInputs {
		t.Fatalf("%d inputs, more than the bound", len(inputs))
	}
	for _, in := range inputs {
		if p := s.Validate(in.Vars); len(p) > 0 {
			t.Fatalf("input %q does not fit the schema: %v", in.Name, p)
		}
		if n := countValues(in.Vars); n > maxSampleTotal+maxMatrixValues {
			t.Fatalf("input %q holds %d values", in.Name, n)
		}
		// (a property named "" varies the path "", and its name starts " = ")
		if strings.Contains(in.Name, " = ") && in.Varies == "" && !strings.HasPrefix(in.Name, " = ") {
			t.Fatalf("boundary input %q names no path", in.Name)
		}
	}
}

func TestMatrixBoundedInValues(t *testing.T) {
	s := deepDefsSchema(t)
	cpu0, ok0 := testclock.ProcessCPU()
	start := time.Now()
	inputs, note, err := s.Matrix(nil)
	took := time.Since(start)
	if cpu1, ok1 := testclock.ProcessCPU(); ok0 && ok1 {
		took = cpu1 - cpu0
	}
	testclock.Within(t, "making the matrix (CPU time)", took, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	checkMatrix(t, s, inputs)
	for _, in := range inputs {
		bound := maxMatrixValues
		if in.Name == "sample" {
			bound = maxSampleValues
		}
		if n := countValues(in.Vars); n > 2*bound {
			t.Errorf("input %q holds %d values, more than twice the bound of %d", in.Name, n, bound)
		}
	}
	if !strings.Contains(note, fmt.Sprint(maxMatrixValues)) || !strings.Contains(note, "validated") {
		t.Errorf("note %q does not name the bounds reached", note)
	}
}

// A boundary value that the property's own schema rejects is left out
// without validating the whole input again (issue 38: 1,000 enum
// properties took 12.7 s, each rejected value validating all 1,000).
func TestMatrixValidatesEachInputOnce(t *testing.T) {
	props := make([]string, 1000)
	for i := range props {
		props[i] = fmt.Sprintf(`"e%d": {"type": "string", "enum": ["a"]}`, i)
	}
	s, err := CompileSchema("enum.json", []byte(`{"type": "object", "properties": {"x": {"type": "object", "properties": {`+strings.Join(props, ", ")+`}}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	mb := &matrixBuild{s: s}
	inputs := mb.matrix()
	checkMatrix(t, s, inputs)
	// Five modes and the sample validate 1,001 values each; each of the
	// 1,000 properties' eight candidates is validated alone. Before, each
	// of the 7,000 rejected candidates validated the 1,001 values.
	if mb.validated > 50_000 {
		t.Errorf("validated %d values, want at most 50,000", mb.validated)
	}
}

// An input that does not fit the schema is never offered: the sample's
// placeholders miss a pattern and a multipleOf here (validate failed such
// a workflow with context_invalid), so no input fits and the note says so.
func TestMatrixOffersOnlyValidInputs(t *testing.T) {
	s, err := CompileSchema("p.json", []byte(`{"type": "object", "required": ["code", "n"], "properties": {"code": {"type": "string", "pattern": "^x[0-9]$"}, "n": {"type": "integer", "minimum": 3, "multipleOf": 7}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	inputs, note, err := s.Matrix(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) != 0 || !strings.Contains(note, "no input it made fits the schema") {
		t.Errorf("got %d inputs and note %q, want none and a note", len(inputs), note)
	}
}

// The matrix's work is drawn from the request's budget; a matrix stopped
// by it is not kept, so a later call with budget left makes it whole.
func TestMatrixDrawsOnTheBudget(t *testing.T) {
	props := make([]string, 300)
	for i := range props {
		props[i] = fmt.Sprintf(`"s%d": {"type": "string"}`, i)
	}
	s, err := CompileSchema("wide.json", []byte(`{"type": "object", "properties": {"x": {"type": "object", "properties": {`+strings.Join(props, ", ")+`}}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = s.Matrix(NewBudget(-1, 1000))
	var le *LimitError
	if !errors.As(err, &le) || le.Code != codes.WorkLimit {
		t.Fatalf("got %v, want a work_limit LimitError", err)
	}
	inputs, _, err := s.Matrix(nil)
	if err != nil || len(inputs) < 2 {
		t.Fatalf("after a spent budget: %d inputs, %v", len(inputs), err)
	}
}

// FuzzSampleMatrix builds the smoke matrix of any schema that compiles:
// every input fits the schema, and the matrix and each input are bounded.
func FuzzSampleMatrix(f *testing.F) {
	for _, seed := range []string{
		`{"type": "object", "properties": {"a": {"type": "string"}, "n": {"type": ["integer", "null"], "minimum": 0}}}`,
		`{"type": "object", "required": ["o"], "properties": {"o": {"type": "object", "required": ["l"], "properties": {"l": {"type": "array", "minItems": 2, "items": {"type": "string", "enum": ["x", "y"]}}}}}}`,
		`{"type": "object", "properties": {"u": {"anyOf": [{"type": "string", "maxLength": 3}, {"type": "integer", "maximum": 5}]}}}`,
		`{"$defs": {"t": {"type": "object", "properties": {"k": {"$ref": "#/$defs/t"}, "v": {"type": "number"}}}}, "type": "object", "properties": {"t": {"$ref": "#/$defs/t"}}}`,
		`{"type": "object", "properties": {"d": {"type": "string", "format": "date-time"}, "p": {"type": "string", "pattern": "^[a-z]+$"}}}`,
		`{"type": "object", "properties": {"a": {"type": "array", "minItems": 3, "items": {"type": "array", "minItems": 3, "items": {"type": "object", "required": ["z"], "properties": {"z": {"type": "boolean"}}}}}}}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		if len(doc) > 4096 {
			return
		}
		s, err := CompileSchema("fuzz.json", []byte(doc), nil)
		if err != nil || s == nil {
			return
		}
		inputs, _, err := s.Matrix(NewBudget(-1, 1<<26))
		if err != nil {
			return // the budget: bounded
		}
		checkMatrix(t, s, inputs)
	})
}
