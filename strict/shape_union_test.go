package strict

import (
	"testing"
)

// unionSchema has an object of two branches that both declare a (a
// string in one, an integer in the other), an object whose keys only a
// pattern declares, and an array-or-object union.
func unionSchema(t *testing.T) *Schema {
	t.Helper()
	s, err := CompileSchema("union.json", []byte(`{
		"type": "object",
		"required": ["o", "po", "count", "pos", "u"],
		"properties": {
			"o": {"anyOf": [
				{"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}},
				{"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}}
			]},
			"po": {"type": "object", "patternProperties": {"^x": {"type": "string"}}},
			"count": {"type": "integer"},
			"pos": {"type": "integer", "minimum": 1},
			"u": {"anyOf": [{"type": "array"}, {"type": "object"}]}
		}
	}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestShapesOfUnions checks the shape of a value that may be one of
// several: a property both branches of an object declare has the types of
// both; a local assigned a union on one path has the types of every
// branch and of the shape it had before; a key no pattern of a
// pattern-only object matches is unknown, like an undeclared property.
func TestShapesOfUnions(t *testing.T) {
	runHazardCases(t, unionSchema(t), []hazardCase{
		{"a property of both branches",
			"{{ 1 | divided_by: o.a }}",
			[]string{`may_fail 1:8@7-1:18@17 filter "divided_by" fails when o.a is 0 or a string that is not a non-zero number (division by zero)`}},
		{"a local assigned a union on one path",
			"{% assign v = pos %}{% if count %}{% assign v = u %}{% endif %}{{ 1 | divided_by: v }}",
			[]string{`may_fail 1:71@70-1:81@80 filter "divided_by" fails when v is an array or object (division by zero)`}},
		{"a local assigned a union on one path, the union before",
			"{% assign v = u %}{% if count %}{% assign v = pos %}{% endif %}{{ 1 | divided_by: v }}",
			[]string{`may_fail 1:71@70-1:81@80 filter "divided_by" fails when v is an array or object (division by zero)`}},
		{"a key no pattern matches",
			"{{ po.y }}{{ po.x1 }}",
			[]string{`unknown_property 1:4@3-1:8@7 unknown property "y" of po`}},
	})
}

// TestCompositeObjectsAreClosed checks that an object reached through
// $ref, allOf, anyOf or oneOf has the properties its branches declare and
// no others: its root node declares none, but is no free-form object.
func TestCompositeObjectsAreClosed(t *testing.T) {
	s, err := CompileSchema("composite.json", []byte(`{
		"type": "object",
		"required": ["r", "al", "an", "on"],
		"properties": {
			"r": {"$ref": "#/$defs/obj"},
			"al": {"allOf": [{"$ref": "#/$defs/obj"}]},
			"an": {"anyOf": [{"$ref": "#/$defs/obj"}]},
			"on": {"oneOf": [{"$ref": "#/$defs/obj"}]}
		},
		"$defs": {"obj": {"type": "object", "properties": {"a": {"type": "string"}}}}
	}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	runHazardCases(t, s, []hazardCase{
		{"$ref", "{{ r.zz }}", []string{`unknown_property 1:4@3-1:8@7 unknown property "zz" of r`}},
		{"allOf", "{{ al.zz }}", []string{`unknown_property 1:4@3-1:9@8 unknown property "zz" of al`}},
		{"anyOf", "{{ an.zz }}", []string{`unknown_property 1:4@3-1:9@8 unknown property "zz" of an`}},
		{"oneOf", "{{ on.zz }}", []string{`unknown_property 1:4@3-1:9@8 unknown property "zz" of on`}},
		{"declared", "{{ r.a }}{{ al.a }}{{ an.a }}{{ on.a }}", nil},
	})
}

// TestIntegerHasNoCommands checks that size, first and last, which Liquid
// answers for arrays, strings (size) and objects, are unknown properties
// of an integer.
func TestIntegerHasNoCommands(t *testing.T) {
	runHazardCases(t, unionSchema(t), []hazardCase{
		{"size", "{{ count.size }}", []string{`unknown_property 1:4@3-1:14@13 count is an integer and has no property "size"`}},
		{"first", "{{ count.first }}", []string{`unknown_property 1:4@3-1:15@14 count is an integer and has no property "first"`}},
		{"last", "{{ count.last }}", []string{`unknown_property 1:4@3-1:14@13 count is an integer and has no property "last"`}},
	})
}
