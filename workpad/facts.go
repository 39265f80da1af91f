package workpad

import "github.com/sheaproject/shea/strict"

// The merge_repair backend fragment is not a workpad template: it is the
// boundary text appended to the merge agent's prompt when a pull request
// has conflicts. Its inputs are typed facts about the conflict, most of
// them produced by git or by the forge, so every one passes through the
// sanitizers before the fragment sees it.

// mergeRepairFactNames are the inputs of the merge_repair backend fragment,
// in order. Never modified; MergeRepairFactNames hands out copies.
var mergeRepairFactNames = []string{"pr_ref", "head_ref_name", "expected_base", "conflict_summary", "mechanical_stderr"}

// MergeRepairFactNames returns the inputs of the merge_repair backend
// fragment: pr_ref, head_ref_name, expected_base, conflict_summary,
// mechanical_stderr.
func MergeRepairFactNames() []string { return append([]string(nil), mergeRepairFactNames...) }

// Caps of the merge_repair facts, in bytes.
const (
	// MaxRefBytes caps pr_ref, head_ref_name and expected_base: a reference
	// or URL, never a document.
	MaxRefBytes = 512
	// MaxSummaryBytes caps conflict_summary and mechanical_stderr.
	MaxSummaryBytes = DefaultMaxBytes
)

// MergeRepair is what the runtime knows about a pull request whose merge
// conflicts an agent is asked to repair. Every field may hold untrusted
// text.
type MergeRepair struct {
	PRRef            string // the pull request, e.g. "owner/repo#42" or its URL
	HeadRefName      string // the branch being merged
	ExpectedBase     string // the branch it should merge into
	ConflictSummary  string // what conflicts, as reported by the tooling
	MechanicalStderr string // stderr of the mechanical merge attempt
}

// MergeRepairFacts returns the context of the merge_repair backend
// fragment: the five facts of m, each made one safe line by SanitizeLine
// (references capped at MaxRefBytes, the summary and stderr at
// MaxSummaryBytes). Unlike Shea Symphony, which only collapses the white
// space of mechanical_stderr, every fact is sanitized: each can carry text
// from a branch name, a file name or a tool's output, and each lands in a
// prompt.
func MergeRepairFacts(m MergeRepair) map[string]any {
	return map[string]any{
		"pr_ref":            SanitizeLine(m.PRRef, MaxRefBytes),
		"head_ref_name":     SanitizeLine(m.HeadRefName, MaxRefBytes),
		"expected_base":     SanitizeLine(m.ExpectedBase, MaxRefBytes),
		"conflict_summary":  SanitizeLine(m.ConflictSummary, MaxSummaryBytes),
		"mechanical_stderr": SanitizeLine(m.MechanicalStderr, MaxSummaryBytes),
	}
}

// MergeRepairSchema returns the context schema of the merge_repair backend
// fragment: the five facts, each a required string.
func MergeRepairSchema() (*strict.Schema, error) {
	return strict.StringInputs(mergeRepairFactNames)
}
