package strict

import "testing"

// A key computed at render time reads an object whose keys the schema
// declares: where the key's values are not bounded to the declared names
// (an enum or const of them), the read is may_fail, since a key that names
// nothing fails when it renders; an object that allows any key reads nil
// for a key it lacks, and an array is indexed by position (issue 35). A
// key the template binds itself is its own value, checked when it renders.
func TestDynamicKeyHazard(t *testing.T) {
	s, err := CompileSchema("dk.json", []byte(`{"type": "object",
		"properties": {
			"o": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a", "b"]},
			"k": {"type": "string"},
			"ke": {"enum": ["a", "b"]},
			"kc": {"const": "b"},
			"kref": {"$ref": "#/$defs/key"},
			"kx": {"enum": ["a", "z"]},
			"ku": {"anyOf": [{"enum": ["a"]}, {"type": "string"}]},
			"free": {"type": "object"},
			"arr": {"type": "array", "items": {"type": "string"}},
			"i": {"type": "integer"}
		},
		"required": ["o", "k", "ke", "kc", "kref", "kx", "ku", "free", "arr", "i"],
		"$defs": {"key": {"enum": ["a"]}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	runCheckCases(t, Options{Context: s}, []checkCase{
		{"any string", "{{ o[k] }}", []string{"may_fail 1:4@3-1:8@7"},
			[]string{"Make k an enum of the names the object declares (a, b), or read a declared property by its name."}},
		{"an enum of declared names", "{{ o[ke] }}", nil, nil},
		{"a const declared name", "{{ o[kc] }}", nil, nil},
		{"an enum through a reference", "{{ o[kref] }}", nil, nil},
		{"an enum with a name not declared", "{{ o[kx] }}", []string{"may_fail 1:4@3-1:9@8"}, nil},
		{"a union with an unbounded branch", "{{ o[ku] }}", []string{"may_fail 1:4@3-1:9@8"}, nil},
		{"an object that allows any key", "{{ free[k] }}", nil, nil},
		{"an array by position", "{{ arr[i] }}", nil, nil},
		{"the rest of the path is still checked", "{{ o[k].nope }}", []string{"may_fail 1:4@3-1:8@7"}, nil},
		{"a key the template binds", "{% assign m = 'a' %}{{ o[m] }}", nil, nil},
		{"an unknown key is one error", "{{ o[nope] }}", []string{"unknown_variable 1:6@5-1:10@9"}, nil},
	})
}
