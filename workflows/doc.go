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
// from Shea structure only (the file's location under .shea/workflows, or
// settings such as prompts.main_agent or main_lane; see Options.Profile),
// or forced with Options.Profile.
//
// Load reads a workflow the way its dialect does: the front matter split
// (each dialect's own rules, quirks included, with CRLF, a lone CR and a
// byte order mark handled), the YAML decoded with the position of every
// value, the settings checked against the profile's embedded JSON Schema
// (ConfigSchema) and then decoded once from the YAML into the typed
// settings of the dialect, each keeping its value's position (settings.go:
// a new config key the loader acts on gets a field there, never a read of
// Workflow.Config by path), and every file
// the workflow names resolved inside the repository root and read. Every
// template is then checked statically on all its branches against its
// context schema. Validate smoke-renders what
// compiled, each lane prompt and backend fragment with a matrix of
// contexts valid against its schema (strict.Schema.SampleMatrix: every
// field, required only, nullable as null, arrays empty and with two items,
// attempt absent and 3, then boundary values one field at a time: 0, -1,
// huge integers, 0.5, empty, 10 KB, non-ASCII and right-to-left strings,
// "123", a date, one-item and empty arrays, null where nullable, each
// left out where the schema rules it out; a boundary input is rendered
// only for a template that reads the value it varies; a matrix that
// reached one of its bounds is a smoke_limit warning) and each workpad
// template with its smoke values and with every value empty, 256 bytes long,
// non-ASCII, "123" and a date, and returns the readback lines of Shea
// Symphony's validate (or, for symphony, a short form of them) and every
// diagnostic. A readback Line is a key, a value and named fields (path=…
// bytes=… smoke=…); a template that failed keeps its line, marked fail.
// Files lists the files a workflow uses, so a change to any of them can be
// traced to it. A workflow's shea.disable setting lists codes whose
// warnings are dropped; Options.LenientConfig (or shea.lenient_config)
// makes a port's departures from the spec's settings warnings, and Liquid
// in front matter values that are no known template is checked as
// warnings either way. An empty prompt body, where the body is the prompt,
// is an empty_workflow error, unless the runner supplies a default prompt
// (Options.DefaultPrompt, shea.empty_body: runner_default). The issue schema's undeclared properties
// are left out of a runner's data whatever JSON Schema keywords the schema
// uses (strict.Members), and format is asserted. RenderLane renders
// a lane prompt for a real issue, all or nothing. A shea workflow may
// compose its lane prompts from layers (see below).
//
// # Runners
//
// Gate is an agent runner's startup check in one call: Load, then Validate,
// returning the workflow or an *Error whose Class is the Symphony error
// class of the failure (codes.FailureClass) and whose Error() prints every
// diagnostic with its suggestion. Load alone checks statically and renders
// nothing: a runner that calls it must call Validate too. A Workflow keeps
// every template compiled and is safe for concurrent use, so RenderLane
// renders any number of issues from one load; Workflow.Template hands out
// one of them by name (a lane, a runner template), as Gate compiled it.
//
// LaneInput.Issue takes decoded JSON or the runner's own Go values, read
// as encoding/json writes them, except that a nil slice or map is empty
// (see render.FromGo; Options.GoValues truncates times), and an untagged
// struct's Go field names match the schema's ignoring case and
// underscores. The issue schema is the profile's, merged with
// template_context.schema and Options.ContextSchema (see
// profile.Inputs.Extend), or replaced by theirs (issue_model: replace,
// Options.IssueModel; profile.Inputs.ReplaceIssue); Workflow.DecodeIssue
// reads JSON against the same schema. Properties the schema does not
// declare are left out before validation, so a runner's extra fields are
// fine while no template reads them (a template that does fails the static
// check); the package's DecodeIssue, which has no workflow, still rejects
// them.
//
// Classes follow the Symphony specification wherever shea finds the
// problem: malformed syntax (unknown_tag, unclosed_block, unexpected_tag,
// syntax_error) and templates that cannot be assembled (missing_partial,
// partial_cycle, template_too_large) are template_parse_error; unknown
// variables, properties and filters and wrong filter arguments
// (unknown_variable, unknown_property, unknown_filter, filter_arguments),
// bad data (context_invalid) and failures while rendering are
// template_render_error, although shea finds the unknown names before
// rendering. The code keeps the detail.
//
// A runner's own templates (a reviewer prompt in the front matter, per
// profile prompts, files of its own) are named by Options.Templates or by
// template_context.templates (see RunnerTemplate): Load checks them with
// the lane prompts' inputs (plus what each declares), with positions in
// the file that holds them, block and quoted YAML scalars included;
// Validate smoke-renders them and lists each as runner_template.<name>;
// RenderLane renders them by name. Options.Samples adds the issues a runner
// really sends to the smoke renders of lane prompts and runner templates.
// A runner that reads the workflow with its own loader gets each template's
// text and start position from Templates, and compiles its copy with
// Workflow.Compile, diagnostics in the file's lines.
//
// A runner that renders with osteele/liquid v1.9.2 (most Go Symphony ports)
// sets Options.Engine to EngineOsteele, or the workflow says so itself with
// shea: {engine: osteele}: Validate then renders every lane prompt, backend
// fragment and runner template that passed shea's smoke render with
// osteele too (package osteele), on the same inputs and Options.Samples, reports osteele's errors at their place
// (osteele_parse_error, osteele_render_error; the template's smoke fails)
// and an osteele_output_differs warning where osteele prints something
// else than shea, and adds prompt_engine=osteele/liquid version=v1.9.2 to
// the readback after prompt_renderer. RenderTurnOsteele renders a lane as
// such a runner would. Workpad and evidence templates are not rendered
// with osteele: Shea Symphony renders them.
//
// # Composed lane prompts
//
// A shea workflow with a composition key assembles each lane prompt from
// layers of Markdown files with package lanes, instead of reading one
// file:
//
//	composition:
//	  workspace: ../../team-prompts  # or $SHEA_WORKSPACE_PROMPTS
//	  project: ../prompts            # default: each lane's prompt directory
//	  template: ../variants/terse    # optional, highest
//	  parts:
//	    main_agent: {role: implementer, task: bugfix, format: handoff}
//
// The layers are, lowest first, shea's built-in core (lanes.CoreFS), the
// workspace, the project and the template. workspace, project and template
// are directories relative to the workflow's directory, inside the
// repository root; each may be left out. Without composition.workspace the
// environment variable SHEA_WORKSPACE_PROMPTS (read through
// Options.Getenv) names the workspace layer: it is the operator's setting,
// so it may lie outside the repository, and a relative value is relative to
// the current directory. The project layer defaults to the directory of
// each lane's prompts.<lane> file. A lane's file name is the base name of
// its prompts.<lane> path ("main-agent.md"); without a prompts key it is the
// core layer's name (main-agent.md, review-agent.md, merge-agent.md), and
// the body is only the workflow's index. composition.parts.<lane> names the
// lane's role, task and format parts (roles/<name>.md, tasks/<name>.md,
// formats/<name>.md in every layer). composition: {} composes every lane
// from the core layer alone (plus SHEA_WORKSPACE_PROMPTS).
//
// A composed lane ends with the code-owned contracts of lanes.ContractsFor
// (the assigned-lane claim for the main and merge lanes): what RenderLane
// returns is the final prompt, which a runner sends without appending a
// claim of its own. A lane from a single file gets no contract, as before:
// Shea Symphony appends its claim to it at run time.
//
// A composed lane is checked, smoke-rendered and rendered like a single
// file, with every diagnostic in the layer file its text came from (and a
// related range at the lower layer's section it replaces or extends).
// protected_section_override is a warning, or an error with
// Options.StrictLayers. Problems with the key itself are reported at the
// offending value: config_invalid for a value of the wrong type or a part
// name that leaves the layers, missing_template_file for a layer directory
// that does not exist, path_outside_root for one outside the repository
// root, unknown_config_key warnings for unknown keys. The readback's
// prompt_source.<lane> line has the kind composed, the layer files used
// (parts first, each lowest layer first, comma-separated) and the size of
// the composed template. LaneSource describes a lane's sources, section by
// section, for `shea render --explain`; SourceFunc serves the text of the
// files that exist on no disk (the core layer, contracts) for quoting.
//
// A composed lane may have a turn block (lanes.TurnFile: main-agent.turn.md
// beside main-agent.md) in any layer. Its lane file, parts and contracts
// are then the system part, checked against the lane inputs without
// attempt and run_context (a read of either there is an unknown_variable
// error that says to move it), and the turn block is the user part, which
// reads them too. run_context is declared under template_context.schema
// (without a declaration it has no readable key). RenderTurn returns the
// two parts; RenderLane joins them with a blank line; LaneInput.RunContext
// (see RunContext, which keeps a run's context file within
// MaxRunContextBytes) reaches only the turn block. Validate smoke-renders a
// turn block on a first turn and on a retry and adds the readback lines
// prompt_turn_source.<lane> and prompt_turn_smoke.<lane>. Options.Ablate
// composes every lane ablated (see lanes.Request.Ablate).
//
// A shea lane read from a single prompt file (no composition key) takes
// the turn block beside that file the same way (lanes.NewTurnTemplate):
// the file, trimmed, is the system part, checked and explained as above,
// and the turn block, trimmed, the user part. Its readback kind is
// workflow_prompt_file, and LaneSource.TurnPath names it. A lane without a
// turn block, composed or not, renders as before.
//
// Composition belongs to the shea profile. A symphony workflow's prompt is
// its body, and a composition key there is left to the runner (it is not
// read, and not reported).
//
// # Inputs
//
// A lane prompt's inputs are the profile's (package profile: issue and
// attempt), extended by the workflow's template_context.schema and then by
// Options.ContextSchema with profile.Inputs.Extend: declared properties are
// added to the issue model and declared names become inputs, never
// replacing what the profile declares, unless the schema's issue model is
// replace (template_context.issue_model, Options.IssueModel): its issue is
// then the whole issue model (profile.Inputs.ReplaceIssue).
//
// DecodeIssue reads the issue a lane prompt is rendered for (the
// Workflow's DecodeIssue also accepts the issue properties the workflow
// declares), and
// DecodeValues the values of a workpad or evidence template, from JSON:
// every problem is a context_invalid diagnostic at its place in the JSON
// text, naming the JSON pointer, before anything renders; a key written
// twice in one object is such an error too ("duplicate key"). Workpads lists
// the workpad and evidence templates and where each comes from;
// WorkpadTemplate returns one compiled, resolved as Validate resolves it.
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
// else the workflow's own directory. The workflow file itself is read
// through the root as well: a WORKFLOW.md that is a symbolic link out of
// it is a missing_workflow_file error. Only regular files are read, each
// bounded (MaxWorkflowBytes, MaxFileBytes), and opened without blocking: a
// named pipe or a device is a not_a_regular_file error.
//
// The readback shows lane, fragment and template paths as the workflow's
// directory as given joined with the configured path, cleaned (Shea
// Symphony does not normalise them; diagnostics do, and so does the
// readback: .shea/prompts/main.md, not .shea/workflows/../prompts/main.md),
// resource paths canonical and absolute, and shea's embedded defaults as
// <builtin>/…. It never shows an environment variable's value:
// workspace.root written as $VAR or ~/… is shown as written. Control
// characters in every value and field are escaped ("\n", "\x1b"), so a
// value cannot forge a line such as status=valid.
package workflows
