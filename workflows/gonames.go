package workflows

import (
	"strings"

	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// A runner's issue struct often has no json tags: encoding/json then names
// each field by its Go name (Identifier, CreatedAt, BlockedBy), which no
// schema declares. The workflow matches such names to the schema's, as
// encoding/json matches names ignoring case when it decodes, and a step
// further: ignoring case and underscores, so that CreatedAt is created_at
// and ID is id. A key the schema declares exactly is never renamed, nor is
// a key renamed onto one the object holds already; decoded JSON (an issue
// file, map[string]any) is read exactly as written.

// isGoValue reports whether v is a Go value of the runner's own types, not
// data already in the value model (decoded JSON, render.Map).
func isGoValue(v any) bool {
	switch v.(type) {
	case nil, bool, int64, float64, string, []any, map[string]any, *render.Map:
		return false
	}
	return true
}

// matchGoNames returns v, converted from a Go value, with each object key
// the schema n does not declare renamed to the declared key it matches
// ignoring case and underscores (when exactly one does), at every depth
// the schema describes. v is not changed: objects are copied where a key
// is renamed.
func matchGoNames(v any, n *strict.Members, depth int) any {
	if n == nil || depth > maxPruneDepth {
		return v
	}
	switch x := v.(type) {
	case *render.Map:
		declared := n.Declared()
		exact := make(map[string]bool, len(declared))
		byFold := make(map[string]string, len(declared)) // "" when two fold alike
		for _, d := range declared {
			exact[d] = true
			f := foldName(d)
			if _, dup := byFold[f]; dup {
				byFold[f] = ""
			} else {
				byFold[f] = d
			}
		}
		out := render.NewMap()
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			name := k
			if !exact[k] {
				if d := byFold[foldName(k)]; d != "" {
					if _, taken := x.Get(d); !taken {
						if _, done := out.Get(d); !done {
							name = d
						}
					}
				}
			}
			child, _ := n.Property(name)
			out.Set(name, matchGoNames(e, child, depth+1))
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = matchGoNames(e, n.Item(i), depth+1)
		}
		return out
	}
	return v
}

// foldName is a key without case or underscores.
func foldName(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "_", ""))
}
