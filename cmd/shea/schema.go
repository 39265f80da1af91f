package main

import (
	_ "embed"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/workflows"
)

// outputSchema is the JSON Schema of validate's --format json document.
//
//go:embed schemas/output.json
var outputSchema []byte

func newSchemaCmd(e *env) *cobra.Command {
	var dialect string
	cmd := &cobra.Command{
		Use:   "schema workflow|issue|context|output [--profile symphony|shea]",
		Short: "Print an embedded JSON Schema",
		Long: `Print one of the JSON Schemas shea checks against, so that editors and other
tools can validate the same things:

  workflow  the front matter of a workflow file of the profile
  issue     the issue model lane prompts receive as "issue"
  context   the lane-prompt inputs: issue and attempt
  output    the document shea validate --format json prints (its
            diagnostics are those of check and render --format json too)

The issue and context schemas are self-contained (no $ref to resolve): paste
one into a template_context.schema or --context-schema file as a starting
point, or name the issue by its $id ({"$ref":
"https://shea.dev/schemas/symphony-issue.json"}). What such a schema
declares is merged into the profile's inputs, never replacing them.

Examples:
  shea schema issue --profile shea
  shea schema workflow > .vscode/workflow.schema.json
  shea schema output > shea-output.schema.json`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: []string{"workflow", "issue", "context", "output"},
		RunE: func(cmd *cobra.Command, args []string) error {
			var doc []byte
			var err error
			switch args[0] {
			case "workflow":
				doc, err = workflows.ConfigSchema(dialect)
			case "issue", "context":
				doc, err = profile.Document(args[0], dialect)
			case "output":
				doc = outputSchema
			default:
				return usageError{fmt.Errorf("unknown schema %q (want workflow, issue, context or output)", args[0])}
			}
			if err != nil {
				return usageError{err}
			}
			_, err = e.stdout.Write(doc)
			if err == nil && (len(doc) == 0 || doc[len(doc)-1] != '\n') {
				_, err = fmt.Fprintln(e.stdout)
			}
			return err
		},
	}
	cmd.Flags().StringVar(&dialect, "profile", workflows.ProfileSymphony, "profile: symphony or shea")
	return cmd
}
