package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/internal/partials"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/strict"
	"github.com/sheaproject/shea/strict/diag"
)

func newCheckCmd(e *env) *cobra.Command {
	var dialect, contextSchema, format string
	cmd := &cobra.Command{
		Use:   "check [flags] FILE...",
		Short: "Check standalone templates against a declared context",
		Long: `Check Liquid templates statically, on every branch: unknown variables and
properties (checked against the profile's lane-prompt inputs, issue and
attempt, plus any --context-schema), unknown filters and wrong argument
counts, unknown or malformed tags, and partials that cannot be found
(looked up next to each template as NAME.liquid, NAME.md or NAME).

All problems of all files are reported: as text on stderr, or with
--format json or sarif as one document on stdout.

Examples:
  shea check prompts/*.liquid
  shea check --profile shea prompts/main-agent.md
  shea check --context-schema extra.json --format json prompt.md`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			if err := checkFormat(format); err != nil {
				return err
			}
			schema, err := contextFor(dialect, contextSchema)
			if err != nil {
				return err
			}
			src := &sources{}
			var all diag.List
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					return fmt.Errorf("cannot read %s: %w", f, err)
				}
				src.add(f, b)
				_, diags := strict.Check(string(b), f, diag.Pos{}, strict.Options{
					Context:  schema,
					Partials: partials.NewDir(filepath.Dir(f)),
				})
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
	cmd.Flags().StringVar(&dialect, "profile", profile.Symphony, "lane-prompt context: symphony or shea")
	cmd.Flags().StringVar(&contextSchema, "context-schema", "", "JSON Schema `FILE` whose properties are extra inputs")
	cmd.Flags().StringVar(&format, "format", formatText, "output format: text, json or sarif")
	return cmd
}

// contextFor returns a profile's lane context, extended by a schema file
// (see profile.Extend).
func contextFor(dialect, extra string) (*strict.Schema, error) {
	schema, err := profile.LaneContext(dialect)
	if err != nil {
		return nil, usageError{err}
	}
	if extra == "" {
		return schema, nil
	}
	b, err := readSchemaFile(extra)
	if err != nil {
		return nil, err
	}
	s, diags := profile.Extend(dialect, b, extra)
	if diags.HasErrors() {
		return nil, diags.Err()
	}
	return s, nil
}

// readSchemaFile reads a --context-schema file.
func readSchemaFile(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read context schema: %w", err)
	}
	return b, nil
}

// report writes diagnostics in the chosen format.
func (e *env) report(format string, l diag.List, src *sources) error {
	switch format {
	case formatJSON:
		l.Sort()
		return diag.WriteJSON(e.stdout, l)
	case formatSARIF:
		return e.writeSARIF(l, src)
	}
	e.writeTextDiagnostics(l, src)
	return nil
}
