package strict

import (
	"encoding/json"
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Sample returns a context that fits the schema, for smoke-rendering a
// template: each value is the first of its schema's examples, else its
// default, const or first enum value, else a typed placeholder (strings
// "smoke_<name>", integers their minimum or 1, booleans true). Nullable
// values are given their non-null form and arrays one element, so that every
// branch and loop body a template guards with them runs. The result is the
// same on every call.
func (s *Schema) Sample() map[string]any {
	out := map[string]any{}
	if s == nil {
		return out
	}
	for _, name := range s.order {
		out[name] = sampleValue(name, s.props[name], 0)
	}
	return out
}

const maxSampleDepth = 8

func sampleValue(name string, n *jsonschema.Schema, depth int) any {
	if n == nil || depth > maxSampleDepth {
		return nil
	}
	nodes := flatten(n)
	for _, f := range nodes {
		if len(f.Examples) > 0 {
			if v := plainJSON(f.Examples[0]); !emptyArray(v) {
				return v
			}
		}
	}
	for _, f := range nodes {
		if f.Default != nil {
			if v := plainJSON(f.Default); !emptyArray(v) {
				return v
			}
		}
		if len(f.Constant) > 0 {
			return plainJSON(f.Constant[0])
		}
		if len(f.Enum) > 0 {
			return plainJSON(f.Enum[0])
		}
	}
	typ := ""
	for _, f := range nodes {
		for _, t := range f.Types {
			if t != "null" {
				typ = t
				break
			}
		}
		if typ != "" {
			break
		}
	}
	switch typ {
	case "object":
		obj := map[string]any{}
		props := map[string]*jsonschema.Schema{}
		for _, f := range nodes {
			for k, v := range f.Properties {
				if _, ok := props[k]; !ok {
					props[k] = v
				}
			}
		}
		keys := make([]string, 0, len(props))
		for k := range props {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			obj[k] = sampleValue(k, props[k], depth+1)
		}
		return obj
	case "array":
		item := shape{nodes: nodes}.items()
		var itemNode *jsonschema.Schema
		if len(item.nodes) > 0 {
			itemNode = item.nodes[0]
		}
		return []any{sampleValue(name, itemNode, depth+1)}
	case "integer":
		for _, f := range nodes {
			if f.Minimum != nil && f.Minimum.IsInt() {
				return f.Minimum.Num().Int64()
			}
		}
		return int64(1)
	case "number":
		return 1.5
	case "boolean":
		return true
	case "string":
		return "smoke_" + name
	}
	// An unconstrained value.
	return "smoke_" + name
}

func emptyArray(v any) bool {
	a, ok := v.([]any)
	return ok && len(a) == 0
}

// plainJSON converts schema annotation values (decoded with json.Number) to
// int64, float64 and plain containers.
func plainJSON(v any) any {
	switch x := v.(type) {
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n
		}
		f, _ := x.Float64()
		return f
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plainJSON(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = plainJSON(e)
		}
		return out
	}
	return v
}
