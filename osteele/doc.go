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
// strict.PartialSource, internal/partials), and for a name shea did not
// resolve (osteele resolves a name inside a partial relative to that
// partial's directory), Options.Partials, confined the same way. A name that
// leads outside is refused by osteele itself and by the source.
//
// # Limits
//
// osteele/liquid has no deadline and no output cap. Render runs it in a
// goroutine and waits at most Options.Timeout (or the context's deadline):
// past it, the result is a deadline_exceeded error. The goroutine cannot be
// stopped from outside; it stops at its next write, which the output
// writer refuses once the render is abandoned or the output passes
// Options.MaxOutputBytes, and otherwise runs until osteele returns. A
// template that loops without printing (a large range with no output
// inside) can therefore keep one goroutine busy after its render timed out:
// the smoke inputs are small and schema-valid, so this takes a template
// built to do it, and the static check has already bounded its partials.
// A panic inside osteele is recovered and reported as an
// osteele_render_error; none escapes.
package osteele
