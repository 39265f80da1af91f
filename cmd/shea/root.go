package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/internal/textesc"
)

// Exit statuses, as the README (The command line) documents them: 0 clean,
// 1 findings, 2 the command could not run.
const (
	exitClean    = 0 // no errors (warnings allowed)
	exitFindings = 1 // the input has errors
	exitFailure  = 2 // the command could not run
)

// findingsError reports that the command ran and found errors; it has
// already printed them.
type findingsError struct{}

func (findingsError) Error() string { return "errors found" }

// usageError is a problem with the command line.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// env is what commands read and write: the standard streams and the
// environment, so tests can run commands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	// maxDiagnostics is how many diagnostics text output shows (0: all).
	maxDiagnostics int

	// quiet (--quiet) leaves out warnings and, in text, validate's
	// readback: only errors are printed.
	quiet bool
	// readback (validate --readback, true unless set to false) prints
	// validate's readback lines in text.
	readback bool
	// disable (--disable) are the codes whose warnings are left out.
	disable []string
	// shown holds the long diagnostic details written so far, so that a
	// list of known names is shown once per run (diag.TextOptions.Shown).
	shown map[string]string
	// sawBug is set when an internal_error diagnostic was written: the
	// exit status is then 2, not 1.
	sawBug bool
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv, shown: map[string]string{}}
	root := newRootCmd(e)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	return e.exitStatus(root.Execute())
}

// exitStatus reports a command's error, if it is not a finding already
// written, and turns it into the exit status.
func (e *env) exitStatus(err error) int {
	stderr := e.stderr
	switch {
	case err == nil:
		return exitClean
	case errors.As(err, new(findingsError)) && e.sawBug:
		return exitFailure
	case errors.As(err, new(findingsError)):
		return exitFindings
	}
	// An error may quote a file name, which may hold control characters.
	fmt.Fprintf(stderr, "shea: %s\n", textesc.Controls(err.Error()))
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintln(stderr, "Run 'shea help' for usage.")
	}
	return exitFailure
}

func newRootCmd(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "shea",
		Short: "Strict Liquid for coding-agent prompts: check, validate and render workflow templates",
		Long: `shea is a strict, Liquid-compatible rendering engine for the prompt files that
drive coding agents. It turns every mistake in a template, such as a misspelt
{{ issue.titel }}, into a precise error before any agent is launched.

Exit status: 0 when there are no errors (warnings allowed), 1 when errors were
found, 2 when the command could not run.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version(),
	}
	root.SetVersionTemplate("shea {{.Version}}\n")
	root.PersistentFlags().IntVar(&e.maxDiagnostics, "max-diagnostics", 200, "most diagnostics printed as text, then a count of the rest (0: all)")
	pf := root.PersistentFlags()
	pf.BoolVarP(&e.quiet, "quiet", "q", false, "print only errors: no warnings, and no readback from validate")
	pf.StringSliceVar(&e.disable, "disable", nil, "leave out warnings with this `CODE` (repeat or separate with commas)")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error { return e.checkDisabled() }
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(
		newCheckCmd(e),
		newLSPCmd(e),
		newRenderCmd(e),
		newRunContextCmd(e),
		newValidateCmd(e),
		newExplainCmd(e),
		newSchemaCmd(e),
		newWorkpadCmd(e),
		newVersionCmd(e),
		newProverCmd(e),
	)
	registerCompletions(root)
	return root
}
