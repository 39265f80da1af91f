package workflows_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/workflows"
)

// The pre-launch gate of an agent runner: gate the workflow (load, check,
// smoke-render), render the lane prompt for the issue about to be
// dispatched, and launch the agent only when both succeed. Any failure
// names its Symphony error class, so the runner can apply the spec's retry
// rules.
func Example_preLaunchGate() {
	ctx := context.Background()
	wf, err := workflows.Gate(ctx, "../testdata/symphony/WORKFLOW.md", workflows.Options{})
	if err != nil {
		// Block dispatch until the workflow is fixed.
		diag.WriteText(os.Stdout, diag.AsList(err).Errors(), diag.TextOptions{})
		return
	}
	issue := map[string]any{
		"id": "a1b2", "identifier": "WID-7", "title": "Retry uploads on 503", "state": "Todo",
		"description": "Uploads fail for good on the first 503.", "priority": 2,
		"url": "https://tracker.example/WID-7", "labels": []any{"backend"}, "blocked_by": []any{},
		"branch_name": nil, "assignee_id": nil, "native_ref": nil, "dispatchable": true,
		"created_at": nil, "updated_at": nil,
	}
	prompt, err := wf.RenderLane(ctx, workflows.LaneAgent, workflows.LaneInput{
		Issue: issue,
		Extra: map[string]any{"retry_kind": nil}, // declared by the workflow's template_context
	})
	var werr *workflows.Error
	if errors.As(err, &werr) {
		// The attempt fails; the spec retries it like any worker failure.
		fmt.Println("not launching:", werr.Class)
		return
	}
	fmt.Println(strings.Split(prompt, "\n")[0])
	fmt.Println("launching the agent with", len(prompt), "bytes of prompt")

	// A record that does not fit the issue schema (no title) is refused
	// before launch.
	delete(issue, "title")
	_, err = wf.RenderLane(ctx, workflows.LaneAgent, workflows.LaneInput{Issue: issue, Extra: map[string]any{"retry_kind": nil}})
	if errors.As(err, &werr) {
		fmt.Println("not launching:", werr.Class)
	}
	// Output:
	// You are working on WID-7: Retry uploads on 503.
	// launching the agent with 278 bytes of prompt
	// not launching: template_render_error
}

// Validate is what `shea validate` runs: the readback lines, ending with
// the status, and every diagnostic.
func ExampleValidate() {
	r, _ := workflows.Validate(context.Background(), "../testdata/symphony/WORKFLOW.md", workflows.Options{})
	for _, l := range r.Readback {
		switch l.Key {
		case "workspace_root": // absolute, so it depends on the checkout
			continue
		}
		fmt.Println(l)
	}
	// Output:
	// workflow=../testdata/symphony/WORKFLOW.md
	// profile=symphony
	// tracker=linear
	// prompt_template_bytes=844
	// prompt_renderer=strict-liquid-compatible
	// prompt_source.agent=workflow_body path=../testdata/symphony/WORKFLOW.md bytes=844
	// prompt_template_smoke.agent=pass
	// status=valid
}

// A shea workflow whose lane prompts are composed from layers: shea's
// built-in core, a team's workspace layer and the project's own. The
// project may extend the core's sections but not replace a protected one:
// the attempt is refused with a warning. LaneSource says where each
// section of the prompt came from, as `shea render --explain` prints it.
func Example_composedLanes() {
	wf, diags := workflows.Load("../testdata/composed/.shea/workflows/shea.md", workflows.Options{
		Getenv: func(string) string { return "" }, // no SHEA_WORKSPACE_PROMPTS
	})
	for _, d := range diags {
		fmt.Println(d)
	}
	ls, _ := wf.LaneSource(workflows.LaneMain)
	fmt.Println(ls.Kind, ls.Path)
	for _, s := range ls.Sections {
		fmt.Printf("%-22q %-9s %s\n", s.Heading, s.Merge, s.Origin.Layer)
	}

	issue, diags := workflows.DecodeIssue([]byte(`{"tracker_kind": "memory", "id": "I_3", "identifier": "#3",
		"title": "Speed up search", "state": "In Progress", "url": null, "labels": [], "description": null}`), "issue.json", wf.Profile)
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	prompt, err := wf.RenderLane(context.Background(), workflows.LaneMain, workflows.LaneInput{Issue: issue})
	if err != nil {
		fmt.Println(err)
		return
	}
	_, scope, _ := strings.Cut(prompt, "## Scope\n")
	scope, _, _ = strings.Cut(scope, "\n## ")
	fmt.Print(scope)
	// Output:
	// ../testdata/composed/.shea/prompts/main-agent.md:5:1: protected section "Lane boundaries" of <core>/main-agent.md is kept: a higher layer cannot replace it [protected_section_override]
	// composed <core>/roles/implementer.md,<core>/main-agent.md,../testdata/composed/team-prompts/main-agent.md,../testdata/composed/.shea/prompts/main-agent.md
	// "Role: implementer"    part      core
	// ""                     base      core
	// "Issue"                base      core
	// "Scope"                append    core
	// "Verification"         append    core
	// "Lane boundaries"      protected core
	// "Handoff"              base      core
	// "Assigned Lane Claim"  contract  contract
	//
	// - Work only inside the workspace you were given, on the issue's branch.
	// - Change what the issue asks for and what it needs to be correct; leave unrelated code alone.
	// - When the issue is unclear, choose the reading that is easiest to undo and record it as an assumption.
	//
	// - Never edit the generated files under gen/ by hand.
}
