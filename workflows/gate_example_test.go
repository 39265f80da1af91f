package workflows_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/workflows"
)

// Issue is a runner's own issue type, as its tracker client fills it:
// slices left nil when empty, times as time.Time, a field the profile's
// issue model lacks (Comments) and one no template reads (Fetched).
type Issue struct {
	ID         string    `json:"id"`
	Identifier string    `json:"identifier"`
	Title      string    `json:"title"`
	State      string    `json:"state"`
	Labels     []string  `json:"labels"`
	Comments   []Comment `json:"comments"`
	CreatedAt  time.Time `json:"created_at"`
	Fetched    time.Time `json:"fetched_at"`
}

type Comment struct {
	Author string `json:"author"`
	Body   string `json:"body"`
}

// A runner's whole integration, with no helper converting its types: the
// gate at startup, with the runner's issue extension, a sample of what it
// really sends and its reviewer prompt (the front matter's, else its
// built-in default); a built-in template compiled from a string with the
// same inputs; then renders per dispatch, concurrently, from the runner's
// own struct, branching on the Symphony error class.
func ExampleGate() {
	ctx := context.Background()
	opened := time.Date(2026, 3, 30, 12, 0, 0, 0, time.UTC)
	wf, err := workflows.Gate(ctx, "testdata/runner/WORKFLOW.md", workflows.Options{
		ContextSchema: []byte(`{"properties": {"issue": {"properties": {"comments": {"type": "array",
			"items": {"type": "object", "properties": {"author": {"type": "string"}, "body": {"type": "string"}}}}}}}}`),
		Templates: []workflows.RunnerTemplate{{Value: "agent.reviewer_prompt",
			Default: "Review {{ issue.identifier }}; {{ issue.comments.size }} comments so far."}},
		Samples: []workflows.LaneInput{{Issue: Issue{ID: "s", Identifier: "S-1", Title: "Sample", State: "Todo"}}},
	})
	if err != nil {
		fmt.Println(err) // every error, with its suggestion; block dispatch
		return
	}
	summary, err := wf.Compile("{{ issue.identifier }} is {{ issue.state | downcase }}.", "<builtin>/summary", diag.StartPos)
	if err != nil {
		fmt.Println(err)
		return
	}
	issues := []Issue{
		{ID: "1", Identifier: "ENG-7", Title: "Fix login", State: "Todo", Labels: []string{"bug"}, CreatedAt: opened,
			Comments: []Comment{{"bo", "repro attached"}}},
		{ID: "2", Identifier: "ENG-8", Title: "Tidy up", State: "In Progress", CreatedAt: opened},
	}
	prompts := make([]string, len(issues))
	var wg sync.WaitGroup
	for i, issue := range issues {
		wg.Go(func() {
			in := workflows.LaneInput{Issue: issue}
			prompt, err := wf.RenderLane(ctx, workflows.LaneAgent, in)
			var werr *workflows.Error
			switch {
			case errors.As(err, &werr) && werr.Class == codes.ClassTemplateRender:
				prompt = "fail this attempt: " + err.Error()
			case err != nil:
				prompt = "cannot dispatch: " + err.Error()
			}
			review, _ := wf.RenderLane(ctx, "agent.reviewer_prompt", in)
			status, _ := wf.RenderTemplate(ctx, summary, in)
			prompts[i] = prompt + "\n" + review + "\n" + status
		})
	}
	wg.Wait()
	fmt.Println(strings.Join(prompts, "\n--\n"))
	// Output:
	// You are working on ENG-7: Fix login, opened 2026-03-30.
	// Labels: bug.
	// > bo: repro attached
	// Review ENG-7; 1 comments so far.
	// ENG-7 is todo.
	// --
	// You are working on ENG-8: Tidy up, opened 2026-03-30.
	// Labels: none.
	// Review ENG-8; 0 comments so far.
	// ENG-8 is in progress.
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
