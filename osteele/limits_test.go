package osteele

import (
	"context"
	"fmt"
	"os"
	"os/exec"
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

// proverEnv makes the test binary a prover child (see TestMain).
const proverEnv = "SHEA_OSTEELE_TEST_PROVER"

func TestMain(m *testing.M) {
	if os.Getenv(proverEnv) == "1" {
		if err := Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testProver starts this test binary as a prover child.
func testProver(ctx context.Context) *exec.Cmd {
	cmd := exec.CommandContext(ctx, os.Args[0])
	cmd.Env = append(os.Environ(), proverEnv+"=1")
	return cmd
}

var sampleInput = []strict.SampleInput{{Name: "sample", Vars: map[string]any{"title": "T", "tags": []any{"a"}, "n": int64(2)}}}

// TestPartialResolvedFromRoot: a partial sub/a that includes "a" renders
// the root's a, as shea does; osteele itself resolves it as sub/a, which
// included itself until Go's stack overflowed (a fatal error, 1 GB).
func TestPartialResolvedFromRoot(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{"sub/a.liquid": `sub: {% include "a" %}`, "a.liquid": "root a", "sub/r.liquid": `{% render "a" %}`} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, prover := range []bool{false, true} {
		opts := Options{Partials: partials.NewDir(dir), Limits: render.Limits{Timeout: 5 * time.Second}}
		if prover {
			opts.Prover = testProver
		}
		tpl := compile(t, "{% include 'sub/a' %} {% render 'sub/r' %}", diag.StartPos, dir)
		ot, diags := Parse(tpl, opts)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		out, diags := ot.Render(context.Background(), sampleInput[0].Vars)
		if out != "sub: root a root a" || len(diags) != 0 {
			t.Errorf("prover %v: got %q, %v", prover, out, diags)
		}
	}
}

// TestDepthLimit: partials nested past the depth limit stop osteele with
// depth_limit (shea refuses a partial that includes itself; a chain of
// twelve reaches a limit of ten).
func TestDepthLimit(t *testing.T) {
	dir := t.TempDir()
	for i := 1; i <= 12; i++ {
		src := fmt.Sprintf("%d{%% include 'p%d' %%}", i, i+1)
		if i == 12 {
			src = "end"
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%d.liquid", i)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tpl := compile(t, "{% include 'p1' %}", diag.StartPos, dir)
	for _, prover := range []bool{false, true} {
		opts := Options{Partials: partials.NewDir(dir), Limits: render.Limits{MaxDepth: 10}}
		if prover {
			opts.Prover = testProver
		}
		ot, diags := Parse(tpl, opts)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		_, diags = ot.Render(context.Background(), sampleInput[0].Vars)
		if len(diags) != 1 || diags[0].Code != codes.DepthLimit || !strings.Contains(diags[0].Summary, "more than 10 deep") ||
			!strings.HasSuffix(diags[0].Subject.Filename, "p10.liquid") {
			t.Errorf("prover %v: got %v", prover, diags)
		}
	}
}

// TestProverMemoryLimit: what osteele builds in full (a range made an
// array by first, last or slice; a string doubled .size times, where
// osteele's .size counts bytes) stops at the prover child's memory budget
// with memory_limit, quickly, where it ran for the whole deadline and took
// gigabytes.
func TestProverMemoryLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("starts prover children")
	}
	tests := []struct{ name, src, cause string }{
		{"first", "{{ (1..100000000) | first }}", "range"},
		{"last", "{{ (1..100000000) | last }}", "range"},
		{"slice", "{{ (1..100000000) | slice: 1 }}", "range"},
		{"size", "{% capture s %}🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀{% endcapture %}{% assign n = s.size %}{% for i in (1..n) %}{% capture s %}{{ s }}{{ s }}{% endcapture %}{% endfor %}{{ s.size }}", "in bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl := compile(t, tt.src, diag.StartPos, "")
			begin := time.Now()
			diags := Prove(context.Background(), tpl, sampleInput, Options{Prover: testProver, Limits: render.Limits{Timeout: 20 * time.Second}})
			if len(diags) != 1 || diags[0].Code != codes.MemoryLimit || !strings.Contains(diags[0].Detail, tt.cause) {
				t.Fatalf("got %v\n%s", diags, diags)
			}
			if d := time.Since(begin); d > 10*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestProveReportsEveryError: each input's distinct osteele error is
// reported, not only the first input's.
func TestProveReportsEveryError(t *testing.T) {
	tpl := compile(t, "{% if n == 1 %}{{ title | base64_encode }}{% else %}{{ title | base64_decode }}{% endif %}", diag.StartPos, "")
	inputs := []strict.SampleInput{
		{Name: "one", Vars: map[string]any{"title": "T", "tags": []any{}, "n": int64(1)}},
		{Name: "two", Vars: map[string]any{"title": "VA==", "tags": []any{}, "n": int64(2)}},
		{Name: "three", Vars: map[string]any{"title": "U", "tags": []any{}, "n": int64(1)}},
	}
	for _, prover := range []bool{false, true} {
		opts := Options{}
		if prover {
			opts.Prover = testProver
		}
		diags := Prove(context.Background(), tpl, inputs, opts)
		if len(diags) != 2 || !strings.Contains(diags[0].Summary, `"base64_encode"`) || !strings.Contains(diags[1].Summary, `"base64_decode"`) {
			t.Errorf("prover %v: got %v", prover, diags)
		}
	}
}
