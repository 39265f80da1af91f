package strict

import (
	"slices"
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Field describes one input, or one property of an input, that a Schema
// declares: what an editor offers after "issue." and shows on hover.
type Field struct {
	Name string
	// Types are the JSON types the value may have ("string", "integer",
	// "array", …, "null" included), sorted; empty means any.
	Types []string
	// Description is the schema's description (else its title).
	Description string
	// Location is where the declaration is: the schema's absolute keyword
	// location (a URI with a JSON pointer fragment).
	Location string
	// Items reports that the value is an array; ItemTypes are the types of
	// its items.
	Items     bool
	ItemTypes []string
}

// ItemsStep is the path segment of Fields and Lookup that steps into the
// items of an array ("for c in issue.comments" reads issue.comments[]).
const ItemsStep = "[]"

// Fields returns what may follow path: the inputs for an empty path, else
// the properties declared by the value at path, sorted by name. A path is
// an input name followed by property names, and ItemsStep for the items of
// an array. It returns nil when path leads nowhere the schema declares.
func (s *Schema) Fields(path []string) []Field {
	if s == nil {
		return nil
	}
	if len(path) == 0 {
		out := make([]Field, 0, len(s.order))
		for _, name := range s.order {
			out = append(out, describe(name, s.props[name]))
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
		return out
	}
	nodes := s.nodesAt(path)
	byName := map[string]*jsonschema.Schema{}
	for _, n := range nodes {
		for name, p := range n.Properties {
			if _, ok := byName[name]; !ok {
				byName[name] = p
			}
		}
	}
	out := make([]Field, 0, len(byName))
	for name, p := range byName {
		out = append(out, describe(name, p))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the declaration of the value at path (see Fields).
func (s *Schema) Lookup(path []string) (Field, bool) {
	if s == nil || len(path) == 0 || path[len(path)-1] == ItemsStep {
		return Field{}, false
	}
	if len(path) == 1 {
		p, ok := s.props[path[0]]
		if !ok {
			return Field{}, false
		}
		return describe(path[0], p), true
	}
	name := path[len(path)-1]
	for _, n := range s.nodesAt(path[:len(path)-1]) {
		if p, ok := n.Properties[name]; ok {
			return describe(name, p), true
		}
	}
	return Field{}, false
}

// nodesAt returns the flattened schema nodes of the value at path.
func (s *Schema) nodesAt(path []string) []*jsonschema.Schema {
	root, ok := s.props[path[0]]
	if !ok {
		return nil
	}
	nodes := flatten(root)
	for _, step := range path[1:] {
		var next []*jsonschema.Schema
		for _, n := range nodes {
			if step == ItemsStep {
				next = append(next, flatten(itemsOf(n))...)
				continue
			}
			if p, ok := n.Properties[step]; ok {
				next = append(next, flatten(p)...)
			}
		}
		nodes = next
	}
	return nodes
}

// itemsOf returns the schema of an array node's items, or nil.
func itemsOf(n *jsonschema.Schema) *jsonschema.Schema {
	if n.Items2020 != nil {
		return n.Items2020
	}
	if it, ok := n.Items.(*jsonschema.Schema); ok {
		return it
	}
	return nil
}

// describe builds the Field of a declaration.
func describe(name string, p *jsonschema.Schema) Field {
	f := Field{Name: name}
	if p == nil {
		return f
	}
	f.Location = p.Location
	walkAll(p, func(n *jsonschema.Schema) {
		if f.Description == "" {
			f.Description = n.Description
		}
		if f.Description == "" {
			f.Description = n.Title
		}
		f.Types = append(f.Types, n.Types...)
		if it := itemsOf(n); it != nil {
			f.Items = true
			walkAll(it, func(m *jsonschema.Schema) { f.ItemTypes = append(f.ItemTypes, m.Types...) })
		}
		if slices.Contains(n.Types, "array") {
			f.Items = true
		}
	})
	f.Types = sortedUnique(f.Types)
	f.ItemTypes = sortedUnique(f.ItemTypes)
	return f
}

// walkAll calls fn on n and every node its $ref, allOf, anyOf and oneOf
// lead to, null-only branches included (they make a field nullable).
func walkAll(n *jsonschema.Schema, fn func(*jsonschema.Schema)) {
	seen := map[*jsonschema.Schema]bool{}
	var walk func(*jsonschema.Schema)
	walk = func(n *jsonschema.Schema) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		fn(n)
		walk(n.Ref)
		for _, list := range [][]*jsonschema.Schema{n.AllOf, n.AnyOf, n.OneOf} {
			for _, s := range list {
				walk(s)
			}
		}
	}
	walk(n)
}

func sortedUnique(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	sort.Strings(s)
	return slices.Compact(s)
}
