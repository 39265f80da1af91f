package profile

import (
	"testing"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// Whatever a workflow declares, Extend never panics, and what it merges
// keeps the profile's inputs: issue.identifier stays readable.
func FuzzExtend(f *testing.F) {
	for _, s := range []string{
		`{"properties": {"issue": {"properties": {"comments": {"type": "array", "items": {"$ref": "#/$defs/c"}}}}}, "$defs": {"c": {"properties": {"a": {"$ref": "#/$defs/c"}}}}}`,
		`{"properties": {"issue": {"$ref": "#"}}}`,
		`{"properties": {"issue": {"properties": {"blocked_by": {"items": {"properties": {"x": {"type": "integer"}}}}}}}}`,
		`{"properties": {"attempt": {"type": "string"}}}`,
		`{"$schema": "http://json-schema.org/draft-04/schema#", "properties": {"repo": {}}}`,
		`{"properties": {"issue": true}}`,
		`[`, `{}`, `{"type": "object"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, frag []byte) {
		for _, p := range Names() {
			s, diags := Extend(p, frag, "f.json")
			if diags.HasErrors() {
				if s != nil {
					t.Fatalf("%s: a schema with errors %v", p, diags)
				}
				continue
			}
			if !s.Has("issue") || !s.Has("attempt") {
				t.Fatalf("%s: inputs lost: %v", p, s.Names())
			}
			if _, d := strict.Check("{{ issue.identifier }}", "t", diag.Pos{}, strict.Options{Context: s}); d.HasErrors() {
				t.Fatalf("%s: issue.identifier lost: %v", p, d)
			}
		}
	})
}
