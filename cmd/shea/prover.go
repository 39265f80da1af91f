package main

import (
	"context"
	"os"
	"os/exec"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/osteele"
)

// proverCommand is the hidden command shea runs itself as to prove a
// template with osteele/liquid in a child process (osteele.Serve): the
// child's memory is capped and it is killed at the deadline, which
// osteele, having no limits of its own, needs.
const proverCommand = "__osteele-prover"

func newProverCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:    proverCommand,
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return osteele.Serve(cmd.Context(), e.stdin, e.stdout)
		},
	}
}

// osteeleProver starts this program as a prover child (osteele.Options.Prover).
// It runs the program by the name it was started with (a test harness
// dispatches on it), else by its executable's path.
func osteeleProver(ctx context.Context) *exec.Cmd {
	path, err := exec.LookPath(os.Args[0])
	if err != nil {
		if path, err = os.Executable(); err != nil {
			path = os.Args[0]
		}
	}
	cmd := exec.CommandContext(ctx, path, proverCommand)
	cmd.Env = os.Environ()
	return cmd
}
