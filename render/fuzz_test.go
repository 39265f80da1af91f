package render

import (
	"context"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/golden"
	"github.com/sheaproject/shea/internal/shared"
)

// FuzzRender renders arbitrary templates against a fixed context under
// tight limits, in compat and strict mode. Invariants: nothing panics
// (compile and render recover panics, but a recovered panic is a bug, so
// internal_error fails the target), nothing outlives its deadline, the
// output stays within the cap, and a failed render returns no text and at
// least one diagnostic.
func FuzzRender(f *testing.F) {
	for _, seed := range []string{
		"{{ issue.title | upcase }}",
		"{% for l in issue.labels %}{{ forloop.index }}{{ l }}{% endfor %}",
		"{% include 'p' %}{% render 'p', x: 1 %}",
		"{% assign a = (1..5) | join: ',' %}{{ a | split: ',' | sort | reverse | first }}",
		"{% case attempt %}{% when 1, 2 %}x{% else %}y{% endcase %}",
		"{% capture c %}{% cycle 'a', 'b' %}{% endcapture %}{{ c | size }}",
		"{% tablerow i in (1..3) cols:2 %}{{ i }}{% endtablerow %}",
		"{% liquid\nassign x = 1\necho x | plus: 2\n%}",
	} {
		f.Add(seed)
	}
	for _, c := range goldenSeeds(f) {
		f.Add(c)
	}
	partials := mapPartials{"p": "{{ x }}{% increment n %}", "loop": "{% include 'loop' %}"}
	limits := Limits{MaxOutputBytes: 64 << 10, MaxLoopIterations: 5000, MaxDepth: 8, Timeout: time.Second, MaxTemplateBytes: 64 << 10}
	engines := []*Engine{
		New(Options{Compat: true, Partials: partials, Limits: limits}),
		New(Options{Partials: partials, Limits: limits}),
	}
	schema, err := laneSchemaErr()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, eng := range engines {
			tpl, diags := eng.Compile(src, "fuzz.liquid", diag.Pos{}, schema)
			for _, d := range diags {
				if d.Code == codes.InternalError {
					t.Fatalf("compile: %v\n%s", d, d.Stack)
				}
			}
			if tpl == nil {
				if !diags.HasErrors() {
					t.Fatal("no template and no error")
				}
				continue
			}
			start := time.Now()
			out, err := tpl.Render(context.Background(), issueVars())
			if time.Since(start) > 5*time.Second {
				t.Fatalf("render took %v", time.Since(start))
			}
			if len(out) > limits.MaxOutputBytes {
				t.Fatalf("output of %d bytes beyond the cap", len(out))
			}
			if err != nil {
				e, ok := AsError(err)
				if !ok || len(e.Diagnostics) == 0 || out != "" {
					t.Fatalf("bad failure: %q, %v", out, err)
				}
				for _, d := range e.Diagnostics {
					if d.Code == codes.InternalError {
						t.Fatalf("render: %v\n%s", d, d.Stack)
					}
				}
			}
		}
	})
}

func goldenSeeds(f *testing.F) []string {
	if _, ok := shared.Find(f, "golden-liquid/golden_liquid.json"); !ok {
		return nil
	}
	defer func() { recover() }()
	var out []string
	for _, c := range golden.Load(f) {
		out = append(out, c.Template)
	}
	return out
}
