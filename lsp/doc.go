// Package lsp is shea's language server: `shea lsp` speaks the Language
// Server Protocol (3.17) so that an editor shows what `shea validate` will
// say while a prompt file is typed, and helps write it.
//
// # Model
//
// The server is a thin layer over the library calls the command line
// makes; it has no checker of its own. Every diagnostic comes from
// workflows.Load and Workflow.Validate (shea validate) or, for a file no
// workflow uses, strict.Check with the profile's lane inputs (shea check),
// converted: the message is the summary followed by the detail, the range
// is turned from shea's line and byte column into the client's position
// encoding (UTF-16 unless the client offers utf-8 or utf-32), and the code
// links to ExplainURI.
//
// The open documents are a store of buffers by canonical path. A check
// takes a snapshot of them and runs every workflow found around each open
// file (the file itself when it is a workflow, and the workflows of its
// directory and each one above it up to the repository root) with
// workflows.Options.Overlay serving the snapshot's buffers in place of the
// disk, so that an unsaved prompt, layer file or partial is checked as it
// will be once saved, and a partial with the inputs of the lane that
// renders it. Diagnostics are published for every file of those
// workflows, open or not, and cleared when they go away; a file's
// diagnostics carry its version when it is open.
//
// Checks run one at a time in their own goroutine, after edits pause for
// Options.Debounce. An edit cancels the check under way (its context) and
// a check whose snapshot is older than the store is dropped before it
// publishes, so the last publish is always of the latest text. Handlers
// run in the order messages arrive; a panic in one is recovered, logged
// and answered as an internal error.
//
// Completion, hover, definition, links, code actions and symbols read the
// text around the cursor (cursor.go) and the schema the last check found
// for the file: strict.Schema.Fields and Lookup for inputs, the
// workflow's configuration schema for front matter keys, and
// Workflow.LaneSource for the sections of a composed lane.
//
// Diagnostics are converted by the byte offset shea gives each position
// (checked against its line and column, which shea counts one way in a
// workflow file and another in a template, position.go); a file gets its
// first MaxPublished diagnostics and one that counts the rest.
//
// # Bounds
//
// The server reads messages itself (stream.go): a body over
// MaxMessageBytes is scanned for its id, method and document as it goes
// by and never held; a document over MaxDocumentBytes is refused and
// served from the disk until the client sends it whole and smaller; a
// body that is not a JSON-RPC message is answered with a JSON-RPC error
// and the session goes on. Completion and hover take time linear in the
// document.
//
// The protocol structures the server uses are in protocol.go; JSON-RPC
// dispatch is github.com/sourcegraph/jsonrpc2's, over the server's own
// framing.
package lsp
