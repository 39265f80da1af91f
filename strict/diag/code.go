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

// Template codes found before rendering (class template_parse_error).
const (
	UnknownVariable  Code = "unknown_variable"
	UnknownProperty  Code = "unknown_property"
	UnknownFilter    Code = "unknown_filter"
	FilterArguments  Code = "filter_arguments"
	UnknownTag       Code = "unknown_tag"
	UnclosedBlock    Code = "unclosed_block"
	UnexpectedTag    Code = "unexpected_tag"
	SyntaxError      Code = "syntax_error"
	MissingPartial   Code = "missing_partial"
	PartialCycle     Code = "partial_cycle"
	TemplateTooLarge Code = "template_too_large"
	// PartialExpansionLimit: checking walked partials more times than
	// strict.Options.MaxPartialExpansions allows.
	PartialExpansionLimit Code = "partial_expansion_limit"
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
	ResourceClosureError      Code = "resource_closure_error"
	PathOutsideRoot           Code = "path_outside_root"
	NotARegularFile           Code = "not_a_regular_file"
	ProtectedSectionOverride  Code = "protected_section_override"
)

// Class returns the class the code belongs to.
func (c Code) Class() Class {
	if info, ok := codeInfo(c); ok {
		return info.Class
	}
	return ClassTemplateRender
}
