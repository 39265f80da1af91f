package workflows

import (
	"context"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
)

// Template returns the compiled template a runner renders by name, as Gate
// compiled and smoke-rendered it: a lane prompt (LaneAgent, or the body's
// default, Options.DefaultPrompt; LaneMain, LaneReview, LaneMerge for shea)
// or a runner template (Options.Templates, template_context.templates,
// under its name), so that nothing is compiled twice and the inputs are
// given once, to Gate. The Template renders with Render as RenderLane
// renders name; workpad and evidence templates have WorkpadTemplate.
//
// Like RenderLane it refuses a workflow that loaded with errors, returning
// an *Error; a name the workflow has no template of is an error wrapping
// ErrUnknownLane, with the closest lane.
func (w *Workflow) Template(name string) (*Template, error) {
	if errs := w.diags.Errors(); len(errs) > 0 {
		return nil, &Error{Workflow: w.Path, Class: codes.FailureClass(errs), Diagnostics: errs}
	}
	it, err := w.laneItem(name)
	if err != nil {
		if it = w.runnerItem(name); it == nil {
			return nil, err
		}
	}
	if it.shared != nil {
		it = it.shared
	}
	if it.noPrompt() {
		return nil, w.noPromptError(name)
	}
	var warnings diag.List
	for _, d := range w.diags {
		if d.Subject.Filename == it.filename {
			warnings = append(warnings, d)
		}
	}
	return &Template{tpl: it.tpl, filename: it.filename, issueVal: w.issueVal, lane: true, warnings: warnings, goValues: w.opts.GoValues, wf: w, name: name, it: it}, nil
}

// renderData renders a workflow's template (see Workflow.Template) with
// vars, as Template.RenderData does.
func (t *Template) renderData(ctx context.Context, vars map[string]any) (string, error) {
	var err error
	if t.goValues != (render.GoOptions{}) {
		conv := make(map[string]any, len(vars))
		for k, v := range vars {
			if conv[k], err = render.FromGoWith(v, t.goValues); err != nil {
				d := diag.Errorf(codes.ContextInvalid, diag.Range{Filename: t.filename}, "the input %s cannot be rendered: %v", k, err)
				return "", &Error{Workflow: t.wf.Path, Lane: t.name, Class: codes.ClassOf(codes.ContextInvalid), Diagnostics: diag.List{d}}
			}
		}
		vars = conv
	}
	out, err := t.it.render(ctx, vars)
	if err == nil {
		return out, nil
	}
	diags := renderDiagnostics(err, t.filename)
	return "", &Error{Workflow: t.wf.Path, Lane: t.name, Class: codes.FailureClass(diags), Diagnostics: diags}
}
