package workflows

import (
	"strings"
	"unicode"
	"unicode/utf8"

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
// the schema describes. v is not changed: objects and arrays are copied
// where a key under them is renamed.
func matchGoNames(v any, n *strict.Members, depth int) any {
	out, _ := matchNames(v, n, depth)
	return out
}

// matchNames is matchGoNames, reporting whether anything was renamed.
func matchNames(v any, n *strict.Members, depth int) (any, bool) {
	if n == nil || depth > maxPruneDepth {
		return v, false
	}
	switch x := v.(type) {
	case *render.Map:
		keys := x.Keys()
		var declared []string // n.Declared(), once a key needs it
		var out *render.Map
		for i, k := range keys {
			e, _ := x.Get(k)
			name := k
			if !n.Declares(k) {
				if declared == nil {
					declared = n.Declared()
				}
				if d := foldMatch(k, declared); d != "" {
					_, taken := x.Get(d)
					done := false // an earlier key was renamed to d
					if out != nil {
						_, done = out.Get(d)
					}
					if !taken && !done {
						name = d
					}
				}
			}
			ne, changed := e, false
			switch e.(type) {
			case *render.Map, []any:
				child, _ := n.Property(name)
				ne, changed = matchNames(e, child, depth+1)
			}
			if out == nil && (changed || name != k) {
				out = render.NewMap()
				for _, pk := range keys[:i] {
					pv, _ := x.Get(pk)
					out.Set(pk, pv)
				}
			}
			if out != nil {
				out.Set(name, ne)
			}
		}
		if out == nil {
			return v, false
		}
		return out, true
	case []any:
		var out []any
		for i, e := range x {
			ne, changed := matchNames(e, n.Item(i), depth+1)
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

// foldMatch returns the one declared key that equals k ignoring case and
// underscores; "" when none or several do.
func foldMatch(k string, declared []string) string {
	match := ""
	for _, d := range declared {
		if foldEqual(k, d) {
			if match != "" {
				return ""
			}
			match = d
		}
	}
	return match
}

// foldEqual reports whether a and b are equal ignoring case and
// underscores.
func foldEqual(a, b string) bool {
	for {
		a, b = strings.TrimLeft(a, "_"), strings.TrimLeft(b, "_")
		if a == "" || b == "" {
			return a == b
		}
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if unicode.ToLower(ra) != unicode.ToLower(rb) {
			return false
		}
		a, b = a[na:], b[nb:]
	}
}
