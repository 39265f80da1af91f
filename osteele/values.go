package osteele

import (
	"math/big"

	"github.com/sheaproject/shea/render"
)

// bindings converts shea's rendering values to what osteele/liquid reads,
// as a Go runner holds them in its own structs: ordered objects
// (*render.Map) become maps, recursively through arrays and maps; an
// int64 becomes an int (a struct's Attempt int; osteele's ranges take
// only int: "(1..n)" with an int64 or float64 n fails with "can't
// convert"); an integer beyond int64 (*big.Int, which shea keeps exact)
// becomes the float64 that encoding/json would give. Other values (nil,
// bool, float64, string, time.Time, Go structs) are passed as they are.
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
	case int64:
		if int64(int(x)) == x {
			return int(x)
		}
		return x
	case *big.Int:
		f, _ := new(big.Float).SetInt(x).Float64()
		return f
	}
	return v
}
