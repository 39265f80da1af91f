package workflows

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict/diag"
)

// ErrUnknownLane is wrapped by the error of RenderLane for a lane the
// workflow's profile does not have.
var ErrUnknownLane = errors.New("unknown lane")

// Error is a workflow that cannot produce a prompt: it failed to load, or
// the lane's prompt failed to render. Class is the Symphony error class a
// runner branches on (missing_workflow_file, workflow_parse_error,
// workflow_front_matter_not_a_map, workflow_config_error,
// template_parse_error, template_render_error); Diagnostics say what and
// where.
type Error struct {
	Workflow    string
	Lane        string // "" when the workflow itself failed
	Class       diag.Class
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
	errs := e.Diagnostics.Errors()
	if len(errs) > 0 {
		b.WriteString(": ")
		b.WriteString(errs[0].Error())
		if len(errs) > 1 {
			fmt.Fprintf(&b, " (and %d more)", len(errs)-1)
		}
	}
	return b.String()
}

// Unwrap exposes the error diagnostics to errors.As and diag.AsList.
func (e *Error) Unwrap() error { return e.Diagnostics.Err() }

// LaneInput is what a lane prompt is rendered with.
type LaneInput struct {
	// Issue is the tracker issue as decoded JSON (map[string]any); its
	// shape must match the profile's issue schema.
	Issue map[string]any
	// Attempt is nil on the first run, then the 1-based retry or
	// continuation count.
	Attempt *int
	// Extra holds the inputs that template_context.schema or
	// Options.Context declare, by name.
	Extra map[string]any
}

// RenderLane renders the prompt of a lane ("agent" for symphony;
// "main_agent", "review_agent" or "merge_agent" for shea) for an issue.
// It is all-or-nothing: it returns the whole prompt, or "" and an *Error
// (a workflow that loaded with errors never renders, even for a lane
// whose own template is fine), so a runner launches an agent only when err
// is nil.
func (w *Workflow) RenderLane(ctx context.Context, lane string, in LaneInput) (string, error) {
	if errs := w.diags.Errors(); len(errs) > 0 {
		return "", &Error{Workflow: w.Path, Class: errs.Class(), Diagnostics: errs}
	}
	it, err := w.laneItem(lane)
	if err != nil {
		return "", err
	}
	if it.shared != nil {
		it = it.shared
	}
	vars := make(map[string]any, len(in.Extra)+2)
	for k, v := range in.Extra {
		vars[k] = v
	}
	if in.Issue != nil {
		vars["issue"] = in.Issue
	}
	if in.Attempt != nil {
		vars["attempt"] = int64(*in.Attempt)
	} else {
		vars["attempt"] = nil
	}
	out, err := it.render(ctx, vars)
	if err != nil {
		re, _ := render.AsError(err)
		return "", &Error{Workflow: w.Path, Lane: lane, Class: re.Class, Diagnostics: re.Diagnostics}
	}
	return out, nil
}
