package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/render"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

func newRenderCmd(e *env) *cobra.Command {
	var o struct {
		template, context, profile, contextSchema, format string
		compat                                            bool
	}
	cmd := &cobra.Command{
		Use:   "render --template FILE --context FILE.json",
		Short: "Render a template with data, or fail with nothing on stdout",
		Long: `Render a template strictly: the template is checked on every branch against
the profile's lane-prompt inputs (extended by --context-schema), the data is
validated against the same schema, and rendering fails on any lookup of a
missing key. The text goes to stdout only when the whole render succeeds;
otherwise stdout stays empty, the diagnostics go to stderr and the exit
status is 1.

--context - reads the data from stdin. --compat renders as Shopify Liquid
does, without strictness.

Examples:
  shea render --template prompt.md --context issue-context.json
  echo '{"issue": {...}, "attempt": 2}' | shea render --template prompt.md --context -
  shea render --compat --template page.liquid --context data.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(o.format); err != nil {
				return err
			}
			if o.template == "" || o.context == "" {
				return usageError{fmt.Errorf("render needs --template FILE and --context FILE.json")}
			}
			src, err := os.ReadFile(o.template)
			if err != nil {
				return fmt.Errorf("cannot read template: %w", err)
			}
			data, err := readInput(e, o.context)
			if err != nil {
				return fmt.Errorf("cannot read context: %w", err)
			}
			vars, err := render.DecodeJSONObject(data)
			if err != nil {
				return fmt.Errorf("context %s: %w", o.context, err)
			}
			var schema *strict.Schema
			if !o.compat {
				if schema, err = contextFor(o.profile, o.contextSchema); err != nil {
					return err
				}
			}
			srcs := &sources{}
			srcs.add(o.template, src)
			eng := render.New(render.Options{Compat: o.compat, Partials: partials.NewDir(filepath.Dir(o.template))})
			tpl, diags := eng.Compile(string(src), o.template, diag.Pos{}, schema)
			if !diags.HasErrors() {
				out, err := tpl.Render(context.Background(), vars)
				if err == nil {
					if len(diags) > 0 {
						e.writeTextDiagnostics(diags, srcs)
					}
					_, err = io.WriteString(e.stdout, out)
					return err
				}
				diags = append(diags, diag.AsList(err)...)
			}
			if err := e.report(o.format, diags, srcs); err != nil {
				return err
			}
			return findingsError{}
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.template, "template", "", "the template `FILE`")
	f.StringVar(&o.context, "context", "", "the data: a JSON object `FILE`, or - for stdin")
	f.StringVar(&o.profile, "profile", strict.ProfileSymphony, "lane-prompt inputs to check against: symphony or shea")
	f.StringVar(&o.contextSchema, "context-schema", "", "JSON Schema `FILE` whose properties are extra inputs")
	f.StringVar(&o.format, "format", formatText, "diagnostics format: text, json or sarif")
	f.BoolVar(&o.compat, "compat", false, "render as Shopify Liquid does, without strictness")
	return cmd
}

// readInput reads a file, or stdin for "-".
func readInput(e *env, name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(io.LimitReader(e.stdin, 64<<20))
	}
	return os.ReadFile(name)
}
