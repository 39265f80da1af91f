package strict

import (
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// shape is what the checker knows about a value: the JSON Schema nodes it
// may match (after following $ref, allOf and the non-null branches of
// anyOf/oneOf). A shape with no nodes is unknown: anything goes.
type shape struct {
	nodes []*jsonschema.Schema
	kind  string // for values shea knows without a schema: "integer", "string", "array"
	// fields, when set, are the exact properties of a built-in object
	// (forloop, tablerowloop).
	fields []string
	item   *shape
}

var anyShape = shape{}

func (s shape) unknown() bool { return len(s.nodes) == 0 && s.kind == "" && s.fields == nil }

func schemaShape(n *jsonschema.Schema) shape {
	if n == nil {
		return anyShape
	}
	nodes := flatten(n)
	for _, f := range nodes {
		if f.Always != nil && *f.Always {
			return anyShape
		}
	}
	return shape{nodes: nodes}
}

// flatten expands $ref, allOf, anyOf and oneOf into the nodes a value may
// match. Branches that only allow null are dropped: a null value is present,
// and reading it is fine.
func flatten(n *jsonschema.Schema) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	seen := map[*jsonschema.Schema]bool{}
	var walk func(*jsonschema.Schema)
	walk = func(n *jsonschema.Schema) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		if onlyNull(n) {
			return
		}
		out = append(out, n)
		walk(n.Ref)
		walk(n.DynamicRef)
		walk(n.RecursiveRef)
		for _, s := range n.AllOf {
			walk(s)
		}
		for _, s := range n.AnyOf {
			walk(s)
		}
		for _, s := range n.OneOf {
			walk(s)
		}
	}
	walk(n)
	return out
}

func onlyNull(n *jsonschema.Schema) bool {
	return len(n.Types) == 1 && n.Types[0] == "null"
}

// types returns the JSON types the shape allows; nil means unconstrained.
func (s shape) types() map[string]bool {
	if s.kind != "" {
		return map[string]bool{s.kind: true}
	}
	if s.fields != nil {
		return map[string]bool{"object": true}
	}
	var out map[string]bool
	for _, n := range s.nodes {
		if len(n.Types) == 0 {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		for _, t := range n.Types {
			out[t] = true
		}
	}
	return out
}

func (s shape) allows(t string) bool {
	ts := s.types()
	if ts == nil {
		return true
	}
	if t == "number" && ts["integer"] {
		return true
	}
	return ts[t]
}

// property resolves name on an object shape. ok is false when the shape
// declares which properties exist and name is not one of them; candidates
// are the declared names then.
func (s shape) property(name string) (res shape, ok bool, candidates []string) {
	if s.fields != nil {
		for _, f := range s.fields {
			if f == name {
				if name == "parentloop" {
					return s, true, nil
				}
				return anyShape, true, nil
			}
		}
		return anyShape, false, s.fields
	}
	if s.unknown() {
		return anyShape, true, nil
	}
	if s.kind != "" {
		return anyShape, false, nil
	}
	var found []*jsonschema.Schema
	open := false
	names := map[string]bool{}
	for _, n := range s.nodes {
		if !nodeAllowsObject(n) {
			continue
		}
		if p, ok := n.Properties[name]; ok {
			found = append(found, flatten(p)...)
			if len(flatten(p)) == 0 {
				open = true
			}
			continue
		}
		matched := false
		for re, p := range n.PatternProperties {
			if re.MatchString(name) {
				found = append(found, flatten(p)...)
				matched = true
			}
		}
		if matched {
			continue
		}
		for k := range n.Properties {
			names[k] = true
		}
		switch ap := n.AdditionalProperties.(type) {
		case *jsonschema.Schema:
			found = append(found, flatten(ap)...)
			open = open || len(flatten(ap)) == 0
		case bool:
			if ap {
				open = true
			}
		case nil:
			if len(n.Properties) == 0 && len(n.PatternProperties) == 0 && !hasComposition(n) {
				open = true // a free-form object
			}
		}
	}
	if open {
		return anyShape, true, nil
	}
	if len(found) > 0 {
		return shape{nodes: found}, true, nil
	}
	for k := range names {
		candidates = append(candidates, k)
	}
	sort.Strings(candidates)
	return anyShape, false, candidates
}

func hasComposition(n *jsonschema.Schema) bool {
	return n.Ref != nil || len(n.AllOf) > 0 || len(n.AnyOf) > 0 || len(n.OneOf) > 0
}

func nodeAllowsObject(n *jsonschema.Schema) bool {
	if len(n.Types) == 0 {
		return true
	}
	for _, t := range n.Types {
		if t == "object" {
			return true
		}
	}
	return false
}

// items returns the shape of an array's elements.
func (s shape) items() shape {
	if s.item != nil {
		return *s.item
	}
	var found []*jsonschema.Schema
	for _, n := range s.nodes {
		switch it := n.Items.(type) {
		case *jsonschema.Schema:
			found = append(found, flatten(it)...)
		case []*jsonschema.Schema:
			for _, x := range it {
				found = append(found, flatten(x)...)
			}
		}
		if n.Items2020 != nil {
			found = append(found, flatten(n.Items2020)...)
		}
		for _, x := range n.PrefixItems {
			found = append(found, flatten(x)...)
		}
	}
	if len(found) == 0 {
		return anyShape
	}
	return shape{nodes: found}
}

var (
	intShape          = shape{kind: "integer"}
	stringShape       = shape{kind: "string"}
	forloopShape      = shape{fields: []string{"first", "index", "index0", "last", "length", "name", "parentloop", "rindex", "rindex0"}}
	tablerowloopShape = shape{fields: []string{"col", "col0", "col_first", "col_last", "first", "index", "index0", "last", "length", "rindex", "rindex0", "row"}}
)
