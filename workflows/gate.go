package workflows

import (
	"context"
	"strconv"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/render"
)

// Gate is an agent runner's startup check, in one call: it loads the
// workflow at path, checks every template statically, smoke-renders them
// (with the runner's own Options.Samples too) and returns the workflow,
// ready to render lane prompts. When anything is wrong it returns nil and
// an *Error whose Class is the Symphony class of the failure and whose
// Diagnostics hold every error and warning; its Error() prints each error
// in full, with its suggestion. Warnings alone do not fail the gate
// (Workflow.Diagnostics returns them).
//
// Gate is Load followed by Workflow.Validate. A runner that calls Load
// itself must call Validate too before it trusts the workflow: Load checks
// every template statically, and only Validate renders them.
//
// The returned Workflow keeps every template compiled: render as many
// issues as needed with RenderLane, concurrently if need be, without
// loading again. Call Gate again when the file changes.
func Gate(ctx context.Context, path string, opts Options) (*Workflow, error) {
	w, _ := Load(path, opts)
	_, diags := w.Validate(ctx)
	if errs := diags.Errors(); len(errs) > 0 {
		return nil, &Error{Workflow: path, Class: codes.FailureClass(errs), Diagnostics: diags}
	}
	return w, nil
}

// TemplateSource is one template of a workflow as its file holds it, for
// a runner that reads the workflow with its own loader: the text shea
// compiles, and where it starts, so that the runner can compile its copy
// with Workflow.Compile and get diagnostics in the file's lines.
type TemplateSource struct {
	// Key is the lane (LaneAgent, LaneMain…), backend fragment key,
	// workpad template id, or runner template name.
	Key string
	// Kind is where the text comes from: SourceWorkflowBody,
	// SourceInlineFallback, SourcePromptFile, SourceTemplateFile,
	// SourceRepositoryDefault, SourceComposed, SourceFrontMatterValue,
	// SourceRunnerFile or SourceRunnerDefault.
	Kind string
	// Filename names the file in diagnostics (the workflow's path as given
	// to Load for text in the workflow itself).
	Filename string
	// Source is the template as compiled: trimmed of leading and trailing
	// whitespace as both dialects trim templates (unless a runner template
	// sets KeepWhitespace), line breaks normalised to "\n". A composed lane's Source
	// is the composed template, which spans several files: its Start is
	// zero, and LaneSource tells where each section came from.
	Source string
	// Start is the position of Source's first byte in Filename.
	Start diag.Pos
}

// Templates lists the templates that loaded: the lane prompts (lanes that
// share a text each have an entry), then the backend fragments and workpad
// templates (shea), then the runner's templates (Options.Templates and
// template_context.templates).
func (w *Workflow) Templates() []TemplateSource {
	var out []TemplateSource
	add := func(it *item) {
		if !it.loaded {
			return
		}
		ts := TemplateSource{Key: it.key, Kind: it.kind, Filename: it.filename, Source: it.text, Start: it.start}
		switch {
		case it.composed != nil:
			ts.Source, ts.Start = it.composed.Source, diag.Pos{}
		case it.src != nil:
			ts.Start = it.src.fix(it.start)
		}
		out = append(out, ts)
	}
	for _, list := range [][]*item{w.lanes, w.backends, w.workpads, w.runner} {
		for _, it := range list {
			add(it)
		}
	}
	return out
}

// Compile compiles src, a template the runner keeps itself (its own
// loader's copy of a lane prompt, a built-in template, a prompt edited at
// run time), with the inputs of the workflow's
// lane prompts: the profile's issue and attempt, extended by
// template_context.schema and Options.ContextSchema. It uses the workflow's
// limits, and looks partials up in the workflow's directory. filename and
// start place src in the file the user edits: start is the position of
// src's first byte (TemplateSource.Start for a template of the workflow;
// the zero Pos is the start of the file). Render the template with
// RenderTemplate. On failure it returns an *Error
// holding every diagnostic; its Class is template_parse_error for
// malformed syntax, template_render_error for an unknown variable,
// property or filter.
func (w *Workflow) Compile(src, filename string, start diag.Pos) (*render.Template, error) {
	if w.laneSchema == nil {
		errs := w.diags.Errors()
		return nil, &Error{Workflow: w.Path, Class: codes.FailureClass(errs), Diagnostics: errs}
	}
	tr := diag.Range{Filename: filename, Start: start, End: start}
	tpl, diags := compileGuarded(tr, func() (*render.Template, diag.List) {
		return w.readEngine(w.partialsDir()).Compile(src, filename, start, w.laneSchema)
	})
	if errs := diags.Errors(); len(errs) > 0 || tpl == nil {
		return nil, &Error{Workflow: w.Path, Class: codes.FailureClass(errs), Diagnostics: diags}
	}
	return tpl, nil
}

// RenderTemplate renders a template that Compile returned for an issue,
// as RenderLane renders a lane prompt: the issue may be a Go value, its
// undeclared properties are left out, and the result is the whole text or
// "" and an *Error. (tpl.Render, by contrast, refuses undeclared
// properties.)
func (w *Workflow) RenderTemplate(ctx context.Context, tpl *render.Template, in LaneInput) (string, error) {
	vars, err := w.laneVars(in)
	if err == nil {
		var out string
		if out, err = renderGuarded("", func() (string, error) { return tpl.Render(ctx, vars) }); err == nil {
			return out, nil
		}
	}
	diags := renderDiagnostics(err, "")
	return "", &Error{Workflow: w.Path, Class: codes.FailureClass(diags), Diagnostics: diags}
}

// smokeSamples renders a lane with each of the runner's samples, and
// returns the diagnostics of those that fail, each naming its sample.
func (w *Workflow) smokeSamples(ctx context.Context, it *item) diag.List {
	var out diag.List
	for i, in := range w.opts.Samples {
		vars, err := w.laneVars(in)
		if err == nil {
			_, err = it.render(ctx, vars)
		}
		if err == nil {
			continue
		}
		name := "Options.Samples[" + strconv.Itoa(i) + "]"
		for _, d := range renderDiagnostics(err, it.filename) {
			c := *d
			if c.Subject.Filename == "" {
				c.Subject.Filename = it.filename
			}
			c.Summary = "with the runner's sample " + name + ": " + c.Summary
			out = append(out, &c)
		}
	}
	return out
}

// readEngine returns the engine for partials in dir without recording a
// new one: a loaded Workflow is not changed, so that it stays safe for
// concurrent use.
func (w *Workflow) readEngine(dir string) *render.Engine {
	if e, ok := w.engines[dir]; ok {
		return e
	}
	opts := render.Options{Limits: w.opts.Limits}
	if dir != "" {
		opts.Partials = partials.NewDirOverlay(dir, w.opts.Overlay)
	}
	return render.New(opts)
}
