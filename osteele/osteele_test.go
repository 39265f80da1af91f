package osteele

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

const testSchema = `{"type": "object", "properties": {
  "title": {"type": "string"},
  "tags": {"type": "array", "items": {"type": "string"}},
  "n": {"type": "integer"}
}, "required": ["title", "tags", "n"]}`

func compile(t *testing.T, src string, start diag.Pos, dir string) *render.Template {
	t.Helper()
	schema, err := strict.CompileSchema("test", []byte(testSchema), nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := render.Options{}
	if dir != "" {
		opts.Partials = partials.NewDir(dir)
	}
	tpl, diags := render.New(opts).Compile(src, "WORKFLOW.md", start, schema)
	if diags.HasErrors() || tpl == nil {
		t.Fatalf("shea rejects %q: %v", src, diags)
	}
	return tpl
}

// The expectations below were each checked by running osteele/liquid
// v1.9.2 (these tests run it) and, for the outputs, Shopify Liquid 5.4
// (ruby ../shared/peers/ruby/render.rb).
func TestParseUnsupported(t *testing.T) {
	start := diag.Pos{Line: 5, Column: 1, Byte: 40} // a body starting on line 5
	tests := []struct {
		name, src   string
		line, col   int
		wantSummary string
	}{
		{"liquid tag", "Work on it.\n\n  {% liquid\n  assign x = title\n  echo x\n%}\n",
			7, 3, `osteele/liquid v1.9.2 does not support the {% liquid %} tag (osteele: undefined tag "liquid")`},
		{"elsif in unless", "Title: {{ title }}\n{% unless n == 1 %}a{% elsif n == 2 %}b{% endunless %}\n",
			6, 21, "osteele/liquid v1.9.2 does not support elsif inside unless (osteele: elsif not inside if; immediate parent is unless)"},
		{"echo", "{% echo title %}", 5, 1, `osteele/liquid v1.9.2 does not support the {% echo %} tag (osteele: undefined tag "echo")`},
		{"increment", "x\n{% increment c %}", 6, 1, `osteele/liquid v1.9.2 does not support the {% increment %} tag (osteele: undefined tag "increment")`},
		{"doc", "{% doc %}about{% enddoc %}", 5, 1, `osteele/liquid v1.9.2 does not support the {% doc %} tag (osteele: undefined tag "doc")`},
		{"ifchanged", "{% for t in tags %}{% ifchanged %}{{ t }}{% endifchanged %}{% endfor %}", 5, 20, `osteele/liquid v1.9.2 does not support the {% ifchanged %} tag (osteele: undefined tag "ifchanged")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := Parse(compile(t, tt.src, start, ""), Options{})
			if len(diags) != 1 {
				t.Fatalf("got %d diagnostics: %v", len(diags), diags)
			}
			d := diags[0]
			if d.Code != codes.OsteeleParseError || d.Summary != tt.wantSummary {
				t.Errorf("got %s %q\nwant %q", d.Code, d.Summary, tt.wantSummary)
			}
			if d.Subject.Start.Line != tt.line || d.Subject.Start.Column != tt.col {
				t.Errorf("at %v, want %d:%d", d.Subject.Start, tt.line, tt.col)
			}
			if d.Detail == "" {
				t.Error("no rewrite in the detail")
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
		line            int
	}{
		{"filter osteele lacks", "a\n{{ title | base64_encode }}", `osteele/liquid v1.9.2 does not support the filter "base64_encode" (osteele: undefined filter "base64_encode")`, 2},
		{"empty is undefined", "a\nb\n{% if tags == empty %}none{% endif %}", "osteele/liquid v1.9.2 does not support the keyword empty (osteele: undefined variable)", 3},
		{"blank is undefined", "{% if title != blank %}x{% endif %}", "osteele/liquid v1.9.2 does not support the keyword blank (osteele: undefined variable)", 1},
		{"offset continue", "{% for t in tags limit: 1 %}{% endfor %}\n{% for t in tags offset: continue %}{{ t }}{% endfor %}", "osteele/liquid v1.9.2 does not support offset: continue (osteele: undefined variable)", 2},
		{"cycle outside a loop", "{% cycle 'a', 'b' %}", "osteele/liquid v1.9.2 does not support cycle outside a for loop (osteele: cycle must be within a forloop)", 1},
		{"forloop.parentloop", "{% for t in tags %}{% for u in tags %}{{ forloop.parentloop.index }}{% endfor %}{% endfor %}", "osteele/liquid fails to render the template: undefined variable", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ot, diags := Parse(compile(t, tt.src, diag.StartPos, ""), Options{})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			out, diags := ot.Render(context.Background(), map[string]any{"title": "x", "tags": []any{"a"}, "n": int64(1)})
			if out != "" || len(diags) != 1 {
				t.Fatalf("got %q, %v", out, diags)
			}
			if d := diags[0]; d.Code != codes.OsteeleRenderError || d.Summary != tt.want || d.Subject.Start.Line != tt.line {
				t.Errorf("got %s %q at %v, want %q at line %d", d.Code, d.Summary, d.Subject.Start, tt.want, tt.line)
			}
		})
	}
}

func TestProveDiffers(t *testing.T) {
	tests := []struct {
		name, src   string
		wantSummary string
		line, col   int
		detailHolds string
	}{
		{"float", "Title: {{ title }}\nEstimate: {{ 2.0 | times: 3 }} days",
			`osteele/liquid prints "6" where shea (as Shopify Liquid) prints "6.0"`, 2, 11, `osteele: "Title: T\nEstimate: 6 days"`},
		{"size counts bytes", "{% assign s = 'héllo' %}Size {{ s.size }}.",
			`osteele/liquid prints "6" where shea (as Shopify Liquid) prints "5"`, 1, 31, `shea:    "Size 5."`},
		{"in a loop", "{% for t in tags %}- {{ t }}: {{ 2.0 | times: n }}\n{% endfor %}",
			`osteele/liquid prints "2" where shea (as Shopify Liquid) prints "2.0"`, 1, 31, `osteele: "- a: 2\n- b: 2\n"`},
		{"inline comment", "A\n{% # note to self %}\nB",
			`osteele/liquid prints "{% # note to self %}" where shea (as Shopify Liquid) prints ""`, 2, 1, "does not support inline comments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl := compile(t, tt.src, diag.StartPos, "")
			inputs := []strict.SampleInput{{Name: "sample", Vars: map[string]any{"title": "T", "tags": []any{"a", "b"}, "n": int64(1)}}}
			diags := Prove(context.Background(), tpl, inputs, Options{})
			if len(diags) != 1 {
				t.Fatalf("got %v", diags)
			}
			d := diags[0]
			if d.Code != codes.OsteeleOutputDiffers || d.Severity != diag.Warning || d.Summary != tt.wantSummary {
				t.Errorf("got %s %v %q\nwant %q", d.Code, d.Severity, d.Summary, tt.wantSummary)
			}
			if d.Subject.Start.Line != tt.line || d.Subject.Start.Column != tt.col {
				t.Errorf("at %v, want %d:%d", d.Subject.Start, tt.line, tt.col)
			}
			if !strings.Contains(d.Detail, tt.detailHolds) {
				t.Errorf("detail lacks %q:\n%s", tt.detailHolds, d.Detail)
			}
		})
	}
}

func TestCompareEdges(t *testing.T) {
	tpl := compile(t, "{{ title }}", diag.StartPos, "")
	for _, c := range [][2]string{{"ab", "xab"}, {"xab", "ab"}, {"ab", "abc"}, {"abc", "ab"}, {"6.0.", "6."}, {strings.Repeat("x", 200), strings.Repeat("y", 200)}, {"", "a"}, {"é", "è"}, {"a b", "a"}} {
		d := Compare(tpl, c[0], c[1])
		if d == nil || d.Code != codes.OsteeleOutputDiffers {
			t.Errorf("%q vs %q: %v", c[0], c[1], d)
		}
	}
	for _, c := range [][4]string{
		{"Size 5.", "Size 16.", `"16"`, `"5"`},
		{"6.0 days", "6 days", `"6"`, `"6.0"`},
		{"<tr>\n<td>a</td></tr>", "<tr><td>a</td></tr>", `""`, `"\n"`},
		{"a é b", "a è b", `"è"`, `"é"`},
	} {
		want := "osteele/liquid prints " + c[2] + " where shea (as Shopify Liquid) prints " + c[3]
		if d := Compare(tpl, c[0], c[1]); d == nil || d.Summary != want {
			t.Errorf("%q vs %q: %v, want %s", c[0], c[1], d, want)
		}
	}
	if Compare(tpl, "same", "same") != nil {
		t.Error("equal outputs differ")
	}
}

func TestProveSame(t *testing.T) {
	src := "{% for t in tags %}- {{ t | upcase }}\n{% endfor %}{{ title | default: 'none' }} {{ n | plus: 1 }}"
	tpl := compile(t, src, diag.StartPos, "")
	// n bounded: at int64's edge osteele's plus wraps (see
	// TestProveIntegerOverflow).
	bounded := strings.Replace(testSchema, `"n": {"type": "integer"}`, `"n": {"type": "integer", "minimum": -1000, "maximum": 1000}`, 1)
	schema, err := strict.CompileSchema("test", []byte(bounded), nil)
	if err != nil {
		t.Fatal(err)
	}
	if diags := Prove(context.Background(), tpl, SmokeInputs(schema), Options{}); len(diags) != 0 {
		t.Errorf("got %v", diags)
	}
	for _, in := range SmokeInputs(schema) {
		if in.Name == "required only" {
			t.Error("SmokeInputs keeps required only")
		}
	}
}

// TestProveIntegerOverflow: the smoke matrix's boundary values reach
// osteele too, and find where its integers wrap: 9223372036854775807 |
// plus: 1 is 9223372036854775808 in shea (and Ruby), negative in osteele;
// 18446744073709551616 | plus: 1 is 1 in osteele (a float64 it cannot
// add to). Each difference is reported, not only the first.
func TestProveIntegerOverflow(t *testing.T) {
	tpl := compile(t, "{{ n | plus: 1 }}", diag.StartPos, "")
	schema, err := strict.CompileSchema("test", []byte(testSchema), nil)
	if err != nil {
		t.Fatal(err)
	}
	diags := Prove(context.Background(), tpl, SmokeInputs(schema), Options{})
	if len(diags) != 2 || diags[0].Code != codes.OsteeleOutputDiffers || !strings.Contains(diags[0].Detail, `"n = 9223372036854775807"`) ||
		diags[1].Code != codes.OsteeleOutputDiffers || !strings.Contains(diags[1].Summary, `prints "1" where shea (as Shopify Liquid) prints "18446744073709551617"`) {
		t.Errorf("got %v", diags)
	}
}

// TestIntegers checks that integers reach osteele as a Go runner's int:
// osteele's ranges reject int64 ("can't convert int64(3) to type int").
func TestIntegers(t *testing.T) {
	ot, diags := Parse(compile(t, "{% for i in (1..n) %}{{ i }}{% endfor %} {{ n | plus: 1 }}", diag.StartPos, ""), Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out, diags := ot.Render(context.Background(), map[string]any{"title": "T", "tags": []any{}, "n": int64(3)})
	if out != "123 4" || diags != nil {
		t.Errorf("got %q %v", out, diags)
	}
}

func TestPartials(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("footer.md", "bye {{ title }}")
	write("bad.md", "line one\n{% echo title %}")
	ot, diags := Parse(compile(t, "hi {% include 'footer.md' %}", diag.StartPos, dir), Options{Partials: partials.NewDir(dir)})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out, diags := ot.Render(context.Background(), map[string]any{"title": "T", "tags": []any{}, "n": int64(1)})
	if out != "hi bye T" || diags != nil {
		t.Errorf("got %q %v", out, diags)
	}
	_, diags = Parse(compile(t, "hi {% include 'bad.md' %}", diag.StartPos, dir), Options{Partials: partials.NewDir(dir)})
	if len(diags) != 1 || diags[0].Code != codes.OsteeleParseError || diags[0].Subject.Filename != filepath.Join(dir, "bad.md") || diags[0].Subject.Start.Line != 2 {
		t.Errorf("partial parse error: %v", diags)
	}
	_, diags = Parse(compile(t, "x\n{% include 'footer.md' with title %}", diag.StartPos, dir), Options{Partials: partials.NewDir(dir)})
	if len(diags) != 1 || diags[0].Summary != `osteele/liquid v1.9.2 does not support include with arguments (osteele: syntax error in "'footer.md' with title")` || diags[0].Subject.Start.Line != 2 {
		t.Errorf("include with: %v", diags)
	}
	// The store never reads outside the partials directory.
	st := &store{partials: nil, source: partials.NewDir(dir)}
	if _, err := st.ReadTemplate("../" + filepath.Base(dir) + "/footer.md"); err == nil {
		t.Error("read outside the directory")
	}
}

// TestTimeout checks the deadline, and that the abandoned render stops at
// its next write instead of running on.
func TestTimeout(t *testing.T) {
	ot, diags := Parse(compile(t, "{% for i in (1..100000000) %}x{% endfor %}", diag.StartPos, ""), Options{Limits: render.Limits{Timeout: 50 * time.Millisecond, MaxOutputBytes: 1 << 30}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	base := runtime.NumGoroutine()
	begin := time.Now()
	_, diags = ot.Render(context.Background(), map[string]any{})
	if len(diags) != 1 || diags[0].Code != codes.DeadlineExceeded {
		t.Fatalf("got %v", diags)
	}
	if d := time.Since(begin); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
	for deadline := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > base; {
		if time.Now().After(deadline) {
			t.Fatalf("the abandoned render still runs: %d goroutines, %d before", runtime.NumGoroutine(), base)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestOutputLimit(t *testing.T) {
	ot, diags := Parse(compile(t, "{% for i in (1..1000) %}{{ title }}{% endfor %}", diag.StartPos, ""), Options{Limits: render.Limits{MaxOutputBytes: 100}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out, diags := ot.Render(context.Background(), map[string]any{"title": "0123456789", "tags": []any{}, "n": int64(1)})
	if out != "" || len(diags) != 1 || diags[0].Code != codes.OutputLimit {
		t.Fatalf("got %q %v", out, diags)
	}
}

// TestVersion checks that Version, which readback prints, is the
// osteele/liquid go.mod requires.
func TestVersion(t *testing.T) {
	b, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "\tgithub.com/osteele/liquid "+Version+"\n") {
		t.Errorf("go.mod does not require github.com/osteele/liquid %s", Version)
	}
}
