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
// Data may be Go values of any type JSON can encode: structs (by their
// json tags, omitempty honoured), pointers, maps, slices and time.Time.
// FromGo presents them as encoding/json would, so that a runner's own
// types are validated and rendered exactly like the same data decoded from
// JSON.
//
// Rendering first validates the data against the template's context schema
// (a bad context is a context_invalid error naming the JSON pointer), then
// renders with runtime strictness: a lookup of a missing key the schema
// does not declare (a key of a free-form object, a dynamic [key]) is an
// unknown_variable error naming the path and its position, while a key the
// schema declares but the data leaves out reads as nil, like a key holding
// null, so data valid against the schema never fails a template that passed
// the static check. Output is all-or-nothing: an error returns no
// text. Limits on time (the context's deadline), output size, loop
// iterations and partial depth are errors with their own codes, never
// truncations.
//
// In compat mode (Options.Compat) there is no strictness contract, and the
// engine renders as Shopify Liquid does: undefined variables print nothing,
// unknown filters return their input.
//
// Compiled templates are immutable and safe for concurrent use.
package render
