package strict

import (
	"maps"
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// SampleInput is one rendering context of a Schema's smoke matrix.
type SampleInput struct {
	// Name says how the context was made: "sample", "every field",
	// "required only", "nullable as null", "arrays empty" or "arrays with
	// two items".
	Name string
	Vars map[string]any
}

// matrixMode is how one context of the matrix fills the schema.
type matrixMode struct {
	name         string
	requiredOnly bool // leave out every property (and input) not required
	nulls        bool // give every nullable value null
	items        int  // the length of every array
}

var matrixModes = []matrixMode{
	{name: "every field", items: 1},
	{name: "required only", requiredOnly: true},
	{name: "nullable as null", nulls: true, items: 1},
	{name: "arrays empty"},
	{name: "arrays with two items", items: 2},
}

// SampleMatrix returns a small matrix of contexts valid against the schema,
// for smoke-rendering a template so that the branches data can take are
// run: first Sample's context, then every field present; only the
// required properties and inputs; every nullable value null; every array
// empty; every array with two items. Values are those Sample would give.
// A context that does not fit the schema (its own constraints, such as
// minItems, rule the variation out) is left out, and so is one equal to
// an earlier one. The result is the same on every call.
func (s *Schema) SampleMatrix() []SampleInput {
	if s == nil {
		return []SampleInput{{Name: "sample", Vars: map[string]any{}}}
	}
	s.matrixOnce.Do(func() { s.matrix = s.sampleMatrix() })
	// Each call gets its own top-level maps, which a caller may change.
	out := make([]SampleInput, len(s.matrix))
	for i, in := range s.matrix {
		out[i] = SampleInput{Name: in.Name, Vars: maps.Clone(in.Vars)}
	}
	return out
}

func (s *Schema) sampleMatrix() []SampleInput {
	out := []SampleInput{{Name: "sample", Vars: s.Sample()}}
	for _, m := range matrixModes {
		vars := map[string]any{}
		for _, name := range s.order {
			if m.requiredOnly && !s.required[name] {
				continue
			}
			if v, ok := m.value(name, s.props[name], 0, nil); ok {
				vars[name] = v
			}
		}
		if len(s.Validate(vars)) > 0 || containsVars(out, vars) {
			continue
		}
		out = append(out, SampleInput{Name: m.name, Vars: vars})
	}
	return out
}

func containsVars(l []SampleInput, vars map[string]any) bool {
	for _, x := range l {
		if equalJSON(x.Vars, vars) {
			return true
		}
	}
	return false
}

func equalJSON(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !equalJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalJSON(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

// value makes the value of a schema node in mode m. ok is false when the
// value is best left out: a recursive schema reached again, or too deep.
// open lists the (flattened) nodes being filled, outermost first.
func (m matrixMode) value(name string, n *jsonschema.Schema, depth int, open []*jsonschema.Schema) (any, bool) {
	if n == nil {
		return "smoke_" + name, true
	}
	if depth > maxSampleDepth {
		return nil, false
	}
	nodes := flatten(n)
	for _, f := range nodes {
		for _, o := range open {
			if o == f {
				return nil, false // a recursive schema: stop here
			}
		}
	}
	typ, nullable := "", false
	for _, f := range nodes {
		for _, t := range f.Types {
			if t == "null" {
				nullable = true
			} else if typ == "" {
				typ = t
			}
		}
	}
	// flatten drops the null-only branches of anyOf/oneOf.
	nullable = nullable || allowsNull(n)
	if m.nulls && nullable {
		return nil, true
	}
	open = append(open[:len(open):len(open)], nodes...)
	switch typ {
	case "object":
		props, required := mergedProperties(nodes)
		if len(props) == 0 {
			if m.requiredOnly {
				return map[string]any{}, true
			}
			return m.sample(name, n, depth), true // a free-form object: its example
		}
		keys := make([]string, 0, len(props))
		for k := range props {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		obj := map[string]any{}
		for _, k := range keys {
			if m.requiredOnly && !required[k] {
				continue
			}
			if v, ok := m.value(k, props[k], depth+1, open); ok {
				obj[k] = v
			}
		}
		return obj, true
	case "array":
		arr := []any{}
		item := shape{nodes: nodes}.items()
		var itemNode *jsonschema.Schema
		if len(item.nodes) > 0 {
			itemNode = item.nodes[0]
		}
		for i := 0; i < m.items; i++ {
			v, ok := m.value(name, itemNode, depth+1, open)
			if !ok {
				break
			}
			arr = append(arr, v)
		}
		return arr, true
	}
	return m.sample(name, n, depth), true
}

// allowsNull reports whether a branch of n's anyOf or oneOf allows only
// null.
func allowsNull(n *jsonschema.Schema) bool {
	for _, l := range [][]*jsonschema.Schema{n.AnyOf, n.OneOf} {
		for _, b := range l {
			if onlyNull(b) {
				return true
			}
		}
	}
	return false
}

// sample is the value Sample gives n.
func (m matrixMode) sample(name string, n *jsonschema.Schema, depth int) any {
	return (&sampler{open: map[*jsonschema.Schema]bool{}}).value(name, n, depth, false)
}
