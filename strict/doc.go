// Package strict is shea's Liquid front end: it reads a template the way
// Shopify Liquid 5 does, and checks it against the static strictness
// contract before anything renders.
//
// The model is a pipeline, each stage keeping exact source positions:
//
//   - Lexing splits the source into text, "{{ … }}" outputs and "{% … %}"
//     tags as Shopify's tokenizer does (a tag runs to the first "%}", an
//     output to the first "}}", a lone "}" or a "{%"). Tag markup and
//     output expressions are lexed again into expression tokens. Strings
//     have no escape sequences: a backslash is an ordinary character.
//   - Parsing builds a Template: a tree of Nodes (Text, Output, and one type
//     per tag) and Exprs (Literal, RangeLit, Path, Compare, Logical). Every
//     node, expression, path segment, filter and argument carries a Span,
//     whose Range is its diag.Range in the file the user edits: Parse takes
//     the position of the source's first byte, so a template embedded in a
//     workflow file reports that file's lines. (A Span holds byte offsets;
//     lines and columns are worked out when a range is asked for, which a
//     template that checks clean never does.) Whitespace control is applied to Text
//     nodes, and {% liquid %} statements are spliced into the body. Syntax
//     problems become diagnostics and parsing recovers at the next tag, so
//     one pass reports them all. Nesting (blocks, brackets, and/or chains,
//     liquid tags, partials) is bounded by ParseOptions.MaxNesting, so
//     hostile input gets a diagnostic instead of exhausting the stack.
//   - Scope analysis walks the tree in source order. Names a template binds
//     are local: assign and capture bind from the point assigned to the end
//     of the template; on a path where no binding has run yet (an if
//     without an else, a loop that runs no times, an earlier iteration)
//     the name reads as nil, and such a read is a maybe_unbound warning,
//     while a read before every binding is an error (flow.go). Loop
//     variables and forloop or
//     tablerowloop only inside their block, increment and decrement their
//     counter, include and render arguments inside the partial (an include
//     argument also for the arguments after it). Every other name is
//     external, and external names are global: a render partial sees the
//     template's inputs, but none of the caller's locals. An include inside
//     a render partial is an error, as in Liquid. self['name'] and self.name
//     (newer Liquid) are checked as the path that starts at name; self[key]
//     with a computed key is left to the renderer's runtime check.
//   - Schema resolution looks each external path up in the context Schema,
//     a JSON Schema object whose properties are the template's inputs:
//     properties through $ref, allOf, and the non-null branches of
//     anyOf/oneOf; items and [0]/[-1] on arrays; size, first and last where
//     Liquid answers them; additionalProperties and patternProperties for
//     open objects. A key whose value may be null is present, so reading it
//     is fine. A key an open object allows without declaring it is an
//     undeclared_key warning (it reads as nil when absent). An index or
//     .last on a value that may be an array or an object is an error: it
//     holds for one branch of the union only.
//   - Filters (filters.go): each call is checked against the filter's
//     FilterSig, the one table of a standard filter's argument counts,
//     keywords, result kind (Returns) and what makes it fail (Fails);
//     Options.Filters adds or replaces signatures. The checker types the
//     result by Returns, so a property read on what upcase returns is an
//     error. Package render keeps the implementations and tests them
//     against these signatures.
//   - Hazards (hazard.go): a filter or comparison that fails for a value
//     the schema allows (a divisor that may be 0 or nil, concat of nil,
//     a number compared with a string, sort of mixed items, …; for a
//     filter, as its signature's Fails says) is a may_fail warning naming
//     the value, unless an enclosing condition guards it ({% if x != 0 %},
//     {% if x > 0 %}, {% if x %} against nil).
//   - Truthiness traps (truthy.go): a condition whose truth the schema
//     decides (a bare array, true even when empty; a required value never
//     nil or false, always true) is a truthy_condition warning.
//
// Check runs the whole pipeline with Options and returns the Program (the
// template and every partial it reaches, each parsed once) and a sorted
// diag.List: unknown variables and properties with a did-you-mean, unknown
// filters and wrong argument counts, unknown and misplaced tags, syntax
// errors, missing partials and partial cycles. Every branch is checked,
// including those Shopify would only fail when they run, such as
// {% if false %}{{ typo }}{% endif %}. Options.Compat checks only what
// Shopify itself rejects; with Options.Lax too, what only Shopify's default
// (lax) parser tolerates is a lax_syntax warning instead of an error.
//
// The check costs time and memory linear in the template: the flow
// analysis keeps what every way out of a loop shares, not each way out,
// and the partial memo keys a partial's scope by a sum of hashes kept as
// the locals change. Its work is drawn from a Budget (budget.go), the
// time and work of a whole request shared by every check, smoke matrix
// and render made for it (validate, check, an editor's check); past it,
// or past Options.Timeout, the check halts with deadline_exceeded or
// work_limit.
//
// Analyze runs the same walk and reports what a template uses instead of
// what is wrong with it. CompileSchema builds context schemas (the
// workflow profiles' own live in package profile, above this one);
// Schema.Sample and Schema.Validate make and check rendering contexts, and
// Schema.Matrix the bounded matrix of schema-valid smoke inputs
// (matrix.go), saying which of its bounds it reached.
package strict
