// Package render turns templates and data into text, or fails before any
// text exists.
//
// An Engine compiles templates. Compiling runs the static contract of
// package strict (every branch, every expression), so a template that fails
// it never gets further. shea then compiles its own syntax tree into
// evaluators: every expression, filter call and tag becomes Go code that
// applies Shopify Liquid's semantics and reports errors at the exact source
// positions strict recorded.
//
// What github.com/osteele/liquid does, and what it does not: shea lowers the
// template to a skeleton in osteele's grammar, one osteele block (with its
// clauses) for each Liquid block that holds another block, and one osteele
// tag for each run of text, outputs, simple tags and leaf blocks (blocks
// that hold no block, which render their clauses themselves) that neither
// starts a clause nor comes just before a block (the block's tag renders
// those). osteele parses the skeleton into its render tree on every compile,
// and its renderer walks that tree, calling back into shea's evaluators by
// index: osteele owns the nesting of the template's blocks and its
// traversal; shea writes all the output (osteele's own writer, which buffers
// each write, stays empty). It evaluates no expression, filter or tag of the
// user's template; it never sees the template's source, its data or its
// errors. (Letting osteele evaluate expressions would lose Shopify's
// semantics where osteele differs from them, and the exact positions of
// runtime errors.) osteele/liquid is also the reference engine the tests and
// benchmarks compare against.
//
// Data may be Go values of any type JSON can encode: structs (by their
// json tags, omitempty honoured), pointers, maps, slices and time.Time.
// FromGo marshals them with encoding/json and decodes the JSON, so that a
// runner's own types are validated and rendered exactly like the same data
// decoded from JSON (a time.Time is its RFC 3339 string), with one
// exception: a nil slice or map is empty, not null. A Go struct that does
// not fit the schema gets a context_invalid detail naming its type and the
// keys its fields became.
//
// Rendering first validates the data against the template's context schema
// (a bad context is a context_invalid error naming the JSON pointer), then
// renders with runtime strictness: a lookup of a missing key the schema
// does not declare (a dynamic [key] of an object outside its declared
// names) is an unknown_variable error naming the path and its position,
// while a key the schema declares but the data leaves out reads as nil,
// like a key holding null; so does a key of an object that allows any key
// (free-form, additionalProperties: the check warns, undeclared_key) and a
// local the template binds on another path than the one taken (the check
// warns, maybe_unbound). Data valid against the schema never fails a
// template that passed the static check, except where the check warned
// that a filter or comparison may fail (may_fail). Output is all-or-nothing:
// an error returns no text. Limits on time (the context's deadline, looked
// at inside costly filters too), output size, the memory of values the
// render builds, loop
// iterations and partial depth are errors with their own codes, never
// truncations (see Limits). Numbers are bounded too: decimal text over
// 10,000 characters and arithmetic results over 2^20 bits are memory_limit
// errors, and big integers count against the memory budget. A value
// printed or compared with == is exact, or an error when it nests deeper
// than 1,000 levels (a Go value that contains itself). A panic, which would be a bug, is recovered at
// Compile and Render and reported as internal_error with its stack.
//
// In compat mode (Options.Compat) there is no strictness contract, and the
// engine renders as Shopify Liquid does: undefined variables print nothing,
// unknown filters return their input. Markup that only Shopify's default
// (lax) parser tolerates renders as that parser reads it, with a lax_syntax
// warning (see strict.Options.Lax); Options.StrictSyntax rejects it instead.
//
// Partials scope as in Shopify Liquid, in both modes. An include shares the
// caller's variables and binds its arguments one by one, so a later argument
// sees an earlier one. A render partial gets a fresh scope holding the
// template's global data (the map passed to Render: Liquid's static
// environment), the tag's arguments (evaluated in the caller's scope), its
// with/for value and, with for, forloop; the caller's local variables
// (assign, capture, counters, loop variables, include arguments) stay
// outside, and what the partial assigns does not leak back. An include
// inside a render partial is a render_error.
//
// Compiled templates are immutable and safe for concurrent use.
package render
