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

// issueMembers returns what the lane context's issue schema says of its
// members: which undeclared properties it certainly rejects, at every
// depth, whatever JSON Schema keywords it uses (see strict.Members).
func issueMembers(schema *strict.Schema) *strict.Members {
	return schema.Members("issue")
}

// maxPruneDepth bounds the recursion of pruneUndeclared; deeper values are
// kept as they are.
const maxPruneDepth = 64

// pruneUndeclared returns v without the properties its schema certainly
// rejects (additionalProperties false, propertyNames, unevaluatedProperties
// false, every branch of an anyOf: see strict.Members), at every depth the
// schema describes. v is in render's value model or plain decoded JSON; it
// is not changed: containers are copied where something is left out.
func pruneUndeclared(v any, n *strict.Members, depth int) any {
	out, _ := prune(v, n, depth)
	return out
}

// prune is pruneUndeclared, reporting whether anything was left out.
func prune(v any, n *strict.Members, depth int) (any, bool) {
	if n == nil || depth > maxPruneDepth {
		return v, false
	}
	switch x := v.(type) {
	case *render.Map:
		var out *render.Map
		keys := x.Keys()
		for i, k := range keys {
			e, _ := x.Get(k)
			pn, declared := n.Property(k)
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
			pn, declared := n.Property(k)
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
		return mapItems(x, func(i int, e any) (any, bool) { return prune(e, n.Item(i), depth+1) })
	}
	return v, false
}

// mapItems applies f to each item of x, returning a copy with the items f
// changed (and true), or x itself when f changes none.
func mapItems(x []any, f func(i int, e any) (any, bool)) (any, bool) {
	var out []any
	for i, e := range x {
		ne, changed := f(i, e)
		if !changed {
			continue
		}
		if out == nil {
			out = append([]any(nil), x...)
		}
		out[i] = ne
	}
	if out == nil {
		return x, false
	}
	return out, true
}
