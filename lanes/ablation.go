package lanes

import "strings"

// LayerAblation is the Origin.Layer of the code-owned intent text that
// replaces the editable layers under Request.Ablate.
const LayerAblation = "ablation"

// turnIntent is the turn block of an ablated lane.
const turnIntent = "{% if attempt %}This is attempt {{ attempt }} on {{ issue.identifier }}.{% else %}Start on {{ issue.identifier }}.{% endif %}\n"

// Intent returns the code-owned minimal intent that replaces the editable
// text of lane (a lane key such as "main_agent", or a short name) under
// Request.Ablate: one sentence that reads issue.identifier and issue.title.
func Intent(lane string) string {
	switch strings.TrimSuffix(lane, "_agent") {
	case "main", "agent":
		return "Implement tracker issue {{ issue.identifier }} ({{ issue.title }}) and hand it off as one reviewable pull request.\n"
	case "review":
		return "Review the pull request of tracker issue {{ issue.identifier }} ({{ issue.title }}) and report what is wrong, with evidence.\n"
	case "merge":
		return "Merge the approved pull request of tracker issue {{ issue.identifier }} ({{ issue.title }}).\n"
	}
	return "Do the work that tracker issue {{ issue.identifier }} ({{ issue.title }}) asks for.\n"
}

// ablated returns d with its editable text replaced: intent (nil for none)
// supplies the text before the first heading and its own sections, and
// d's protected sections follow, unchanged.
func ablated(d *doc, intent *doc) *doc {
	out := &doc{pre: &section{origin: Origin{Layer: LayerAblation, File: "<ablation>", Line: 1}}}
	if intent != nil {
		out.pre = intent.pre
		out.sections = append(out.sections, intent.sections...)
	}
	for _, s := range d.sections {
		if s.protected {
			out.sections = append(out.sections, s)
		}
	}
	return out
}
