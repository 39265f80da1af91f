package render

import (
	"context"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// A panic while rendering (here in a caller's filter) is a bug: it comes
// back as internal_error carrying the stack, not as a render_error.
func TestPanicIsInternalError(t *testing.T) {
	eng := New(Options{Compat: true, Filters: map[string]Filter{
		"boom": {Sig: strict.FilterSig{Max: 0}, Fn: func(any, []any, map[string]any) (any, error) { panic("boom") }},
	}})
	tpl, diags := eng.Compile("{{ 1 | boom }}", "t.md", diag.Pos{}, nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, err := tpl.Render(context.Background(), nil)
	e, ok := AsError(err)
	if !ok || len(e.Diagnostics) != 1 {
		t.Fatalf("got %v", err)
	}
	d := e.Diagnostics[0]
	if d.Code != codes.InternalError || !strings.Contains(d.Summary, "boom") || !strings.Contains(d.Stack, "bug_test.go") {
		t.Errorf("got %v with stack %q", d, d.Stack)
	}
}
