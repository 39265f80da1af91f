package workpad

import "strings"

// Kind says where a template's text goes: the one persistent workpad comment
// of an issue (updated in place), or an append-only evidence comment.
type Kind string

// The kinds; each is also the directory (template/<kind>/) that holds the
// repository's default templates.
const (
	KindWorkpad  Kind = "workpad"
	KindEvidence Kind = "evidence"
)

// Spec declares one template id: where its default lives and exactly which
// named values the runtime supplies when rendering it.
type Spec struct {
	ID     string
	Kind   Kind
	Values []string // declared value names, in a stable order
}

// File is the base name of the id's template file: the id in kebab case
// with ".md", e.g. main-handoff.md.
func (s Spec) File() string { return strings.ReplaceAll(s.ID, "_", "-") + ".md" }

// Path is the id's default location relative to the template root:
// "<kind>/<file>".
func (s Spec) Path() string { return string(s.Kind) + "/" + s.File() }

func spec(id string, kind Kind, values ...string) Spec {
	return Spec{ID: id, Kind: kind, Values: append([]string{"issue_ref", "issue_title"}, values...)}
}

// specs are Shea Symphony's 23 workpad and evidence templates, in its enum
// order (the order validate lists them in), each with the values its runtime
// passes.
var specs = []Spec{
	spec("main_handoff", KindWorkpad, "message", "run_evidence", "planned_handoff", "run_id", "backend",
		"workspace_path", "runtime_ownership_marker", "documentation_impact"),
	spec("main_handoff_failure", KindWorkpad, "error"),
	spec("main_assignee_ownership", KindWorkpad, "reason", "assignees"),
	spec("main_quality_gate", KindWorkpad, "current_state", "assumptions", "decision", "missing", "notes"),
	spec("main_runtime_ownership", KindWorkpad, "event", "run", "claim", "runtime_ownership_marker"),
	spec("main_usage_limit_pause", KindWorkpad, "backend", "classifier", "evidence", "retry_delay_ms"),
	spec("parent_topology", KindWorkpad, "parent_issue_ref", "parent_issue_title", "parent_integration_branch",
		"parent_final_base_branch"),
	spec("workspace_adoption", KindWorkpad, "workspace_path", "branch", "head", "evidence_summary"),
	spec("workspace_ensure", KindWorkpad, "workspace_path", "branch", "evidence_summary"),
	spec("agent_review_run", KindEvidence, "generated_at", "worker_key", "reviewer_backend", "run_id", "job_state",
		"decision", "target_state", "result", "pr_line", "artifact_line", "ledger_line", "evidence_summary", "job_id",
		"attempt_details", "operator_action_section", "gemini_health_section", "usage_limit_section",
		"inconclusive_section", "agent_review_note", "findings_section", "stdout_section", "stderr_section",
		"pass_evidence_section"),
	spec("agent_review_handoff", KindEvidence, "status", "target_state", "pull_request", "project_pr_link_verified",
		"pull_request_is_draft", "validation_summary", "last_transition", "missing"),
	spec("repeated_review_failure", KindEvidence, "generated_at", "worker_key", "reviewer_backend", "job_state",
		"job_id", "first_job_id", "previous_job_id", "repeat_count", "signature", "decision", "target_state",
		"ledger_line", "gemini_health_lines"),
	spec("manual_review", KindEvidence, "generated_at", "actor", "run_id", "decision", "target_state", "result", "pr",
		"current_claim", "terminal_claim", "evidence", "result_note"),
	spec("review_invalid_handoff", KindEvidence, "reason"),
	spec("rework_diagnostic", KindEvidence, "review_origin", "generated_at", "lane", "actor_role", "source",
		"input_state", "kind", "summary", "next_action", "changed_file_count", "finding_count", "pr_ref",
		"review_artifact_path", "review_ledger_path", "changed_files", "findings", "record_separator",
		"field_separator", "command", "stdout", "stderr"),
	spec("review_freshness", KindEvidence, "stale_reason", "rework_class", "prior_head_sha", "current_head_sha",
		"prior_base_sha", "current_base_sha", "prior_human_review_valid", "human_rereview_required",
		"main_agent_target_state", "authorized_next_state", "decision", "rationale", "changed_files",
		"record_separator", "patch_summary"),
	spec("merge_run", KindEvidence, "generated_at", "result", "target_state", "pr", "decision", "evidence_summary",
		"preflight", "merge_action", "post_merge_readback", "merge_repair_evidence", "required_human_input"),
	spec("merge_repair", KindEvidence, "generated_at", "pr", "result", "evidence_summary", "repair_evidence"),
	spec("doctor_triage", KindEvidence, "generated_at", "run_id", "input_state", "target_state", "result", "action",
		"extra_lines", "evidence_summary", "doctor_findings"),
	spec("human_review_repair", KindEvidence, "generated_at", "input_state", "violation_code", "message", "repair"),
	spec("forge_rework_run", KindEvidence, "generated_at", "pr", "rework_title", "operator_confirmation", "evidence",
		"readbacks"),
	spec("forge_rework_blocked", KindEvidence, "generated_at", "pr", "reason"),
	spec("lane_session", KindEvidence, "lane", "backend", "generated_at", "actor_role", "actor", "run_id",
		"input_state", "target_state", "result", "pr", "claim_field", "claim_value", "agent_command", "session_id",
		"pending_session", "workspace_path", "prompt_path", "log_path", "attach_command", "git_identity", "message"),
}

// Specs returns the 23 template ids in Shea Symphony's order.
func Specs() []Spec {
	out := make([]Spec, len(specs))
	for i, s := range specs {
		s.Values = append([]string(nil), s.Values...)
		out[i] = s
	}
	return out
}

// Lookup returns the spec of an id.
func Lookup(id string) (Spec, bool) {
	for _, s := range specs {
		if s.ID == id {
			s.Values = append([]string(nil), s.Values...)
			return s, true
		}
	}
	return Spec{}, false
}

// IDs returns the template ids in order.
func IDs() []string {
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = s.ID
	}
	return out
}

// Has reports whether name is one of the spec's declared values.
func (s Spec) Has(name string) bool {
	for _, v := range s.Values {
		if v == name {
			return true
		}
	}
	return false
}

// DeclaredBy returns the ids, in registry order, whose value set declares
// name. A template that reads a name another template declares has most
// likely been copied from, or confused with, that template; diagnostics say
// so.
func DeclaredBy(name string) []string {
	var out []string
	for _, s := range specs {
		if s.Has(name) {
			out = append(out, s.ID)
		}
	}
	return out
}

// Trust is how Render treats a value before the template sees it.
type Trust int

const (
	// Unclassified is a name Classify does not know: no declared value is
	// unclassified (a test holds the registry to it).
	Unclassified Trust = iota
	// Trusted values come from the runtime's own bookkeeping: identifiers,
	// states, refs, paths, timestamps, counts, flags, the runtime's markers
	// and the separators of packed lists. They are passed as they are.
	Trusted
	// FreeText values carry text from outside the runtime (see Untrusted);
	// they go through SanitizeText.
	FreeText
	// Packed values are lists packed with record_separator and
	// field_separator (findings, changed_files): each field goes through
	// SanitizeText, the separators stay.
	Packed
)

// Classify is the one list of how every declared value is treated. A
// value added to a template's set must be added here too: a test fails
// while any declared value is Unclassified.
func Classify(name string) Trust {
	switch name {
	case "error", "reason", "stale_reason", "message",
		"issue_title", "parent_issue_title", "rework_title",
		"summary", "evidence_summary", "validation_summary", "patch_summary",
		"stdout", "stderr", "stdout_section", "stderr_section", "command", "agent_command", "attach_command",
		"notes", "assumptions", "rationale", "result_note", "agent_review_note", "evidence",
		"run_evidence", "repair_evidence", "merge_repair_evidence", "findings_section", "doctor_findings",
		"extra_lines", "readbacks", "post_merge_readback", "preflight", "required_human_input",
		"operator_confirmation", "attempt_details", "missing", "documentation_impact", "planned_handoff",
		"next_action", "repair",
		// Markdown sections and lines the runtime assembles from tool
		// output, agents' notes and tracker text.
		"operator_action_section", "gemini_health_section", "usage_limit_section", "inconclusive_section",
		"pass_evidence_section", "gemini_health_lines", "pr_line", "artifact_line", "ledger_line",
		// A git author line: a name and an address anyone can set.
		"git_identity":
		return FreeText
	case "findings", "changed_files":
		return Packed
	case "action", "actor", "actor_role", "assignees", "authorized_next_state", "backend", "branch",
		"changed_file_count", "claim", "claim_field", "claim_value", "classifier", "current_base_sha",
		"current_claim", "current_head_sha", "current_state", "decision", "event", "field_separator",
		"finding_count", "first_job_id", "generated_at", "head", "human_rereview_required", "input_state",
		"issue_ref", "job_id", "job_state", "kind", "lane", "last_transition", "log_path",
		"main_agent_target_state", "merge_action", "parent_final_base_branch", "parent_integration_branch",
		"parent_issue_ref", "pending_session", "pr", "pr_ref", "previous_job_id", "prior_base_sha",
		"prior_head_sha", "prior_human_review_valid", "project_pr_link_verified", "prompt_path",
		"pull_request", "pull_request_is_draft", "record_separator", "repeat_count", "result",
		"retry_delay_ms", "review_artifact_path", "review_ledger_path", "review_origin", "reviewer_backend",
		"rework_class", "run", "run_id", "runtime_ownership_marker", "session_id", "signature", "source",
		"status", "target_state", "terminal_claim", "violation_code", "worker_key", "workspace_path":
		return Trusted
	}
	return Unclassified
}

// Untrusted reports whether the value name carries free text that comes
// from outside the runtime's own bookkeeping: written by an agent, a
// person or a tracker, or printed by a tool (Classify says FreeText).
// Render passes such values through SanitizeText (terminal escapes and
// control characters removed, secrets redacted) before the template sees
// them. They are
//
//   - errors and reasons: error, reason, stale_reason, message;
//   - titles from the tracker: issue_title, parent_issue_title,
//     rework_title;
//   - summaries: summary, evidence_summary, validation_summary,
//     patch_summary;
//   - tool output and commands: stdout, stderr, stdout_section,
//     stderr_section, command, agent_command, attach_command;
//   - notes, evidence and findings written by agents or people: notes,
//     assumptions, rationale, result_note, agent_review_note, evidence,
//     run_evidence, repair_evidence, merge_repair_evidence,
//     findings_section, doctor_findings, extra_lines, readbacks,
//     post_merge_readback, preflight, required_human_input,
//     operator_confirmation, attempt_details, missing,
//     documentation_impact, planned_handoff, next_action, repair;
//   - the sections and lines the runtime assembles from such text:
//     operator_action_section, gemini_health_section,
//     usage_limit_section, inconclusive_section, pass_evidence_section,
//     gemini_health_lines, pr_line, artifact_line, ledger_line;
//   - git_identity, which anyone can set.
//
// The packed lists (findings, changed_files) are Packed: each of their
// fields is sanitized, their separators (record_separator,
// field_separator) kept. Identifiers, states, refs, paths, timestamps and
// the runtime's own markers are Trusted.
func Untrusted(name string) bool { return Classify(name) == FreeText }
