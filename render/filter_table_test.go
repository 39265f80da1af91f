package render

import (
	"maps"
	"math/big"
	"slices"
	"testing"

	"github.com/sheaproject/shea/strict"
)

// TestFilterResultsMatchSignatures calls every standard filter, taken
// from the registry (strict.StandardFilters), on a few inputs and checks
// that what the implementation returns is of the kind its signature
// declares in Returns, the kind the checker types the result by. A call
// that fails (divided_by: 0, a string where a number is needed) proves
// nothing and is skipped, but every filter that declares a kind must
// return a value for at least one input.
func TestFilterResultsMatchSignatures(t *testing.T) {
	impl := standardFilters()
	sigs := strict.StandardFilters()
	names := slices.Sorted(maps.Keys(sigs))
	inputs := []any{"Hello, World", "2016-03-14", "", int64(3), 2.5, nil, true, js(`{"a":1}`), []any{"b", "a", "b"}, []any{int64(2), int64(1)}}
	// argument lists: strings, numbers, a property name and a value.
	argSets := [][]any{{"l", "x"}, {int64(2), int64(1)}, {"%Y", "-"}}
	for _, name := range names {
		sig := sigs[name]
		if sig.Returns == strict.ReturnsAny {
			continue
		}
		fn := impl[name]
		if fn == nil {
			t.Errorf("%s: no implementation", name)
			continue
		}
		results := 0
		for _, in := range inputs {
			for _, set := range argSets {
				got, err := fn(in, set[:sig.Min], nil)
				if err != nil {
					continue
				}
				results++
				if !returnsKind(sig.Returns, in, got) {
					t.Errorf("%s(%s, %s) = %s: the signature declares %s", name, show(in), show(set[:sig.Min]), show(got), sig.Returns)
				}
			}
		}
		if results == 0 {
			t.Errorf("%s: no input returned a value, so its declared kind (%s) went untested", name, sig.Returns)
		}
	}
}

// returnsKind reports whether out, the result of a filter on in, is of
// kind r.
func returnsKind(r strict.Returns, in, out any) bool {
	switch r {
	case strict.ReturnsString:
		_, ok := out.(string)
		return ok
	case strict.ReturnsStringOrNil:
		_, ok := out.(string)
		return ok || in == nil && out == nil
	case strict.ReturnsStringOrInput:
		switch in.(type) {
		case string, int64:
			_, ok := out.(string)
			return ok
		}
		return sameValue(in, out)
	case strict.ReturnsInteger:
		switch out.(type) {
		case int64, *big.Int:
			return true
		}
		return false
	case strict.ReturnsNumber:
		switch out.(type) {
		case int64, float64, *big.Int:
			return true
		}
		return false
	case strict.ReturnsStrings:
		a, ok := out.([]any)
		for _, e := range a {
			if _, s := e.(string); !s {
				return false
			}
		}
		return ok
	case strict.ReturnsInput:
		if _, arr := in.([]any); arr {
			_, ok := out.([]any)
			return ok
		}
		return true // the checker claims nothing for other inputs
	case strict.ReturnsItem:
		a, arr := in.([]any)
		if !arr {
			return true
		}
		if out == nil {
			return true // no item: Liquid's nil
		}
		for _, e := range a {
			if sameValue(e, out) {
				return true
			}
		}
		return false
	}
	return true
}
