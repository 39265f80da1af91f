package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/atomicfile"
	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/internal/textesc"
	"github.com/sheaproject/shea/lanes"
	"github.com/sheaproject/shea/osteele"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/workflows"
)

// renderOptions are the flags of shea render.
type renderOptions struct {
	// --template form
	template, context string
	compat            bool
	// workflow form
	lane, issue, extra, out, root string
	runContext                    string
	attempt                       int
	explain, strictLayers         bool
	// both
	profile, contextSchema, format string
	engine                         string
	limits                         render.Limits
}

func newRenderCmd(e *env) *cobra.Command {
	var o renderOptions
	cmd := &cobra.Command{
		Use:   "render [WORKFLOW.md] --lane LANE --issue ISSUE.json | render --template FILE --context FILE.json",
		Short: "Render a lane prompt or a template, or fail with nothing on stdout",
		Long: `Render prints exactly one complete text on stdout, or nothing: when anything
is wrong, stdout stays empty, the diagnostics go to stderr and the exit status
is 1. It has two forms.

shea render WORKFLOW.md --lane LANE --issue ISSUE.json [--attempt N] [--run-context FILE]
  renders the prompt of one lane of a workflow for a tracker issue: the
  prompt a runner sends to the agent. The workflow is loaded and checked as
  validate checks it (a workflow with any error renders nothing, whichever
  lane has it); the issue, a JSON object (--issue - reads stdin), is checked
  against the profile's issue schema (shea schema issue) before anything
  renders, each problem a context_invalid error at its place in the file
  with the JSON pointer of the value; then the lane renders strictly.
  --attempt is the 1-based retry or continuation count; leave it out on the
  first run. Without WORKFLOW.md, ./WORKFLOW.md is used.

  Lanes: "agent" in a symphony workflow; "main_agent", "review_agent" and
  "merge_agent" in a shea workflow. --lane may be left out for a workflow
  that has one lane (symphony's agent).

  A shea lane whose workflow has composition: is assembled from layers
  before it renders: shea's built-in core; the workspace
  (composition.workspace, or $SHEA_WORKSPACE_PROMPTS); the project
  (composition.project, by default the directory of the lane's prompt
  file); the template (composition.template). The
  code-owned contracts (the assigned-lane claim of the main and merge lanes)
  are part of a composed prompt, so the output is the final prompt: a runner
  sends it as it is and appends no claim of its own. A lane from a single
  file is rendered as the file says; Shea Symphony appends its claim to such
  a prompt itself at run time.

  A shea lane may have a turn block beside its prompt file
  (main-agent.turn.md beside main-agent.md; in a composed lane, in any
  layer, merged the same way). The lane is then a turn in two parts: the
  system part (role, task, format, lane file, contracts; for a lane from a
  single file, that file), which reads the same for every attempt and run
  context of an issue and may not read attempt or run_context, and the
  user part, the turn block, which reads them. The prompt printed is the
  system part, a blank line, then the user part. --run-context FILE passes
  the run's accumulated context (shea run-context set writes it; - reads
  stdin) to the turn block as run_context; the keys it reads are declared
  under template_context.schema. A lane without a turn block renders as
  the whole prompt and does not read the run context: --run-context for
  it is a context_invalid warning, and the lane still renders.

  --format json prints, instead of the prompt, one object
  {"lane", "system", "user", "sources"}: the two parts (user is "" for a
  lane without a turn block, whose whole prompt is system) and the files
  the prompt came from. Diagnostics are then JSON too.

  --explain prints, instead of the prompt, where the lane's text comes
  from: for a composed lane, each section with its merge kind, layer, file
  and line, and, when several layer files acted on it, one line per file
  (base, replace, append, add, keep, or refuse for a protected section a
  higher layer tried to replace or remove). Merge kinds: base, replace,
  append, protected (a replacement was refused), part (role, task, format),
  contract. --explain renders nothing, so it reads no issue.

  --out DIR writes the prompt to DIR/<lane>-iter-<N>.md (N the attempt, 0
  without --attempt), atomically (a temporary file renamed into place;
  DIR is created when missing), and prints the file's path instead of the
  prompt. For a lane with a turn block it first writes the two parts to
  DIR/<lane>-iter-<N>.system.md and DIR/<lane>-iter-<N>.user.md, the same
  way, and prints the three paths. A failed render writes nothing. A
  relative DIR must stay inside the repository root, symbolic links
  included (a directory link in the repository cannot send the prompt
  elsewhere); an absolute DIR is used as given. A writer waits at most 10s
  for another's lock on DIR.

  --extra FILE.json supplies the inputs the workflow declares under
  template_context.schema (or --context-schema) besides issue and attempt.
  --strict-layers makes a protected_section_override an error.

shea render --template FILE --context FILE.json
  renders a standalone template. It is checked on every branch against its
  inputs: those --context-schema declares, or without it, the names the
  data holds (each key, as deep as the data goes: a name the data lacks is
  an error, as with strict variables in Shopify Liquid and LiquidJS); with
  --profile, the profile's lane-prompt inputs (issue, attempt) too. The
  data is validated against the same schema, and rendering fails on any
  lookup of a missing key. --context - reads the data from stdin. --compat
  renders as Shopify Liquid does, without strictness.

--engine osteele prints what a runner rendering with osteele/liquid v1.9.2
(most Go Symphony ports) would send: shea checks and renders first, all or
nothing as above, then osteele renders the same input and its output is
printed; an osteele error fails the render (osteele_parse_error,
osteele_render_error) and output that differs from shea's is an
osteele_output_differs warning on stderr. Without the flag, a workflow's
shea: {engine: osteele} setting does the same.

Diagnostics, and the warnings of a render that succeeded, always go to
stderr: --format json or sarif writes them there as one document.

Exit status: 0 rendered, 1 errors in the workflow, the issue or the
template, 2 the command could not run (bad flags, an unknown lane, an
unreadable file).

Examples:
  shea render .shea/workflows/shea.md --lane main_agent --issue issue.json
  fetch-issue ABC-12 | shea render --lane agent --issue - --attempt 2
  shea render .shea/workflows/shea.md --lane review_agent --explain
  shea render .shea/workflows/shea.md --lane merge_agent --issue issue.json --out .shea/runs
  shea render .shea/workflows/shea.md --lane main_agent --issue issue.json --attempt 2 \
    --run-context .shea/runs/ABC-12/context.json --format json
  shea render --template prompt.md --context issue-context.json
  echo '{"issue": {...}, "attempt": 2}' | shea render --template prompt.md --context -
  shea render --compat --template page.liquid --context data.json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(o.format); err != nil {
				return err
			}
			if err := checkEngine(o.engine); err != nil {
				return err
			}
			if o.compat && o.engine == workflows.EngineOsteele {
				return usageError{errors.New("--engine osteele renders strictly, as runners configure osteele; it cannot be used with --compat")}
			}
			if o.template != "" || o.context != "" || o.compat {
				if len(args) > 0 || laneFlagsSet(cmd) {
					return usageError{errors.New("render takes either WORKFLOW.md --lane LANE or --template FILE --context FILE.json, not both")}
				}
				return e.renderTemplate(o)
			}
			if o.lane == "" && len(args) == 0 && !laneFlagsSet(cmd) {
				return usageError{errors.New("render needs WORKFLOW.md --lane LANE --issue ISSUE.json, or --template FILE --context FILE.json")}
			}
			workflow := "WORKFLOW.md"
			if len(args) == 1 {
				workflow = args[0]
			}
			attempt := cmd.Flags().Changed("attempt")
			switch {
			case attempt && o.attempt < 1:
				return usageError{fmt.Errorf("--attempt must be 1 or more (leave it out on the first run), not %d", o.attempt)}
			case o.explain && o.out != "":
				return usageError{errors.New("--explain prints where the prompt comes from and renders nothing; it cannot be used with --out")}
			case !o.explain && o.issue == "" && o.lane != "":
				return usageError{errors.New("render --lane needs --issue ISSUE.json (or --issue - to read stdin)")}
			case !o.explain && o.issue == "":
				return usageError{errors.New("render WORKFLOW.md needs --issue ISSUE.json (or --issue - to read stdin)")}
			case stdinUsers(o) > 1:
				return usageError{errors.New("only one of --issue, --extra and --run-context can read stdin")}
			}
			if !attempt {
				o.attempt = 0
			}
			return e.renderLane(cmd.Context(), workflow, o, attempt)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.lane, "lane", "", "the `LANE` to render: agent, or main_agent, review_agent, merge_agent")
	f.StringVar(&o.issue, "issue", "", "the tracker issue: a JSON object `FILE`, or - for stdin")
	f.IntVar(&o.attempt, "attempt", 0, "the 1-based retry or continuation count `N` (absent on the first run)")
	f.StringVar(&o.extra, "extra", "", "inputs declared by template_context.schema: a JSON object `FILE`, or - for stdin")
	f.StringVar(&o.runContext, "run-context", "", "the run context a turn block reads as run_context: a JSON object `FILE`, or - for stdin")
	f.BoolVar(&o.explain, "explain", false, "print where each section of the lane prompt comes from instead of rendering it")
	f.StringVar(&o.out, "out", "", "write the prompt atomically to `DIR`/<lane>-iter-<N>.md and print its path")
	f.BoolVar(&o.strictLayers, "strict-layers", false, "make protected_section_override an error in composed lanes")
	f.StringVar(&o.root, "root", "", "repository root `DIR` no workflow path may leave (default: discovered)")
	f.StringVar(&o.template, "template", "", "the template `FILE`")
	f.StringVar(&o.context, "context", "", "the data: a JSON object `FILE`, or - for stdin")
	f.BoolVar(&o.compat, "compat", false, "render as Shopify Liquid does, without strictness (--template only)")
	f.StringVar(&o.profile, "profile", "", "the lane-prompt inputs --template may read (default none), or the workflow's dialect (default detected): symphony or shea")
	f.StringVar(&o.contextSchema, "context-schema", "", "JSON Schema `FILE` whose properties are extra inputs")
	f.StringVar(&o.engine, "engine", "", "engine whose output to print: shea or osteele (default: the workflow's shea.engine, else shea)")
	f.StringVar(&o.format, "format", formatText, "format of the diagnostics on stderr: text, json or sarif; json also prints a rendered lane as one object")
	addLimitFlags(f, &o.limits)
	return cmd
}

// stdinUsers counts the inputs of the workflow form read from stdin.
func stdinUsers(o renderOptions) int {
	n := 0
	for _, f := range []string{o.issue, o.extra, o.runContext} {
		if f == "-" {
			n++
		}
	}
	return n
}

// laneFlagsSet reports whether a flag of the workflow form was given.
func laneFlagsSet(cmd *cobra.Command) bool {
	for _, name := range []string{"lane", "issue", "attempt", "extra", "run-context", "explain", "out", "strict-layers", "root"} {
		if cmd.Flags().Changed(name) {
			return true
		}
	}
	return false
}

// renderTemplate is the --template form.
func (e *env) renderTemplate(o renderOptions) error {
	if o.template == "" || o.context == "" {
		return usageError{fmt.Errorf("render needs --template FILE and --context FILE.json")}
	}
	switch o.profile {
	case "", workflows.ProfileSymphony, workflows.ProfileShea:
	default:
		return usageError{fmt.Errorf("unknown profile %q (want symphony or shea)", o.profile)}
	}
	src, err := readTemplateFile(o.template, o.limits.MaxTemplateBytes)
	if d := templateReadDiag(o.template, err); d != nil {
		if err := e.reportOn(e.stderr, o.format, diag.List{d}, &sources{}); err != nil {
			return err
		}
		if d.Code == codes.TemplateTooLarge {
			return findingsError{}
		}
		return fmt.Errorf("cannot read template %s", o.template)
	}
	if err != nil {
		return fmt.Errorf("cannot read template: %w", err)
	}
	data, err := readInput(e, o.context)
	if err != nil {
		return fmt.Errorf("cannot read context: %w", err)
	}
	vars, err := render.DecodeJSONObject(data)
	if err != nil {
		// The duplicate-key scan runs only on a document that failed.
		if d := dataDiag(data, o.context, err); d != nil {
			srcs := &sources{}
			srcs.add(o.context, data)
			if err := e.reportOn(e.stderr, o.format, diag.List{d}, srcs); err != nil {
				return err
			}
			return findingsError{}
		}
		return fmt.Errorf("context %s: %w", o.context, err)
	}
	topts := workflows.TemplateOptions{Profile: o.profile, Data: vars, Filename: o.template,
		PartialsDir: filepath.Dir(o.template), Limits: o.limits, Compat: o.compat}
	if o.contextSchema != "" && !o.compat {
		if topts.ContextSchema, err = readContextSchema(o.contextSchema); err != nil {
			return err
		}
		topts.ContextSchemaName = o.contextSchema
	}
	srcs := &sources{}
	srcs.add(o.template, src)
	tpl, err := workflows.CompileTemplate(string(src), topts)
	if err == nil {
		var out string
		if out, err = tpl.RenderData(context.Background(), vars); err == nil {
			diags := tpl.Warnings()
			if o.engine == workflows.EngineOsteele {
				var odiags diag.List
				out, odiags = renderOsteele(tpl.Compiled(), out, vars, o.limits, partials.NewDir(filepath.Dir(o.template)))
				diags = append(diags, odiags...)
				if odiags.HasErrors() {
					return e.failOsteele(o.format, diags, srcs)
				}
			}
			if err := e.warn(o.format, diags, srcs); err != nil {
				return err
			}
			_, err = io.WriteString(e.stdout, out)
			return err
		}
	}
	var werr *workflows.Error
	if !errors.As(err, &werr) {
		return err
	}
	diags := werr.Diagnostics
	if tpl != nil {
		diags = append(tpl.Warnings(), diags...)
	}
	if err := e.reportOn(e.stderr, o.format, diags, srcs); err != nil {
		return err
	}
	return findingsError{}
}

// failOsteele reports the diagnostics of a failed osteele render.
func (e *env) failOsteele(format string, diags diag.List, srcs *sources) error {
	if err := e.reportOn(e.stderr, format, diags, srcs); err != nil {
		return err
	}
	return findingsError{}
}

// renderOsteele renders a template shea has rendered as shea output with
// osteele/liquid, and returns osteele's output, or its error, with a
// warning when the outputs differ.
func renderOsteele(tpl *render.Template, shea string, vars map[string]any, limits render.Limits, dir strict.PartialSource) (string, diag.List) {
	ot, diags := osteele.Parse(tpl, osteele.Options{Partials: dir, Limits: limits, Prover: osteeleProver})
	if diags.HasErrors() {
		return "", diags
	}
	out, diags := ot.Render(context.Background(), vars)
	if diags.HasErrors() {
		return "", diags
	}
	if d := osteele.Compare(tpl, shea, out); d != nil {
		diags = append(diags, d)
	}
	return out, diags
}

// renderLane is the workflow form: load, check the inputs, render one
// lane, write it out.
func (e *env) renderLane(ctx context.Context, path string, o renderOptions, hasAttempt bool) error {
	if ctx == nil {
		ctx = context.Background()
	}
	w, diags, err := e.loadWorkflow(path, o)
	if err != nil {
		return err
	}
	if o.lane == "" {
		names := workflows.Lanes(w.Profile)
		if len(names) != 1 {
			return usageError{fmt.Errorf("a %s workflow has the lanes %s: render needs --lane LANE", w.Profile, strings.Join(names, ", "))}
		}
		o.lane = names[0]
	}
	srcs := &sources{}
	ls, err := w.LaneSource(o.lane)
	if errors.Is(err, workflows.ErrUnknownLane) {
		return usageError{err}
	}
	if err != nil {
		return e.failRender(o.format, diags, srcs, w)
	}
	diags = laneDiagnostics(diags, w, ls)
	if o.explain {
		if err := writeExplain(e.stdout, ls); err != nil {
			return err
		}
		return e.conclude(diags, withWorkflowSources(srcs, w, diags))
	}
	in, idiags, err := e.laneInput(o, hasAttempt, w, srcs)
	if err != nil {
		return err
	}
	diags = append(diags, idiags...)
	if o.runContext != "" && ls.TurnPath == "" {
		diags = append(diags, unreadRunContext(o.runContext, ls.Lane))
	}
	if diags.HasErrors() {
		return e.failRender(o.format, diags, srcs, w)
	}
	var turn *workflows.Turn
	if w.Engine() == workflows.EngineOsteele {
		var warnings diag.List
		turn, warnings, err = w.RenderTurnOsteele(ctx, o.lane, in)
		diags = append(diags, warnings...)
	} else {
		turn, err = w.RenderTurn(ctx, o.lane, in)
	}
	if err != nil {
		var werr *workflows.Error
		if !errors.As(err, &werr) {
			return err
		}
		return e.failRender(o.format, append(diags, werr.Diagnostics...), srcs, w)
	}
	if err := e.warn(o.format, diags, withWorkflowSources(srcs, w, diags)); err != nil {
		return err
	}
	return e.writeTurn(o, turn, w.Root())
}

// loadWorkflow loads the workflow of the workflow form. It fails the
// command when the workflow cannot be read.
func (e *env) loadWorkflow(path string, o renderOptions) (*workflows.Workflow, diag.List, error) {
	switch o.profile {
	case "", workflows.ProfileSymphony, workflows.ProfileShea:
	default:
		return nil, nil, usageError{fmt.Errorf("unknown profile %q (want symphony or shea)", o.profile)}
	}
	opts := workflows.Options{Profile: o.profile, Root: o.root, Getenv: e.getenv, StrictLayers: o.strictLayers, Limits: o.limits, Engine: o.engine, OsteeleProver: osteeleProver}
	if o.contextSchema != "" {
		b, err := readContextSchema(o.contextSchema)
		if err != nil {
			return nil, nil, err
		}
		opts.ContextSchema, opts.ContextSchemaName = b, o.contextSchema
	}
	w, diags := workflows.Load(path, opts)
	if unreadable(diags) {
		if err := e.reportOn(e.stderr, o.format, diags, &sources{}); err != nil {
			return nil, nil, err
		}
		return nil, nil, fmt.Errorf("cannot read %s", path)
	}
	return w, diags, nil
}

// laneInput reads the issue, the extra inputs and the run context, adding
// their text to srcs. Problems in them are context_invalid diagnostics;
// the error is for files that cannot be read.
func (e *env) laneInput(o renderOptions, hasAttempt bool, w *workflows.Workflow, srcs *sources) (workflows.LaneInput, diag.List, error) {
	var in workflows.LaneInput
	var diags diag.List
	if hasAttempt {
		in.Attempt = &o.attempt
	}
	data, name, err := readNamedInput(e, o.issue)
	if err != nil {
		return in, nil, fmt.Errorf("cannot read the issue: %w", err)
	}
	srcs.add(name, data)
	issue, idiags := w.DecodeIssue(data, name)
	diags = append(diags, idiags...)
	in.Issue = issue
	if o.extra != "" {
		data, name, err := readNamedInput(e, o.extra)
		if err != nil {
			return in, nil, fmt.Errorf("cannot read the extra inputs: %w", err)
		}
		srcs.add(name, data)
		extra, err := render.DecodeJSONObject(data)
		dup := dataDiag(data, name, err)
		switch {
		case dup != nil:
			diags = append(diags, dup)
		case err != nil:
			diags = append(diags, diag.Errorf(codes.ContextInvalid, diag.Range{Filename: name}, "the extra inputs must be a JSON object: %v", err))
		}
		in.Extra, in.ExtraName = extra, name
	}
	if o.runContext != "" {
		data, name, err := readNamedInput(e, o.runContext)
		if err != nil {
			return in, nil, fmt.Errorf("cannot read the run context: %w", err)
		}
		srcs.add(name, data)
		rc, err := workflows.DecodeRunContext(data)
		var m map[string]any
		if err == nil {
			m, err = rc.Map()
		}
		if dup := dataDiag(data, name, err); dup != nil {
			diags = append(diags, dup)
		} else if err != nil {
			diags = append(diags, diag.Errorf(codes.ContextInvalid, diag.Range{Filename: name}, "%v", err).
				WithDetail("A run context is one JSON object; shea run-context set writes one."))
		}
		in.RunContext = m
	}
	return in, diags, nil
}

// unreadRunContext warns that --run-context was given for a lane that has
// no turn block, which alone reads run_context.
func unreadRunContext(name, lane string) *diag.Diagnostic {
	if name == "-" {
		name = "<stdin>"
	}
	return diag.Warningf(codes.ContextInvalid, diag.Range{Filename: name}, "lane %s has no turn block, so nothing reads the run context", lane).
		WithDetail("Only a turn block reads run_context (main-agent.turn.md beside main-agent.md, for a shea lane); this lane renders as its whole prompt, without it.")
}

// turnJSON is the --format json output of a rendered lane.
type turnJSON struct {
	Lane    string   `json:"lane"`
	System  string   `json:"system"`
	User    string   `json:"user"`
	Sources []string `json:"sources"`
}

// writeTurn prints a rendered lane (the prompt, or with --format json one
// object), or with --out writes it to files and prints their paths.
func (e *env) writeTurn(o renderOptions, turn *workflows.Turn, root string) error {
	if o.out != "" {
		return e.writeTurnFiles(o, turn, root)
	}
	if o.format == formatJSON {
		out := turnJSON{Lane: turn.Lane, System: turn.System, User: turn.User, Sources: turn.Sources}
		if out.Sources == nil {
			out.Sources = []string{}
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(out)
	}
	_, err := io.WriteString(e.stdout, turn.Prompt())
	return err
}

// writeTurnFiles writes DIR/<lane>-iter-<N>.md, and for a lane with a turn
// block first DIR/<lane>-iter-<N>.system.md and .user.md, each atomically,
// and prints the paths. A relative DIR stays inside root (see confineOut).
func (e *env) writeTurnFiles(o renderOptions, turn *workflows.Turn, root string) error {
	dir, err := confineOut(root, o.out, o.out)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %w", o.out, err)
	}
	base := o.lane + "-iter-" + strconv.Itoa(o.attempt)
	type file struct {
		name, text string
	}
	var files []file
	if turn.User != "" {
		files = append(files, file{base + ".system.md", turn.System}, file{base + ".user.md", turn.User})
	}
	files = append(files, file{base + ".md", turn.Prompt()})
	for _, f := range files {
		if err := atomicfile.WriteFile(filepath.Join(dir, f.name), []byte(f.text)); err != nil {
			return fmt.Errorf("cannot write the prompt: %w", err)
		}
	}
	for _, f := range files {
		if _, err := fmt.Fprintln(e.stdout, filepath.Join(o.out, f.name)); err != nil {
			return err
		}
	}
	return nil
}

// laneDiagnostics drops from l the warnings about other lanes' files: a
// lane render shows the warnings of the workflow file and of the files its
// own prompt comes from. Errors are kept, wherever they are: any error of
// the workflow stops every lane.
func laneDiagnostics(l diag.List, w *workflows.Workflow, ls *workflows.LaneSource) diag.List {
	mine := map[string]bool{filepath.Clean(w.Path): true}
	for _, p := range strings.Split(ls.Path, ",") {
		mine[filepath.Clean(p)] = true
	}
	for _, f := range append(ls.Files, ls.TurnFiles...) {
		mine[filepath.Clean(f.File)] = true
	}
	if ls.TurnPath != "" && ls.TurnFiles == nil {
		mine[filepath.Clean(ls.TurnPath)] = true
	}
	var out diag.List
	for _, d := range l {
		if d.Severity == diag.Error || d.Subject.Filename == "" || mine[filepath.Clean(d.Subject.Filename)] {
			out = append(out, d)
		}
	}
	return out
}

// failRender reports diagnostics on stderr, leaving stdout empty, and ends
// the command with exit status 1.
func (e *env) failRender(format string, diags diag.List, srcs *sources, w *workflows.Workflow) error {
	if err := e.reportOn(e.stderr, format, dedupe(diags), withWorkflowSources(srcs, w, diags)); err != nil {
		return err
	}
	return findingsError{}
}

// dedupe drops diagnostics repeated in l (a workflow's errors come back
// with the error of RenderLane).
func dedupe(l diag.List) diag.List {
	var out diag.List
	seen := map[string]bool{}
	for _, d := range l {
		key := d.Error() + "\x00" + d.Detail
		if !seen[key] {
			seen[key] = true
			out = append(out, d)
		}
	}
	return out
}

// unreadable reports whether the workflow file itself could not be read.
func unreadable(l diag.List) bool {
	for _, d := range l {
		if d.Code == codes.MissingWorkflowFile {
			return true
		}
	}
	return false
}

// withWorkflowSources adds to srcs the text of the files that diagnostics
// name and the workflow read from elsewhere than the disk (shea's built-in
// core layer, contracts), so their lines can be quoted.
func withWorkflowSources(srcs *sources, w *workflows.Workflow, l diag.List) *sources {
	if w == nil {
		return srcs
	}
	fn := w.SourceFunc()
	add := func(name string) {
		if name == "" {
			return
		}
		if b := fn(name); b != nil {
			srcs.add(name, b)
		}
	}
	for _, d := range l {
		add(d.Subject.Filename)
		for _, r := range d.Related {
			add(r.Range.Filename)
		}
	}
	return srcs
}

// writeExplain prints where a lane's prompt comes from. Headings and file
// names come from the layer files: they are printed through the escaping
// of diagnostics (textesc.Controls), so that none can drive the terminal.
func writeExplain(out io.Writer, ls *workflows.LaneSource) error {
	esc := textesc.Controls
	var b strings.Builder
	if ls.Kind != workflows.SourceComposed {
		fmt.Fprintf(&b, "%s: %s %s", esc(ls.Lane), ls.Kind, esc(ls.Path))
		if ls.Loaded {
			fmt.Fprintf(&b, ", %d bytes", ls.Bytes)
		}
		b.WriteString(" (one file, not composed)\n")
		if ls.TurnPath != "" {
			fmt.Fprintf(&b, "turn block: %s, %d bytes (the user part; the file above is the system part)\n", esc(ls.TurnPath), ls.TurnBytes)
		}
		_, err := io.WriteString(out, b.String())
		return err
	}
	if len(ls.Sections) > 0 {
		fmt.Fprintf(&b, "%s: composed from %d files, %d bytes\n", esc(ls.Lane), len(ls.Files), ls.Bytes)
	} else {
		fmt.Fprintf(&b, "%s: composed, but nothing was assembled (see the diagnostics)\n", esc(ls.Lane))
	}
	if ls.TurnFiles != nil {
		fmt.Fprintf(&b, "turn block: composed from %d files, %d bytes (the user part; the rest is the system part)\n", len(ls.TurnFiles), ls.TurnBytes)
	}
	var layers []string
	for _, l := range ls.Layers {
		layers = append(layers, l.Name+" "+esc(l.Dir))
	}
	if len(layers) > 0 {
		fmt.Fprintf(&b, "layers: %s\n", strings.Join(layers, ", "))
	}
	if sections := append(append([]lanes.SectionInfo(nil), ls.Sections...), ls.TurnSections...); len(sections) > 0 {
		head := func(s string) string {
			if s == "" {
				return "(preamble)"
			}
			return "## " + esc(s)
		}
		hw, lw := 0, len("workspace")
		for _, s := range sections {
			hw = max(hw, len(head(s.Heading)))
		}
		var piece string
		for _, s := range sections {
			name := string(s.Part) + " " + esc(s.PartName)
			if name != piece {
				piece = name
				b.WriteString("\n" + name + "\n")
			}
			fmt.Fprintf(&b, "  %-*s  %-9s  %-*s  %s:%d", hw, head(s.Heading), s.Merge, lw, s.Origin.Layer, esc(s.Origin.File), s.Origin.Line)
			if s.Protected {
				b.WriteString("  [protected]")
			}
			b.WriteString("\n")
			if len(s.Steps) > 1 {
				for _, st := range s.Steps {
					fmt.Fprintf(&b, "      %-*s  %-7s  %s:%d\n", lw, st.Layer, st.Action, esc(st.File), st.Line)
				}
			}
		}
	}
	_, err := io.WriteString(out, b.String())
	return err
}

// readInput reads a data input (--context, --issue, --extra, --values): a
// file, or stdin for "-". Pipes are welcome (--issue <(fetch-issue)), but
// no input may exceed maxDataBytes: an endless one (/dev/zero) fails as
// soon as it passes the limit.
func readInput(e *env, name string) ([]byte, error) {
	if name == "-" {
		return fsroot.ReadLimited(e.stdin, "stdin", maxDataBytes)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return fsroot.ReadLimited(f, name, maxDataBytes)
}

// readNamedInput reads a file, or stdin for "-", and returns the name
// diagnostics give it ("<stdin>" for stdin).
func readNamedInput(e *env, name string) ([]byte, string, error) {
	b, err := readInput(e, name)
	if name == "-" {
		name = "<stdin>"
	}
	return b, name, err
}
