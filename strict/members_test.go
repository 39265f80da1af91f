package strict

import "testing"

// TestMembers: which keys a schema certainly rejects, keyword by keyword.
func TestMembers(t *testing.T) {
	for _, tt := range []struct {
		name, schema string
		keep, drop   []string
	}{
		{"additionalProperties false", `{"type": "object", "properties": {"a": {"format": "date"}}, "additionalProperties": false}`, []string{"a"}, []string{"x"}},
		{"open object", `{"type": "object", "properties": {"a": {}}}`, []string{"a", "x"}, nil},
		{"patternProperties", `{"patternProperties": {"^k": {}}, "additionalProperties": false}`, []string{"k1"}, []string{"x"}},
		{"propertyNames", `{"propertyNames": {"maxLength": 2}}`, []string{"ab"}, []string{"abc"}},
		{"allOf through $ref", `{"allOf": [{"$ref": "#/$defs/c"}]}`, []string{"a"}, []string{"x"}},
		{"anyOf all closed", `{"anyOf": [{"properties": {"a": {}}, "additionalProperties": false}, {"properties": {"b": {}}, "additionalProperties": false}]}`, []string{"a", "b"}, []string{"x"}},
		{"anyOf one open", `{"anyOf": [{"properties": {"a": {}}, "additionalProperties": false}, {"type": "object"}]}`, []string{"a", "x"}, nil},
		{"unevaluatedProperties", `{"properties": {"a": {}}, "anyOf": [{"properties": {"b": {}}}], "unevaluatedProperties": false}`, []string{"a", "b"}, []string{"x"}},
		{"if then else", `{"if": {"required": ["a"]}, "then": {"properties": {"a": {}}, "additionalProperties": false}, "else": {"properties": {"b": {}}, "additionalProperties": false}}`, []string{"a", "b"}, []string{"x"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := CompileSchema("s.json", []byte(`{"type": "object", "properties": {"v": `+tt.schema+`}, "$defs": {"c": {"properties": {"a": {}}, "additionalProperties": false}}}`), nil)
			if err != nil {
				t.Fatal(err)
			}
			m := s.Members("v")
			for _, k := range tt.keep {
				if _, ok := m.Property(k); !ok {
					t.Errorf("%q rejected", k)
				}
			}
			for _, k := range tt.drop {
				if _, ok := m.Property(k); ok {
					t.Errorf("%q kept", k)
				}
			}
		})
	}
	// Items and nested properties reach the schemas below.
	s, err := CompileSchema("s.json", []byte(`{"type": "object", "properties": {"v": {"type": "array", "prefixItems": [{"type": "object", "additionalProperties": false}], "items": {"properties": {"a": {}}, "additionalProperties": false}}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := s.Members("v")
	if _, ok := m.Item(0).Property("a"); ok {
		t.Error("prefixItems[0] keeps a")
	}
	if _, ok := m.Item(1).Property("a"); !ok {
		t.Error("items rejects a")
	}
	if _, ok := m.Item(1).Property("x"); ok {
		t.Error("items keeps x")
	}
}
