package diag

import "sort"

// ExampleKind says what an Info.Example is.
type ExampleKind string

// The example kinds.
const (
	// ExampleTemplate is a standalone template, checked and rendered against
	// the symphony lane-prompt context (issue, attempt) with a sample issue.
	ExampleTemplate ExampleKind = "template"
	// ExampleWorkflow is a workflow file, validated as WORKFLOW.md in an
	// otherwise empty directory.
	ExampleWorkflow ExampleKind = "workflow"
	// ExampleContext is a template rendered with ExampleData as the issue.
	ExampleContext ExampleKind = "context"
)

// Info documents one code for `shea explain`.
type Info struct {
	Code    Code
	Class   Class
	Meaning string      // what the code means, one or two sentences
	Kind    ExampleKind // what Example is
	Example string      // input that produces exactly this code
	Data    string      // ExampleContext only: the issue JSON rendered with Example
	Fix     string      // how to fix it
}

var registry = []Info{
	{UnknownVariable, ClassTemplateParse,
		"The template reads a variable that is neither an input of this template nor bound by the template itself.",
		ExampleTemplate, "Working on {{ isue.title }}\n", "",
		"Fix the spelling, bind the name with assign or capture first, or declare it under template_context.schema."},
	{UnknownProperty, ClassTemplateParse,
		"The template reads a property that the input's schema does not declare, such as a misspelt field of issue.",
		ExampleTemplate, "{{ issue.titel }}\n", "",
		"Use one of the properties the schema declares (the detail suggests the closest), or extend the schema."},
	{UnknownFilter, ClassTemplateParse,
		"A filter name is not one of Liquid's standard filters nor one registered by the caller.",
		ExampleTemplate, "{{ issue.title | upcased }}\n", "",
		"Use a standard filter (the detail suggests the closest) or register the filter with the engine."},
	{FilterArguments, ClassTemplateParse,
		"A filter is given more or fewer arguments than it takes.",
		ExampleTemplate, "{{ issue.title | append }}\n", "",
		"Pass the arguments the filter takes; `shea explain filter_arguments` lists none, the summary names the count."},
	{UnknownTag, ClassTemplateParse,
		"A tag name is not a Liquid tag.",
		ExampleTemplate, "{% assing title = issue.title %}\n", "",
		"Use a Liquid tag (the detail suggests the closest) or write the text inside {% raw %}."},
	{UnclosedBlock, ClassTemplateParse,
		"A block tag such as if, for, case, capture or raw has no end tag, or a {{ or {% has no closing delimiter.",
		ExampleTemplate, "{% if issue.url %}\n{{ issue.url }}\n", "",
		"Add the end tag ({% endif %}, {% endfor %}, …) where the block should stop."},
	{UnexpectedTag, ClassTemplateParse,
		"A tag appears where it cannot: an end tag with no open block, else outside a block, or break outside a loop.",
		ExampleTemplate, "{{ issue.title }}\n{% endif %}\n", "",
		"Remove the stray tag or open the block it belongs to."},
	{SyntaxError, ClassTemplateParse,
		"An expression or tag argument is malformed.",
		ExampleTemplate, "{{ issue.title or \"untitled\" }}\n", "",
		"Write the expression in Liquid syntax; in output, use a filter such as default instead of and/or."},
	{MissingPartial, ClassTemplateParse,
		"An include or render tag names a partial that cannot be found in any template root.",
		ExampleTemplate, "{% render 'footer' %}\n", "",
		"Create the partial next to the template (footer.liquid or footer.md), or fix its name."},
	{PartialCycle, ClassTemplateParse,
		"Partials include each other in a cycle, which would never finish rendering.",
		ExampleWorkflow, "", "",
		"Break the cycle so that no partial includes itself, directly or through others."},
	{TemplateTooLarge, ClassTemplateParse,
		"A template file is larger than the configured size limit.",
		ExampleWorkflow, "", "",
		"Split the template into partials, or raise the limit if the size is intended."},
	{RenderError, ClassTemplateRender,
		"Rendering failed: a filter rejected its input, a value could not be used the way the template uses it, or a variable was missing at run time.",
		ExampleTemplate, "{{ attempt | divided_by: 0 }}\n", "",
		"Read the summary: it names the filter or tag and the value that failed. Guard the input with if, or fix the data."},
	{ContextInvalid, ClassTemplateRender,
		"The data supplied for rendering does not match the template's input schema, so nothing was rendered.",
		ExampleContext, "{{ issue.title }}\n", `{"id":"1","identifier":"ABC-1","title":42,"state":"Todo"}`,
		"Supply data of the declared shape: the summary names the JSON pointer and what was expected there."},
	{DeadlineExceeded, ClassTemplateRender,
		"Rendering ran past its deadline and was stopped; nothing was output.",
		ExampleTemplate, "", "",
		"Look for loops over very large ranges, or give the render more time."},
	{OutputLimit, ClassTemplateRender,
		"The rendered output grew past the output size limit; nothing was output.",
		ExampleTemplate, "", "",
		"Render less (limit loops, truncate large values) or raise the limit."},
	{LoopLimit, ClassTemplateRender,
		"Loops ran more iterations in total than the iteration limit allows; nothing was output.",
		ExampleTemplate, "{% for i in (1..100000000) %}{% endfor %}\n", "",
		"Bound the loop with limit:, or raise the limit if the data really is that large."},
	{DepthLimit, ClassTemplateRender,
		"Partials rendered inside partials went deeper than the depth limit.",
		ExampleTemplate, "", "",
		"Flatten the partial structure; deep nesting is usually accidental recursion."},
	{MissingWorkflowFile, ClassMissingFile,
		"The workflow file cannot be read.",
		ExampleWorkflow, "", "",
		"Check the path; `shea validate` without arguments reads ./WORKFLOW.md."},
	{WorkflowParseError, ClassWorkflowParse,
		"The YAML front matter of the workflow does not parse.",
		ExampleWorkflow, "---\ntracker:\n  kind: linear\n  active_states: [Todo\n---\nWork on {{ issue.title }}.\n", "",
		"Fix the YAML at the reported line; a closing bracket or quote is often missing."},
	{WorkflowFrontMatterNotMap, ClassNotAMap,
		"The front matter parses, but to a list or a scalar instead of a map of settings.",
		ExampleWorkflow, "---\n- tracker\n- polling\n---\nWork on {{ issue.title }}.\n", "",
		"Write the front matter as key: value settings."},
	{ConfigInvalid, ClassWorkflowConfig,
		"A setting has the wrong type or value, or a required setting is missing.",
		ExampleWorkflow, "---\ntracker:\n  kind: linear\npolling:\n  interval_ms: soon\n---\nWork on {{ issue.title }}.\n", "",
		"Give the setting a value of the type the summary names."},
	{UnknownConfigKey, ClassWorkflowConfig,
		"A front-matter key is not one the profile knows. This is a warning: both workflow specs allow extensions, but a typo here is silently ignored by runners.",
		ExampleWorkflow, "---\ntracker:\n  kind: linear\npoling:\n  interval_ms: 5000\n---\nWork on {{ issue.title }}.\n", "",
		"Fix the spelling (the detail suggests the closest key), or ignore the warning for a deliberate extension."},
	{MissingTemplateFile, ClassWorkflowConfig,
		"The workflow names a prompt, fragment or template file that does not exist.",
		ExampleWorkflow, "---\ntracker:\n  kind: memory\nprompts:\n  main_agent: prompts/main.md\n  review_agent: prompts/review.md\n  merge_agent: prompts/merge.md\n---\n", "",
		"Create the file or fix the path; paths are relative to the workflow file's directory."},
	{EmptyTemplateFile, ClassWorkflowConfig,
		"A referenced prompt or template file is empty, so the agent or the evidence record would receive nothing.",
		ExampleWorkflow, "", "",
		"Write the template, or remove the setting to use the default."},
	{ResourceClosureError, ClassWorkflowConfig,
		"The resource manifest cannot be resolved: an undeclared or unavailable group, a dependency cycle, or a missing or empty resource.",
		ExampleWorkflow, "---\ntracker:\n  kind: memory\nresources:\n  enabled_groups: [core]\n---\nWork on {{ issue.title }}.\n", "",
		"Fix the manifest or resources.enabled_groups as the summary says."},
	{PathOutsideRoot, ClassWorkflowConfig,
		"A path from the workflow or a layer leads outside the directory it must stay in (through .. or a symbolic link).",
		ExampleWorkflow, "---\ntracker:\n  kind: memory\nprompts:\n  main_agent: ../../outside.md\n  review_agent: ../../outside.md\n  merge_agent: ../../outside.md\n---\n", "",
		"Keep templates inside the repository; copy shared text in instead of pointing outside."},
	{ProtectedSectionOverride, ClassWorkflowConfig,
		"A higher prompt layer tries to remove or replace a section that a lower layer marked protected; the protected text is kept.",
		ExampleWorkflow, "", "",
		"Append to the protected section with an <!-- append --> override instead of replacing it."},
}

func codeInfo(c Code) (Info, bool) {
	for _, info := range registry {
		if info.Code == c {
			return info, true
		}
	}
	return Info{}, false
}

// Lookup returns the documentation of a code.
func Lookup(c Code) (Info, bool) { return codeInfo(c) }

// Codes returns the documentation of every code, sorted by code.
func Codes() []Info {
	out := append([]Info(nil), registry...)
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}
