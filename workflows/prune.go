package workflows

import (
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// The issue a runner sends may hold more than the workflow's issue schema
// declares: its own bookkeeping, fields of a newer tracker. No template can
// read an undeclared property (the static check rejects one that tries),
// so the workflow leaves such properties out before validating and
// rendering, instead of refusing the issue.

// issueValidator returns the reduced schema of the lane context's issue
// input, or nil when it cannot be reduced (undeclared properties are then
// kept, and the schema's own additionalProperties decides).
func issueValidator(schema *strict.Schema) *strict.Validator {
	vs, ok := schema.Validators()
	if !ok {
		return nil
	}
	return vs["issue"]
}

// maxPruneDepth bounds the recursion of pruneUndeclared; deeper values are
// kept as they are.
const maxPruneDepth = 64

// pruneUndeclared returns v without the properties that v's schema node
// does not declare where it allows no others (additionalProperties: false),
// at every depth the schema describes. v is in render's value model; it is
// not changed: containers are copied where something is left out.
func pruneUndeclared(v any, n *strict.Validator, depth int) any {
	out, _ := prune(v, n, depth)
	return out
}

// prune is pruneUndeclared, reporting whether anything was left out.
func prune(v any, n *strict.Validator, depth int) (any, bool) {
	if n == nil || depth > maxPruneDepth {
		return v, false
	}
	switch x := v.(type) {
	case *render.Map:
		var out *render.Map
		keys := x.Keys()
		for i, k := range keys {
			e, _ := x.Get(k)
			pn, declared := property(n, k)
			ne, changed := e, false
			if declared {
				ne, changed = prune(e, pn, depth+1)
			}
			if declared && !changed {
				if out != nil {
					out.Set(k, e)
				}
				continue
			}
			if out == nil {
				out = render.NewMap()
				for _, pk := range keys[:i] {
					pv, _ := x.Get(pk)
					out.Set(pk, pv)
				}
			}
			if declared {
				out.Set(k, ne)
			}
		}
		if out == nil {
			return v, false
		}
		return out, true
	case map[string]any:
		var out map[string]any
		for k, e := range x {
			pn, declared := property(n, k)
			ne, changed := e, false
			if declared {
				if ne, changed = prune(e, pn, depth+1); !changed {
					continue
				}
			}
			if out == nil {
				out = make(map[string]any, len(x))
				for pk, pv := range x {
					out[pk] = pv
				}
			}
			if declared {
				out[k] = ne
			} else {
				delete(out, k)
			}
		}
		if out == nil {
			return v, false
		}
		return out, true
	case []any:
		items := itemsOf(n)
		if items == nil {
			return v, false
		}
		var out []any
		for i, e := range x {
			ne, changed := prune(e, items, depth+1)
			if !changed {
				continue
			}
			if out == nil {
				out = append([]any(nil), x...)
			}
			out[i] = ne
		}
		if out == nil {
			return v, false
		}
		return out, true
	}
	return v, false
}

// property returns the schema node of property k of objects checked by n,
// and whether k may be present: it is declared (by n or an allOf branch,
// at any depth), or n allows undeclared properties.
func property(n *strict.Validator, k string) (*strict.Validator, bool) {
	if p := declared(n, k, 0); p != nil {
		return p, true
	}
	if !closed(n, 0) {
		return n.Additional, true
	}
	return nil, false
}

func declared(n *strict.Validator, k string, depth int) *strict.Validator {
	if n == nil || depth > maxPruneDepth {
		return nil
	}
	if p, ok := n.Properties[k]; ok {
		if p == nil {
			return &strict.Validator{MinLength: -1, MaxLength: -1, MinItems: -1, MaxItems: -1}
		}
		return p
	}
	for _, b := range n.AllOf {
		if p := declared(b, k, depth+1); p != nil {
			return p
		}
	}
	return nil
}

// closed reports whether n (or one of its allOf branches) rejects
// undeclared properties. anyOf branches are not followed: what they
// declare depends on which one holds, so such objects are kept whole.
func closed(n *strict.Validator, depth int) bool {
	if n == nil || depth > maxPruneDepth || len(n.AnyOf) > 0 {
		return false
	}
	if n.NoAdditional {
		return true
	}
	for _, b := range n.AllOf {
		if closed(b, depth+1) {
			return true
		}
	}
	return false
}

func itemsOf(n *strict.Validator) *strict.Validator {
	for depth := 0; n != nil && depth < maxPruneDepth; depth++ {
		if n.Items != nil {
			return n.Items
		}
		if len(n.AllOf) != 1 {
			return nil
		}
		n = n.AllOf[0]
	}
	return nil
}
