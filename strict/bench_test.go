package strict

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/internal/testclock"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/shared"
)

// Benchmarks report throughput (b.SetBytes: the template's size) for the
// three stages: lexing, parsing (lexing included) and checking (parsing
// included), on golden-liquid's benchmark fixtures (read from ../shared at
// test time; skipped when absent) and on a generated prompt template.

// promptSection is one section (@N@ is the section's number) of a prompt-like template: what lane prompts
// do (inputs, guards, loops with forloop, filters with arguments, assign,
// capture, case, comments, raw, a render) with no problem to report.
const promptSection = `## Section @N@

{% assign label_count_@N@ = issue.labels | size %}
Work on {{ issue.identifier }}: {{ issue.title | strip | truncate: 80 }}.
{% if issue.url %}Link: {{ issue.url }}{% else %}No link.{% endif %}
{% if attempt and attempt > 1 %}This is attempt {{ attempt }}.{% endif %}
{%- for label in issue.labels limit: 5 -%}
  - {{ forloop.index }}. {{ label | downcase | replace: "-", " " }}
{%- else -%}
  (no labels)
{%- endfor %}
{% capture blockers_@N@ %}{% for b in issue.blocked_by %}{{ b.identifier | default: "?" }} ({{ b.state }}){% unless forloop.last %}, {% endunless %}{% endfor %}{% endcapture %}
Blocked by: {{ blockers_@N@ | default: "nothing" }}
{% case issue.state %}{% when "Todo", "Backlog" %}Start.{% when "In Progress" %}Continue.{% else %}Check.{% endcase %}
{% comment %}internal note {{ not checked }}{% endcomment %}
{% raw %}Use {{ double braces }} literally.{% endraw %}
{% render 'footer', n: label_count_@N@ %}
`

// typoSection adds what a careless author writes: a misspelt property, an
// unknown variable and an unknown filter, each with a suggestion to find.
const typoSection = `{{ issue.titel }} {{ blokers_@N@ }} {{ issue.title | upcased }}
`

var promptPartials = mapPartials{"footer": "({{ n }} labels)"}

// promptTemplate returns n sections, with the typo lines when typos is set.
func promptTemplate(n int, typos bool) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		num := strconv.Itoa(i)
		b.WriteString(strings.ReplaceAll(promptSection, "@N@", num))
		if typos {
			b.WriteString(strings.ReplaceAll(typoSection, "@N@", num))
		}
	}
	return b.String()
}

func TestPromptTemplateIsClean(t *testing.T) {
	_, diags := Check(promptTemplate(3, false), "prompt.md", diag.Pos{}, Options{Context: mustLane(t), Partials: promptPartials})
	if len(diags) != 0 {
		t.Fatalf("the benchmark's prompt template has problems: %v", diags)
	}
	_, diags = Check(promptTemplate(3, true), "prompt.md", diag.Pos{}, Options{Context: mustLane(t), Partials: promptPartials})
	if len(diags) != 9 {
		t.Fatalf("the typo template has %d problems, want 9: %v", len(diags), diags)
	}
	if _, diags := Check(exampleLanes(t), "lanes.md", diag.Pos{}, Options{Context: mustLaneOf(t, "shea")}); len(diags) != 0 {
		t.Fatalf("the example lanes have problems: %v", diags)
	}
}

// benchFixture is one golden-liquid benchmark page and its partials.
type benchFixture struct {
	name     string
	index    string
	partials mapFilePartials
	context  *Schema // declares data.json's top-level keys, of any shape
}

// mapFilePartials serves partials by file name ("header.liquid"), as the
// fixtures' include tags name them.
type mapFilePartials map[string]string

func (m mapFilePartials) Partial(name string) (string, string, error) {
	for _, n := range []string{name, name + ".liquid"} {
		if src, ok := m[n]; ok {
			return src, n, nil
		}
	}
	return "", "", fs.ErrNotExist
}

func loadBenchFixtures(b *testing.B) []benchFixture {
	b.Helper()
	fixtures := shared.Path(b, "golden-liquid/benchmark_fixtures")
	dirs, _ := filepath.Glob(filepath.Join(fixtures, "*"))
	if len(dirs) == 0 {
		b.Fatalf("no golden-liquid benchmark fixtures in %s", fixtures)
	}
	sort.Strings(dirs)
	var out []benchFixture
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "templates", "*.liquid"))
		fx := benchFixture{name: filepath.Base(dir), partials: mapFilePartials{}}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			if filepath.Base(f) == "index.liquid" {
				fx.index = string(src)
			} else {
				fx.partials[filepath.Base(f)] = string(src)
			}
		}
		if fx.index == "" {
			continue
		}
		fx.context = dataContext(b, filepath.Join(dir, "data.json"))
		out = append(out, fx)
	}
	return out
}

// dataContext builds a context schema whose inputs are the top-level keys
// of a fixture's data.json, each of any shape.
func dataContext(b *testing.B, path string) *Schema {
	b.Helper()
	var data map[string]json.RawMessage
	if raw, err := os.ReadFile(path); err == nil {
		json.Unmarshal(raw, &data)
	}
	props := map[string]any{}
	for k := range data {
		props[k] = map[string]any{}
	}
	doc, _ := json.Marshal(map[string]any{"type": "object", "properties": props})
	s, err := CompileSchema("data.json", doc, nil)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// exampleLanes returns the three lane prompts of the repository's example
// workflow, one after the other: real prompts, as their authors write them.
func exampleLanes(b testing.TB) string {
	var all strings.Builder
	for _, lane := range []string{"main-agent", "merge-agent", "review-agent"} {
		src, err := os.ReadFile(filepath.Join("..", "testdata", "example", ".shea", "prompts", lane+".md"))
		if err != nil {
			b.Fatal(err)
		}
		all.Write(src)
	}
	return all.String()
}

func mustLaneOf(b testing.TB, profile string) *Schema {
	s, err := testLaneContext(profile)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// benchInputs are the templates every stage is measured on.
type benchInput struct {
	name string
	src  string
	opts Options
}

func benchInputs(b *testing.B) []benchInput {
	lane, err := testLaneContext("symphony")
	if err != nil {
		b.Fatal(err)
	}
	in := []benchInput{
		{"prompt-100KB", promptTemplate(100, false), Options{Context: lane, Partials: promptPartials}},
		{"prompt-with-typos-100KB", promptTemplate(90, true), Options{Context: lane, Partials: promptPartials}},
		{"example-lanes", exampleLanes(b), Options{Context: mustLaneOf(b, "shea")}},
	}
	if _, ok := shared.Find(b, "golden-liquid/benchmark_fixtures"); ok {
		for _, fx := range loadBenchFixtures(b) {
			in = append(in, benchInput{"golden-" + fx.name, fx.index, Options{Context: fx.context, Partials: fx.partials}})
		}
	}
	return in
}

func BenchmarkLex(b *testing.B) {
	for _, in := range benchInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.src)))
			for b.Loop() {
				l := lexer{src: in.src}
				for {
					if _, ok := l.next(); !ok {
						break
					}
				}
			}
		})
	}
}

func BenchmarkParse(b *testing.B) {
	for _, in := range benchInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.src)))
			for b.Loop() {
				Parse(in.src, "t", diag.Pos{}, ParseOptions{})
			}
		})
	}
}

func BenchmarkCheck(b *testing.B) {
	for _, in := range benchInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.src)))
			for b.Loop() {
				Check(in.src, "t", diag.Pos{}, in.opts)
			}
		})
	}
}

// TestCheckIsLinear checks a template and one ten times its size and
// compares the times: a linear checker takes about ten times as long, a
// quadratic one a hundred. The bound of 15 leaves room for the larger
// template's poorer cache locality and for noise. To keep the measure honest
// on a busy machine, each time is the CPU time of the process (where the
// OS reports it) with the garbage collector paused, the two
// sizes are timed alternately so that both see the same machine, and each
// keeps its best time, which discards pauses that only ever make a run
// slower.
// It asserts time, so it runs only with SHEA_TIMING=1 (make timing).
func TestCheckIsLinear(t *testing.T) {
	testclock.Require(t)
	lane := mustLane(t)
	for _, typos := range []bool{false, true} {
		t.Run(fmt.Sprintf("typos=%t", typos), func(t *testing.T) {
			small := promptTemplate(150, typos) // about 150 KB
			large := promptTemplate(1500, typos)
			opts := Options{Context: lane, Partials: promptPartials}
			var ts, tl time.Duration
			var clock string
			for i := 0; i < 7; i++ {
				d, c := timeCheck(small, opts)
				ts, clock = minPositive(ts, d), c
				d, _ = timeCheck(large, opts)
				tl = minPositive(tl, d)
			}
			ratio := float64(tl) / float64(ts)
			t.Logf("%s: %d bytes in %v, %d bytes in %v: ratio %.1f", clock, len(small), ts, len(large), tl, ratio)
			if ratio > 15 {
				t.Errorf("checking 10x the template took %.1fx the time (want at most 15x)", ratio)
			}
		})
	}
}

func minPositive(a, b time.Duration) time.Duration {
	if a == 0 || b < a {
		return b
	}
	return a
}

// timeCheck times one check of src, and says which clock timed it.
func timeCheck(src string, opts Options) (time.Duration, string) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	if start, ok := testclock.ProcessCPU(); ok {
		Check(src, "t", diag.Pos{}, opts)
		end, _ := testclock.ProcessCPU()
		return end - start, "process CPU time"
	}
	start := time.Now()
	Check(src, "t", diag.Pos{}, opts)
	return time.Since(start), "wall time"
}
