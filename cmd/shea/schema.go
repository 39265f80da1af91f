package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/workflows"
)

func newSchemaCmd(e *env) *cobra.Command {
	var dialect string
	cmd := &cobra.Command{
		Use:   "schema workflow|issue|context [--profile symphony|shea]",
		Short: "Print an embedded JSON Schema",
		Long: `Print one of the JSON Schemas shea checks against, so that editors and other
tools can validate the same things:

  workflow  the front matter of a workflow file of the profile
  issue     the issue model lane prompts receive as "issue"
  context   the lane-prompt inputs: issue and attempt

Examples:
  shea schema issue --profile shea
  shea schema workflow > .vscode/workflow.schema.json`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: []string{"workflow", "issue", "context"},
		RunE: func(cmd *cobra.Command, args []string) error {
			var doc []byte
			var err error
			switch args[0] {
			case "workflow":
				doc, err = workflows.ConfigSchema(dialect)
			case "issue", "context":
				doc, err = profile.Document(args[0], dialect)
			default:
				return usageError{fmt.Errorf("unknown schema %q (want workflow, issue or context)", args[0])}
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
