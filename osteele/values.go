package osteele

import (
	"math/big"

	"github.com/sheaproject/shea/render"
)

// bindings converts shea's rendering values to what osteele/liquid reads:
// ordered objects (*render.Map) become maps, recursively through arrays
// and maps; an integer beyond int64 (*big.Int, which shea keeps exact)
// becomes the float64 that encoding/json gives a Go runner for it. Other
// values (nil, bool, int64, float64, string, time.Time, Go structs) are
// passed as they are.
func bindings(vars map[string]any) map[string]any {
	out := make(map[string]any, len(vars))
	for k, v := range vars {
		out[k] = plain(v)
	}
	return out
}

func plain(v any) any {
	switch x := v.(type) {
	case *render.Map:
		out := make(map[string]any, x.Len())
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			out[k] = plain(e)
		}
		return out
	case map[string]any:
		return bindings(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e)
		}
		return out
	case *big.Int:
		f, _ := new(big.Float).SetInt(x).Float64()
		return f
	}
	return v
}
