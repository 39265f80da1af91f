package diag

// Code is a stable snake_case identifier of a kind of problem. Codes are a
// public contract: tools match on them, and `shea explain CODE` documents each.
type Code string

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
	UnknownVariable  Code = "unknown_variable"   // template_render_error
	UnknownProperty  Code = "unknown_property"   // template_render_error
	UnknownFilter    Code = "unknown_filter"     // template_render_error
	FilterArguments  Code = "filter_arguments"   // template_render_error
	UnknownTag       Code = "unknown_tag"        // template_parse_error
	UnclosedBlock    Code = "unclosed_block"     // template_parse_error
	UnexpectedTag    Code = "unexpected_tag"     // template_parse_error
	SyntaxError      Code = "syntax_error"       // template_parse_error
	MissingPartial   Code = "missing_partial"    // template_parse_error
	PartialCycle     Code = "partial_cycle"      // template_parse_error
	TemplateTooLarge Code = "template_too_large" // template_parse_error
	// PartialExpansionLimit: checking walked partials more times than
	// strict.Options.MaxPartialExpansions allows (template_parse_error).
	PartialExpansionLimit Code = "partial_expansion_limit"
	// LaxSyntax: markup that strict mode rejects but Shopify's default
	// (lax) parser tolerates, read in compat mode as Shopify reads it
	// (warning, template_parse_error).
	LaxSyntax Code = "lax_syntax"
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
	MaybeUnbound Code = "maybe_unbound"
	// UndeclaredKey: a key the schema does not declare is read from an
	// object that allows any key; it reads as nil when absent.
	UndeclaredKey Code = "undeclared_key"
	// MayFail: a filter or comparison fails for some value the schema
	// allows (a divisor that may be 0, null into concat, a number compared
	// with a string), and no enclosing condition rules that value out.
	MayFail Code = "may_fail"
)

// Codes found while rendering (class template_render_error).
const (
	RenderError      Code = "render_error"
	ContextInvalid   Code = "context_invalid"
	DeadlineExceeded Code = "deadline_exceeded"
	OutputLimit      Code = "output_limit"
	LoopLimit        Code = "loop_limit"
	DepthLimit       Code = "depth_limit"
	MemoryLimit      Code = "memory_limit"
)

// Codes of the osteele engine option (shea validate --engine osteele):
// what osteele/liquid itself, the engine many Go agent runners render
// with, makes of a template that shea's check passed.
const (
	// OsteeleParseError: osteele/liquid cannot parse the template, often
	// because it lacks a construct shea and Shopify Liquid accept
	// (template_parse_error).
	OsteeleParseError Code = "osteele_parse_error"
	// OsteeleRenderError: osteele/liquid fails rendering the template with
	// a schema-valid smoke input (template_render_error).
	OsteeleRenderError Code = "osteele_render_error"
	// OsteeleOutputDiffers: osteele/liquid renders a smoke input, but
	// prints something else than shea, which renders as Shopify Liquid
	// does (warning, template_render_error).
	OsteeleOutputDiffers Code = "osteele_output_differs"
)

// InternalError is a bug in shea, not a problem in the input: a panic
// caught at a public entry point. Its detail carries the stack.
const InternalError Code = "internal_error"

// Workflow codes.
const (
	MissingWorkflowFile       Code = "missing_workflow_file"
	WorkflowParseError        Code = "workflow_parse_error"
	WorkflowFrontMatterNotMap Code = "workflow_front_matter_not_a_map"
	ConfigInvalid             Code = "config_invalid"
	UnknownConfigKey          Code = "unknown_config_key"
	MissingTemplateFile       Code = "missing_template_file"
	EmptyTemplateFile         Code = "empty_template_file"
	EmptyWorkflow             Code = "empty_workflow"
	ResourceClosureError      Code = "resource_closure_error"
	PathOutsideRoot           Code = "path_outside_root"
	NotARegularFile           Code = "not_a_regular_file"
	ProtectedSectionOverride  Code = "protected_section_override"
	AppendPlainHeading        Code = "append_plain_heading"
)

// Class returns the class the code belongs to.
func (c Code) Class() Class {
	if info, ok := codeInfo(c); ok {
		return info.Class
	}
	return ClassTemplateRender
}

// Class returns the class of the failure the list's errors describe: the
// first of missing_workflow_file, workflow_parse_error,
// workflow_front_matter_not_a_map, workflow_config_error,
// template_parse_error and template_render_error that any error belongs
// to, so that a problem that stops everything names the failure (a
// template with a syntax error and an unknown variable is a
// template_parse_error). Warnings do not count; a list without errors has
// the class "".
func (l List) Class() Class {
	order := classOrder()
	best, rank := Class(""), len(order)
	for _, d := range l {
		if d == nil || d.Severity != Error {
			continue
		}
		c := d.Code.Class()
		for i, r := range order[:rank] {
			if r == c {
				best, rank = c, i
				break
			}
		}
	}
	return best
}

// classOrder ranks the classes for List.Class, gravest first.
func classOrder() [6]Class {
	return [6]Class{ClassMissingFile, ClassWorkflowParse, ClassNotAMap, ClassWorkflowConfig, ClassTemplateParse, ClassTemplateRender}
}
