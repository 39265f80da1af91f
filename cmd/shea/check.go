package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/internal/textesc"
	"github.com/sheaproject/shea/osteele"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/workflows"
	"github.com/sheaproject/shea/workpad"
)

func newCheckCmd(e *env) *cobra.Command {
	var profile, contextSchema, contextData, format, lane, workpadID, engine string
	var standalone bool
	var request requestFlags
	cmd := &cobra.Command{
		Use:   "check [flags] FILE...",
		Short: "Check standalone templates against a declared context",
		Long: `Check Liquid templates statically, on every branch: unknown variables and
properties, unknown filters and wrong argument counts, unknown or
malformed tags, and partials that cannot be found (looked up next to each
template as NAME.liquid, NAME.md or NAME).

A template reads only the inputs it is told of, as with strict variables
in Shopify Liquid: --profile symphony or shea gives it a lane prompt's
inputs (issue and attempt), extended by --context-schema when both are
given; --context-schema alone declares the properties of its JSON Schema;
--context FILE.json declares the names a JSON object holds, as deep as it
goes (as render --template reads its data). With none of them a template
declares no inputs, and every variable it reads from outside is unknown.

All problems of all files are reported: as text on stderr, or with
--format json or sarif as one document on stdout. The whole run has one
deadline and one budget of work (--total-timeout, 30s, and --max-work):
past either, the file at hand fails with deadline_exceeded or work_limit
and the files not yet checked are named in one diagnostic.

--standalone (the pre-commit hook's) skips the files that belong to a
workflow: a file a workflow of the repository names, and a .liquid file or
a file under .shea in a repository that has workflows (they may include
it). Such a file may read what its workflow declares (issue.comments under
template_context.schema) and is checked in that context by shea validate
(the shea-validate hook), not against the bare profile here.

A file can be checked in the role it plays in a workflow: --lane LANE
checks it as that lane's prompt (agent in a symphony workflow; main_agent,
review_agent or merge_agent in a shea one, whose issue is Shea's
TrackerIssue), and --workpad ID as the workpad or evidence template ID,
against exactly the named values that template receives (shea workpad
list shows them).

--engine osteele also renders each template with osteele/liquid v1.9.2,
the engine many Go runners render with, on the smoke inputs validate uses:
osteele's errors are osteele_parse_error or osteele_render_error at the line
osteele gives, and output that differs from shea's is an
osteele_output_differs warning (see shea validate --help).

Examples:
  shea check --profile symphony prompts/*.liquid
  shea check --context sample.json page.liquid
  shea check --engine osteele --profile symphony prompts/agent.md
  shea check --profile shea prompts/main-agent.md
  shea check --lane review_agent .shea/prompts/review-agent.md
  shea check --workpad main_handoff .shea/template/workpad/main-handoff.md
  shea check --context-schema extra.json --format json prompt.md`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			if err := checkFormat(format); err != nil {
				return err
			}
			if workpadID != "" {
				if lane != "" || cmd.Flags().Changed("profile") || contextSchema != "" || contextData != "" {
					return usageError{errors.New("--workpad checks against the template's own values; it cannot be combined with --lane, --profile, --context-schema or --context")}
				}
				if _, ok := workpad.Lookup(workpadID); !ok {
					msg := fmt.Sprintf("unknown workpad template id %q", workpadID)
					if s := diag.Suggest(workpadID, workpad.IDs()); s != "" {
						msg += fmt.Sprintf(" (did you mean %q?)", s)
					}
					return usageError{fmt.Errorf("%s; shea workpad list shows the ids", msg)}
				}
			}
			if err := checkEngine(engine); err != nil {
				return err
			}
			if engine == workflows.EngineOsteele && workpadID != "" {
				return usageError{errors.New("--engine osteele proves prompts; workpad templates are not rendered by osteele runners")}
			}
			if lane != "" {
				p, err := laneProfile(lane, profile, cmd.Flags().Changed("profile"))
				if err != nil {
					return err
				}
				profile = p
			}
			if contextData != "" && (profile != "" || lane != "" || contextSchema != "") {
				return usageError{errors.New("--context declares the inputs by example; with --profile, --lane or --context-schema they are declared already")}
			}
			var data map[string]any
			if contextData != "" {
				b, err := readInput(e, contextData)
				if err != nil {
					return fmt.Errorf("cannot read context: %w", err)
				}
				if data, err = render.DecodeJSONObject(b); err != nil {
					if d := dataDiag(b, contextData, err); d != nil {
						src := &sources{}
						src.add(contextData, b)
						if err := e.report(format, diag.List{d}, src); err != nil {
							return err
						}
						return findingsError{}
					}
					return fmt.Errorf("context %s: %w", contextData, err)
				}
			}
			schema, err := contextFor(profile, contextSchema, data)
			if err != nil {
				return err
			}
			undeclared := profile == "" && contextSchema == "" && contextData == ""
			if standalone {
				var err error
				if files, err = standaloneFiles(e, files); err != nil {
					return err
				}
			}
			src := &sources{}
			var all diag.List
			budget := request.budget()
			ctx, cancel := strict.WithBudget(cmd.Context(), budget)
			defer cancel()
			for i, f := range files {
				if err := budget.Err(); err != nil {
					le := err.(*strict.LimitError)
					n := fmt.Sprintf("%d files were", len(files)-i)
					if len(files)-i == 1 {
						n = "1 file was"
					}
					d := diag.Errorf(le.Code, diag.Range{Filename: f, Start: diag.StartPos, End: diag.StartPos}, "%s: %s not checked", le.Msg, n)
					d.Detail = "Not checked: " + strings.Join(files[i:], ", ") + ". Give the run more time or work (--total-timeout, --max-work)."
					all = append(all, d)
					break
				}
				b, err := readTemplateFile(f, 0)
				if d := templateReadDiag(f, err); d != nil {
					all = append(all, d)
					if d.Code == codes.TemplateTooLarge {
						continue
					}
					if err := e.report(format, all, src); err != nil {
						return err
					}
					return fmt.Errorf("cannot read %s", f)
				}
				if err != nil {
					return fmt.Errorf("cannot read %s: %w", f, err)
				}
				src.add(f, b)
				if d := invalidUTF8Diag(f, b); d != nil {
					all = append(all, d)
					continue
				}
				var diags diag.List
				if workpadID != "" {
					eng := render.New(render.Options{Partials: partials.NewDir(filepath.Dir(f)), Limits: render.Limits{Budget: budget}})
					_, diags = workpad.Compile(eng, workpadID, string(b), f, diag.Pos{})
				} else if engine == workflows.EngineOsteele {
					diags = proveOsteele(ctx, string(b), f, schema)
				} else {
					_, diags = strict.Check(string(b), f, diag.Pos{}, strict.Options{
						Context:  schema,
						Partials: partials.NewDir(filepath.Dir(f)),
						Budget:   budget,
					})
				}
				if undeclared && workpadID == "" {
					noInputsHint(diags)
				}
				all = append(all, diags...)
			}
			if err := e.report(format, all, src); err != nil {
				return err
			}
			if all.HasErrors() {
				return findingsError{}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&profile, "profile", "", "give templates a lane prompt's inputs: symphony or shea (none by default)")
	cmd.Flags().StringVar(&contextSchema, "context-schema", "", "JSON Schema `FILE` whose properties are the inputs (added to the profile's with --profile)")
	cmd.Flags().StringVar(&contextData, "context", "", "JSON object `FILE` (or - for stdin) whose names, as deep as they go, are the inputs")
	cmd.Flags().StringVar(&format, "format", formatText, "output format: text, json or sarif")
	cmd.Flags().StringVar(&lane, "lane", "", "check as the prompt of `LANE`: agent, or main_agent, review_agent, merge_agent")
	cmd.Flags().StringVar(&engine, "engine", workflows.EngineShea, "engine the runner renders with: shea or osteele (renders the smoke inputs with osteele/liquid too)")
	cmd.Flags().StringVar(&workpadID, "workpad", "", "check as the workpad or evidence template `ID`, against its values")
	cmd.Flags().BoolVar(&standalone, "standalone", false, "skip the files a workflow of their repository uses or may include (shea validate checks them in its context)")
	addRequestFlags(cmd.Flags(), &request)
	return cmd
}

// standaloneFiles returns the files that belong to no workflow of their
// repository, noting on stderr each one left to shea validate.
func standaloneFiles(e *env, files []string) ([]string, error) {
	d := &discovery{}
	var out []string
	for _, f := range files {
		users, err := d.usersOf(f)
		if err != nil {
			return nil, err
		}
		if len(users) == 0 && mayBePartial(f) {
			if users, err = d.workflowsOf(f); err != nil {
				return nil, err
			}
		}
		if len(users) == 0 {
			out = append(out, f)
			continue
		}
		if !e.quiet {
			fmt.Fprintf(e.stderr, "shea: %s belongs to %s: shea validate checks it there\n", textesc.Controls(f), textesc.Controls(strings.Join(users, ", ")))
		}
	}
	return out, nil
}

// invalidUTF8Diag reports a template that is not UTF-8 text (a binary
// file, or text in another encoding) as validate reports such a prompt
// file: a syntax_error at the first byte that is not valid UTF-8.
func invalidUTF8Diag(filename string, b []byte) *diag.Diagnostic {
	if utf8.Valid(b) {
		return nil
	}
	bad := 0
	for bad < len(b) {
		r, n := utf8.DecodeRune(b[bad:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		bad += n
	}
	p := diag.StartPos.Advance(string(b[:bad]))
	d := diag.Errorf(codes.SyntaxError, diag.Range{Filename: filename, Start: p, End: p.Advance(string(b[bad : bad+1]))},
		"the template holds a byte that is not valid UTF-8")
	d.Detail = "A template must be UTF-8 text; this looks like a binary file or text in another encoding."
	return d
}

// proveOsteele checks a template as shea does, then renders it with
// osteele/liquid on the smoke inputs of its schema (see osteele.Prove).
func proveOsteele(ctx context.Context, src, filename string, schema *strict.Schema) diag.List {
	if ctx == nil {
		ctx = context.Background()
	}
	dir := partials.NewDir(filepath.Dir(filename))
	tpl, diags := render.New(render.Options{Partials: dir, Limits: render.Limits{Budget: strict.BudgetFrom(ctx)}}).Compile(src, filename, diag.Pos{}, schema)
	if diags.HasErrors() || tpl == nil {
		return diags
	}
	return append(diags, osteele.Prove(ctx, tpl, osteele.SmokeInputs(schema), osteele.Options{Partials: dir, Prover: osteeleProver})...)
}

// laneProfile returns the profile whose lane lane is, checking it against
// an explicit --profile.
func laneProfile(lane, profile string, explicit bool) (string, error) {
	var all []string
	for _, p := range []string{workflows.ProfileSymphony, workflows.ProfileShea} {
		for _, l := range workflows.Lanes(p) {
			all = append(all, l)
			if l != lane {
				continue
			}
			if explicit && profile != p {
				return "", usageError{fmt.Errorf("lane %q belongs to the %s profile, not %s", lane, p, profile)}
			}
			return p, nil
		}
	}
	msg := fmt.Sprintf("unknown lane %q (want %s)", lane, strings.Join(all, ", "))
	s := diag.Suggest(lane, all)
	for _, l := range all {
		if s == "" && strings.HasPrefix(l, lane+"_") {
			s = l // review_agent for review
		}
	}
	if s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return "", usageError{errors.New(msg)}
}

// noInputsHint tells, on each unknown variable of a check that declared no
// inputs, how to declare them.
func noInputsHint(l diag.List) {
	for _, d := range l {
		if d.Code != codes.UnknownVariable {
			continue
		}
		hint := "Declare the inputs: --profile symphony (or shea) for a lane prompt's issue and attempt, --context-schema FILE by JSON Schema, --context FILE.json by example."
		if d.Detail != "" {
			hint = d.Detail + "\n" + hint
		}
		d.Detail = hint
	}
}

// contextFor returns the inputs of a standalone template: those of the
// profile (none for ""), extended by the schema file extra, or without
// either, the names data holds.
func contextFor(dialect, extra string, data map[string]any) (*strict.Schema, error) {
	switch dialect {
	case "", workflows.ProfileSymphony, workflows.ProfileShea:
	default:
		return nil, usageError{fmt.Errorf("unknown profile %q (want symphony or shea)", dialect)}
	}
	opts := workflows.TemplateOptions{Profile: dialect, Data: data}
	if extra != "" {
		b, err := readContextSchema(extra)
		if err != nil {
			return nil, err
		}
		opts.ContextSchema, opts.ContextSchemaName = b, extra
	}
	s, diags := workflows.TemplateInputs(opts)
	if diags.HasErrors() {
		return nil, diags.Err()
	}
	return s, nil
}

// readContextSchema reads a --context-schema file.
func readContextSchema(path string) ([]byte, error) {
	b, err := readSchemaFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read context schema: %w", err)
	}
	return b, nil
}

// report writes diagnostics in the chosen format: text on stderr, JSON
// and SARIF on stdout.
func (e *env) report(format string, l diag.List, src *sources) error {
	return e.reportOn(e.stdout, format, l, src)
}

// reportOn writes diagnostics in the chosen format, JSON and SARIF on w
// (stderr for commands whose stdout holds only their result).
func (e *env) reportOn(w io.Writer, format string, l diag.List, src *sources) error {
	switch format {
	case formatJSON:
		l = e.shownOf(l)
		l.Sort()
		return diag.WriteJSON(w, l, codes.JSONOptions())
	case formatSARIF:
		return e.writeSARIF(w, l, src)
	}
	e.writeTextDiagnostics(l, src)
	return nil
}

// warn writes the warnings of a command that succeeded on stderr, in the
// chosen format.
func (e *env) warn(format string, l diag.List, src *sources) error {
	if len(e.shownOf(l)) == 0 {
		return nil
	}
	return e.reportOn(e.stderr, format, l, src)
}
