package workflows

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/testclock"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// slowWorkflow writes a symphony workflow whose prompt, and a runner
// template beside it, loop n times: each smoke render is quick, and
// validate renders the prompt with every input of the matrix (it reads
// all of issue).
func slowWorkflow(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "WORKFLOW.md")
	loop := fmt.Sprintf("{%% for i in (1..%d) %%}{%% assign c = issue.title | upcase %%}{%% endfor %%}{{ issue }}", n)
	writeFile(t, path, "---\ntracker:\n  kind: linear\nagent:\n  reviewer_prompt: \""+loop+"\"\ntemplate_context:\n  templates:\n    - agent.reviewer_prompt\n---\n"+loop+"\n")
	return path
}

func codesOf(l diag.List) map[diag.Code]int {
	out := map[diag.Code]int{}
	for _, d := range l {
		out[d.Code]++
	}
	return out
}

// Every smoke render of a validate draws on one budget of work (issue 38:
// each render had limits of its own, and the renders of one validate
// added up without bound): past it, the template at hand fails with
// work_limit, and the templates not rendered are named once.
func TestValidateSharesOneWorkBudget(t *testing.T) {
	path := slowWorkflow(t, 2000)
	// A budget for a handful of the matrix's hundred renders of 2,000
	// iterations.
	opts := Options{Limits: render.Limits{Budget: strict.NewBudget(-1, 20_000)}}
	r, diags := Validate(context.Background(), path, opts)
	if r.Valid() {
		t.Fatalf("valid; want work_limit: %v", diags)
	}
	got := codesOf(diags.Errors())
	if got[codes.WorkLimit] != 2 || len(got) != 1 {
		t.Fatalf("got %v, want two work_limit errors (the render, the runner template not rendered): %v", got, diags)
	}
	var notRun *diag.Diagnostic
	for _, d := range diags {
		if strings.Contains(d.Summary, "not smoke-rendered") {
			notRun = d
		}
	}
	if notRun == nil || !strings.Contains(notRun.Detail, "Not rendered: agent.reviewer_prompt (") {
		t.Errorf("no diagnostic names the template not rendered: %v (%q)", diags, notRun.Detail)
	}
	// With no bound the same workflow is valid.
	if r, diags := Validate(context.Background(), path, Options{Limits: render.Limits{Budget: strict.NewBudget(-1, -1)}}); !r.Valid() {
		t.Errorf("with no bound: %v", diags)
	}
}

// A validate has one deadline (issue 38: a 0.5 KB prompt made validate run
// past 60 s and exit 0, each of its renders within its 10 s): here 300 ms
// for renders that take about as long together as a few hundred ms each.
func TestValidateHasOneDeadline(t *testing.T) {
	path := slowWorkflow(t, 200_000)
	start := time.Now()
	opts := Options{Limits: render.Limits{Budget: strict.NewBudget(300*time.Millisecond, -1)}}
	r, diags := Validate(context.Background(), path, opts)
	testclock.Within(t, "validate under a 300ms budget", time.Since(start), 3*time.Second)
	if r.Valid() || codesOf(diags.Errors())[codes.DeadlineExceeded] == 0 {
		t.Fatalf("want deadline_exceeded, got %v", diags)
	}
	for _, d := range diags.Errors() {
		if d.Code == codes.DeadlineExceeded && !strings.Contains(d.Summary, "the run took longer than its 300ms") {
			t.Errorf("%q does not say the run's deadline passed", d.Summary)
		}
	}
}

// A context's budget is the one a Validate draws on.
func TestValidateTakesTheContextsBudget(t *testing.T) {
	path := slowWorkflow(t, 2000)
	ctx, cancel := strict.WithBudget(context.Background(), strict.NewBudget(-1, 20_000))
	defer cancel()
	w, _ := Load(path, Options{})
	if r, diags := w.Validate(ctx); r.Valid() || codesOf(diags.Errors())[codes.WorkLimit] == 0 {
		t.Fatalf("want work_limit, got %v", diags)
	}
}

// Front matter values holding Liquid past the 256 checked are reported,
// not skipped without a word (issue 38).
func TestFrontMatterLiquidLimitReported(t *testing.T) {
	var fm strings.Builder
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&fm, "  s%03d: \"{{ issue.title }}\"\n", i)
	}
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	writeFile(t, path, "---\ntracker:\n  kind: linear\nstates:\n"+fm.String()+"---\n{{ issue.title }}\n")
	w, diags := Load(path, Options{})
	var found *diag.Diagnostic
	for _, d := range diags {
		if d.Code == codes.FrontMatterLimit {
			found = d
		}
	}
	if found == nil {
		t.Fatalf("no front_matter_limit: %v", diags)
	}
	if found.Severity != diag.Warning || !strings.HasPrefix(found.Summary, "44 more front matter values") || found.Subject.Start.Line != 261 {
		t.Errorf("got %s at line %d", found.Summary, found.Subject.Start.Line)
	}
	if r, _ := w.Validate(context.Background()); !r.Valid() {
		t.Error("a warning made the workflow invalid")
	}
}

// A schema whose matrix reaches a bound gets one smoke_limit warning.
func TestSmokeLimitReported(t *testing.T) {
	var props strings.Builder
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&props, "          c%d: {type: integer}\n", i)
	}
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	writeFile(t, path, "---\ntracker:\n  kind: linear\ntemplate_context:\n  schema:\n    type: object\n    properties:\n      counts:\n        type: object\n        properties:\n"+props.String()+"---\n{{ counts }}\n")
	r, diags := Validate(context.Background(), path, Options{})
	if !r.Valid() || codesOf(diags)[codes.SmokeLimit] != 1 {
		t.Fatalf("want valid with one smoke_limit, got %v", diags)
	}
}
