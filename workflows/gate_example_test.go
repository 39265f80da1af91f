package workflows_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sheaproject/shea/strict/diag"
	"github.com/sheaproject/shea/workflows"
)

// Issue is a runner's own issue type, with a field the profile's issue
// model lacks (Comments) and one no template reads (Fetched).
type Issue struct {
	ID         string    `json:"id"`
	Identifier string    `json:"identifier"`
	Title      string    `json:"title"`
	State      string    `json:"state"`
	Comments   []Comment `json:"comments"`
	Fetched    time.Time `json:"fetched_at"`
}

type Comment struct {
	Author string `json:"author"`
	Body   string `json:"body"`
}

// A runner's whole integration: the gate at startup, with the runner's
// issue extension and a sample of what it really sends; then one render
// per dispatch, from the runner's own struct, branching on the Symphony
// error class.
func ExampleGate() {
	ctx := context.Background()
	sample := Issue{ID: "s", Identifier: "S-1", Title: "Sample", State: "Todo", Comments: []Comment{{"ann", "hi"}}}
	wf, err := workflows.Gate(ctx, "testdata/runner/WORKFLOW.md", workflows.Options{
		ContextSchema: []byte(`{"properties": {"issue": {"properties": {"comments": {"type": "array",
			"items": {"type": "object", "properties": {"author": {"type": "string"}, "body": {"type": "string"}}}}}}}}`),
		Samples: []workflows.LaneInput{{Issue: sample}},
	})
	if err != nil {
		fmt.Println(err) // every error, with its suggestion; block dispatch
		return
	}
	issue := Issue{ID: "1", Identifier: "ENG-7", Title: "Fix login", State: "Todo", Comments: []Comment{{"bo", "repro attached"}}}
	prompt, err := wf.RenderLane(ctx, workflows.LaneAgent, workflows.LaneInput{Issue: issue})
	var werr *workflows.Error
	switch {
	case errors.As(err, &werr) && werr.Class == diag.ClassTemplateRender:
		fmt.Println("fail this attempt:", err)
	case err != nil:
		fmt.Println("cannot dispatch:", err)
	default:
		fmt.Println(prompt)
	}
	// The runner's own templates render by name, from the same load.
	review, _ := wf.RenderLane(ctx, "agent.reviewer_prompt", workflows.LaneInput{Issue: issue})
	fmt.Println(review)
	// Output:
	// You are working on ENG-7: Fix login.
	//
	// > bo: repro attached
	// Review ENG-7; 1 comments so far.
}

// A workflow that fails the gate: the error names the Symphony class and
// prints every problem with its suggestion.
func ExampleGate_failure() {
	_, err := workflows.Gate(context.Background(), "testdata/runner/typo.md", workflows.Options{})
	var werr *workflows.Error
	if errors.As(err, &werr) {
		fmt.Println(werr.Class, len(werr.Diagnostics))
	}
	fmt.Println(err)
	// Output:
	// template_render_error 2
	// template_render_error: testdata/runner/typo.md:5:23: unknown property "identifer" of issue [unknown_property]
	//     Did you mean "issue.identifier"?
	// testdata/runner/typo.md:5:60: unknown filter "upcas" [unknown_filter]
	//     Did you mean "upcase"?
}
