package workflows

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// Workflow.Template hands out what Gate compiled, by name: the body, and a
// runner's built-in string template (a RunnerTemplate with only Name and
// Default), which the gate checks and smoke-renders with the workflow's
// inputs.
func TestWorkflowTemplate(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	writeFile(t, path, "---\ntracker:\n  kind: linear\n---\nWork on {{ issue.identifier }}.\n")
	opts := Options{Templates: []RunnerTemplate{{Name: "summary", Default: "{{ issue.identifier }} is {{ issue.state | downcase }}."}}}
	w, err := Gate(ctx, path, opts)
	if err != nil {
		t.Fatal(err)
	}
	in := LaneInput{Issue: map[string]any{"id": "1", "identifier": "A-1", "title": "T", "state": "Todo"}}
	for name, want := range map[string]string{LaneAgent: "Work on A-1.", "summary": "A-1 is todo."} {
		tpl, err := w.Template(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if out, err := tpl.Render(ctx, in); out != want || err != nil {
			t.Errorf("%s: Render %q, %v; want %q", name, out, err, want)
		}
		vars := map[string]any{"issue": in.Issue, "attempt": nil}
		if out, err := tpl.RenderData(ctx, vars); out != want || err != nil {
			t.Errorf("%s: RenderData %q, %v; want %q", name, out, err, want)
		}
		again, _ := w.Template(name)
		if tpl.Compiled() == nil || again.Compiled() != tpl.Compiled() {
			t.Errorf("%s: compiled %p, then %p: not the gate's one template", name, tpl.Compiled(), again.Compiled())
		}
	}
	r, _ := w.Validate(ctx)
	found := false
	for _, l := range r.Readback {
		found = found || l.String() == "runner_template.summary=runner_template_default path=<builtin>/summary bytes=55 smoke=pass"
	}
	if !found {
		t.Errorf("no readback line for the built-in template: %v", r.Readback)
	}
	if _, err := w.Template("agnet"); !errors.Is(err, ErrUnknownLane) || !strings.Contains(err.Error(), `did you mean "agent"?`) {
		t.Errorf("unknown name: %v", err)
	}
	// A built-in template is gated: a misspelling fails at startup, in
	// <builtin>/<name>.
	opts.Templates[0].Default = "{{ issue.identifer }}"
	_, err = Gate(ctx, path, opts)
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.UnknownProperty || l[0].Subject.Filename != "<builtin>/summary" {
		t.Errorf("misspelt built-in: %v", err)
	}
	// One without a name cannot be rendered by name.
	_, err = Gate(ctx, path, Options{Templates: []RunnerTemplate{{Default: "Hi."}}})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.ConfigInvalid || !strings.Contains(l[0].Summary, "needs a Name") {
		t.Errorf("no name: %v", err)
	}
	// A workflow that failed hands out nothing.
	bad, _ := Load(path, opts)
	if _, err := bad.Template(LaneAgent); err == nil {
		t.Error("a workflow with errors gave a template")
	}
}
