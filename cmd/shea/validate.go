package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/textesc"
	"github.com/sheaproject/shea/osteele"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/workflows"
)

func newValidateCmd(e *env) *cobra.Command {
	var profile, contextSchema, format, root, engine, osteeleVersion string
	var strictLayers, changed, lenientConfig bool
	var limits render.Limits
	var request requestFlags
	cmd := &cobra.Command{
		Use:   "validate [flags] [WORKFLOW.md | DIR | FILE]...",
		Short: "Prove that every prompt and template of a workflow renders",
		Long: `Validate loads a workflow, checks every template it uses on all branches,
smoke-renders each one with a matrix of contexts valid against its schema
(every field; required only; nullable as null; arrays empty and with two
items; attempt absent and 3; then boundary values, one field at a time: 0,
-1, huge integers, 0.5, empty, 10 KB, non-ASCII and right-to-left strings,
"123", a date, one-item and empty arrays, null where nullable, each kept
only where the schema allows it), and
prints readback lines (key=value) on stdout, ending with status=valid or
status=invalid. Diagnostics go to stderr; all problems of all templates
are reported in one run. Control characters in readback values are
escaped (\n, \x1b), and workspace.root written as $VAR or ~/... is shown
as written, never an environment variable's value.

Two dialects are read, detected from Shea structure (a file under
.shea/workflows, or prompts.main_agent/review_agent/merge_agent, main_lane,
review_lane, merge_lane, backend_prompts or workpad_templates in the front
matter; anything else is symphony) or forced with --profile. When a file
fails as one and would pass as the other, the first error says so:
  symphony  OpenAI Symphony's WORKFLOW.md: one prompt body with the inputs
            issue and attempt.
  shea      Shea Symphony's .shea/workflows/*.md: three lane prompts,
            backend fragments, workpad and evidence templates and a resource
            manifest, each checked against its own inputs.

Paths in a workflow resolve against its directory and never leave the
repository root (the nearest directory above the workflow holding .git,
or --root). Lane prompts may read inputs beyond issue and attempt when the
workflow declares them under template_context.schema or with
--context-schema. Templates a runner keeps beyond the profile's (front
matter values such as agent.reviewer_prompt, with * for every key, or
files) are checked and smoke-rendered too when template_context.templates
names them; each passing one is listed as runner_template.<name>=… .

A shea workflow with a composition: key has its lane prompts assembled from
layers (built-in core, workspace, project, template) and checked like single
files, with diagnostics in the layer files; its readback line is
prompt_source.<lane>=composed path=<layer files> bytes=<n>. A higher layer
that tries to replace or remove a protected section is a warning
(protected_section_override), an error with --strict-layers.

With no argument, validate finds WORKFLOW.md, .symphony/workflow.md and
.shea/workflows/*.md in
the nearest directory that has any, from the working directory up to the
repository root (the nearest directory above holding .git, or --root); a
DIR argument is searched the same way, in DIR. A file that is not a
workflow, such as a lane prompt, a backend fragment, a workpad template, a
layer file or the resource manifest, stands for the workflows that use it
(found in its directory and each one above it, up to the repository root),
and validate says so on stderr. A .liquid file, or a file under .shea, that
no workflow names stands for every workflow of its repository (they may
include it), so it is checked in their dialects and inputs.

--changed is for hooks that pass the files of a commit: files that are
neither a workflow nor used by one are skipped, and nothing to validate is
no error. A file that no longer exists stands for the workflows that used
it; and in a git repository, the files the index deletes or renames away
(git diff --cached), which pre-commit does not pass, are added, so that
git rm of a prompt fails the workflows that read it.

A Symphony port with its own layout (tracker.type for tracker.kind,
platforms: or projects: instead of tracker:) fails the spec's config
checks; --lenient-config, or the workflow's own shea: {lenient_config:
true}, reports those departures as config_invalid warnings, so that its
templates are still checked and smoke-rendered. In any mode, a front
matter string that holds Liquid ({{ or {%) but is no template shea knows
(a port's per-state prompts under its own keys) is checked with the lane
prompt's inputs, its problems reported as warnings at their place.

Readback lines are key=value, and a template's line may carry fields:
prompt_source.main_agent=workflow_prompt_file path=.shea/prompts/main.md bytes=1692.
A template that failed keeps its line, marked fail
(prompt_template_smoke.review_agent=fail, or smoke=fail as a field);
paths are cleaned. 'shea explain readback' documents every line.

--format json prints one JSON document for the whole run on stdout:
{"status", "workflows": [{"workflow", "profile", "status", "readback":
[{"key", "value", "fields"}], "diagnostics"}]}, described by 'shea schema
output'; --format jsonl prints each workflow's object on one line as it is
validated; --format sarif prints one SARIF log for all. In text, one mistake
made in several places is reported once with its other places, and a list
of known names once per run. --readback=false leaves out the readback
lines in text, printing only the diagnostics (and the notes on what is
validated): the pre-commit hooks run so, and take --readback in their args
to show them. --quiet prints only errors (no readback, no
warnings); --disable CODE leaves out the warnings of a code, and so does
the workflow's own setting shea: {disable: [CODE, ...]}.

--engine osteele is for a runner that renders prompts with osteele/liquid
v1.9.2, as most Go Symphony ports do (a workflow can say so itself with
shea: {engine: osteele}): after shea's check and smoke render, every lane
prompt, backend fragment and runner template is rendered with osteele too,
on the same smoke inputs (but "required only": osteele's StrictVariables
fails on a key missing from the data, which a runner's normalised issue
always has). osteele's parse and render errors are osteele_parse_error and
osteele_render_error at the line osteele gives, in the workflow's lines,
naming the constructs osteele lacks ({% liquid %}, elsif inside unless,
...); a template whose output differs from shea's gets an
osteele_output_differs warning showing both. The readback then has the
line prompt_engine=osteele/liquid version=v1.9.2 after prompt_renderer,
with the version the runner's go.mod requires (runner_version=, go_mod=;
an older one with known differences is an osteele_version_differs
warning). osteele renders in a child process within the limits: four
times --max-memory (memory_limit), --timeout, --max-depth.
--osteele-version v1.8.1 proves with that osteele/liquid version instead
(the runner's own): shea builds a prover for it with the go command,
offline from the module cache.

The whole run (every workflow's checks, smoke inputs, renders and osteele
proof) has one deadline and one budget of work: --total-timeout (30s) and
--max-work; past either, the template at hand fails with deadline_exceeded
or work_limit and the templates not yet rendered are named in one
diagnostic. --timeout bounds each render within it (10s).

Exit status: 0 when every workflow is valid (warnings allowed), 1 when one
has errors, 2 when a workflow cannot be read, none is found, or the
command cannot run.

Examples:
  shea validate
  shea validate .shea/workflows/shea-symphony.md
  shea validate .shea/prompts/main-agent.md
  shea validate --changed $(git diff --cached --name-only)
  shea validate --profile symphony --context-schema extra.json WORKFLOW.md
  shea validate --format json WORKFLOW.md | jq .status
  shea validate --strict-layers .shea/workflows/shea-symphony.md
  shea validate --lenient-config .symphony/workflow.md
  shea validate --engine osteele WORKFLOW.md`,
		RunE: func(cmd *cobra.Command, files []string) error {
			if format != formatJSONL {
				if err := checkFormat(format); err != nil {
					return usageError{fmt.Errorf("unknown format %q (want text, json, jsonl or sarif)", format)}
				}
			}
			switch profile {
			case "", workflows.ProfileSymphony, workflows.ProfileShea:
			default:
				return usageError{fmt.Errorf("unknown profile %q (want symphony or shea)", profile)}
			}
			if err := checkEngine(engine); err != nil {
				return err
			}
			limits.Budget = request.budget()
			opts := workflows.Options{Profile: profile, Root: root, Getenv: e.getenv, StrictLayers: strictLayers, Limits: limits, Engine: engine, LenientConfig: lenientConfig, OsteeleProver: osteeleProver}
			if osteeleVersion != "" && osteeleVersion != osteele.Version {
				dir, err := os.MkdirTemp("", "shea-osteele-")
				if err != nil {
					return fmt.Errorf("building the osteele prover: %w", err)
				}
				defer os.RemoveAll(dir)
				prover, err := osteele.BuildProver(cmd.Context(), osteeleVersion, dir)
				if err != nil {
					return err
				}
				opts.OsteeleProver, opts.OsteeleVersion = prover, osteeleVersion
			}
			if contextSchema != "" {
				b, err := readContextSchema(contextSchema)
				if err != nil {
					return err
				}
				opts.ContextSchema, opts.ContextSchemaName = b, contextSchema
			}
			if changed {
				// pre-commit passes only the files a commit keeps; the
				// ones it deletes or renames away are in the index.
				files = append(files, stagedDeletions()...)
			}
			d := &discovery{opts: opts}
			targets, err := d.targets(files, changed)
			if err != nil {
				return err
			}
			if !e.quiet {
				for _, n := range d.notes {
					fmt.Fprintf(e.stderr, "shea: %s\n", textesc.Controls(n)) // a note quotes file names
				}
			}
			return e.validate(cmd.Context(), targets, opts, format)
		},
	}
	cmd.Flags().StringVar(&profile, "profile", "", "workflow dialect: symphony or shea (default: detected)")
	cmd.Flags().StringVar(&contextSchema, "context-schema", "", "JSON Schema `FILE` whose properties are extra lane-prompt inputs")
	cmd.Flags().StringVar(&format, "format", formatText, "output format: text, json, jsonl or sarif")
	cmd.Flags().StringVar(&root, "root", "", "repository root `DIR` no workflow path may leave (default: discovered)")
	cmd.Flags().StringVar(&engine, "engine", "", "engine the runner renders with: shea or osteele (default: the workflow's shea.engine, else shea)")
	cmd.Flags().StringVar(&osteeleVersion, "osteele-version", "", "with the osteele engine, prove with this osteele/liquid `VERSION` (the runner's, e.g. v1.8.1): builds a prover with the go command, offline from the module cache (default: v1.9.2, built in)")
	cmd.Flags().BoolVar(&strictLayers, "strict-layers", false, "make protected_section_override an error in composed lanes")
	cmd.Flags().BoolVar(&lenientConfig, "lenient-config", false, "report settings that depart from the profile's spec (a port's own layout) as warnings; still check every template")
	cmd.Flags().BoolVar(&changed, "changed", false, "the arguments are changed files (a pre-commit hook's): skip those no workflow uses; add the files the git index deletes")
	cmd.Flags().BoolVar(&e.readback, "readback", true, "print the readback lines in text (the pre-commit hooks pass --readback=false: diagnostics only)")
	addLimitFlags(cmd.Flags(), &limits)
	addRequestFlags(cmd.Flags(), &request)
	return cmd
}

// validation is the document --format json prints: every workflow of the
// run (see 'shea schema output').
type validation struct {
	Status    string              `json:"status"`
	Workflows []*workflows.Report `json:"workflows"`
}

// validate validates each workflow and writes the reports in the format.
func (e *env) validate(ctx context.Context, files []string, opts workflows.Options, format string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	src := &sources{}
	var all diag.List
	var unreadable []string
	doc := validation{Status: workflows.StatusValid, Workflows: []*workflows.Report{}}
	for _, f := range files {
		w, _ := workflows.Load(f, opts)
		r, diags := w.Validate(ctx)
		withWorkflowSources(src, w, diags)
		for _, d := range diags {
			if d.Code == codes.MissingWorkflowFile {
				unreadable = append(unreadable, f)
				break
			}
		}
		if !r.Valid() {
			doc.Status = workflows.StatusInvalid
		}
		all = append(all, diags...)
		switch format {
		case formatText:
			if !e.quiet && e.readback {
				if err := r.WriteText(e.stdout); err != nil {
					return err
				}
			}
			e.writeTextDiagnostics(diags, src)
		case formatJSON:
			r.Diagnostics = e.shownOf(r.Diagnostics)
			doc.Workflows = append(doc.Workflows, r)
		case formatJSONL:
			r.Diagnostics = e.shownOf(r.Diagnostics)
			enc := json.NewEncoder(e.stdout)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(r); err != nil {
				return err
			}
		}
	}
	switch format {
	case formatJSON:
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(doc); err != nil {
			return err
		}
	case formatSARIF:
		if err := e.writeSARIF(e.stdout, all, src); err != nil {
			return err
		}
	}
	if len(unreadable) > 0 {
		return fmt.Errorf("cannot read %s", strings.Join(unreadable, ", "))
	}
	if doc.Status == workflows.StatusInvalid {
		return findingsError{}
	}
	return nil
}

// stagedDeletions returns the files the git index deletes, renamed files'
// old names included, relative to the working directory; none outside a
// git work tree or without git.
func stagedDeletions() []string {
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return nil
	}
	out, err := exec.Command("git", "diff", "--cached", "--name-only", "--no-renames", "--diff-filter=D", "-z").Output()
	if err != nil {
		return nil
	}
	root := strings.TrimSpace(string(top))
	var files []string
	for _, name := range strings.Split(string(out), "\x00") {
		if name == "" {
			continue
		}
		files = append(files, relToWD(filepath.Join(root, filepath.FromSlash(name))))
	}
	return files
}

// checkEngine checks an --engine value.
func checkEngine(engine string) error {
	switch engine {
	case "", workflows.EngineShea, workflows.EngineOsteele:
		return nil
	}
	return usageError{fmt.Errorf("unknown engine %q (want shea or osteele)", engine)}
}
