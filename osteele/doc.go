// Package osteele proves templates with github.com/osteele/liquid v1.9.2
// itself, the engine most Go agent runners (Symphony ports such as
// symphony-go) render their prompts with. It is the only package of shea
// that imports osteele/liquid: shea's own engine (package render) never
// calls it.
//
// # Model
//
// A template shea accepts is not always one osteele renders, or renders
// the same way: osteele lacks some tags ({% liquid %}, {% echo %},
// {% increment %}, {% doc %}, {% ifchanged %}), elsif inside unless and
// the keywords empty and blank (undefined variables to it),
// prints {% # %} comments as text, prints the float 6.0 as 6, and counts
// the bytes of a string for .size. This package takes a template shea has
// compiled (a *render.Template) and hands its source to osteele:
//
//   - Parse parses it with an osteele engine configured as a strict runner
//     configures it: StrictVariables on, and undefined filters are errors
//     (osteele's default). A parse error is an osteele_parse_error
//     diagnostic at the file, line and column of the tag osteele names,
//     in the file the user edits (the template's start position is added,
//     so a workflow body keeps the workflow's line numbers); a construct
//     osteele lacks is named as such.
//   - Template.Render renders it with one input; an error is an
//     osteele_render_error at the place osteele gives.
//   - Prove renders each smoke input with shea and with osteele and
//     reports every error, and an osteele_output_differs warning where the
//     outputs differ, at the template node the first difference comes
//     from, with both outputs shown around it.
//
// Data reaches osteele as a Go runner holds it: objects as maps, integers
// as int (osteele's ranges take no other integer type).
//
// Partials reach osteele through a template store that serves what shea
// resolved: the partials shea's check read (through the same confined
// strict.PartialSource, internal/partials), and for a name only a render
// reaches, Options.Partials, confined the same way. osteele's include and
// render tags are wrapped so that every name resolves from the root, as
// shea resolves it (osteele v1.9.2 resolves a name inside a partial
// relative to that partial's directory: "a" in sub/a is sub/a again, which
// recursed until Go's stack overflowed).
//
// # Limits
//
// osteele/liquid has no limits of its own. Each render by osteele runs
// within Options.Limits (render.Limits, as shea's renders): the deadline
// (Timeout, or the context's when earlier: deadline_exceeded), the output
// (MaxOutputBytes: output_limit), the nesting of partials (MaxDepth,
// checked by the wrapped include and render: depth_limit). Memory needs a
// process of its own: with Options.Prover, the renders run in a prover
// child (a process whose main calls Serve; shea runs itself as
// "shea __osteele-prover"), which watches its heap and caps its address
// space at four times MaxMemory (memory_limit, naming the known cause: a
// range made an array by a filter, .size counting bytes) and is killed
// at the deadline. Without a prover, osteele renders on a goroutine of the
// caller's process, abandoned at the deadline and stopped at its next
// write or partial; its memory is not bounded there.
//
// A panic inside osteele is recovered and reported as an
// osteele_render_error; none escapes.
//
// # The runner's version
//
// RunnerVersion reads the osteele/liquid version a runner's go.mod
// requires, and Differences the known differences of an older version
// from Version, from osteele's release notes. BuildProver builds a prover
// child for that exact version (with the go command, offline from the
// module cache), which Options.Prover and Options.Version then use.
package osteele
