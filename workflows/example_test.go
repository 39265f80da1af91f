package workflows_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/sheaproject/shea/strict/diag"
	"github.com/sheaproject/shea/workflows"
)

// The pre-launch gate of an agent runner: load the workflow, render the
// lane prompt for the issue about to be dispatched, and launch the agent
// only when both succeed. Any failure names its Symphony error class, so
// the runner can apply the spec's retry rules.
func Example_preLaunchGate() {
	ctx := context.Background()
	wf, diags := workflows.Load("../testdata/symphony/WORKFLOW.md", workflows.Options{})
	if diags.HasErrors() {
		// Block dispatch until the workflow is fixed.
		diag.WriteText(os.Stdout, diags.Errors(), diag.TextOptions{})
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

	// A record missing a field the prompt reads is refused before launch.
	delete(issue, "url")
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
