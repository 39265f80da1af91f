package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/sheaproject/shea/lsp"
)

func newLSPCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "Serve the Language Server Protocol on stdin and stdout, for editors",
		Long: `Lsp speaks the Language Server Protocol (3.17, JSON-RPC over stdin and
stdout) so that an editor shows what shea validate will say while the
prompt files are typed. Start it from the editor's LSP client; it reads
no flags and logs problems of its own on stderr.

Served:
  diagnostics      pushed on open, change and save: the diagnostics of shea
                   validate --format json (code, severity, summary and
                   detail, range), for every file of every workflow that
                   uses the edited file, unsaved buffers read instead of the
                   disk; a file no workflow uses is checked as shea check
                   checks it. Positions in the client's encoding (utf-16
                   unless it offers utf-8 or utf-32). Each code links to
                   shea-explain:CODE, the entry shea explain CODE prints.
  completion       inputs and their properties from the schema (declared
                   fields included, array items, loop variables), locals,
                   forloop, filters after |, tags after {%, front matter
                   keys of the file's dialect
  hover            a field's type, description and declaration; a filter's
                   arity; a front matter key; a ## section of a composed
                   lane's layer file (what shea render --explain says)
  definition       a partial's file, a file the front matter names, the
                   assign, capture or for that binds a local
  documentLink     the files the front matter names, partials
  codeAction       every did-you-mean as a quick fix; a warning's code
                   added to shea: {disable: [...]} in the workflow
  documentSymbol   the ## sections of a prompt, with their layer

Not served: formatting, rename, references, semantic tokens, signature
help, workspace symbols, pull diagnostics.

Initialization options (JSON): {"contextSchema": "extra.json"} is
validate's --context-schema, {"profile": "shea"} its --profile.

Examples:
  shea lsp
  nvim: vim.lsp.start({name = "shea", cmd = {"shea", "lsp"}})`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			stream := stdio{in: e.stdin, out: e.stdout}
			err := lsp.Serve(cmd.Context(), stream, lsp.Options{Version: version(), Log: e.stderr, Getenv: e.getenv})
			if errors.Is(err, lsp.ErrNoShutdown) {
				// LSP's exit status 1: the session ran, the client ended it badly
				fmt.Fprintf(e.stderr, "shea: %v\n", err)
				return findingsError{}
			}
			return err
		},
	}
}

// stdio joins the command's stdin and stdout into the stream LSP speaks on.
type stdio struct {
	in  io.Reader
	out io.Writer
}

func (s stdio) Read(p []byte) (int, error)  { return s.in.Read(p) }
func (s stdio) Write(p []byte) (int, error) { return s.out.Write(p) }
func (s stdio) Close() error {
	if c, ok := s.in.(io.Closer); ok {
		c.Close()
	}
	return nil
}
