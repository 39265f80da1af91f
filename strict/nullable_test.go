package strict

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/sheaproject/shea/diag"
)

// nilFailure is the may_fail of {{ list | concat: P }} (the filter's name
// at bytes 10-16) when P may be nil; concat takes any array, so nil is the
// only value of an array-typed P that makes it fail.
func nilFailure(p string) string {
	return `may_fail 1:11@10-1:17@16 filter "concat" fails when ` + p + ` is nil: it takes an array`
}

// concatDiags checks {{ list | concat: P }} against schema and returns each
// diagnostic as "code range summary".
func concatDiags(t *testing.T, schema *Schema, p string) []string {
	t.Helper()
	_, diags := Check("{{ list | concat: "+p+" }}", "t.liquid", diag.Pos{}, Options{Context: schema})
	var got []string
	for _, d := range diags {
		got = append(got, ds(d)+" "+d.Summary)
	}
	return got
}

// TestNilFromSchema checks where the checker takes a value to be possibly
// nil, seen through concat, which fails for a nil argument: exactly where
// the schema allows null ("type" with "null", an anyOf or oneOf branch
// that allows null, every allOf member allowing it, a const or enum of
// null, a $ref to such a schema) or the data may leave the key out (an
// optional property). Each property schema is tried as an input and as a
// property of a required object, required in both places unless optional
// is set.
func TestNilFromSchema(t *testing.T) {
	const arr = `{"type": "array"}`
	tests := []struct {
		name     string
		schema   string
		optional bool
		nilToo   bool
	}{
		{"array", arr, false, false},
		{"optional array", arr, true, true},
		{"array or null", `{"type": ["array", "null"]}`, false, true},
		{"null or array", `{"type": ["null", "array"]}`, false, true},
		{"anyOf with a null branch", `{"anyOf": [` + arr + `, {"type": "null"}]}`, false, true},
		{"anyOf of arrays", `{"anyOf": [` + arr + `, {"type": "array", "minItems": 1}]}`, false, false},
		{"anyOf with a false branch", `{"anyOf": [` + arr + `, false]}`, false, false},
		{"oneOf with a null branch", `{"oneOf": [{"type": "null"}, ` + arr + `]}`, false, true},
		{"oneOf of arrays", `{"oneOf": [` + arr + `, {"type": "array", "minItems": 1}]}`, false, false},
		{"anyOf with null, oneOf without", `{"anyOf": [` + arr + `, {"type": "null"}], "oneOf": [` + arr + `, {"type": "array", "minItems": 1}]}`, false, false},
		{"oneOf with null, anyOf without", `{"anyOf": [` + arr + `, {"type": "array", "minItems": 1}], "oneOf": [` + arr + `, {"type": "null"}]}`, false, false},
		{"anyOf and oneOf both with null", `{"anyOf": [` + arr + `, {"type": "null"}], "oneOf": [` + arr + `, {"type": "null"}]}`, false, true},
		{"allOf with one non-null member", `{"allOf": [{"anyOf": [` + arr + `, {"type": "null"}]}, ` + arr + `]}`, false, false},
		{"allOf of nullable members", `{"allOf": [{"anyOf": [` + arr + `, {"type": "null"}]}, {"oneOf": [` + arr + `, {"type": "null"}]}]}`, false, true},
		{"const not null", `{"anyOf": [` + arr + `, {"type": "null"}], "const": ["a"]}`, false, false},
		{"const null", `{"anyOf": [` + arr + `, {"type": "null"}], "const": null}`, false, true},
		{"enum without null", `{"anyOf": [` + arr + `, {"type": "null"}], "enum": [["a"], ["b"]]}`, false, false},
		{"enum with null", `{"anyOf": [` + arr + `, {"type": "null"}], "enum": [["a"], null]}`, false, true},
		{"$ref to an array", `{"$ref": "#/$defs/arr"}`, false, false},
		{"$ref to an array or null", `{"$ref": "#/$defs/arrOrNull"}`, false, true},
		{"$ref to an array, beside a null branch", `{"$ref": "#/$defs/arr", "anyOf": [` + arr + `, {"type": "null"}]}`, false, false},
		{"optional array or null", `{"type": ["array", "null"]}`, true, true},
	}
	for _, tt := range tests {
		for _, nested := range []bool{false, true} {
			name, p := tt.name, "p"
			var props string
			req := `"list", "p"`
			if tt.optional {
				req = `"list"`
			}
			if nested {
				name, p = tt.name+", nested", "o.p"
				props = fmt.Sprintf(`"o": {"type": "object", "required": [%s], "properties": {"p": %s}}`, req, tt.schema)
				req = `"list", "o"`
			} else {
				props = `"p": ` + tt.schema
			}
			doc := fmt.Sprintf(`{
				"type": "object",
				"required": [%s],
				"properties": {"list": {"type": "array"}, %s},
				"$defs": {"arr": {"type": "array"}, "arrOrNull": {"type": ["array", "null"]}}
			}`, req, props)
			t.Run(name, func(t *testing.T) {
				s, err := CompileSchema("nil.json", []byte(doc), nil)
				if err != nil {
					t.Fatal(err)
				}
				var want []string
				if tt.nilToo {
					want = []string{nilFailure(p)}
				}
				if diff := cmp.Diff(want, concatDiags(t, s, p), cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("%s (-want +got):\n%s", tt.schema, diff)
				}
			})
		}
	}
}

// refChain is a schema whose input p reaches an array through n $refs
// (p → d1 → … → dn, each a $ref to the next, dn the array), with or
// without a null branch at the top (an anyOf of the chain and null).
func refChain(n int) string {
	var defs []string
	for i := 1; i < n; i++ {
		defs = append(defs, fmt.Sprintf(`"d%d": {"$ref": "#/$defs/d%d"}`, i, i+1))
	}
	defs = append(defs, fmt.Sprintf(`"d%d": {"type": "array"}`, n))
	return `{
		"type": "object",
		"required": ["list", "p"],
		"properties": {"list": {"type": "array"}, "p": {"$ref": "#/$defs/d1"}},
		"$defs": {` + strings.Join(defs, ", ") + `}
	}`
}

// TestNilThroughLongRefChains checks the bound on how deep the checker
// follows a schema to decide whether it allows null: a chain of $refs
// that ends in an array is not null for up to 32 links (the array 32
// levels below the input's schema); from 33 the checker stops looking and
// takes null to be allowed, which warns rather than misses a failure.
func TestNilThroughLongRefChains(t *testing.T) {
	for _, tt := range []struct {
		links  int
		nilToo bool
	}{{1, false}, {31, false}, {32, false}, {33, true}, {40, true}} {
		t.Run(fmt.Sprint(tt.links), func(t *testing.T) {
			s, err := CompileSchema("chain.json", []byte(refChain(tt.links)), nil)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			if tt.nilToo {
				want = []string{nilFailure("p")}
			}
			if diff := cmp.Diff(want, concatDiags(t, s, "p"), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestNilFromPatternAndAdditionalKeys checks that a key an object allows
// through patternProperties or additionalProperties, without declaring it,
// may be nil where the data may leave it out (Liquid reads nil there, and
// concat of nil fails), and is not when the object requires it and its
// schema does not allow null.
func TestNilFromPatternAndAdditionalKeys(t *testing.T) {
	const undeclared = "undeclared_key 1:19@18-1:23@22 o.x1 is not declared: it renders as nil when absent"
	tests := []struct {
		name   string
		object string
		want   []string
	}{
		{"pattern key", `{"type": "object", "patternProperties": {"^x": {"type": "array"}}}`,
			[]string{nilFailure("o.x1")}},
		{"required pattern key", `{"type": "object", "required": ["x1"], "patternProperties": {"^x": {"type": "array"}}}`,
			nil},
		{"required pattern key that may be null", `{"type": "object", "required": ["x1"], "patternProperties": {"^x": {"type": ["array", "null"]}}}`,
			[]string{nilFailure("o.x1")}},
		{"required key, one of two patterns may be null", `{"type": "object", "required": ["x1"], "patternProperties": {"^x": {"type": "array"}, "1$": {"anyOf": [{"type": "array"}, {"type": "null"}]}}}`,
			[]string{nilFailure("o.x1")}},
		{"required key, another pattern may be null", `{"type": "object", "required": ["x1"], "patternProperties": {"^x": {"type": "array"}, "^y": {"anyOf": [{"type": "array"}, {"type": "null"}]}}}`,
			nil},
		{"additional key", `{"type": "object", "additionalProperties": {"type": "array"}}`,
			[]string{nilFailure("o.x1"), undeclared}},
		{"required additional key", `{"type": "object", "required": ["x1"], "additionalProperties": {"type": "array"}}`,
			[]string{undeclared}},
		{"required additional key that may be null", `{"type": "object", "required": ["x1"], "additionalProperties": {"type": ["array", "null"]}}`,
			[]string{nilFailure("o.x1"), undeclared}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := CompileSchema("keys.json", []byte(`{
				"type": "object",
				"required": ["list", "o"],
				"properties": {"list": {"type": "array"}, "o": `+tt.object+`}
			}`), nil)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, concatDiags(t, s, "o.x1"), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
