package osteele

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"time"
)

// wire is a value as it crosses the pipe to a prover child: JSON that
// keeps what osteele tells apart and JSON does not (an int from the float
// 6.0, a time from a string). Exactly one field is set; an empty wire is
// nil.
type wire struct {
	S *string         `json:"s,omitempty"`
	I *int64          `json:"i,omitempty"`
	F string          `json:"f,omitempty"` // strconv 'g' form: NaN, +Inf too
	B *bool           `json:"b,omitempty"`
	T string          `json:"t,omitempty"` // RFC 3339 with nanoseconds
	N string          `json:"n,omitempty"` // a json.Number, kept as one
	A []wire          `json:"a,omitempty"`
	M map[string]wire `json:"m,omitempty"`
	// Empty marks an empty array (A) or object (M): omitempty drops both.
	Empty string `json:"e,omitempty"`
}

// toWire encodes a value as bindings gives it (plain: maps, slices, int,
// int64, float64, string, bool, time.Time, json.Number, nil). A value of
// another type (a Go struct a runner's sample holds) is an error: it
// cannot cross, and renderAll renders in this process instead.
func toWire(v any) (wire, error) {
	switch x := v.(type) {
	case nil:
		return wire{}, nil
	case string:
		return wire{S: &x}, nil
	case bool:
		return wire{B: &x}, nil
	case int:
		i := int64(x)
		return wire{I: &i}, nil
	case int64:
		return wire{I: &x}, nil
	case float64:
		return wire{F: strconv.FormatFloat(x, 'g', -1, 64)}, nil
	case time.Time:
		return wire{T: x.Format(time.RFC3339Nano)}, nil
	case json.Number:
		if x == "" {
			return wire{S: new(string)}, nil
		}
		return wire{N: string(x)}, nil
	case []any:
		if len(x) == 0 {
			return wire{Empty: "a"}, nil
		}
		out := make([]wire, len(x))
		for i, e := range x {
			w, err := toWire(e)
			if err != nil {
				return wire{}, err
			}
			out[i] = w
		}
		return wire{A: out}, nil
	case map[string]any:
		if len(x) == 0 {
			return wire{Empty: "m"}, nil
		}
		out := make(map[string]wire, len(x))
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			w, err := toWire(x[k])
			if err != nil {
				return wire{}, err
			}
			out[k] = w
		}
		return wire{M: out}, nil
	}
	return wire{}, &wireError{v}
}

// wireError is the error of a value toWire cannot encode.
type wireError struct{ v any }

func (e *wireError) Error() string {
	return fmt.Sprintf("a %T cannot be passed to a prover child", e.v)
}

// value decodes a wire into what osteele reads (integers as int, as
// bindings gives them where they fit).
func (w wire) value() (any, error) {
	switch {
	case w.S != nil:
		return *w.S, nil
	case w.I != nil:
		if int64(int(*w.I)) == *w.I {
			return int(*w.I), nil
		}
		return *w.I, nil
	case w.F != "":
		f, err := strconv.ParseFloat(w.F, 64)
		if err != nil && !math.IsInf(f, 0) {
			return nil, fmt.Errorf("float %q: %w", w.F, err)
		}
		return f, nil
	case w.B != nil:
		return *w.B, nil
	case w.N != "":
		return json.Number(w.N), nil
	case w.T != "":
		return time.Parse(time.RFC3339Nano, w.T)
	case w.A != nil || w.Empty == "a":
		out := make([]any, len(w.A))
		for i, e := range w.A {
			v, err := e.value()
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	case w.M != nil || w.Empty == "m":
		out := make(map[string]any, len(w.M))
		for k, e := range w.M {
			v, err := e.value()
			if err != nil {
				return nil, err
			}
			out[k] = v
		}
		return out, nil
	}
	return nil, nil
}
