// Command benchfixtures renders golden-liquid's benchmark fixtures with shea
// (strict and compat mode) and with raw osteele/liquid, and prints one JSON
// line per engine, fixture and mode in the format of the peers' benchmark
// scripts (../shared/peers/bench), so that summarize_bench.py tables them
// side by side with Shopify Liquid and LiquidJS.
//
//	go run ./benchfixtures [-runs 5] [-version v] [FIXTURES_DIR]    (in bench/)
//
// It lives in the bench module, of its own (bench/go.mod), so that the
// peers' harness and osteele/liquid, its reference Go engine, stay out of
// the product's build.
//
// With -calls N it times nothing and prints nothing: it makes N strict
// calls of each fixture in -mode (parse+render, render-only of a template
// compiled once, or validate: only the validation of the context that
// begins every strict render) and exits, for bench/bench_cpu.py, which
// reads the CPU time the process used.
//
// N_SPEC=001=300,002=300,… sets the least renders per timed run, per
// fixture, as for the peers; a run also lasts at least -min-run (200ms), and
// the n each line reports is the count used. The Go engines take turns run
// by run, so that they are timed under the same conditions.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/osteele/liquid"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/fixtures"
	"github.com/sheaproject/shea/internal/shared"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
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
	minRun := flag.Duration("min-run", 200*time.Millisecond, "the shortest timed run (more calls than N_SPEC's when needed)")
	calls := flag.Int("calls", 0, "make this many strict calls of each fixture in -mode, time nothing and print nothing")
	callMode := flag.String("mode", "parse+render", "with -calls: parse+render, render-only or validate")
	flag.Parse()
	dir := flag.Arg(0)
	if dir == "" {
		root, err := shared.Root()
		if err != nil {
			fail(err)
		}
		if _, err := os.Stat(root); err != nil {
			// Run from the bench module: its go.mod is one level below
			// shea's, beside which ../shared lies.
			root = filepath.Join(filepath.Dir(root), "..", "shared")
		}
		dir = filepath.Join(root, "golden-liquid", "benchmark_fixtures")
	}
	fs, err := fixtures.Load(dir)
	if err == nil && len(fs) == 0 {
		err = fmt.Errorf("no fixtures in %s", dir)
	}
	if err != nil {
		fail(err)
	}
	if *calls > 0 {
		if *callMode != "parse+render" && *callMode != "render-only" && *callMode != "validate" {
			fail(fmt.Errorf("-mode %q: want parse+render, render-only or validate", *callMode))
		}
		for _, f := range fs {
			c := sheaContender(f, "shea", true)
			for k := 0; k < *calls && c.err == nil; k++ {
				c.err = c.modes[*callMode]()
			}
			if c.err != nil {
				fail(fmt.Errorf("%s: %w", f.Name, c.err))
			}
		}
		return
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
		cs := []contender{
			sheaContender(f, fmt.Sprintf("shea %s strict", *version), true),
			sheaContender(f, fmt.Sprintf("shea %s compat", *version), false),
		}
		if *osteele {
			cs = append(cs, osteeleContender(f))
		}
		for _, r := range measure(f.Name, cs, n, *runs, *minRun) {
			enc.Encode(r)
		}
	}
}

// contender is one engine ready to render one fixture: a function per mode,
// or the error that kept it from rendering the fixture at all.
type contender struct {
	engine string
	match  bool
	modes  map[string]func() error // "parse+render", "render-only" (and "validate" in strict mode, for -calls)
	err    error
}

var modeNames = []string{"parse+render", "render-only"}

func sheaContender(f fixtures.Fixture, engine string, strictMode bool) contender {
	c := contender{engine: engine}
	eng := render.New(render.Options{Compat: !strictMode, Partials: f.Source()})
	var schema *strict.Schema
	vars, err := f.Vars()
	if strictMode && err == nil {
		schema, vars, err = f.StrictContext()
	}
	if err != nil {
		c.err = err
		return c
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
		c.err = err
		return c
	}
	out, err := tpl.Render(ctx, vars)
	if err != nil {
		c.err = err
		return c
	}
	c.match = f.Matches(out)
	c.modes = map[string]func() error{
		"parse+render": func() error {
			t, err := compile()
			if err != nil {
				return err
			}
			_, err = t.Render(ctx, vars)
			return err
		},
		"render-only": func() error {
			_, err := tpl.Render(ctx, vars)
			return err
		},
	}
	if strictMode {
		c.modes["validate"] = func() error { return tpl.ValidateContext(vars).Err() }
	}
	return c
}

type store map[string]string

func (s store) ReadTemplate(name string) ([]byte, error) {
	if v, ok := s[name]; ok {
		return []byte(v), nil
	}
	return nil, fmt.Errorf("no template %q", name)
}

func osteeleContender(f fixtures.Fixture) contender {
	c := contender{engine: "osteele/liquid v1.9.2"}
	eng := liquid.NewEngine()
	eng.RegisterTemplateStore(store(f.Partials))
	var data map[string]any
	if err := json.Unmarshal(f.Data, &data); err != nil {
		c.err = err
		return c
	}
	tpl, err := eng.ParseString(f.Index)
	if err != nil {
		c.err = err
		return c
	}
	out, err := tpl.RenderString(data)
	if err != nil {
		c.err = err
		return c
	}
	c.match = f.Matches(out)
	c.modes = map[string]func() error{
		"parse+render": func() error {
			t, err := eng.ParseString(f.Index)
			if err != nil {
				return err
			}
			_, err = t.RenderString(data)
			return err
		},
		"render-only": func() error {
			_, err := tpl.RenderString(data)
			return err
		},
	}
	return c
}

// measure times runs of n calls of each contender in each mode, after a
// warm-up, and reports renders per second. The contenders take turns run by
// run, so that they share whatever else the machine is doing: their ratios
// are steadier than the rates themselves.
//
// A timed run makes at least n calls and lasts at least minRun: the peers'
// default counts suit engines ten times slower, and a run of a few
// milliseconds measures the scheduler more than the engine. The warm-up
// makes n/5 calls, as the peers' scripts do, and lasts at least minRun
// too: in the first few hundred milliseconds of the process, compiling ran
// at about half the speed it keeps afterwards (measured on page 001:
// 3,300/s in the first two runs, 7,000–8,100/s in the six after), so that
// the median of five runs depended on where that slow start fell. (The
// peers' n/5 calls last 50–100 ms on these pages, and their scripts are
// theirs: they are not changed.) The warm-up also estimates the time per
// call that sets the count. A call that fails stops the contender: its
// line reports the error instead of a rate.
func measure(fixture string, cs []contender, n, runs int, minRun time.Duration) []result {
	rates := make([][][]float64, len(cs)) // contender, mode, run
	counts := make([][]int, len(cs))
	for i := range cs {
		c := &cs[i]
		rates[i] = make([][]float64, len(modeNames))
		counts[i] = make([]int, len(modeNames))
		for m, mode := range modeNames {
			if c.err != nil {
				break
			}
			rates[i][m] = make([]float64, runs)
			warm := max(n/5, 1)
			start := time.Now()
			k := 0
			for ; (k < warm || time.Since(start) < minRun) && c.err == nil; k++ {
				c.err = c.modes[mode]()
			}
			perCall := time.Since(start) / time.Duration(k)
			counts[i][m] = max(n, int(minRun/max(perCall, time.Nanosecond)))
		}
	}
	for m, mode := range modeNames {
		for r := 0; r < runs; r++ {
			for i := range cs {
				c := &cs[i]
				if c.err != nil {
					continue
				}
				fn, calls := c.modes[mode], counts[i][m]
				runtime.GC()
				start := time.Now()
				for k := 0; k < calls && c.err == nil; k++ {
					c.err = fn()
				}
				rates[i][m][r] = round1(float64(calls) / time.Since(start).Seconds())
			}
		}
	}
	var out []result
	for i, c := range cs {
		if c.err != nil {
			out = append(out, result{Engine: c.engine, Fixture: fixture, Error: c.err.Error()})
			continue
		}
		for m, mode := range modeNames {
			out = append(out, result{Engine: c.engine, Fixture: fixture, Mode: mode, N: counts[i][m], Runs: runs,
				MedianPerS: median(rates[i][m]), AllPerS: rates[i][m], OutputMatches: c.match})
		}
	}
	return out
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
