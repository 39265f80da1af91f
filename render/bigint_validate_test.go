package render

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// TestValidateBigIntegers: an integer beyond int64 (JSON keeps its digits)
// is an integer to the context check, and is bounded by minimum and
// maximum like any other. (The smoke matrix's boundary values found that
// it was refused as "object".)
func TestValidateBigIntegers(t *testing.T) {
	schema, err := strict.CompileSchema("ctx.json", []byte(`{"type": "object", "properties": {
		"n": {"type": ["integer", "null"]}, "m": {"type": "integer", "maximum": 10}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	tpl, diags := New(Options{}).Compile("{{ n }}", "t.liquid", diag.Pos{}, schema)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got, err := tpl.Render(context.Background(), map[string]any{"n": json.Number("18446744073709551616")})
	if err != nil || got != "18446744073709551616" {
		t.Errorf("Render = %q, %v", got, err)
	}
	if l := tpl.ValidateContext(map[string]any{"m": json.Number("18446744073709551616")}); len(l) != 1 || l[0].Code != codes.ContextInvalid {
		t.Errorf("beyond the maximum: %v", l)
	}
}
