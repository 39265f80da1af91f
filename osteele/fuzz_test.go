package osteele

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// FuzzCompare checks the output comparison on any pair of outputs: it
// reports a difference exactly when they differ, and places it inside the
// template.
func FuzzCompare(f *testing.F) {
	f.Add("Title: T\nEstimate: 6.0 days", "Title: T\nEstimate: 6 days")
	f.Add("ab", "xab")
	f.Add("é", "è")
	f.Add("", "x")
	src := "Title: {{ title }}\n{% for t in tags %}- {{ t }}\n{% endfor %}Estimate: {{ 2.0 | times: 3 }} days\n"
	f.Fuzz(func(t *testing.T, shea, ost string) {
		tpl := compile(t, src, diag.Pos{Line: 3, Column: 1, Byte: 20}, "")
		d := Compare(tpl, shea, ost)
		if (d == nil) != (shea == ost) {
			t.Fatalf("Compare(%q, %q) = %v", shea, ost, d)
		}
		if d == nil {
			return
		}
		r := d.Subject
		end := diag.Pos{Line: 3, Column: 1, Byte: 20}.Advance(src)
		if r.Start.Byte < 20 || r.End.Byte > end.Byte || r.End.Byte < r.Start.Byte {
			t.Fatalf("range %v outside the template", r)
		}
		if strings.Count(d.Summary, "\n") > 0 {
			t.Fatalf("summary breaks its line: %q", d.Summary)
		}
	})
}

// FuzzProve proves any template shea accepts with osteele in a prover
// child, with a partial directory and small limits: Prove returns within
// its deadline, never panics or fails the child unreported, and reports
// only osteele's codes and the limits, each placed in the template or a
// partial.
func FuzzProve(f *testing.F) {
	f.Add("{% include 'sub/a' %}{{ title }}", int64(2))
	f.Add("{{ (1..100000000) | first }}", int64(1))
	f.Add("{{ (1..n) | last }}{{ (1..n) | slice: 1 }}", int64(9223372036854775807))
	f.Add("{% capture s %}🚀{% endcapture %}{% for i in (1..n) %}{% capture s %}{{ s }}{{ s }}{% endcapture %}{% endfor %}{{ s.size }}", int64(40))
	f.Add("{% for t in tags %}{{ t | upcase }}{% else %}none{% endfor %}{{ 2.0 | times: 3 }}", int64(3))
	f.Add("{% render 'b', x: title %}{% include 'c' %}", int64(0))
	dir := f.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		f.Fatal(err)
	}
	for name, src := range map[string]string{"sub/a.liquid": `{% include "a" %}`, "a.liquid": "A{{ title }}", "b.liquid": "{{ x | size }}", "c.liquid": "{% include 'sub/a' %}"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	allowed := map[diag.Code]bool{
		codes.OsteeleParseError: true, codes.OsteeleRenderError: true, codes.OsteeleOutputDiffers: true,
		codes.DeadlineExceeded: true, codes.OutputLimit: true, codes.DepthLimit: true, codes.MemoryLimit: true,
	}
	schema, err := strict.CompileSchema("test", []byte(testSchema), nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string, n int64) {
		if len(src) > 2000 {
			return
		}
		lim := render.Limits{Timeout: time.Second, MaxMemory: 16 << 20, MaxOutputBytes: 1 << 20, MaxLoopIterations: 100_000}
		tpl, diags := render.New(render.Options{Partials: partials.NewDir(dir), Limits: lim}).Compile(src, "WORKFLOW.md", diag.StartPos, schema)
		if diags.HasErrors() || tpl == nil {
			return
		}
		in := []strict.SampleInput{{Name: "fuzz", Vars: map[string]any{"title": "Tï", "tags": []any{"a", "é"}, "n": n}}}
		begin := time.Now()
		got := Prove(context.Background(), tpl, in, Options{Partials: partials.NewDir(dir), Limits: lim, Prover: testProver})
		if d := time.Since(begin); d > 20*time.Second {
			t.Errorf("Prove took %v", d)
		}
		for _, d := range got {
			if !allowed[d.Code] {
				t.Errorf("code %s: %v\n%s", d.Code, d, d.Detail)
			}
			if d.Subject.Filename != "WORKFLOW.md" && !strings.HasPrefix(d.Subject.Filename, dir) {
				t.Errorf("placed in %q: %v", d.Subject.Filename, d)
			}
			if strings.Contains(d.Summary, "crashed") || strings.Contains(d.Summary, "prover child") {
				t.Errorf("the child failed: %v\n%s", d, d.Stack)
			}
		}
	})
}
