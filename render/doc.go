// Package render turns templates and data into text, or fails before any
// text exists.
//
// An Engine compiles templates. Compiling runs the static contract of
// package strict (every branch, every expression), so a template that fails
// it never gets further. shea then compiles its own checked syntax tree
// into a tree of nodes, each with a render method: literal text, an output
// (a compiled pipeline), a simple tag (assign, increment, cycle, include
// and render), or a block (if, unless, case, for, tablerow, capture,
// ifchanged) holding the compiled bodies of its clauses. Every expression,
// filter call and tag is Go code that applies Shopify Liquid's semantics
// and reports errors at the exact source positions strict recorded. The
// standard filters are implemented in the table of filters.go, one entry
// per filter of strict.StandardFilters, whose signatures (arguments and
// result kind) stay in strict for the checker; tests fail when the two
// tables disagree.
// Rendering walks the tree: each node writes to one writer, which counts
// every byte (captured text too) against the output limit, and returns the
// first error of its children; break and continue travel up the same way,
// as two sentinel errors that the enclosing loop stops (through blocks and
// include tags; a render partial and the template itself keep them). No
// other engine takes part: github.com/osteele/liquid is not on this path.
// It is the reference engine that tests and benchmarks compare against,
// and what `--engine osteele` uses to prove templates against osteele/liquid
// itself, for runners that render with it.
//
// Data may be Go values of any type JSON can encode: structs (by their
// json tags, omitempty honoured), pointers, maps, slices and time.Time.
// FromGo marshals them with encoding/json and decodes the JSON, so that a
// runner's own types are validated and rendered exactly like the same data
// decoded from JSON (a time.Time is its RFC 3339 string), with one
// exception: a nil slice or map is empty, not null (FromGoWith can also
// truncate times: GoOptions). A Go struct that does
// not fit the schema gets a context_invalid detail naming its type and the
// keys its fields became; NaN, an infinity and a value that contains itself
// are context_invalid errors at their pointer. DecodeJSON refuses a number
// beyond a float's range and data that would take more than 64 MiB
// decoded, with a *DataError that places the value.
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
// inside a render partial is a render_error. The with/for value is bound
// under the alias or the last segment of the partial's name ('dir/card'
// binds card); an include renders its partial once per item of an array,
// whether the array came with "with", with "for" or as the variable of the
// partial's name (Liquid 5.4), while render iterates only with "for".
//
// Compiled templates are safe for concurrent use; a render never depends on
// an earlier one.
package render
