// Package render turns templates and data into text, or fails before any
// text exists.
//
// An Engine compiles templates. Compiling runs the static contract of
// package strict (every branch, every expression) and hands the checked
// template to github.com/osteele/liquid, whose parser builds the render tree
// and whose renderer walks it: shea lowers its own syntax tree into
// osteele's grammar, registering one osteele tag per Liquid construct, each
// backed by an evaluator compiled from shea's tree. Expressions are evaluated
// by shea, with Shopify Liquid's semantics and with the exact source
// positions its front end recorded. A template that fails the static check
// never reaches osteele.
//
// Rendering first validates the data against the template's context schema
// (a bad context is a context_invalid error naming the JSON pointer), then
// renders with runtime strictness: a lookup of a missing key the schema
// does not declare (a key of a free-form object, a dynamic [key] outside the
// declared names) is an unknown_variable error naming the path and its
// position, while a key the schema declares but the data leaves out reads
// as nil, like a key holding null, so data valid against the schema never
// fails a template that passed the static check. Output is all-or-nothing:
// an error returns no text. Limits on time (the context's deadline, looked
// at inside costly filters too), output size, the memory of values the
// render builds, loop
// iterations and partial depth are errors with their own codes, never
// truncations (see Limits). A panic, which would be a bug, is recovered at
// Compile and Render and reported as internal_error with its stack.
//
// In compat mode (Options.Compat) there is no strictness contract, and the
// engine renders as Shopify Liquid does: undefined variables print nothing,
// unknown filters return their input.
//
// Compiled templates are immutable and safe for concurrent use.
package render
