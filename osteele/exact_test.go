package osteele

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// TestBuildProver builds a prover for osteele/liquid v1.8.1, which a
// Symphony port pins, offline from the module cache, and proves with it:
// a nil field is an undefined variable there (v1.9.2 prints it empty),
// and there is no render tag (a parse error there).
func TestBuildProver(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(gobin, "env", "GOMODCACHE").Output()
	if err != nil {
		t.Skip("no module cache")
	}
	if _, err := os.Stat(filepath.Join(strings.TrimSpace(string(out)), "github.com/osteele/liquid@v1.8.1")); err != nil {
		t.Skip("osteele/liquid v1.8.1 is not in the module cache")
	}
	prover, err := BuildProver(context.Background(), "v1.8.1", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	in := []strict.SampleInput{{Name: "nil", Vars: map[string]any{"title": nil}}}
	opts := Options{Prover: prover, Version: "v1.8.1"}
	schema, err := strict.CompileSchema("test", []byte(`{"type": "object", "properties": {"title": {"type": ["string", "null"]}}, "required": ["title"]}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	nilTitle, diags := render.New(render.Options{}).Compile("Title: {{ title }}.", "WORKFLOW.md", diag.StartPos, schema)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	diags = Prove(context.Background(), nilTitle, in, opts)
	if len(diags) != 1 || diags[0].Code != codes.OsteeleRenderError || !strings.Contains(diags[0].Summary, "undefined variable") {
		t.Errorf("v1.8.1, nil: %v", diags)
	}
	if diags := Prove(context.Background(), nilTitle, in, Options{Prover: testProver}); len(diags) != 0 {
		t.Errorf("v1.9.2, nil: %v", diags)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.liquid"), []byte("p"), 0o644); err != nil {
		t.Fatal(err)
	}
	in = []strict.SampleInput{{Name: "sample", Vars: map[string]any{"title": "T", "tags": []any{}, "n": int64(1)}}}
	diags = Prove(context.Background(), compile(t, "x\n{% render 'p' %}", diag.StartPos, dir), in, opts)
	if len(diags) != 1 || diags[0].Code != codes.OsteeleParseError || diags[0].Subject.Start.Line != 2 ||
		!strings.Contains(diags[0].Summary, `osteele/liquid v1.8.1 does not support the {% render %} tag (osteele: undefined tag "render")`) {
		t.Errorf("v1.8.1, render: %v", diags)
	}
}
