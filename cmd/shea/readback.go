package main

// readbackHelp is what 'shea explain readback' prints: the lines validate
// writes on stdout.
const readbackHelp = `validate's readback (shea explain readback)

shea validate prints one line per fact it checked, on stdout, in a fixed
order, ending with status=valid or status=invalid. Each line is
key=value, and a line about a template carries named fields after the
value: key=value name=value name=value. A resource line has fields only.
Paths are cleaned (no dir/../) and relative as the workflow names them,
except the resource paths, which are canonical.

A template that failed (its file missing, empty or unreadable, an error
found by the static check, or a failed smoke render) keeps its line, marked
fail: prompt_template_smoke.<lane>=fail, or the field smoke=fail; the
diagnostics on stderr say why. Lines whose facts could not be read (the
front matter does not parse, say) are left out.

Symphony workflows:

  workflow=<path as given>
  profile=symphony
  tracker=<tracker.kind>
  workspace_root=<resolved workspace.root>
  prompt_template_bytes=<bytes of the prompt body>
  prompt_renderer=strict-liquid-compatible
  prompt_engine=osteele/liquid version=v1.9.2       only with --engine osteele
  prompt_source.agent=workflow_body path=<workflow> bytes=<n>
  prompt_template_smoke.agent=<pass|fail>
  status=<valid|invalid>

Shea workflows (Shea Symphony's order, with the profile line both
dialects print):

  workflow=<path as given>
  profile=shea
  tracker=<tracker.kind>
  backend=<main_lane.backend, legacy agent.backend, default dry-run>
  workspace_root=<resolved workspace.root>
  prompt_template_bytes=<bytes of the main_agent prompt>
  prompt_renderer=strict-liquid-compatible
  prompt_engine=osteele/liquid version=v1.9.2       only with --engine osteele
  resource_manifest=<path> schema=<1> groups=<g1,g2>  (or =not_configured)
  resource group=<g> kind=<k> path=<p>              one per resource
  resource_markdown_source=<p>                      every .md of the closure
  prompt_source.<lane>=<kind> path=<p> bytes=<n>    each lane, when read
  prompt_template_smoke.<lane>=<pass|fail>          each lane
  prompt_turn_source.<lane>=<kind> path=<p> bytes=<n>  a lane's turn block
  prompt_turn_smoke.<lane>=<pass|fail>              a lane's turn block
  runtime_envelope=<id> lane=<l> backend=<b> source=<s> purpose=<p>
  backend_prompt_source.<key>=<kind> path=<p> bytes=<n> smoke=<pass|fail>
  workpad_template.<id>=<kind> path=<p> bytes=<n> smoke=<pass|fail>
  status=<valid|invalid>

The lanes are main_agent, review_agent and merge_agent; a lane's kind is
workflow_prompt_file, inline_workflow_fallback or composed (whose path
lists its layer files, comma-separated). Backend fragments are listed by
key, sorted; workpad and evidence templates (only those the workflow
configures) in registry order, kind workflow_template_file or
repository_markdown_default (path <builtin>/... for shea's own default).
bytes= is left out when the file could not be read, and path=<none> means
the setting holds no usable path. A lane with a turn block (main-agent.turn.md
beside main-agent.md) has the two prompt_turn_ lines, of the lane's kind;
their smoke renders the system and the user part together.

prompt_engine is printed only when the templates were proven with
osteele/liquid too (--engine osteele, or the workflow's shea: {engine:
osteele}); a template osteele fails is marked fail like a failed smoke
render.

With --format json the same lines are objects in the workflows array:
{"key": "prompt_source.main_agent", "value": "workflow_prompt_file",
"fields": {"path": ".shea/prompts/main-agent.md", "bytes": "1692"}}
(shea schema output describes the whole document).
`
