// Command benchfixtures renders golden-liquid's benchmark fixtures with shea
// (strict and compat mode) and with raw osteele/liquid, and prints one JSON
// line per engine, fixture and mode in the format of the peers' benchmark
// scripts (../shared/peers/bench), so that summarize_bench.py tables them
// side by side with Shopify Liquid and LiquidJS.
//
//	go run ./internal/benchfixtures [-runs 5] [-version v] [FIXTURES_DIR]
//
// N_SPEC=001=300,002=300,… sets the renders per timed run, per fixture, as
// for the peers.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/osteele/liquid"

	"github.com/sheaproject/shea/internal/fixtures"
	"github.com/sheaproject/shea/internal/golden"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

type result struct {
	Engine        string    `json:"engine"`
	Fixture       string    `json:"fixture"`
	Mode          string    `json:"mode,omitempty"`
	N             int       `json:"n,omitempty"`
	Runs          int       `json:"runs,omitempty"`
	MedianPerS    float64   `json:"median_per_s,omitempty"`
	AllPerS       []float64 `json:"all_per_s,omitempty"`
	OutputMatches bool      `json:"output_matches"`
	Error         string    `json:"error,omitempty"`
}

var defaultN = map[string]int{"001": 300, "002": 300, "004": 3000, "005": 3000, "006": 3000}

func main() {
	runs := flag.Int("runs", 5, "timed runs per fixture and mode")
	version := flag.String("version", "dev", "shea version to name in the engine column")
	osteele := flag.Bool("osteele", true, "also benchmark raw osteele/liquid")
	flag.Parse()
	dir := flag.Arg(0)
	if dir == "" {
		shared, err := golden.SharedDir()
		if err != nil {
			fail(err)
		}
		dir = shared + "/golden-liquid/benchmark_fixtures"
	}
	fs, err := fixtures.Load(dir)
	if err != nil {
		fail(err)
	}
	ns := parseN(os.Getenv("N_SPEC"))
	enc := json.NewEncoder(os.Stdout)
	for _, f := range fs {
		n := ns[f.Name]
		if n == 0 {
			n = defaultN[f.Name]
		}
		if n == 0 {
			n = 1000
		}
		for _, strictMode := range []bool{true, false} {
			name := fmt.Sprintf("shea %s compat", *version)
			if strictMode {
				name = fmt.Sprintf("shea %s strict", *version)
			}
			for _, r := range benchShea(f, name, strictMode, n, *runs) {
				enc.Encode(r)
			}
		}
		if *osteele {
			for _, r := range benchOsteele(f, n, *runs) {
				enc.Encode(r)
			}
		}
	}
}

func benchShea(f fixtures.Fixture, engine string, strictMode bool, n, runs int) []result {
	eng := render.New(render.Options{Compat: !strictMode, Partials: f.Source()})
	var schema *strict.Schema
	vars, err := f.Vars()
	if strictMode && err == nil {
		schema, vars, err = f.StrictContext()
	}
	if err != nil {
		return []result{{Engine: engine, Fixture: f.Name, Error: err.Error()}}
	}
	ctx := context.Background()
	compile := func() (*render.Template, error) {
		tpl, diags := eng.Compile(f.Index, "index.liquid", diag.Pos{}, schema)
		if diags.HasErrors() {
			return nil, diags.Err()
		}
		return tpl, nil
	}
	tpl, err := compile()
	if err != nil {
		return []result{{Engine: engine, Fixture: f.Name, Error: err.Error()}}
	}
	out, err := tpl.Render(ctx, vars)
	if err != nil {
		return []result{{Engine: engine, Fixture: f.Name, Error: err.Error()}}
	}
	match := f.Matches(out)
	modes := []struct {
		name string
		fn   func()
	}{
		{"parse+render", func() {
			t, _ := compile()
			t.Render(ctx, vars)
		}},
		{"render-only", func() { tpl.Render(ctx, vars) }},
	}
	var out2 []result
	for _, m := range modes {
		out2 = append(out2, measure(engine, f.Name, m.name, n, runs, match, m.fn))
	}
	return out2
}

type store map[string]string

func (s store) ReadTemplate(name string) ([]byte, error) {
	if v, ok := s[name]; ok {
		return []byte(v), nil
	}
	return nil, fmt.Errorf("no template %q", name)
}

func benchOsteele(f fixtures.Fixture, n, runs int) []result {
	engine := "osteele/liquid v1.9.2"
	eng := liquid.NewEngine()
	eng.RegisterTemplateStore(store(f.Partials))
	var data map[string]any
	if err := json.Unmarshal(f.Data, &data); err != nil {
		return []result{{Engine: engine, Fixture: f.Name, Error: err.Error()}}
	}
	tpl, err := eng.ParseString(f.Index)
	if err != nil {
		return []result{{Engine: engine, Fixture: f.Name, Error: err.Error()}}
	}
	out, err := tpl.RenderString(data)
	if err != nil {
		return []result{{Engine: engine, Fixture: f.Name, Error: err.Error()}}
	}
	match := f.Matches(out)
	return []result{
		measure(engine, f.Name, "parse+render", n, runs, match, func() {
			t, _ := eng.ParseString(f.Index)
			t.RenderString(data)
		}),
		measure(engine, f.Name, "render-only", n, runs, match, func() { tpl.RenderString(data) }),
	}
}

// measure times runs of n calls after a warm-up and reports renders/sec.
func measure(engine, fixture, mode string, n, runs int, match bool, fn func()) result {
	for i := 0; i < max(n/5, 1); i++ {
		fn()
	}
	rates := make([]float64, runs)
	for r := range rates {
		runtime.GC()
		start := time.Now()
		for i := 0; i < n; i++ {
			fn()
		}
		rates[r] = round1(float64(n) / time.Since(start).Seconds())
	}
	return result{Engine: engine, Fixture: fixture, Mode: mode, N: n, Runs: runs,
		MedianPerS: median(rates), AllPerS: rates, OutputMatches: match}
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return round1((s[len(s)/2-1] + s[len(s)/2]) / 2)
}

func round1(x float64) float64 { return float64(int64(x*10+0.5)) / 10 }

func parseN(spec string) map[string]int {
	out := map[string]int{}
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		if n, err := strconv.Atoi(v); err == nil {
			out[k] = n
		}
	}
	return out
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "benchfixtures:", err)
	os.Exit(2)
}
