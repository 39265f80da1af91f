package workflows_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/workflows"
)

// Issue is a runner's own issue type, as its tracker client fills it: no
// json tags, slices left nil when empty, times as time.Time with
// fractional seconds, and a field no template reads (Fetched).
type Issue struct {
	ID, Identifier, Title, State string
	Labels                       []string
	Comments                     []Comment
	CreatedAt, Fetched           time.Time
}

// Comment is a comment on an Issue.
type Comment struct{ Author, Body string }

// The runner's built-in texts, kept as strings in its code: its default
// prompt (Symphony's spec lets a runner have one for an empty body), a
// status line, and its issue model, the only fields it sends.
const (
	defaultPrompt = `You are working on {{ issue.identifier }}: {{ issue.title }}, opened {{ issue.created_at }}.
{%- if issue.labels.size > 0 %}
Labels: {{ issue.labels | join: ", " }}.
{%- endif %}
{%- for c in issue.comments %}
> {{ c.author }}: {{ c.body }}
{%- endfor %}`
	statusLine = "{{ issue.identifier }} is {{ issue.state | downcase }}."
	issueModel = `{"properties": {"issue": {"type": "object", "additionalProperties": false,
		"required": ["id", "identifier", "title", "state"], "properties": {
		"id": {"type": "string"}, "identifier": {"type": "string"}, "title": {"type": "string"},
		"state": {"type": "string"}, "labels": {"type": "array", "items": {"type": "string"}},
		"created_at": {"type": "string", "format": "date-time"},
		"comments": {"type": "array", "items": {"type": "object", "properties": {
			"author": {"type": "string"}, "body": {"type": "string"}}}}}}}}`
)

// A Go runner's whole integration, with no line working around shea: the
// gate at startup (the workflow's body is empty, so the prompt is the
// runner's default; the runner states its own issue model, which replaces
// the profile's, prints times in whole seconds, as it always did, and has
// a sample of what it really sends smoke-rendered too), its built-in
// string templates gated and compiled with it, then renders per dispatch
// from its own untagged struct, concurrently, branching on the Symphony
// error class.
func ExampleGate() {
	ctx := context.Background()
	wf, err := workflows.Gate(ctx, "testdata/runner/port.md", workflows.Options{
		DefaultPrompt: defaultPrompt,
		ContextSchema: []byte(issueModel), IssueModel: workflows.IssueModelReplace,
		Templates: []workflows.RunnerTemplate{{Name: "status", Default: statusLine}},
		GoValues:  render.GoOptions{TimePrecision: time.Second},
		Samples:   []workflows.LaneInput{{Issue: Issue{ID: "s", Identifier: "S-1", Title: "Sample", State: "Todo"}}},
	})
	if err != nil {
		fmt.Println(err) // every error, with its suggestion; block dispatch
		return
	}
	prompt, _ := wf.Template(workflows.LaneAgent) // what Gate compiled, by name
	status, _ := wf.Template("status")
	opened := time.Date(2026, 3, 30, 12, 0, 0, 250_000_000, time.UTC)
	issues := []Issue{
		{ID: "1", Identifier: "ENG-7", Title: "Fix login", State: "Todo", Labels: []string{"bug"}, CreatedAt: opened,
			Comments: []Comment{{"bo", "repro attached"}}},
		{ID: "2", Identifier: "ENG-8", Title: "Tidy up", State: "In Progress", CreatedAt: opened},
	}
	out := make([]string, len(issues))
	var wg sync.WaitGroup
	for i, issue := range issues {
		wg.Go(func() {
			in := workflows.LaneInput{Issue: issue}
			text, err := prompt.Render(ctx, in)
			var werr *workflows.Error
			if errors.As(err, &werr) && werr.Class == codes.ClassTemplateRender {
				text = "fail this attempt: " + err.Error()
			}
			line, _ := status.Render(ctx, in)
			out[i] = text + "\n" + line
		})
	}
	wg.Wait()
	fmt.Println(strings.Join(out, "\n--\n"))
	// Output:
	// You are working on ENG-7: Fix login, opened 2026-03-30T12:00:00Z.
	// Labels: bug.
	// > bo: repro attached
	// ENG-7 is todo.
	// --
	// You are working on ENG-8: Tidy up, opened 2026-03-30T12:00:00Z.
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
