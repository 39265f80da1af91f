// Package codes holds shea's diagnostic codes: the constants the library
// reports with (codes.UnknownProperty, codes.ConfigInvalid, …), the class
// each belongs to, and the registry that documents every code for
// `shea explain`: what it means, how to fix it, and a small example
// project with the command that reports it.
//
// Codes are a public contract: tools match on them, and they never change
// meaning. Package diag, below this one, is the generic machinery
// (positions, lists, writers) and names no code; what it writes about a
// code beyond its name comes from here: the class of the JSON wire form
// (JSONOptions), and through the CLI the SARIF rules and the
// "(see: shea explain CODE)" hint.
//
// Every code belongs to one of the Symphony specification's error classes
// (ClassOf), which agent runners branch on: missing_workflow_file,
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
// render, reports it. FailureClass names the class of a whole failure.
//
// To add a code, see ARCHITECTURE.md, "Adding a diagnostic code":
// declare it in code.go and register it in registry.go; the tests fail
// on a code used anywhere in the module that is not registered.
package codes
