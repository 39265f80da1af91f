package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/atomicfile"
	"github.com/sheaproject/shea/internal/textesc"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/workflows"
)

// workpadOptions are the flags shared by the workpad subcommands.
type workpadOptions struct {
	profile, root, format string
	limits                render.Limits
}

func (o *workpadOptions) register(cmd *cobra.Command, format bool) {
	o.format = formatText
	cmd.Flags().StringVar(&o.profile, "profile", "", "workflow dialect: symphony or shea (default: detected)")
	cmd.Flags().StringVar(&o.root, "root", "", "repository root `DIR` no workflow path may leave (default: discovered)")
	if format {
		cmd.Flags().StringVar(&o.format, "format", formatText, "format of the diagnostics on stderr: text, json or sarif")
	}
	addLimitFlags(cmd.Flags(), &o.limits)
}

// load loads a workflow for a workpad subcommand. It fails the command
// when the workflow cannot be read.
func (o *workpadOptions) load(e *env, path string, srcs *sources) (*workflows.Workflow, diag.List, error) {
	if err := checkFormat(o.format); err != nil {
		return nil, nil, err
	}
	switch o.profile {
	case "", workflows.ProfileSymphony, workflows.ProfileShea:
	default:
		return nil, nil, usageError{fmt.Errorf("unknown profile %q (want symphony or shea)", o.profile)}
	}
	w, diags := workflows.Load(path, workflows.Options{Profile: o.profile, Root: o.root, Getenv: e.getenv, Limits: o.limits})
	if unreadable(diags) {
		if err := e.reportOn(e.stderr, o.format, diags, srcs); err != nil {
			return nil, nil, err
		}
		return nil, nil, fmt.Errorf("cannot read %s", path)
	}
	return w, diags, nil
}

func newWorkpadCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "workpad",
		Short: "Render and list a shea workflow's workpad and evidence templates",
		Long: `The workpad commands work with the workpad and evidence templates of a shea
workflow: the comments an agent runner posts to an issue (the persistent
workpad, and append-only evidence of review, merge and other runs). Each
template id has its own set of named string values; a template reads only
its own values, and is rendered with exactly those.

A template is resolved as validate resolves it: the file configured under
workpad_templates, else the repository's default (template/workpad/ or
template/evidence/ next to the workflow's directory), else shea's built-in
default.

Examples:
  shea workpad list .shea/workflows/shea.md
  shea workpad render .shea/workflows/shea.md merge_run --values values.json
  shea workpad render .shea/workflows/shea.md main_handoff --values - --out .shea/runs/handoff.md`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageError{errors.New("workpad needs a subcommand: render or list")}
		},
	}
	cmd.AddCommand(newWorkpadRenderCmd(e), newWorkpadListCmd(e))
	return cmd
}

func newWorkpadRenderCmd(e *env) *cobra.Command {
	var o workpadOptions
	var values, out string
	cmd := &cobra.Command{
		Use:   "render WORKFLOW.md ID --values VALUES.json [--out FILE]",
		Short: "Render one workpad or evidence template with its values",
		Long: `Render renders the workpad or evidence template ID of a shea workflow with the
values in VALUES.json (--values - reads stdin): a JSON object whose members
are strings, exactly the values the id declares (shea workpad list shows
them). A value the id does not declare, such as one from another template's
set, a missing value, or a value that is not a string is a context_invalid
error at its place in the file. Values are data: text such as {{ x }} in a
value is printed as it is, never rendered. Free-text values (errors,
reasons, summaries, titles, tool output, notes and evidence; the workpad
package's Untrusted lists them) lose their terminal escapes and control
characters, and secrets in them (ghp_ tokens, AKIA keys, Bearer tokens,
private keys, passwords in URLs) become [REDACTED].

The workflow is loaded and checked as validate checks it; a workflow with
any error renders nothing. The text, which ends without white space as a
tracker comment does, goes to stdout as it is, or with --out to FILE,
written atomically (a temporary file in the same directory, renamed into
place) only when the whole render succeeded, so a failure leaves an
existing FILE as it was; the path is then printed. A relative FILE must
stay inside the repository root, symbolic links included; an absolute FILE
is used as given. A writer waits at most 10s for another's lock on the
directory. On any error stdout stays empty, the diagnostics go to stderr
(as one document with --format json or sarif) and the exit status is 1; an
unknown ID is exit status 2, with the closest id.

Examples:
  shea workpad render .shea/workflows/shea.md merge_run --values values.json
  printf '{"issue_ref": "#7", "issue_title": "Fix login", "error": "tests failed"}' |
    shea workpad render .shea/workflows/shea.md main_handoff_failure --values -
  shea workpad render .shea/workflows/shea.md main_handoff --values v.json --out .shea/runs/handoff.md`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: completeWorkpadRender,
		RunE: func(cmd *cobra.Command, args []string) error {
			if values == "" {
				return usageError{errors.New("workpad render needs --values VALUES.json (or --values - to read stdin)")}
			}
			srcs := &sources{}
			w, diags, err := o.load(e, args[0], srcs)
			if err != nil {
				return err
			}
			id := args[1]
			tpl, err := w.WorkpadTemplate(id)
			if errors.Is(err, workflows.ErrUnknownWorkpad) {
				return usageError{err}
			}
			data, name, rerr := readNamedInput(e, values)
			if rerr != nil {
				return fmt.Errorf("cannot read the values: %w", rerr)
			}
			srcs.add(name, data)
			vals, vdiags := workflows.DecodeValues(data, name, id)
			diags = append(diags, vdiags...)
			if err != nil || diags.HasErrors() {
				return e.failRender(o.format, diags, srcs, w)
			}
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			var dir string
			if out != "" {
				if dir, err = confineOut(w.Root(), filepath.Dir(out), out); err != nil {
					return err
				}
			}
			text, err := tpl.Render(ctx, vals)
			if err == nil && out != "" {
				// As render --out: the directory is made once the text
				// is rendered, then the file is written atomically.
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return fmt.Errorf("cannot create the directory of %s: %w", out, err)
				}
				if err := atomicfile.WriteFile(filepath.Join(dir, filepath.Base(out)), []byte(text)); err != nil {
					return fmt.Errorf("cannot write %s: %w", out, err)
				}
			}
			if err != nil {
				l := diag.AsList(err)
				if len(l) == 0 {
					return err // a file system error: exit status 2
				}
				return e.failRender(o.format, append(diags, l...), srcs, w)
			}
			if err := e.warn(o.format, diags, withWorkflowSources(srcs, w, diags)); err != nil {
				return err
			}
			if out != "" {
				_, err = fmt.Fprintln(e.stdout, out)
				return err
			}
			_, err = io.WriteString(e.stdout, text)
			return err
		},
	}
	o.register(cmd, true)
	cmd.Flags().StringVar(&values, "values", "", "the values: a JSON object of strings `FILE`, or - for stdin")
	cmd.Flags().StringVar(&out, "out", "", "write the text atomically to `FILE` and print its path")
	return cmd
}

func newWorkpadListCmd(e *env) *cobra.Command {
	var o workpadOptions
	cmd := &cobra.Command{
		Use:   "list WORKFLOW.md",
		Short: "List the workpad and evidence templates of a shea workflow",
		Long: `List prints the 23 workpad and evidence template ids of a shea workflow in
Shea Symphony's order, one line each:

  <id> kind=<workpad|evidence> source=<source> path=<path> values=<v1,v2,...>

source is workflow_template_file for a template configured under
workpad_templates, and repository_markdown_default for the repository's
default or, with a path under <builtin>/, shea's built-in default. values
are the names the template is rendered with. Control characters in a path
are escaped (\n, \x1b). The list is printed even when the workflow has
errors; they go to stderr and the exit status is 1.

Examples:
  shea workpad list .shea/workflows/shea.md
  shea workpad list .shea/workflows/shea.md | grep '^merge_'`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			srcs := &sources{}
			w, diags, err := o.load(e, args[0], srcs)
			if err != nil {
				return err
			}
			if w.Profile != workflows.ProfileShea {
				return usageError{fmt.Errorf("%s is a %s workflow, which has no workpad or evidence templates (force the shea profile with --profile shea)", args[0], w.Profile)}
			}
			var b strings.Builder
			for _, s := range w.Workpads() {
				// The path comes from the workflow: escaped, it cannot
				// break its line or forge another.
				fmt.Fprintf(&b, "%s kind=%s source=%s path=%s values=%s\n", s.ID, s.Kind, s.Source, textesc.Controls(s.Path), strings.Join(s.Values, ","))
			}
			if _, err := io.WriteString(e.stdout, b.String()); err != nil {
				return err
			}
			return e.conclude(diags, withWorkflowSources(srcs, w, diags))
		},
	}
	o.register(cmd, false)
	return cmd
}
