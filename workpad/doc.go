// Package workpad renders the workpad and evidence comments an agent runner
// posts to an issue, and writes them so that a reader never sees half of
// one.
//
// # Templates and their values
//
// Shea Symphony keeps one persistent Main Agent Workpad per issue, updated
// section by section, and posts append-only evidence comments for review,
// merge, doctor, forge and session runs. Each comment is rendered from a
// template identified by an id (main_handoff, merge_run, …). The registry
// (Specs, Lookup, IDs) lists the 23 ids in Shea's order, each with its kind
// (workpad or evidence) and its own declared value set: the named string
// values the runtime supplies when it renders that id. There is no global
// list of values, so a template that reads a value of another template is
// caught: Compile reports it as unknown_variable and says which templates do
// declare the name.
//
// Every value is a string. Shea passes booleans as "true" and "false"
// (templates compare them as strings) and lists as packed strings: records
// joined by record_separator (U+001E), fields by field_separator (U+001F),
// which a template takes apart with the split filter. ContextSchema is the
// JSON Schema view of a value set: each value a required string.
// SmokeValues are the sample values validate renders every id with.
//
// Default holds the embedded default of each id, a short Markdown receipt
// written for shea that prints all of the id's values. A workflow that
// configures its own template for an id replaces the default completely.
//
// # Rendering
//
// Compile checks a template against exactly its id's value set and compiles
// it with a render.Engine. As in Shea, the body is trimmed on load and the
// output of Render is trimmed at the end. Render requires exactly the
// declared values: a missing value, or one the id does not declare, is a
// context_invalid error, and nothing is rendered. Values are data: the
// engine prints a value as the string it is, so text such as "{{ x }}" or
// "{% if %}" inside a value appears verbatim and is never evaluated.
//
// # Writing
//
// Write renders completely and only then replaces the target file, with the
// renameio recipe: temporary file in the target's directory, write, fsync,
// close, rename, fsync of the directory. A failure at any step leaves the
// previous file as it was and removes the temporary file; concurrent writers
// to one path finish one after another, each installing one complete file.
//
// # Untrusted text
//
// Values such as a command's stderr or a conflict summary come from tools
// and repositories, not from the runtime's own code. The sanitizers make
// such text safe to print: SingleLine collapses white space to one line,
// StripControls removes terminal escape sequences and control characters,
// Truncate caps the length with a visible "…[truncated N bytes]" marker, and
// Redact replaces obvious secrets (GitHub, Slack, OpenAI-style and AWS keys,
// Authorization headers, Bearer tokens, private key blocks, passwords in
// URLs) with [REDACTED]. SanitizeLine applies them all; SanitizeText
// applies all but the one-line and length steps. Render passes every
// untrusted free-text value of a template (see Untrusted: errors, reasons,
// summaries, titles, tool output, notes and evidence) through SanitizeText
// before rendering, on every path, so evidence never carries a token or a
// terminal escape into a comment. MergeRepairFacts
// builds the sanitized facts of the merge_repair backend fragment, whose
// schema is MergeRepairSchema.
package workpad
