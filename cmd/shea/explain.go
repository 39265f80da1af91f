package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/lsp"
)

func newExplainCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "explain [CODE | readback]",
		Short: "Explain a diagnostic code, or list them all; explain validate's readback",
		Long: `Every diagnostic shea reports has a stable code, such as unknown_property.
explain CODE says what the code means, shows an input that produces it and
how to fix it. Without a code, explain lists every code with its class (the
Symphony error class agent runners branch on). explain readback documents
the readback lines shea validate prints. A code may be given as the link
shea lsp attaches to its diagnostics, shea-explain:CODE.

Examples:
  shea explain
  shea explain unknown_property
  shea explain readback`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: completeExplain,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
				fmt.Fprintln(tw, "CODE\tCLASS\tMEANING")
				for _, info := range codes.All() {
					fmt.Fprintf(tw, "%s\t%s\t%s\n", info.Code, info.Class, firstSentence(info.Meaning))
				}
				return tw.Flush()
			}
			args[0] = strings.TrimPrefix(args[0], lsp.ExplainScheme) // a link of shea lsp's
			if args[0] == "readback" {
				_, err := io.WriteString(e.stdout, readbackHelp)
				return err
			}
			info, ok := codes.Lookup(diag.Code(args[0]))
			if !ok {
				msg := fmt.Sprintf("unknown code %q", args[0])
				if s := diag.Suggest(args[0], codes.Names()); s != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", s)
				}
				return usageError{fmt.Errorf("%s; run 'shea explain' for the list", msg)}
			}
			writeExplanation(e, info)
			return nil
		},
	}
}

func writeExplanation(e *env, info codes.Info) {
	w := e.stdout
	fmt.Fprintf(w, "%s (class %s)\n\n", info.Code, info.Class)
	fmt.Fprintf(w, "%s\n", wrap(info.Meaning, 78))
	if info.Example != "" {
		fmt.Fprintf(w, "\nExample: with these files,\n\n")
		for _, line := range strings.Split(strings.TrimRight(info.Example, "\n"), "\n") {
			fmt.Fprintf(w, "    %s\n", line)
		}
		fmt.Fprintf(w, "\nrunning `%s` reports %s.\n", info.Command, info.Code)
	}
	fmt.Fprintf(w, "\nHow to fix it:\n%s\n", wrap(info.Fix, 78))
}

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// wrap breaks text into lines of at most width bytes.
func wrap(s string, width int) string {
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(s) {
		if n > 0 && n+1+len(word) > width {
			b.WriteByte('\n')
			n = 0
		} else if n > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}
