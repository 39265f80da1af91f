package workflows

import (
	"context"
	"errors"
	"strings"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
)

// ErrUnknownLane is wrapped by the error of RenderLane for a lane the
// workflow's profile does not have.
var ErrUnknownLane = errors.New("unknown lane")

// Error is a workflow that cannot produce a prompt: it failed to load or
// to pass the gate, or the lane's prompt failed to render. Class is the
// Symphony error class a runner branches on (missing_workflow_file,
// workflow_parse_error, workflow_front_matter_not_a_map,
// workflow_config_error, template_parse_error, template_render_error; see
// codes.FailureClass); Diagnostics say what and where. Error() prints every
// error diagnostic in full, with its suggestion (see diag.List.Full).
type Error struct {
	Workflow    string
	Lane        string // "" when the workflow itself failed
	Class       codes.Class
	Diagnostics diag.List
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(string(e.Class))
	if e.Lane != "" {
		b.WriteString(" (lane ")
		b.WriteString(e.Lane)
		b.WriteString(")")
	}
	if errs := e.Diagnostics.Errors(); len(errs) > 0 {
		b.WriteString(": ")
		b.WriteString(errs.Full())
	}
	return b.String()
}

// Unwrap exposes the error diagnostics to errors.As and diag.AsList.
func (e *Error) Unwrap() error { return e.Diagnostics.Err() }

// LaneInput is what a lane prompt is rendered with.
type LaneInput struct {
	// Issue is the tracker issue: decoded JSON (DecodeIssue's result, or
	// map[string]any) or a Go value of any type JSON can encode, such as
	// the runner's own issue struct, read as encoding/json writes it, a
	// nil slice or map being empty (see render.FromGo). It must fit the workflow's issue schema (the
	// profile's, extended by template_context.schema and
	// Options.ContextSchema); properties the schema does not declare are left
	// out before rendering, so a runner's extra fields are fine as long as
	// no template reads them (one that does fails the static check).
	Issue any
	// Attempt is nil on the first run, then the 1-based retry or
	// continuation count.
	Attempt *int
	// Extra holds the inputs that template_context.schema or
	// Options.ContextSchema declare, by name; Go values are read as Issue
	// is.
	Extra map[string]any
	// ExtraName names where Extra came from (a file, as shea render
	// --extra's) in the diagnostics about it; "" names the template's
	// workflow or file.
	ExtraName string
	// RunContext is the JSON object the run has accumulated (see
	// RunContext), read by a lane's turn block as run_context; nil is an
	// empty one. A lane without a turn block does not read it.
	RunContext map[string]any
}

// RenderLane renders the prompt of a lane ("agent" for symphony;
// "main_agent", "review_agent" or "merge_agent" for shea), or a runner
// template by its name (see RunnerTemplate), for an issue,
// with the template Load compiled: a Workflow renders any number of issues,
// concurrently too, without compiling again. It is all-or-nothing: it
// returns the whole prompt, or "" and an *Error (a workflow that loaded
// with errors never renders, even for a lane whose own template is fine),
// so a runner launches an agent only when err is nil. A lane with a turn
// block renders as its system part, a blank line and its user part (see
// RenderTurn).
func (w *Workflow) RenderLane(ctx context.Context, lane string, in LaneInput) (string, error) {
	t, err := w.RenderTurn(ctx, lane, in)
	if err != nil {
		return "", err
	}
	return t.Prompt(), nil
}

// laneVars returns the rendering context of a lane input: its Go values
// converted, and the issue's undeclared properties left out. An error is a
// *render.Error.
func (w *Workflow) laneVars(in LaneInput) (map[string]any, error) {
	return inputVars(in, w.issueVal, w.Path, true, w.opts.GoValues)
}

// inputVars returns the rendering context of in for a template whose issue
// schema is issueVal (nil: none to prune by), naming filename in errors.
// With lane set, attempt is always an input (nil when in.Attempt is);
// without it, issue and attempt are inputs only when in sets them. Extra
// may not set issue, attempt or run_context, which have fields of their
// own. An error is a *render.Error.
func inputVars(in LaneInput, issueVal *strict.Members, filename string, lane bool, gopts render.GoOptions) (map[string]any, error) {
	fail := func(d *diag.Diagnostic) error {
		return &render.Error{Class: codes.ClassTemplateRender, Diagnostics: diag.List{d}}
	}
	vars := make(map[string]any, len(in.Extra)+2)
	extraName := in.ExtraName
	if extraName == "" {
		extraName = filename
	}
	for k, v := range in.Extra {
		switch k {
		case InputIssue, InputAttempt, InputRunContext:
			return nil, fail(diag.Errorf(codes.ContextInvalid, diag.Range{Filename: extraName}, "the extra inputs cannot set %s", k).
				WithDetail("The issue, the attempt and the run context have inputs of their own (LaneInput.Issue, Attempt and RunContext; shea render --issue, --attempt and --run-context)."))
		}
		if gopts != (render.GoOptions{}) {
			c, err := render.FromGoWith(v, gopts)
			if err != nil {
				return nil, fail(diag.Errorf(codes.ContextInvalid, diag.Range{Filename: extraName}, "the extra input %s cannot be rendered: %v", k, err))
			}
			v = c
		}
		vars[k] = v
	}
	if in.Issue != nil {
		issue, err := render.FromGoWith(in.Issue, gopts)
		if err != nil {
			return nil, fail(diag.Errorf(codes.ContextInvalid, diag.Range{Filename: filename}, "the issue cannot be rendered: %v", err))
		}
		if isGoValue(in.Issue) {
			issue = matchGoNames(issue, issueVal, 0)
		}
		pruned := pruneUndeclared(issue, issueVal, 0)
		if m, ok := issue.(*render.Map); ok && m.Len() > 0 {
			if p, ok := pruned.(*render.Map); ok && p.Len() == 0 {
				// Not one field fits the schema: the runner's struct has no
				// json tags, or tags of another model.
				return nil, fail(diag.Errorf(codes.ContextInvalid, diag.Range{Filename: filename}, "the issue has none of the properties the issue schema declares").
					WithDetail("%s", render.GoObjectHint(in.Issue, issue)))
			}
		}
		vars[InputIssue] = pruned
	}
	switch {
	case in.Attempt != nil:
		vars[InputAttempt] = int64(*in.Attempt)
	case lane:
		vars[InputAttempt] = nil
	}
	return vars, nil
}

// runnerItem returns the runner template named name, or nil.
func (w *Workflow) runnerItem(name string) *item {
	for _, it := range w.runner {
		if it.key == name {
			return it
		}
	}
	return nil
}
