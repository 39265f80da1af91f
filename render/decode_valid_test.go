package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// tokenDecode is the token decoder DecodeJSON keeps for invalid JSON.
func tokenDecode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var cost int64
	return decodeValue(dec, &cost, 0)
}

var decodeSeeds = []string{
	`{"a": 1, "b": [true, false, null, -0.5e3, 12345678901234567890123], "c": {"d": "e\u00e9\n\"\\/"}}`,
	" [ ] ", ` { } `, `"\ud83d\ude00 and \u2028"`, "\"caf\xc3\xa9 \xff bad\"", `{"k": "\"", "l": "\\"}`,
	`[1, 1.0, -1, 1e2, 9223372036854775807, 9223372036854775808, -9223372036854775809]`,
	`{"x": {"x": {"x": [[[[{}]]]]}}}`, "\t\r\n{\"a\"\t:\n1\r}", `"\u0000"`,
	strings.Repeat("[", 1002) + strings.Repeat("]", 1002), // past the bound
}

// decodeValid, DecodeJSON's reader of valid JSON, gives what the token
// decoder gives, value for value (key order, numbers, escapes, invalid
// UTF-8, depth limit).
func TestDecodeValidMatchesTokenDecoder(t *testing.T) {
	for _, s := range decodeSeeds {
		checkDecodeValid(t, []byte(s))
	}
}

func FuzzDecodeValid(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"a": [1e400, -1e400]}`))
	f.Add([]byte(`{"a": {"b/c": 2e308}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if json.Valid(data) {
			checkDecodeValid(t, data)
		}
		checkDecodeFinite(t, data)
	})
}

// checkDecodeFinite checks what DecodeJSON makes of any data: no float it
// returns is infinite or NaN, and a *DataError's bytes lie in data (and
// for a number, are the number).
func checkDecodeFinite(t *testing.T, data []byte) {
	t.Helper()
	v, err := DecodeJSON(data)
	var de *DataError
	if errors.As(err, &de) {
		if de.Offset < 0 || de.End > len(data) || de.Offset >= de.End {
			t.Fatalf("%q: %v at bytes %d-%d", data, err, de.Offset, de.End)
		}
		if !errors.Is(err, ErrDataTooLarge) && strings.Trim(string(data[de.Offset:de.End]), "+-.eE0123456789") != "" {
			t.Fatalf("%q: %v at %q, not a number", data, err, data[de.Offset:de.End])
		}
	}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case float64:
			if math.IsInf(x, 0) || math.IsNaN(x) {
				t.Fatalf("%q decoded to %v", data, x)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case *Map:
			for _, k := range x.keys {
				walk(x.vals[k])
			}
		}
	}
	walk(v)
}

func checkDecodeValid(t *testing.T, data []byte) {
	t.Helper()
	if !json.Valid(data) {
		t.Fatalf("seed %q is not valid JSON", data)
	}
	want, werr := tokenDecode(data)
	got, gerr := decodeValid(data)
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Fatalf("%q: error %v, token decoder %v", data, gerr, werr)
	}
	// reflect.DeepEqual, which is linear in the depth, first: cmp.Diff is
	// slow on deeply nested values and only words the difference.
	if !reflect.DeepEqual(want, got) {
		opts := cmp.Options{cmp.AllowUnexported(Map{}), cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })}
		t.Errorf("%q (-token +valid):\n%s", data, cmp.Diff(want, got, opts))
	}
}
