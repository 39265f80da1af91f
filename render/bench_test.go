package render_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/osteele/liquid"

	"github.com/sheaproject/shea/internal/fixtures"
	"github.com/sheaproject/shea/internal/golden"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

func loadFixtures(b *testing.B) []fixtures.Fixture {
	fs, err := fixtures.Load(filepath.Join(golden.Dir(b), "benchmark_fixtures"))
	if err != nil {
		b.Fatal(err)
	}
	return fs
}

// BenchmarkFixtures renders golden-liquid's benchmark pages: render-only
// (compiled once) and parse+render, in strict and compat mode, and with
// raw osteele/liquid for comparison.
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
				for i := 0; i < b.N; i++ {
					tpl.Render(context.Background(), vars)
				}
			})
			b.Run(fmt.Sprintf("%s/%s/parse+render", f.Name, mode), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					t, _ := eng.Compile(f.Index, "index.liquid", diag.Pos{}, schema)
					t.Render(context.Background(), vars)
				}
			})
		}
		var data map[string]any
		json.Unmarshal(f.Data, &data)
		eng := liquid.NewEngine()
		eng.RegisterTemplateStore(store(f.Partials))
		tpl, err := eng.ParseString(f.Index)
		if err != nil {
			continue // osteele cannot parse this fixture
		}
		b.Run(f.Name+"/osteele/render-only", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				tpl.RenderString(data)
			}
		})
		b.Run(f.Name+"/osteele/parse+render", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				t, _ := eng.ParseString(f.Index)
				t.RenderString(data)
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
