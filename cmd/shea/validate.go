package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/strict/diag"
	"github.com/sheaproject/shea/workflows"
)

func newValidateCmd(e *env) *cobra.Command {
	var profile, contextSchema, format, root string
	var strictLayers bool
	cmd := &cobra.Command{
		Use:   "validate [flags] [WORKFLOW.md...]",
		Short: "Prove that every prompt and template of a workflow renders",
		Long: `Validate loads a workflow, checks every template it uses on all branches,
smoke-renders each one with a sample context built from its schema, and
prints readback lines (key=value) on stdout, ending with status=valid or
status=invalid. Diagnostics go to stderr; all problems of all templates
are reported in one run.

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

With no argument, ./WORKFLOW.md is validated. --format json prints one JSON
document per workflow on stdout ({"workflow", "profile", "status",
"readback", "diagnostics"}); --format sarif prints one SARIF log for all.

Exit status: 0 when every workflow is valid (warnings allowed), 1 when one
has errors, 2 when a workflow cannot be read or the command cannot run.

Examples:
  shea validate
  shea validate .shea/workflows/shea-symphony.md
  shea validate --profile symphony --context-schema extra.json WORKFLOW.md
  shea validate --format json WORKFLOW.md | jq .status
  shea validate --strict-layers .shea/workflows/shea-symphony.md`,
		RunE: func(cmd *cobra.Command, files []string) error {
			if err := checkFormat(format); err != nil {
				return err
			}
			switch profile {
			case "", workflows.ProfileSymphony, workflows.ProfileShea:
			default:
				return usageError{fmt.Errorf("unknown profile %q (want symphony or shea)", profile)}
			}
			opts := workflows.Options{Profile: profile, Root: root, Getenv: e.getenv, StrictLayers: strictLayers}
			if contextSchema != "" {
				b, err := readSchemaFile(contextSchema)
				if err != nil {
					return err
				}
				opts.ContextSchema, opts.ContextSchemaName = b, contextSchema
			}
			if len(files) == 0 {
				files = []string{"WORKFLOW.md"}
			}
			return e.validate(cmd.Context(), files, opts, format)
		},
	}
	cmd.Flags().StringVar(&profile, "profile", "", "workflow dialect: symphony or shea (default: detected)")
	cmd.Flags().StringVar(&contextSchema, "context-schema", "", "JSON Schema `FILE` whose properties are extra lane-prompt inputs")
	cmd.Flags().StringVar(&format, "format", formatText, "output format: text, json or sarif")
	cmd.Flags().StringVar(&root, "root", "", "repository root `DIR` no workflow path may leave (default: discovered)")
	cmd.Flags().BoolVar(&strictLayers, "strict-layers", false, "make protected_section_override an error in composed lanes")
	return cmd
}

// validate validates each workflow and writes the reports in the format.
func (e *env) validate(ctx context.Context, files []string, opts workflows.Options, format string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	src := &sources{}
	var all diag.List
	var unreadable []string
	invalid := false
	for _, f := range files {
		w, _ := workflows.Load(f, opts)
		r, diags := w.Validate(ctx)
		withWorkflowSources(src, w, diags)
		for _, d := range diags {
			if d.Code == diag.MissingWorkflowFile {
				unreadable = append(unreadable, f)
				break
			}
		}
		invalid = invalid || !r.Valid()
		all = append(all, diags...)
		switch format {
		case formatText:
			if err := r.WriteText(e.stdout); err != nil {
				return err
			}
			e.writeTextDiagnostics(diags, src)
		case formatJSON:
			if err := r.WriteJSON(e.stdout); err != nil {
				return err
			}
		}
	}
	if format == formatSARIF {
		if err := e.writeSARIF(all, src); err != nil {
			return err
		}
	}
	if len(unreadable) > 0 {
		return fmt.Errorf("cannot read %s", strings.Join(unreadable, ", "))
	}
	if invalid {
		return findingsError{}
	}
	return nil
}
