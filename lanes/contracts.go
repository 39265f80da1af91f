package lanes

import (
	"strings"
)

// Contract is code-owned prompt text: it is appended to a lane after every
// layer's text, in the order given, and no layer file can replace, remove or
// extend it. Its descriptor fields are what `shea validate` prints as a
// runtime_envelope line.
type Contract struct {
	ID      string // e.g. "assigned_lane_claim"
	Lane    string // the lanes it applies to, comma-separated short names: "main,merge"
	Backend string // the backend it applies to, e.g. "all"
	Source  string // where its text is owned, e.g. "code:claim/render_prompt_with_claim"
	Purpose string // one line
	// Text is the Liquid source appended to the lane, checked and
	// rendered with the lane's inputs like the rest of the prompt. An
	// envelope whose text comes from elsewhere (a backend fragment) has
	// none and is only listed.
	Text string
}

// Readback is the contract's `shea validate` line:
// "runtime_envelope=<id> lane=<lane> backend=<backend> source=<source> purpose=<purpose>".
func (c Contract) Readback() string {
	return "runtime_envelope=" + c.ID + " lane=" + c.Lane + " backend=" + c.Backend + " source=" + c.Source + " purpose=" + c.Purpose
}

// AppliesTo reports whether the contract applies to lane, given as a lane
// key ("main_agent") or a short name ("main").
func (c Contract) AppliesTo(lane string) bool {
	short := strings.TrimSuffix(lane, "_agent")
	for _, l := range strings.Split(c.Lane, ",") {
		if strings.TrimSpace(l) == short {
			return true
		}
	}
	return false
}

// Envelopes returns the runtime envelopes of the shea profile, in the order
// `shea validate` lists them (Shea Symphony's registry): the code-owned
// assigned-lane claim, then the four Markdown-owned backend boundaries. Only
// descriptors are filled in; ContractsFor gives the text of the code-owned
// ones.
func Envelopes() []Contract {
	return []Contract{
		{ID: "assigned_lane_claim", Lane: "main,merge", Backend: "all",
			Source: "code:claim/render_prompt_with_claim", Purpose: "typed claim identity and run evidence"},
		{ID: "codex_app_server_handoff_boundary", Lane: "main", Backend: "codex app-server",
			Source: "backend_prompts.codex_app_server", Purpose: "Markdown-owned app-server child-turn boundary"},
		{ID: "automatic_headless_review_boundary", Lane: "review", Backend: "configured review backend",
			Source: "backend_prompts.automatic_review[_structured]", Purpose: "Markdown-owned review behavior with code-owned protocol validation"},
		{ID: "claude_code_review_boundary", Lane: "review", Backend: "claude-code",
			Source: "backend_prompts.claude_code_review", Purpose: "Markdown-owned Claude behavior with code-owned JSON Schema"},
		{ID: "merge_conflict_repair_boundary", Lane: "merge", Backend: "merge agent",
			Source: "backend_prompts.merge_repair", Purpose: "Markdown behavior rendered with typed conflict facts"},
	}
}

// ContractsFor returns the code-owned contracts, with their text, that are
// appended to lane (a lane key such as "main_agent" or a short name). Today
// that is the assigned-lane claim, for the main and merge lanes.
func ContractsFor(lane string) []Contract {
	var out []Contract
	for _, c := range Envelopes() {
		if c.ID != "assigned_lane_claim" || !c.AppliesTo(lane) {
			continue
		}
		field := "Main Agent"
		if strings.TrimSuffix(lane, "_agent") == "merge" {
			field = "Merging Agent"
		}
		c.Text = "## Assigned Lane Claim\n\n" +
			"This run holds the " + field + " claim on {{ issue.identifier }}. The runtime writes the claim and this run's " +
			"evidence to the tracker; do not edit the \"" + field + "\" field yourself. If the claim stops naming this run, " +
			"stop and report that instead of continuing.\n"
		out = append(out, c)
	}
	return out
}
