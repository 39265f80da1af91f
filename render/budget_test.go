package render

import (
	"context"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// A render draws on the request's budget (issue 38): loop iterations and
// filter work are spent from Limits.Budget, or from the context's, and a
// spent budget is work_limit at the place the render reached.
func TestRenderDrawsOnTheRequestBudget(t *testing.T) {
	src := `{% for i in (1..100000) %}{% endfor %}{{ "x" | append: "y" }}`
	for _, c := range []struct {
		name string
		eng  *Engine
		ctx  func() (context.Context, context.CancelFunc)
	}{
		{"Limits.Budget", New(Options{Limits: Limits{Budget: strict.NewBudget(-1, 10_000)}}), func() (context.Context, context.CancelFunc) {
			return context.WithCancel(context.Background())
		}},
		{"the context's budget", New(Options{}), func() (context.Context, context.CancelFunc) {
			return strict.WithBudget(context.Background(), strict.NewBudget(-1, 10_000))
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tpl, diags := c.eng.Compile(src, "t.liquid", diag.Pos{}, nil)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			ctx, cancel := c.ctx()
			defer cancel()
			out, err := tpl.Render(ctx, nil)
			e, ok := AsError(err)
			if !ok || len(e.Diagnostics) != 1 || e.Diagnostics[0].Code != codes.WorkLimit || out != "" {
				t.Fatalf("got %q, %v; want one work_limit", out, err)
			}
			if d := e.Diagnostics[0]; d.Subject.Start.Column != 4 || !strings.Contains(d.Summary, "10000 units of work") {
				t.Errorf("got %s at column %d", d.Summary, d.Subject.Start.Column)
			}
		})
	}
	// The same render with budget to spare, or none, renders.
	tpl, _ := New(Options{}).Compile(src, "t.liquid", diag.Pos{}, nil)
	if out, err := tpl.Render(context.Background(), nil); err != nil || out != "xy" {
		t.Errorf("without a budget: %q, %v", out, err)
	}
}
