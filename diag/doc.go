// Package diag holds shea's diagnostics: positions, ranges, diagnostic values
// and the lists every library function returns.
//
// A problem in user input is never a Go error. It is a *Diagnostic with a
// severity, a stable snake_case Code, a one-line Summary, an optional Detail
// (where suggestions go), the Subject range it is about and any Related ranges
// (for example the lower layer a protected section came from). Functions that
// read user input return (T, List); List.Err is nil when the list holds no
// errors, so warnings never fail a caller.
//
// Every code belongs to one of the Symphony specification's error classes
// (Code.Class), which agent runners branch on: missing_workflow_file,
// workflow_parse_error, workflow_front_matter_not_a_map and
// workflow_config_error for the workflow file and its settings;
// template_parse_error for malformed template syntax (unknown_tag,
// unclosed_block, unexpected_tag, syntax_error) and templates that cannot be
// assembled (missing_partial, partial_cycle, template_too_large); and
// template_render_error for unknown variables, properties and filters
// (unknown_variable, unknown_property, unknown_filter, filter_arguments),
// bad data (context_invalid) and failures while rendering. The class
// follows the specification whenever shea finds the problem: an unknown
// variable is template_render_error even though the static check, not the
// render, reports it. List.Class names the class of a whole failure.
//
// Positions say their units: Line and Column count from 1 and Column counts
// bytes; Byte counts from 0. A Range is half-open: Start is the first byte of
// the subject and End is one past its last byte.
//
// The writers render a list for people (WriteText, with the source line and a
// caret, quoted in constant time however long the line, and control
// characters escaped; optionally grouping one mistake made in many places
// and showing a long detail once), for programs (WriteJSON, whose field
// names are a contract, one entry per place) and for code-scanning services
// (WriteSARIF, SARIF 2.1.0). Suggest picks the did-you-mean candidate every
// "unknown X" diagnostic offers; DidYouMean writes it into the detail, and
// Diagnostic.Suggestions reads it back for the JSON "suggestions" list.
package diag
