package codes

import "github.com/sheaproject/shea/diag"

// Temporary aliases while callers move to this package.

type Class = diag.Class
type Info = diag.Info

const (
	ClassTemplateParse        = diag.ClassTemplateParse
	ClassTemplateRender       = diag.ClassTemplateRender
	ClassMissingFile          = diag.ClassMissingFile
	ClassWorkflowParse        = diag.ClassWorkflowParse
	ClassNotAMap              = diag.ClassNotAMap
	ClassWorkflowConfig       = diag.ClassWorkflowConfig
	UnknownVariable           = diag.UnknownVariable
	UnknownProperty           = diag.UnknownProperty
	UnknownFilter             = diag.UnknownFilter
	FilterArguments           = diag.FilterArguments
	UnknownTag                = diag.UnknownTag
	UnclosedBlock             = diag.UnclosedBlock
	UnexpectedTag             = diag.UnexpectedTag
	SyntaxError               = diag.SyntaxError
	MissingPartial            = diag.MissingPartial
	PartialCycle              = diag.PartialCycle
	TemplateTooLarge          = diag.TemplateTooLarge
	PartialExpansionLimit     = diag.PartialExpansionLimit
	LaxSyntax                 = diag.LaxSyntax
	MaybeUnbound              = diag.MaybeUnbound
	UndeclaredKey             = diag.UndeclaredKey
	MayFail                   = diag.MayFail
	RenderError               = diag.RenderError
	ContextInvalid            = diag.ContextInvalid
	DeadlineExceeded          = diag.DeadlineExceeded
	OutputLimit               = diag.OutputLimit
	LoopLimit                 = diag.LoopLimit
	DepthLimit                = diag.DepthLimit
	MemoryLimit               = diag.MemoryLimit
	OsteeleParseError         = diag.OsteeleParseError
	OsteeleRenderError        = diag.OsteeleRenderError
	OsteeleOutputDiffers      = diag.OsteeleOutputDiffers
	MissingWorkflowFile       = diag.MissingWorkflowFile
	WorkflowParseError        = diag.WorkflowParseError
	WorkflowFrontMatterNotMap = diag.WorkflowFrontMatterNotMap
	ConfigInvalid             = diag.ConfigInvalid
	UnknownConfigKey          = diag.UnknownConfigKey
	MissingTemplateFile       = diag.MissingTemplateFile
	EmptyTemplateFile         = diag.EmptyTemplateFile
	EmptyWorkflow             = diag.EmptyWorkflow
	ResourceClosureError      = diag.ResourceClosureError
	PathOutsideRoot           = diag.PathOutsideRoot
	NotARegularFile           = diag.NotARegularFile
	ProtectedSectionOverride  = diag.ProtectedSectionOverride
	AppendPlainHeading        = diag.AppendPlainHeading
	InternalError             = diag.InternalError
)

func Lookup(c diag.Code) (Info, bool) { return diag.Lookup(c) }
func All() []Info                     { return diag.Codes() }
func ClassOf(c diag.Code) Class       { return c.Class() }
func FailureClass(l diag.List) Class  { return l.Class() }
func Bug(subject diag.Range, doing string, recovered any) *diag.Diagnostic {
	return diag.Bug(subject, doing, recovered)
}
