// Package workflows reads the workflow files that drive coding agents and
// proves, before any agent is launched, that every prompt and template in
// them renders.
//
// # Model
//
// A workflow is a Markdown file with optional YAML front matter. Two
// dialects (profiles) exist. symphony, OpenAI Symphony's WORKFLOW.md, has
// one prompt: the body, rendered with the inputs issue and attempt. shea,
// Shea Symphony's .shea/workflows/*.md, has three lane prompts (files under
// prompts:, or the body for all three), five backend fragments, 23 workpad
// and evidence templates and a resource manifest. The profile is detected
// from the front matter's keys and the file's location, or forced with
// Options.Profile.
//
// Load reads a workflow the way its dialect does: the front matter split
// (each dialect's own rules, quirks included, with CRLF, a lone CR and a
// byte order mark handled), the YAML decoded with the position of every
// value, the settings checked against the profile's embedded JSON Schema
// (ConfigSchema), and every file the workflow names resolved inside the
// repository root and read. Every template is then checked statically on
// all its branches against its context schema. Validate smoke-renders what
// compiled, each template with a sample context built from its schema,
// and returns the readback lines of Shea Symphony's validate (or, for
// symphony, a short form of them) and every diagnostic. RenderLane renders
// a lane prompt for a real issue, all or nothing.
//
// # Positions
//
// Every diagnostic points into the file the user edits. A template in the
// body of a workflow is compiled with the position where the body starts,
// so its diagnostics carry the workflow file's lines. Both dialects
// normalise line breaks before splitting; this package compiles the
// normalised body too (so prompts render with "\n" line breaks, as both
// dialects' runners send them), and maps every position back to the
// original bytes:
// lines and columns are those of the file (a lone CR counts as a line
// break, a byte order mark is not counted in columns), and Byte is the
// offset in the file as stored. YAML errors are placed on the line where
// the problem is, config errors on the offending key, manifest errors in
// the manifest.
//
// # Paths
//
// Paths in a workflow are relative to the workflow file's directory (the
// manifest's resource paths to the manifest's) and may never lead outside
// the repository root, neither through ".." nor through a symbolic link:
// such a path is a path_outside_root error. The root is Options.Root when
// set; else the nearest ancestor of the workflow's directory that holds
// .git; else, for a file in .shea/workflows, the directory holding .shea;
// else the workflow's own directory.
//
// The readback shows lane, fragment and template paths the way Shea
// Symphony does (the workflow's directory as given, joined with the
// configured path, not normalised), resource paths canonical and
// absolute, and shea's embedded defaults as <builtin>/….
package workflows
