package workflows

import "github.com/sheaproject/shea/strict"

// LaneContext returns the inputs the workflow's lane prompts (and the
// partials they render) are checked with: the profile's issue and attempt,
// extended by template_context.schema and Options.ContextSchema. It is nil
// when the workflow's settings could not be read. Editors complete and
// explain names from it (see package lsp).
func (w *Workflow) LaneContext() *strict.Schema { return w.laneSchema }
