package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/internal/fsroot"
	"github.com/sheaproject/shea/workflows"
)

func newRunContextCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "run-context",
		Short: "Write the run context a lane's turn block reads as run_context",
		Long: `A run context is the JSON object a run accumulates across its turns: what
one stage writes for later ones (a plan, review findings, a summary). A lane's
turn block reads it as run_context.<key> when rendered with
shea render … --run-context FILE. The file keeps its keys in the order they
were last set and stays at or under 100 KB: when a write would make it larger,
the oldest keys are dropped first.

Examples:
  shea run-context set .shea/runs/ABC-12/context.json plan --value "Split the parser first."
  shea run-context set .shea/runs/ABC-12/context.json findings --json findings.json`,
	}
	cmd.AddCommand(newRunContextSetCmd(e))
	return cmd
}

func newRunContextSetCmd(e *env) *cobra.Command {
	var value, jsonFile string
	cmd := &cobra.Command{
		Use:   "set FILE KEY (--value TEXT | --json FILE)",
		Short: "Set one key of a run context file",
		Long: `set writes KEY into the run context FILE (created when missing, its
directory too): --value TEXT sets a string, --json FILE a JSON value (--json -
reads stdin). KEY becomes the newest key; if the file would then be larger than
100 KB, the oldest keys are dropped, each named on stderr. A value that alone
is larger than that is an error and leaves the file unchanged. The file is
written atomically: a temporary file in its directory renamed into place.
A relative FILE stays inside the repository root (the nearest directory
with .git), as render --out does: a path through .. or a symbolic link
(a directory link or the file itself) that leads outside is refused; an
absolute FILE is the caller's choice.

Exit status: 0 written, 2 the command could not run (bad flags, an unreadable
file or a value that is not JSON, a value over the cap).

Examples:
  shea run-context set context.json plan --value "Split the parser first."
  review-summary | shea run-context set context.json review --json -`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			path, key := args[0], args[1]
			hasValue, hasJSON := cmd.Flags().Changed("value"), cmd.Flags().Changed("json")
			if hasValue == hasJSON {
				return usageError{errors.New("run-context set needs exactly one of --value TEXT and --json FILE")}
			}
			var raw json.RawMessage
			if hasValue {
				var b bytes.Buffer
				enc := json.NewEncoder(&b)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(value); err != nil {
					return err
				}
				raw = b.Bytes()
			} else {
				b, err := readInput(e, jsonFile)
				if err != nil {
					return fmt.Errorf("cannot read the value: %w", err)
				}
				if !json.Valid(b) {
					return fmt.Errorf("the value in %s is not JSON", jsonFile)
				}
				raw = b
			}
			// A relative FILE stays inside the repository, as --out does:
			// a committed directory or file link cannot lead the read or
			// the write outside it.
			root, err := fsroot.Discover(".")
			if err != nil {
				return err
			}
			target, err := confinePath(root, path, "run context file "+path)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return fmt.Errorf("cannot create the directory of %s: %w", path, err)
			}
			dropped, err := workflows.SetRunContextFile(target, key, raw)
			if err != nil {
				return err
			}
			for _, k := range dropped {
				fmt.Fprintf(e.stderr, "shea: dropped the oldest key %q to keep %s within %d bytes\n", k, path, workflows.MaxRunContextBytes)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&value, "value", "", "set KEY to the string `TEXT`")
	cmd.Flags().StringVar(&jsonFile, "json", "", "set KEY to the JSON value in `FILE` (- for stdin)")
	return cmd
}
