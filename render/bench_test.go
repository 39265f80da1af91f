package render_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/osteele/liquid"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fixtures"
	"github.com/sheaproject/shea/internal/golden"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

func loadFixtures(b *testing.B) []fixtures.Fixture {
	fs, err := fixtures.Load(filepath.Join(golden.Dir(b), "benchmark_fixtures"))
	if err != nil {
		b.Fatal(err)
	}
	return fs
}

// BenchmarkFixtures renders golden-liquid's benchmark pages: render-only
// (compiled once) and parse+render (compiled from scratch on each call), in
// strict and compat mode, and with raw osteele/liquid for comparison; and,
// in strict mode, the validation of the context that every render-only call
// begins with. Every call's error is checked: a failing render fails the
// benchmark. Without ../shared the benchmark is skipped.
func BenchmarkFixtures(b *testing.B) {
	for _, f := range loadFixtures(b) {
		for _, mode := range []string{"strict", "compat"} {
			eng := render.New(render.Options{Compat: mode == "compat", Partials: f.Source()})
			var schema *strict.Schema
			vars, err := f.Vars()
			if mode == "strict" {
				schema, vars, err = f.StrictContext()
			}
			if err != nil {
				b.Fatal(err)
			}
			tpl, diags := eng.Compile(f.Index, "index.liquid", diag.Pos{}, schema)
			if diags.HasErrors() {
				b.Fatal(diags)
			}
			out, err := tpl.Render(context.Background(), vars)
			if err != nil || !f.Matches(out) {
				b.Fatalf("%s %s: output differs or %v", f.Name, mode, err)
			}
			b.Run(fmt.Sprintf("%s/%s/render-only", f.Name, mode), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := tpl.Render(context.Background(), vars); err != nil {
						b.Fatal(err)
					}
				}
			})
			if mode == "strict" {
				// What render-only spends validating the context with the
				// JSON Schema library, alone.
				b.Run(f.Name+"/strict/validate", func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if d := tpl.ValidateContext(vars); d.HasErrors() {
							b.Fatal(d)
						}
					}
				})
			}
			b.Run(fmt.Sprintf("%s/%s/parse+render", f.Name, mode), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					t, diags := eng.Compile(f.Index, "index.liquid", diag.Pos{}, schema)
					if diags.HasErrors() {
						b.Fatal(diags)
					}
					if _, err := t.Render(context.Background(), vars); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		var data map[string]any
		if err := json.Unmarshal(f.Data, &data); err != nil {
			b.Fatal(err)
		}
		eng := liquid.NewEngine()
		eng.RegisterTemplateStore(store(f.Partials))
		tpl, err := eng.ParseString(f.Index)
		if err != nil {
			continue // osteele cannot parse this fixture
		}
		b.Run(f.Name+"/osteele/render-only", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tpl.RenderString(data); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(f.Name+"/osteele/parse+render", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				t, err := eng.ParseString(f.Index)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := t.RenderString(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

type store map[string]string

func (s store) ReadTemplate(name string) ([]byte, error) {
	if v, ok := s[name]; ok {
		return []byte(v), nil
	}
	return nil, fmt.Errorf("no template %q", name)
}
