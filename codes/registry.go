package codes

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sheaproject/shea/diag"
)

// Info documents one code for `shea explain`.
type Info struct {
	Code    diag.Code
	Class   Class
	Meaning string // what the code means, one or two sentences
	Fix     string // how to fix it
	// Example is a small project that produces exactly this code: files in
	// txtar form ("-- name --" lines, each followed by the file's text),
	// shown by running Command in a directory holding them.
	Example string
	Command string // e.g. "shea check prompt.md"
}

const issueJSON = `{"issue": {"id": "1", "identifier": "ABC-1", "title": "Fix the login page", "state": "Todo", "labels": []}, "attempt": 2}`

var registry = []Info{
	{UnknownVariable, ClassTemplateRender,
		"The template reads a variable that is neither an input of this template nor bound by the template itself. At render time: a key missing from the data that the schema does not declare (a key of a free-form object); a declared key the data leaves out reads as nil instead.",
		"Fix the spelling, bind the name with assign or capture first, or declare it under template_context.schema.",
		"-- prompt.md --\nWorking on {{ isue.title }}\n", "shea check --profile symphony prompt.md"},
	{UnknownProperty, ClassTemplateRender,
		"The template reads a property that the input's schema does not declare, such as a misspelt field of issue.",
		"Use one of the properties the schema declares (the detail suggests the closest), or declare it: template_context.schema or --context-schema add properties to issue (issue.comments) without replacing the profile's.",
		"-- prompt.md --\n{{ issue.titel }}\n", "shea check --profile symphony prompt.md"},
	{UnknownFilter, ClassTemplateRender,
		"A filter name is not one of Liquid's standard filters nor one registered by the caller.",
		"Use a standard filter (the detail suggests the closest) or register the filter with the engine.",
		"-- prompt.md --\n{{ issue.title | upcased }}\n", "shea check --profile symphony prompt.md"},
	{LaxSyntax, ClassTemplateParse,
		"A warning in compat mode: the markup is something strict mode rejects but Shopify's default (lax) parser tolerates, such as && or || in a condition, => or other words after a value, (1...5), a trailing comma after filter arguments, or a colon after a filter with no arguments. Compat mode renders it as Shopify does, which often means ignoring part of it: {% if a && b %} tests only a.",
		"Write what strict mode accepts: and/or instead of &&/||, (1..5), no trailing comma or colon, nothing after the value.",
		"-- t.liquid --\n{{ x | upcase: -}}\n-- data.json --\n{}\n", "shea render --template t.liquid --context data.json --compat"},
	{MaybeUnbound, ClassTemplateRender,
		"A warning: the template reads a variable it binds itself (assign, capture, increment) at a point that some path reaches before any binding of it has run, such as after an if without an else, a loop whose collection may be empty, or an earlier iteration of the loop that binds it. On such a path it renders as nil, as in Liquid.",
		"Bind the name on every path before the read ({% assign summary = nil %} near the top, or an else branch), or move the read inside the branch that binds it.",
		"-- prompt.md --\n{% if issue.description %}{% assign summary = issue.description | truncate: 80 %}{% endif %}\nSummary: {{ summary }}\n", "shea check --profile symphony prompt.md"},
	{UndeclaredKey, ClassTemplateRender,
		"A warning: the template reads a key the schema does not declare from an object whose schema allows any key (no properties declared, or additionalProperties). Data valid against the schema may leave the key out; the read then renders as nil.",
		"Declare the key in template_context.schema (or --context-schema) with its type, so that a misspelling becomes an error and the key's shape is checked.",
		"-- prompt.md --\nTeam: {{ issue.native_ref.team }}\n", "shea check --profile symphony prompt.md"},
	{MayFail, ClassTemplateRender,
		"A warning: a filter or a comparison fails when it renders for some value the schema allows, and no enclosing condition rules that value out: divided_by or modulo by a value that may be 0 or nil (0 is truthy, so {% if x %} does not rule it out), concat of a value that may be nil or not an array, < or > between a number and a string, sort of items that mix numbers and strings or do not compare (objects, arrays, booleans), a length for slice, truncate or truncatewords that may be nil or not an integer, base64_decode of free text; also such a use of a value whose type the checker does not know (a key of a free-form object). A template with this warning may fail to render for some valid data; the smoke renders of validate try boundary values.",
		"Guard the use with the condition the detail names ({% if issue.priority != 0 %} around a division), narrow the schema (minimum, required, a single type), or use a literal.",
		"-- prompt.md --\nShare: {{ 100 | divided_by: issue.priority }}%\n", "shea check --profile symphony prompt.md"},
	{TruthyCondition, ClassTemplateRender,
		"A warning: a condition's truth is decided by the schema, not the data. In Liquid only nil and false are false, so {% if issue.labels %} is true for an empty array too (the section it guards prints empty), and a condition on a value the schema requires and never allows to be null or false (a required string, number or object) is always true: an empty string, 0 and an empty object are true.",
		"Test what is meant: issue.labels.size > 0 for a non-empty array, issue.title != empty for a non-empty string, issue.priority != 0 for a number; or drop a condition that can only be true.",
		"-- prompt.md --\n{% if issue.labels %}## Labels\n{{ issue.labels | join: \", \" }}{% endif %}\n", "shea check --profile symphony prompt.md"},
	{AlwaysFails, ClassTemplateRender,
		"A filter or a comparison fails every time it renders, whatever the data: concat of a value that is never an array (a string literal, a field the schema types as a string), < or > between a value that is always a number and one that is always a string. Unlike may_fail, no guard makes it render, so it is an error on every branch, as an unknown property is.",
		"Give the filter what it takes (concat an array: split a string first), or compare values of one type ({% if issue.priority > 2 %}).",
		"-- prompt.md --\n{{ issue.labels | concat: \"urgent\" | join: \", \" }}\n", "shea check --profile symphony prompt.md"},
	{FilterArguments, ClassTemplateRender,
		"A filter is given more or fewer arguments than it takes.",
		"Pass the arguments the filter takes; the summary says how many that is.",
		"-- prompt.md --\n{{ issue.title | append }}\n", "shea check --profile symphony prompt.md"},
	{UnknownTag, ClassTemplateParse,
		"A tag name is not a Liquid tag.",
		"Use a Liquid tag (the detail suggests the closest) or write the text inside {% raw %}.",
		"-- prompt.md --\n{% assing title = issue.title %}\n", "shea check --profile symphony prompt.md"},
	{UnclosedBlock, ClassTemplateParse,
		"A block tag such as if, for, case, capture or raw has no end tag, or a {{ or {% has no closing delimiter.",
		"Add the end tag ({% endif %}, {% endfor %}, …) where the block should stop, or close the delimiter.",
		"-- prompt.md --\n{% if issue.url %}\n{{ issue.url }}\n", "shea check --profile symphony prompt.md"},
	{UnexpectedTag, ClassTemplateParse,
		"A tag appears where it cannot: an end tag with no open block, else outside a block, or break outside a loop.",
		"Remove the stray tag or open the block it belongs to.",
		"-- prompt.md --\n{{ issue.title }}\n{% endif %}\n", "shea check --profile symphony prompt.md"},
	{SyntaxError, ClassTemplateParse,
		"An expression or tag argument is malformed. When the template's errors sit on constructs of another template language ({{#items}} of Mustache, {{ .Title }} of Go templates, {% set %} of Jinja), the first error says which it looks like.",
		"Write the expression in Liquid syntax; in output, use a filter such as default instead of and/or.",
		"-- prompt.md --\n{{ issue.title or \"untitled\" }}\n", "shea check --profile symphony prompt.md"},
	{MissingPartial, ClassTemplateParse,
		"An include or render tag names a partial that cannot be found.",
		"Create the partial next to the template (footer.liquid or footer.md), or fix its name.",
		"-- prompt.md --\n{{ issue.title }}\n{% render 'footer' %}\n", "shea check --profile symphony prompt.md"},
	{PartialCycle, ClassTemplateParse,
		"Partials include each other in a cycle, which would never finish rendering.",
		"Break the cycle so that no partial includes itself, directly or through others.",
		"-- prompt.md --\n{% include 'header' %}\n-- header.md --\n# {{ issue.title }}\n{% include 'links' %}\n-- links.md --\n{% include 'header' %}\n",
		"shea check --profile symphony prompt.md"},
	{TemplateTooLarge, ClassTemplateParse,
		"A template or partial is larger than the template size limit.",
		"Split the template into partials, or raise the limit if the size is intended.",
		"-- prompt.md --\nWork on {{ issue.identifier }}: {{ issue.title }}, and explain every step you take.\n-- context.json --\n" + issueJSON + "\n",
		"shea render --max-template-bytes 64 --template prompt.md --context context.json"},
	{PartialExpansionLimit, ClassTemplateParse,
		"Checking walked partials more times than the bound allows, and stopped. Each include is checked in the scope it appears in, so includes in many loops or branches, of partials that include others the same way, multiply.",
		"Include fewer partials from loops and branches, use render (whose partial sees only its arguments and is checked once), or flatten the include tree.",
		expansionExample(), "shea check --profile symphony prompt.md"},
	{RenderError, ClassTemplateRender,
		"Rendering failed: a filter rejected its input, or a value could not be used the way the template uses it.",
		"Read the summary: it names the filter or tag and the value that failed. Guard the input with if, or fix the data.",
		"-- prompt.md --\nRetry {{ attempt | divided_by: 0 }}\n-- context.json --\n" + issueJSON + "\n",
		"shea render --template prompt.md --context context.json"},
	{ContextInvalid, ClassTemplateRender,
		"The data supplied for rendering does not match the template's input schema, so nothing was rendered. As a warning (the lane still renders): shea render --run-context given for a lane without a turn block, since nothing in such a lane reads the run context.",
		"Supply data of the declared shape: the summary names the JSON pointer and what was expected there.",
		"-- prompt.md --\n{{ issue.title }}\n-- context.json --\n{\"issue\": {\"id\": \"1\", \"identifier\": \"ABC-1\", \"title\": 42, \"state\": \"Todo\"}}\n",
		"shea render --profile symphony --template prompt.md --context context.json"},
	{DeadlineExceeded, ClassTemplateRender,
		"Rendering ran past its deadline and was stopped; nothing was output.",
		"Look for loops over very large ranges, or give the render more time.",
		"-- prompt.md --\n{% for i in (1..1000000000) %}{% endfor %}\n-- context.json --\n" + issueJSON + "\n",
		"shea render --timeout 5ms --max-iterations 2000000000 --template prompt.md --context context.json"},
	{OutputLimit, ClassTemplateRender,
		"The rendered output grew past the output size limit; nothing was output.",
		"Render less (limit loops, truncate large values) or raise the limit.",
		"-- prompt.md --\n{% for i in (1..100) %}{{ issue.title }}{% endfor %}\n-- context.json --\n" + issueJSON + "\n",
		"shea render --max-output-bytes 1000 --template prompt.md --context context.json"},
	{LoopLimit, ClassTemplateRender,
		"Loops ran more iterations in total than the iteration limit allows; nothing was output.",
		"Bound the loop with limit:, or raise the limit if the data really is that large. Where a loop's range ends at an input, (1..issue.priority), give that input a maximum in its schema (template_context.schema): the detail names it.",
		"-- prompt.md --\n{% for i in (1..50) %}{% for j in (1..50) %}.{% endfor %}{% endfor %}\n-- context.json --\n" + issueJSON + "\n",
		"shea render --max-iterations 1000 --template prompt.md --context context.json"},
	{DepthLimit, ClassTemplateRender,
		"Partials rendered inside partials went deeper than the depth limit.",
		"Flatten the partial structure; deep nesting is usually accidental.",
		"-- prompt.md --\n{% render 'section' %}\n-- section.md --\n{% render 'item' %}\n-- item.md --\n{% render 'detail' %}\n-- detail.md --\ndetail\n-- context.json --\n" + issueJSON + "\n",
		"shea render --max-depth 2 --template prompt.md --context context.json"},
	{MemoryLimit, ClassTemplateRender,
		"Values built while rendering (strings and arrays made by filters, and what assign and capture hold) would pass the memory limit; nothing was output.",
		"Look for values that grow on each step, such as an assign that appends a variable to itself in a loop, or raise the limit.",
		"-- prompt.md --\n{% assign t = issue.title %}{% for i in (1..20) %}{% assign t = t | append: t %}{% endfor %}{{ t | size }}\n-- context.json --\n" + issueJSON + "\n",
		"shea render --max-memory 100000 --template prompt.md --context context.json"},
	{WorkLimit, ClassTemplateRender,
		"A whole run (a validate, a check, an editor's check) spent its budget of work: its static checks, smoke matrices and renders together (a unit is a node checked, a step of the flow analysis, a smoke value, a loop iteration, about a kilobyte of filter work). The template at hand failed, and the templates not yet rendered are named in one diagnostic. deadline_exceeded is the same for the run's time (--total-timeout).",
		"Look for a template whose renders loop long, rendered with every smoke input, or give the run more work with --max-work.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\n---\n{% for i in (1..5000) %}.{% endfor %}{{ issue.title }}\n",
		"shea validate --max-work 1000 WORKFLOW.md"},
	{SmokeLimit, ClassTemplateRender,
		"A warning: the smoke matrix of a template's inputs reached one of its bounds (512 boundary inputs, 2,000 values in one input, values nested 8 deep, 250,000 values validated, a schema whose smallest valid input passes 100,000 values), so some schema-valid inputs were not tried. The detail says which. The static check is not affected.",
		"Nothing must change: the inputs tried still pass. To try more, split a large schema, or pass the inputs the runner really sends as Options.Samples.",
		smokeLimitExample(), "shea validate WORKFLOW.md"},
	{FrontMatterLimit, ClassWorkflowConfig,
		"A warning: more than 256 front matter values hold Liquid ({{ or {%) without being templates shea knows; the first 256 are checked with the lane prompt's inputs, the rest are not, and this warning names the first left out.",
		"Declare the values the runner renders under template_context.templates: each is then checked and smoke-rendered.",
		frontMatterLimitExample(), "shea validate --disable unknown_config_key WORKFLOW.md"},
	{OsteeleParseError, ClassTemplateParse,
		"With --engine osteele (or shea: {engine: osteele}): osteele/liquid v1.9.2, the engine many Go agent runners render prompts with, cannot parse a template that shea accepts. Often the template uses a construct osteele lacks, such as {% liquid %}, {% echo %}, {% increment %}, {% doc %}, {% ifchanged %} or elsif inside unless; the summary names it and quotes osteele.",
		"Rewrite the construct in the Liquid osteele understands (the detail says how), or drop --engine osteele if the runner does not render with osteele.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\n---\n{% liquid\n  echo issue.title\n%}\n", "shea validate --engine osteele WORKFLOW.md"},
	{OsteeleRenderError, ClassTemplateRender,
		"With --engine osteele: osteele/liquid v1.9.2 parses the template but fails to render it with a schema-valid smoke input that shea renders, for instance a filter osteele does not have (base64_encode), a value its filter cannot take, or a variable it calls undefined (empty, blank).",
		"Read osteele's words in the summary and change the template to what osteele renders too; the detail names the smoke input.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\n---\n{{ issue.title | base64_encode }}\n", "shea validate --engine osteele WORKFLOW.md"},
	{OsteeleOutputDiffers, ClassTemplateRender,
		"A warning with --engine osteele: osteele/liquid v1.9.2 renders a smoke input, but its output differs from shea's (which is Shopify Liquid's). The position is where the first difference comes from, as near as shea can tell; the detail shows both outputs around it. Typical causes: floats (osteele prints 6 where Shopify prints 6.0), .size of a non-ASCII string (osteele counts bytes), inline {% # %} comments (osteele prints them as text).",
		"Write the template so that both engines print the same (an integer or a string where a float prints differently, no inline comment), or, when osteele's output is what the agent should get, leave the warning out with shea: {disable: [osteele_output_differs]}.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\n---\nEstimate: {{ 2.0 | times: 3 }} days for {{ issue.title }}.\n", "shea validate --engine osteele WORKFLOW.md"},
	{OsteeleVersionDiffers, ClassWorkflowConfig,
		"A warning with --engine osteele: the go.mod governing the workflow's directory (the runner's module) requires another osteele/liquid version than v1.9.2, the one shea proves with, and that version is known to render differently (a nil field undefined under StrictVariables before v1.9.1, no render tag or where filter before v1.9.0, ...). The detail lists each known difference; readback's prompt_engine line has runner_version and go_mod.",
		"Move the runner to osteele/liquid v1.9.2 (go get github.com/osteele/liquid@v1.9.2, then run its tests), or keep its version, prove with it (shea validate --osteele-version v1.8.1 WORKFLOW.md builds a prover for it with the go command, offline from the module cache) and write the templates for what it does (the detail and README's \"Runners that render with osteele/liquid\" list it).",
		"-- go.mod --\nmodule example.com/runner\n\ngo 1.25\n\nrequire github.com/osteele/liquid v1.8.1\n-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\nshea:\n  engine: osteele\n---\nWork on {{ issue.title }}.\n", "shea validate WORKFLOW.md"},
	{InternalError, ClassTemplateRender,
		"shea itself failed: a bug, not a problem in your files. The detail holds the stack; SHEA_DEBUG=1 prints it with text output, --format json always carries it.",
		"Please report it with the input that caused it and the stack. Meanwhile, changing the construct the position points at may avoid it.",
		"", ""},
	{MissingWorkflowFile, ClassMissingFile,
		"The workflow file cannot be read.",
		"Check the path. `shea validate` without arguments finds WORKFLOW.md and .shea/workflows/*.md at the repository root.",
		"-- README.md --\nNo workflow here.\n", "shea validate WORKFLOW.md"},
	{WorkflowParseError, ClassWorkflowParse,
		"The YAML front matter of the workflow does not parse.",
		"Fix the YAML at the reported line; a closing bracket or quote is often missing.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\n  active_states: [Todo\n---\nWork on {{ issue.title }}.\n",
		"shea validate WORKFLOW.md"},
	{WorkflowFrontMatterNotMap, ClassNotAMap,
		"The front matter parses, but to a list or a scalar instead of a map of settings.",
		"Write the front matter as key: value settings.",
		"-- WORKFLOW.md --\n---\n- tracker\n- polling\n---\nWork on {{ issue.title }}.\n",
		"shea validate WORKFLOW.md"},
	{ConfigInvalid, ClassWorkflowConfig,
		"A setting has the wrong type or value, or a required setting is missing.",
		"Give the setting a value of the type the summary names. A Symphony port with its own config layout (tracker.type, platforms:, projects:) can have these reported as warnings, its templates still checked: --lenient-config, or shea: {lenient_config: true} in the front matter.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\npolling:\n  interval_ms: soon\n---\nWork on {{ issue.title }}.\n",
		"shea validate WORKFLOW.md"},
	{UnknownConfigKey, ClassWorkflowConfig,
		"A front-matter key is not one the profile knows. This is a warning: both workflow specs allow extensions, but runners silently ignore a misspelt key.",
		"Fix the spelling (the detail suggests the closest key). For a deliberate extension, turn the warning off with --disable unknown_config_key, or in the workflow with shea: {disable: [unknown_config_key]}.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\npoling:\n  interval_ms: 5000\n---\nWork on {{ issue.title }}.\n",
		"shea validate WORKFLOW.md"},
	{NarrowingIgnored, ClassWorkflowConfig,
		"A warning: template_context.schema says the issue (or the inputs) take no other properties (additionalProperties: false), but it extends the profile's inputs, so every field of the profile's issue model stays readable: the narrower contract the schema states does not hold.",
		"To make the schema the whole issue model, set template_context.issue_model: replace; to extend the profile's model, drop additionalProperties: false.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\ntemplate_context:\n  schema:\n    properties:\n      issue:\n        properties:\n          title: {type: string}\n        additionalProperties: false\n---\nWork on {{ issue.title }}.\n",
		"shea validate WORKFLOW.md"},
	{UnknownTrackerKind, ClassWorkflowConfig,
		"A Symphony workflow's tracker.kind is a near miss of a tracker kind shea knows (linear, github_project_v2, memory): a runner would reject it at dispatch, or pick no adapter. This is a warning: the spec leaves the kinds to the runner, and ports add their own.",
		"Fix the spelling (the detail suggests the kind). For a port's own kind, turn the warning off with --disable unknown_tracker_kind, or in the workflow with shea: {disable: [unknown_tracker_kind]}.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: lienar\n---\nWork on {{ issue.title }}.\n",
		"shea validate WORKFLOW.md"},
	{MissingTemplateFile, ClassWorkflowConfig,
		"The workflow names a prompt, fragment or template file that does not exist.",
		"Create the file or fix the path; paths are relative to the workflow file's directory.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: memory\nprompts:\n  main_agent: prompts/main.md\n  review_agent: prompts/review.md\n  merge_agent: prompts/merge.md\n---\nLanes are in prompts/.\n",
		"shea validate WORKFLOW.md"},
	{EmptyTemplateFile, ClassWorkflowConfig,
		"A referenced prompt or template file is empty, so the agent or the evidence record would receive nothing.",
		"Write the template, or remove the setting to use the default.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: memory\nprompts:\n  main_agent: prompts/main.md\n  review_agent: prompts/main.md\n  merge_agent: prompts/main.md\n---\nLanes are in prompts/.\n-- prompts/main.md --\n",
		"shea validate WORKFLOW.md"},
	{EmptyWorkflow, ClassWorkflowConfig,
		"The workflow's body is empty where it is the prompt: a symphony workflow's body is its one prompt, and a shea workflow without a prompts key gives its body to all three lanes. A runner would launch the agent with nothing, or with a default it substitutes silently.",
		"Write the prompt in the body, below the front matter; a shea workflow may instead name its lane prompt files under prompts. When the runner supplies its own default prompt for an empty body (Symphony's spec allows it), a symphony workflow says so with shea: {empty_body: runner_default}, and a Go runner gives the text as workflows.Options.DefaultPrompt.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\n---\n",
		"shea validate WORKFLOW.md"},
	{ResourceClosureError, ClassWorkflowConfig,
		"The resource manifest cannot be resolved: an undeclared or unavailable group, a dependency cycle, or a missing or empty resource.",
		"Fix the manifest or resources.enabled_groups as the summary says.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: memory\nresources:\n  enabled_groups: [core]\n---\nWork on {{ issue.title }}.\n",
		"shea validate --profile shea WORKFLOW.md"},
	{PathOutsideRoot, ClassWorkflowConfig,
		"A path from the workflow or a layer leads outside the directory it must stay in (through .. or a symbolic link).",
		"Keep templates inside the repository; copy shared text in instead of pointing outside.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: memory\nprompts:\n  main_agent: ../outside.md\n  review_agent: ../outside.md\n  merge_agent: ../outside.md\n---\nLanes live elsewhere.\n",
		"shea validate WORKFLOW.md"},
	{NotARegularFile, ClassWorkflowConfig,
		"A file shea was asked to read is a named pipe (FIFO), a device or a socket, not a regular file. shea reads only regular files, so that a FIFO cannot hang a check and a device such as /dev/zero cannot feed it without end.",
		"Point the setting or the argument at a regular file; pass generated data through --issue -, --context - or --values - (stdin) instead.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: memory\ntemplate_context:\n  schema: /dev/null\n---\nWork on {{ issue.title }}.\n",
		"shea validate --root / WORKFLOW.md"},
	{ProtectedSectionOverride, ClassWorkflowConfig,
		"A higher prompt layer tries to remove or replace a section that a lower layer marked protected; the protected text is kept. A warning, or an error with --strict-layers. A layer that hides a protected section from the rendered prompt is always an error, at the tag that opened the block: a comment or raw block opened before the section (found when the layers are merged), or a condition that is false or a capture never printed around it (found by the render, validate's smoke renders included, which checks that each line of a protected section reaches the prompt; a line with Liquid on it by its text between the Liquid parts, in order).",
		"Append to the protected section with an <!-- append --> override instead of replacing it; close any Liquid block before the protected section's heading.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: memory\nprompts:\n  main_agent: prompts/main-agent.md\n  review_agent: prompts/review-agent.md\n  merge_agent: prompts/merge-agent.md\ncomposition:\n  project: prompts\n---\nComposed lanes.\n-- prompts/main-agent.md --\n# Main\n\nImplement {{ issue.title }}.\n-- prompts/review-agent.md --\n# Review\n\nReview {{ issue.title }}.\n-- prompts/merge-agent.md --\n# Merge\n\nMerge {{ issue.title }}.\n",
		"shea validate WORKFLOW.md"},
	{AppendPlainHeading, ClassWorkflowConfig,
		"A plain \"## Heading\" in an <!-- append --> prompt layer file repeats a section of the lower layer. Append files follow worca: text before the first \"## Override:\" block (or a file with no block) is appended to the end of the lower file, and a plain heading inside a block is part of that block's text. Both are valid; this warning is given only when the plain heading matches a lower section, because the prompt then holds two sections of that heading, which is likely a mistake for \"## Override: Heading\".",
		"To merge into the lower section, write \"## Override: Heading\"; to add a separate section, give it a heading of its own.",
		"-- WORKFLOW.md --\n---\ntracker:\n  kind: memory\nprompts:\n  main_agent: prompts/main-agent.md\n  review_agent: prompts/review-agent.md\n  merge_agent: prompts/merge-agent.md\ncomposition:\n  project: prompts\n---\nComposed lanes.\n-- prompts/main-agent.md --\n<!-- append -->\n## Scope\n\n- Keep the diff small.\n-- prompts/review-agent.md --\n<!-- append -->\nBe brief.\n-- prompts/merge-agent.md --\n<!-- append -->\nBe careful.\n",
		"shea validate WORKFLOW.md"},
}

// expansionExample is four partials, each including the next from ten
// loops that bind different names: 11,110 walks.
func expansionExample() string {
	var b strings.Builder
	b.WriteString("-- prompt.md --\n{% include 'p1' %}\n")
	for i := 1; i <= 4; i++ {
		fmt.Fprintf(&b, "-- p%d.md --\n", i)
		for _, v := range "abcdefghij" {
			fmt.Fprintf(&b, "{%% for %c%d in (1..2) %%}{%% include 'p%d' %%}{%% endfor %%}", v, i, i+1)
		}
		b.WriteString("\n")
	}
	b.WriteString("-- p5.md --\n.\n")
	return b.String()
}

// smokeLimitExample declares an input of 100 integer properties: six
// boundary values each are more than the matrix's 512 boundary inputs.
func smokeLimitExample() string {
	var b strings.Builder
	b.WriteString("-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\ntemplate_context:\n  schema:\n    type: object\n    properties:\n      counts:\n        type: object\n        properties:\n")
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&b, "          c%d: {type: integer}\n", i)
	}
	b.WriteString("---\n{{ counts }}\n")
	return b.String()
}

// frontMatterLimitExample has 257 front matter values holding Liquid.
func frontMatterLimitExample() string {
	var b strings.Builder
	b.WriteString("-- WORKFLOW.md --\n---\ntracker:\n  kind: linear\nstates:\n")
	for i := 0; i < 257; i++ {
		fmt.Fprintf(&b, "  s%03d: \"{{ issue.title }}\"\n", i)
	}
	b.WriteString("---\n{{ issue.title }}\n")
	return b.String()
}

// Lookup returns the documentation of a code.
func Lookup(c diag.Code) (Info, bool) {
	for _, info := range registry {
		if info.Code == c {
			return info, true
		}
	}
	return Info{}, false
}

// All returns the documentation of every code, sorted by code.
func All() []Info {
	out := append([]Info(nil), registry...)
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// Names returns every code, sorted: the candidates of a did-you-mean for a
// code name given by a user.
func Names() []string {
	all := All()
	out := make([]string, len(all))
	for i, info := range all {
		out[i] = string(info.Code)
	}
	return out
}
