package codes

import "github.com/sheaproject/shea/diag"

// Class is the Symphony error class a code belongs to. Agent runners that
// follow the Symphony spec branch on the class, not on the code.
type Class string

// The classes. The three workflow classes are also codes of their own.
const (
	ClassTemplateParse  Class = "template_parse_error"
	ClassTemplateRender Class = "template_render_error"
	ClassMissingFile    Class = "missing_workflow_file"
	ClassWorkflowParse  Class = "workflow_parse_error"
	ClassNotAMap        Class = "workflow_front_matter_not_a_map"
	ClassWorkflowConfig Class = "workflow_config_error"
)

// Template codes. shea finds all of these before rendering, but the class
// follows the Symphony specification, not the moment of discovery: a
// template that names something its inputs or the filters do not have
// (unknown variable, property or filter, or a filter called with the wrong
// number of arguments: an invalid interpolation) is template_render_error;
// malformed syntax, and a template that cannot be assembled (missing or
// cyclic partials, too large), is template_parse_error. The code keeps the
// detail.
const (
	UnknownVariable  diag.Code = "unknown_variable"   // template_render_error
	UnknownProperty  diag.Code = "unknown_property"   // template_render_error
	UnknownFilter    diag.Code = "unknown_filter"     // template_render_error
	FilterArguments  diag.Code = "filter_arguments"   // template_render_error
	UnknownTag       diag.Code = "unknown_tag"        // template_parse_error
	UnclosedBlock    diag.Code = "unclosed_block"     // template_parse_error
	UnexpectedTag    diag.Code = "unexpected_tag"     // template_parse_error
	SyntaxError      diag.Code = "syntax_error"       // template_parse_error
	MissingPartial   diag.Code = "missing_partial"    // template_parse_error
	PartialCycle     diag.Code = "partial_cycle"      // template_parse_error
	TemplateTooLarge diag.Code = "template_too_large" // template_parse_error
	// PartialExpansionLimit: checking walked partials more times than
	// strict.Options.MaxPartialExpansions allows (template_parse_error).
	PartialExpansionLimit diag.Code = "partial_expansion_limit"
	// LaxSyntax: markup that strict mode rejects but Shopify's default
	// (lax) parser tolerates, read in compat mode as Shopify reads it
	// (warning, template_parse_error).
	LaxSyntax diag.Code = "lax_syntax"
)

// Warnings of the static check about values that may not be what the
// template expects when it renders (class template_render_error). The
// template renders; these say where data valid against the schema, or a
// path through the template, gives nil or can make a filter or comparison
// fail.
const (
	// MaybeUnbound: a local variable may be read before any assign,
	// capture or increment of it has run on the path taken; it reads as
	// nil there.
	MaybeUnbound diag.Code = "maybe_unbound"
	// UndeclaredKey: a key the schema does not declare is read from an
	// object that allows any key; it reads as nil when absent.
	UndeclaredKey diag.Code = "undeclared_key"
	// MayFail: a filter or comparison fails for some value the schema
	// allows (a divisor that may be 0, null into concat, a number compared
	// with a string), and no enclosing condition rules that value out.
	MayFail diag.Code = "may_fail"
	// TruthyCondition: a condition whose truth the schema decides: a bare
	// array, which is true even when empty, or a value the schema requires
	// and never allows to be null or false, which is always true.
	TruthyCondition diag.Code = "truthy_condition"
	// AlwaysFails: a filter or comparison fails every time it renders,
	// whatever value the schema lets it see (concat of a value that is
	// never an array, < between a value that is always a number and one
	// that is always a string).
	AlwaysFails diag.Code = "always_fails"
)

// Codes found while rendering (class template_render_error).
const (
	RenderError      diag.Code = "render_error"
	ContextInvalid   diag.Code = "context_invalid"
	DeadlineExceeded diag.Code = "deadline_exceeded"
	OutputLimit      diag.Code = "output_limit"
	LoopLimit        diag.Code = "loop_limit"
	DepthLimit       diag.Code = "depth_limit"
	MemoryLimit      diag.Code = "memory_limit"
	// WorkLimit: a whole request (a validate, a check, an editor's
	// request) spent its budget of work (strict.Budget): its checks,
	// smoke matrices and renders together.
	WorkLimit diag.Code = "work_limit"
	// SmokeLimit: a warning; the smoke matrix of a schema reached one of
	// its bounds, so some schema-valid inputs were not tried.
	SmokeLimit diag.Code = "smoke_limit"
	// FrontMatterLimit: a warning; more front matter values hold Liquid
	// than are checked, and the rest were not checked.
	FrontMatterLimit diag.Code = "front_matter_limit"
)

// Codes of the osteele engine option (shea validate --engine osteele):
// what osteele/liquid itself, the engine many Go agent runners render
// with, makes of a template that shea's check passed.
const (
	// OsteeleParseError: osteele/liquid cannot parse the template, often
	// because it lacks a construct shea and Shopify Liquid accept
	// (template_parse_error).
	OsteeleParseError diag.Code = "osteele_parse_error"
	// OsteeleRenderError: osteele/liquid fails rendering the template with
	// a schema-valid smoke input (template_render_error).
	OsteeleRenderError diag.Code = "osteele_render_error"
	// OsteeleOutputDiffers: osteele/liquid renders a smoke input, but
	// prints something else than shea, which renders as Shopify Liquid
	// does (warning, template_render_error).
	OsteeleOutputDiffers diag.Code = "osteele_output_differs"
	// OsteeleVersionDiffers: the runner's go.mod requires another
	// osteele/liquid version than the one shea proves with, with known
	// differences (warning, workflow_config_error).
	OsteeleVersionDiffers diag.Code = "osteele_version_differs"
)

// InternalError is a bug in shea, not a problem in the input: a panic
// caught at a public entry point. Its detail carries the stack.
const InternalError diag.Code = "internal_error"

// Workflow codes.
const (
	MissingWorkflowFile       diag.Code = "missing_workflow_file"
	WorkflowParseError        diag.Code = "workflow_parse_error"
	WorkflowFrontMatterNotMap diag.Code = "workflow_front_matter_not_a_map"
	ConfigInvalid             diag.Code = "config_invalid"
	UnknownConfigKey          diag.Code = "unknown_config_key"
	UnknownTrackerKind        diag.Code = "unknown_tracker_kind"
	NarrowingIgnored          diag.Code = "narrowing_ignored"
	MissingTemplateFile       diag.Code = "missing_template_file"
	EmptyTemplateFile         diag.Code = "empty_template_file"
	EmptyWorkflow             diag.Code = "empty_workflow"
	ResourceClosureError      diag.Code = "resource_closure_error"
	PathOutsideRoot           diag.Code = "path_outside_root"
	NotARegularFile           diag.Code = "not_a_regular_file"
	ProtectedSectionOverride  diag.Code = "protected_section_override"
	AppendPlainHeading        diag.Code = "append_plain_heading"
)

// ClassOf returns the class the code belongs to; a code shea does not
// register is template_render_error.
func ClassOf(c diag.Code) Class {
	if info, ok := Lookup(c); ok {
		return info.Class
	}
	return ClassTemplateRender
}

// warnings are the codes shea reports as warnings unless a setting says
// otherwise (--strict-layers makes protected_section_override an error);
// every other code is an error. Each code's explain example shows it at
// this severity (cmd/shea's TestExplainExamples).
var warnings = map[diag.Code]bool{
	LaxSyntax: true, MaybeUnbound: true, UndeclaredKey: true, MayFail: true,
	OsteeleOutputDiffers: true, OsteeleVersionDiffers: true, UnknownConfigKey: true, ProtectedSectionOverride: true,
	AppendPlainHeading: true, TruthyCondition: true, UnknownTrackerKind: true,
	NarrowingIgnored: true, SmokeLimit: true, FrontMatterLimit: true,
}

// DefaultSeverity returns the severity the code is reported with unless a
// setting changes it: the default level of its SARIF rule.
func DefaultSeverity(c diag.Code) diag.Severity {
	if warnings[c] {
		return diag.Warning
	}
	return diag.Error
}

// FailureClass returns the class of the failure the list's errors describe: the
// first of missing_workflow_file, workflow_parse_error,
// workflow_front_matter_not_a_map, workflow_config_error,
// template_parse_error and template_render_error that any error belongs
// to, so that a problem that stops everything names the failure (a
// template with a syntax error and an unknown variable is a
// template_parse_error). Warnings do not count; a list without errors has
// the class "".
func FailureClass(l diag.List) Class {
	order := classOrder()
	best, rank := Class(""), len(order)
	for _, d := range l {
		if d == nil || d.Severity != diag.Error {
			continue
		}
		c := ClassOf(d.Code)
		for i, r := range order[:rank] {
			if r == c {
				best, rank = c, i
				break
			}
		}
	}
	return best
}

// classOrder ranks the classes for FailureClass, gravest first.
func classOrder() [6]Class {
	return [6]Class{ClassMissingFile, ClassWorkflowParse, ClassNotAMap, ClassWorkflowConfig, ClassTemplateParse, ClassTemplateRender}
}
