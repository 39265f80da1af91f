package render

import (
	"context"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// A loop_limit error of a loop over a range whose bound an input gives, and
// whose own iterations pass the limit of a render, says which input and how
// to bound it; a limit reached otherwise (loops within it that pass it
// together), or through a local, gets no hint.
func TestLoopLimitHint(t *testing.T) {
	limits := Limits{MaxLoopIterations: 1000}
	tests := []struct {
		name, src string
		vars      map[string]any
		want      string // the error's detail
	}{
		{"end from an input", "{% for i in (1..issue.priority) %}{% endfor %}",
			map[string]any{"issue": map[string]any{"priority": int64(9223372036854775807)}},
			`issue.priority, an input, is 9223372036854775807 here: give it a "maximum" in its schema, or bound the loop with limit:.`},
		{"start from an input", "{% for i in (n..1) %}{% endfor %}", map[string]any{"n": int64(-5000)},
			`n, an input, is -5000 here: give it a "minimum" in its schema, or bound the loop with limit:.`},
		{"the bound farthest from 0", "{% for i in (a..b) %}{% endfor %}", map[string]any{"a": int64(-10), "b": int64(5000)},
			`b, an input, is 5000 here: give it a "maximum" in its schema, or bound the loop with limit:.`},
		{"an input beyond int64", "{% for i in (1..n) %}{% endfor %}", map[string]any{"n": "99999999999999999999"},
			`n, an input, is 99999999999999999999 here: give it a "maximum" in its schema, or bound the loop with limit:.`},
		{"the outer loop, reached in the inner", "{% for i in (1..n) %}{% for j in (1..3) %}{% endfor %}{% endfor %}", map[string]any{"n": int64(2000)},
			`n, an input, is 2000 here: give it a "maximum" in its schema, or bound the loop with limit:.`},
		{"tablerow", "{% tablerow i in (1..n) %}{% endtablerow %}", map[string]any{"n": int64(2000)},
			`n, an input, is 2000 here: give it a "maximum" in its schema, or bound the loop with limit:.`},
		{"literal bounds", "{% for i in (1..1001) %}{% endfor %}", nil, ""},
		{"a local bound", "{% assign n = 5000 %}{% for i in (1..n) %}{% endfor %}", map[string]any{"n": int64(1)}, ""},
		{"a loop variable bound", "{% for n in (4000..4000) %}{% for i in (1..n) %}{% endfor %}{% endfor %}", map[string]any{"n": int64(1)}, ""},
		{"each loop within the limit", "{% for i in (1..n) %}{% for j in (1..n) %}{% endfor %}{% endfor %}", map[string]any{"n": int64(40)}, ""},
		{"an array, not a range", "{% for i in items %}{% for j in (1..3) %}{% endfor %}{% endfor %}", map[string]any{"items": make([]any, 400)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl := compat(t, Options{Limits: limits}, tt.src)
			_, err := tpl.Render(context.Background(), tt.vars)
			e, ok := AsError(err)
			if !ok || len(e.Diagnostics) != 1 || e.Diagnostics[0].Code != codes.LoopLimit {
				t.Fatalf("Render: %v, want one loop_limit error", err)
			}
			if got := e.Diagnostics[0].Detail; got != tt.want {
				t.Errorf("detail = %q, want %q", got, tt.want)
			}
		})
	}
	// In strict mode too, where the schema types the input.
	schema, serr := strict.CompileSchema("ctx.json", []byte(`{"properties": {"n": {"type": "integer"}}}`), nil)
	if serr != nil {
		t.Fatal(serr)
	}
	tpl, diags := New(Options{Limits: limits}).Compile("{% for i in (1..n) %}{% endfor %}", "t.liquid", diag.Pos{}, schema)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, err := tpl.Render(context.Background(), map[string]any{"n": 5000})
	if e, ok := AsError(err); !ok || len(e.Diagnostics) != 1 || e.Diagnostics[0].Detail != `n, an input, is 5000 here: give it a "maximum" in its schema, or bound the loop with limit:.` {
		t.Errorf("strict Render: %v", err)
	}
}
