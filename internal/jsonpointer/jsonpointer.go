// Package jsonpointer reads the value a JSON pointer (RFC 6901) names in a
// decoded JSON value: map[string]any objects and []any arrays.
package jsonpointer

import (
	"strconv"
	"strings"
)

// Lookup returns the value pointer names in v; "" names v itself. ok is
// false when a step names no key or item, or steps into a scalar.
func Lookup(v any, pointer string) (any, bool) {
	if pointer == "" {
		return v, true
	}
	for _, tok := range strings.Split(pointer, "/")[1:] {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			e, ok := x[tok]
			if !ok {
				return nil, false
			}
			v = e
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}
