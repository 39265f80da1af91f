package render

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// TestDecodeJSONRefusesInfinities: a JSON number beyond a float's range
// (1e400 is valid JSON) is a *DataError naming its pointer and its bytes,
// in valid JSON (the fast reader) and in invalid JSON (the token reader,
// which meets it before the syntax error). It was +Inf: printed as
// Infinity, and a nil-pointer panic in the schema library against a
// maximum. A number below a float's smallest is the nearest float, 0.
func TestDecodeJSONRefusesInfinities(t *testing.T) {
	for _, tt := range []struct {
		name, doc, ptr, text string
	}{
		{"top level", `1e400`, "", "1e400"},
		{"in an object", `{"issue": {"priority": 1e400}}`, "/issue/priority", "1e400"},
		{"negative, in an array", `{"a": [1, 2, -1e400]}`, "/a/2", "-1e400"},
		{"huge exponent", `{"attempt": 1e999999999}`, "/attempt", "1e999999999"},
		{"escaped key", `{"a/b~c": 1.5e309}`, "/a~1b~0c", "1.5e309"},
		{"invalid JSON after it", `{"x": [1e400,]}`, "/x/0", "1e400"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeJSON([]byte(tt.doc))
			var de *DataError
			if !errors.As(err, &de) {
				t.Fatalf("err = %v, want a *DataError", err)
			}
			if de.Pointer != tt.ptr || tt.doc[de.Offset:de.End] != tt.text {
				t.Errorf("pointer %q, text %q; want %q, %q", de.Pointer, tt.doc[de.Offset:de.End], tt.ptr, tt.text)
			}
			if !strings.Contains(err.Error(), "beyond the range of a float") {
				t.Errorf("message %q", err)
			}
		})
	}
	v, err := DecodeJSON([]byte(`[1e-400, 1.7976931348623157e308]`))
	if l, ok := v.([]any); err != nil || !ok || l[0] != 0.0 || l[1] != math.MaxFloat64 {
		t.Errorf("finite extremes: %v, %v", v, err)
	}
}

// TestFromGoRefusesNonFinite: NaN and the infinities are a *GoValueError
// at their pointer, as FromGo's doc says of every value JSON cannot
// encode, whether they are model values (a float64, which was returned as
// it was) or a json.Number. A render of one is context_invalid, never the
// internal_error the schema library's panic on NaN against a minimum was.
func TestFromGoRefusesNonFinite(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   any
		ptr  string
	}{
		{"NaN", math.NaN(), ""},
		{"+Inf in a map", map[string]any{"x": math.Inf(1)}, "/x"},
		{"-Inf in a list in a Map", mapOf("a", []any{1.0, math.Inf(-1)}), "/a/1"},
		{"json.Number", []any{json.Number("1e400")}, "/0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FromGo(tt.in)
			var ge *GoValueError
			if !errors.As(err, &ge) || ge.Pointer != tt.ptr {
				t.Fatalf("err = %v, want a *GoValueError at %q", err, tt.ptr)
			}
		})
	}

	s, err := strict.CompileSchema("s", []byte(`{"type": "object", "properties": {"x": {"type": "number", "minimum": 0, "maximum": 10}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	tpl, diags := New(Options{}).Compile("{{ x }}", "t.liquid", diag.Pos{}, s)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		_, err := tpl.Render(context.Background(), map[string]any{"x": x})
		if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.ContextInvalid || !strings.Contains(l[0].Summary, "/x") {
			t.Errorf("render of %v: %v", x, err)
		}
	}
}
