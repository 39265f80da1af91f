package workflows

import (
	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// The values of shea.empty_body, which says what an empty prompt body of a
// symphony workflow means.
const (
	// EmptyBodyError makes an empty body an empty_workflow error: the
	// body is the prompt, and the agent would get nothing. The default,
	// unless the runner gives Options.DefaultPrompt.
	EmptyBodyError = "error"
	// EmptyBodyRunnerDefault says the runner supplies its own default
	// prompt when the body is empty, as Symphony's spec lets it: an empty
	// body is then no error. The runner's text (Options.DefaultPrompt) is
	// gated as the body would be; without it (shea validate), there is
	// nothing to check, and the readback says so.
	EmptyBodyRunnerDefault = "runner_default"
)

// SourceRunnerPrompt is the readback kind of a symphony workflow's prompt
// that is the runner's default (Options.DefaultPrompt), the body being
// empty: prompt_source.agent=runner_default path=<builtin>/agent bytes=<n>
// (path=<none> bytes=0, and prompt_template_smoke.agent=skipped, when the
// workflow says the runner supplies it but no text was given to check).
const SourceRunnerPrompt = "runner_default"

// runnerDefaultPrompt reports whether an empty body is the runner's
// default prompt: shea.empty_body says so, or, when it is not set, the
// runner gives Options.DefaultPrompt.
func (w *Workflow) runnerDefaultPrompt() bool {
	if f := w.cfg.shea.emptyBody; f.set {
		return valid(w, f) && f.val == EmptyBodyRunnerDefault
	}
	return w.opts.DefaultPrompt != ""
}

// loadDefaultPrompt makes the empty body's lane it the runner's default
// prompt: Options.DefaultPrompt, trimmed and compiled as a body is, with
// diagnostics in "<builtin>/agent"; or no template at all when the runner
// gave none.
func (w *Workflow) loadDefaultPrompt(it *item) {
	it.kind, it.src = SourceRunnerPrompt, nil
	if w.opts.DefaultPrompt == "" {
		it.display, it.loaded, it.text = "", false, ""
		return
	}
	file := builtinPrefix + LaneAgent
	it.display, it.filename = file, file
	it.text, it.start = trimmed(w.opts.DefaultPrompt)
	if it.text == "" {
		it.failed = true
		w.errorf(codes.EmptyWorkflow, diag.Range{Filename: file}, "the runner's default prompt (Options.DefaultPrompt) is blank").Detail =
			"The workflow's body is empty, so the runner's default is the prompt: give it text."
		return
	}
	w.compile(it)
}

// noPrompt reports whether lane it is an empty body whose prompt the runner
// supplies without having given shea its text.
func (it *item) noPrompt() bool { return it.kind == SourceRunnerPrompt && !it.loaded }

// noPromptError is RenderLane's error for a lane of which noPrompt holds.
func (w *Workflow) noPromptError(lane string) error {
	d := diag.Errorf(codes.EmptyWorkflow, diag.Range{Filename: w.Path}, "the workflow's prompt body is empty, and the runner supplies the prompt (shea.empty_body: runner_default)")
	d.Detail = "shea has no text to render: a runner gives its default prompt as Options.DefaultPrompt."
	return &Error{Workflow: w.Path, Lane: lane, Class: codes.ClassOf(codes.EmptyWorkflow), Diagnostics: diag.List{d}}
}
