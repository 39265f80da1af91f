// Package lanes composes a lane's prompt from layers of Markdown files and
// keeps, for every byte of the result, the file and line it came from.
//
// # Layers
//
// The layers are, lowest first: core (the defaults built into shea, CoreFS),
// workspace, project and template (directories, each optional; see Layers).
// A file is named by its path from a layer's root. The lane's prompt file
// (Request.File, e.g. "main-agent.md"), the parts roles/<name>.md,
// tasks/<name>.md and formats/<name>.md, and the partials of include and
// render tags are all looked up in every layer. Reads never leave a layer:
// a name with "..", an absolute name, or a symbolic link out of the
// directory fails (path_outside_root for lane and part files, missing_partial
// for partials) and never falls through to a lower layer.
//
// # Sections and directives
//
// A file is read as Markdown sections: the text before the first heading,
// then one section per level-two ATX heading ("## Title", up to three
// spaces before it, an optional closing run of "#"). Other heading levels
// are ordinary text. Nothing inside a fenced code block (``` or ~~~) is a
// heading or a directive. Headings match when their titles are equal
// ignoring case, surrounding space and runs of inner space.
//
// Directives are lines that hold only an HTML comment, case and spacing
// free: <!-- append -->, <!-- replace -->, <!-- protected --> and its alias
// <!-- governance -->, and headings "## Override: Name". They steer the
// merge and are never copied into the composed prompt.
//
// # Merging a file over the lower layers
//
// The files of one name are merged lowest first; each step merges one file
// over the result of the layers below it.
//
//   - The lowest file supplies the text as it is (directives removed).
//   - A plain file (no <!-- append --> line) replaces the lower text whole,
//     protected sections aside.
//   - A file with an <!-- append --> line anywhere (outside a fence) is
//     merged as worca merges it. Its text before the first
//     "## Override: Name" block (all of it, when it has no block) is
//     appended to the end of the lower file: the lines before its first
//     plain heading after the lower file's last line, one blank line
//     apart, and each plain "## Heading" section of it added at the end
//     (one-line HTML comments before its first heading are notes, and
//     dropped). Then each block, in order, acts on the first lower section
//     whose heading matches Name, which keeps its own heading: by default
//     the block's text is appended (after the section's last non-blank
//     line, one blank line, then the block's text without blank lines at
//     either end); with a <!-- replace --> line in the block, the block's
//     text replaces the section's text. A plain "## Heading" inside a
//     block is part of the block's text. A block that matches no section
//     is added at the end as "## Name". An append file with no lower file
//     adds all its text this way. A plain heading of an append file that
//     matches a lower section is an append_plain_heading warning: the
//     prompt then holds two sections of that heading, likely a mistake for
//     an override.
//
// # Protected sections
//
// A <!-- protected --> (or <!-- governance -->) line inside a section
// protects it; in an append file the line goes inside an override block and
// protects the section the block targets (or adds). The line may stand
// anywhere in the section; it is an error before the first heading. No
// higher layer can remove or replace a protected section, in any mode:
//
//   - an override with <!-- replace --> leaves the section's text as it is;
//   - a plain higher file that has a section of the same heading gets the
//     protected text in that section's place;
//   - a plain higher file without such a section gets the protected section
//     back after the nearest section that preceded it in the lower text and
//     is still present; at the top (after the text before the first
//     heading) when it was the first section; otherwise at the end.
//
// Each refused replacement or removal is a protected_section_override
// diagnostic: a warning, or an error under Request.StrictLayers. Its
// subject is the higher file (the override heading, the replacing section's
// heading, or the file's first line for a removal), and its related range
// is the heading where the section was protected. A plain file that repeats
// the protected section word for word is not reported. Appending to a
// protected section is allowed: the protected text stays first and intact.
// Protection is kept by every later merge step.
//
// Protection holds on what renders, not only on the merged text. A
// protected section that starts inside a {% comment %} block of the
// composed text is a protected_section_override error, always, at the tag
// that opened the comment; so is one that starts inside a {% raw %} block
// (its Liquid would print as written). Composed.CheckRendered checks a
// rendered prompt: every line of each protected section outside the
// section's own Liquid blocks must appear in it, a plain line as written
// and a line with Liquid on it by the text between its Liquid parts, in
// order. A missing line is a protected_section_override error at the
// Liquid block a higher layer opened around the section (an
// {% if false %}, a capture never printed) when there is one, else at the
// line; the workflows package applies it to every composed lane it
// renders, validate's smoke renders included.
//
// # Assembly
//
// The composed template is, one blank line apart: the role, task and format
// parts that the Request names, then the lane file, then the text of each
// Contract. Within a file a heading is always preceded by a blank line (the
// composer writes one when the text above lacks it), blank lines at either
// end of a file are dropped, and every line ends with a newline (a CRLF
// ending is kept as it is). A leading byte order mark is skipped. Contracts
// are code-owned: their text is not read for directives and no layer can
// touch it. Sections are cut on Markdown headings without regard to Liquid
// blocks, so a Liquid block should open and close within one section; and
// since the composed text is one template, whitespace control at the end of
// a file ("-%}") also strips the blank line the composer puts after it.
//
// # Turn blocks: the system and the user part
//
// A lane file may have a turn block beside it, named TurnFile(Request.File)
// ("main-agent.turn.md" for "main-agent.md"), in any layer, merged through
// the layers by the same rules. The composition above (parts, lane file,
// contracts) is then a turn's system part, which is meant to read the same
// for every turn of a run; the turn block, Composed.Turn, is its user part.
// CompileTurn compiles the two against their own context schemas: an input
// only the turn block's schema declares (attempt and run_context in a
// workflow) is an unknown_variable error in the system part, at the file
// and line that read it, with a detail that says to move the text to the
// turn block. TurnTemplate.Render renders the system part without those
// inputs; JoinTurn makes the single prompt of both (system part, blank
// line, user part). A lane without a turn block is composed and compiled as
// one template, as before. A caller that compiles a lane from one file and
// its turn block itself makes the same TurnTemplate with NewTurnTemplate,
// TurnOnly and ExplainTurnOnly.
//
// # Ablation
//
// Request.Ablate composes a lane with its editable text replaced by a short
// code-owned intent (Intent): the intent first, then only the protected
// sections of the parts and of the lane file, then the contracts; a turn
// block becomes one line reading attempt. Contracts and protected sections
// come out byte for byte as in the full composition. It is a measuring
// tool for runners (is a layer worth its tokens?), not a user setting.
//
// # Source map, diagnostics and the explain view
//
// The composed template is checked and rendered as one Liquid source
// named "<composed>/<file>" (Request.Name). Its SourceMap maps every byte
// back to a layer file, line and column; SourceMap.Remap rewrites
// diagnostics so that they name layer files, and adds, for text that
// replaced or extended a lower section, a related range at that section.
// Composed.Compile and Template.Render do this for compile and render
// errors. Partials are checked and rendered from their own layer files, so
// their diagnostics name those files directly.
//
// Composed.Sections is the explain view: for each section of the result,
// the part it belongs to, the layer file whose text it holds, every layer
// file that acted on it, and a summary Merge kind (base, replace, append,
// protected, part, contract).
//
// # API
//
// Compose(Layers, Request) returns a *Composed: Source (the template), Map
// (its SourceMap: Range maps one range, Remap a diag.List), Sections (the
// explain view), Files (the layer files used, for readback), Contracts,
// Partials (a strict.PartialSource and strict.PartialLister over the
// layers) and Turn (the turn block, composed the same way, or nil). Composed.Compile compiles Source with package render and returns
// a *Template whose Render remaps render errors. Envelopes lists the shea
// profile's runtime envelopes for `shea validate`'s runtime_envelope lines,
// and ContractsFor gives the code-owned contract text for a lane. CoreFS is
// the built-in core layer.
//
// Problems in layer files are diagnostics: missing_template_file (a lane or
// part in no layer, a missing layer directory), empty_template_file,
// path_outside_root, protected_section_override, append_plain_heading (a
// warning), and config_invalid for a misplaced directive.
package lanes
