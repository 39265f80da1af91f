package workpad

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMergeRepairFacts(t *testing.T) {
	got := MergeRepairFacts(MergeRepair{
		PRRef:            "acme/app#42\n",
		HeadRefName:      "feature/\x1b[1mbold\x1b[0m\u202e",
		ExpectedBase:     "main",
		ConflictSummary:  "CONFLICT (content): Merge conflict in src/lib.rs\nCONFLICT (modify/delete): docs/a.md",
		MechanicalStderr: "error: could not apply 1a2b3c\x1b[K\r\nhint: https://x-access-token:ghs_abcdefghijklmnopqrstuvwxyz@github.com/acme/app\n",
	})
	want := map[string]any{
		"pr_ref":            "acme/app#42",
		"head_ref_name":     "feature/bold",
		"expected_base":     "main",
		"conflict_summary":  "CONFLICT (content): Merge conflict in src/lib.rs CONFLICT (modify/delete): docs/a.md",
		"mechanical_stderr": "error: could not apply 1a2b3c hint: https://x-access-token:[REDACTED]@github.com/acme/app",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("facts (-want +got):\n%s", d)
	}

	// 600 bytes capped at 512: the marker takes 24, so 488 stay and 112 go.
	long := MergeRepairFacts(MergeRepair{HeadRefName: strings.Repeat("b", 600), MechanicalStderr: strings.Repeat("e", 5000)})
	if ref := long["head_ref_name"].(string); len(ref) > MaxRefBytes || !strings.HasSuffix(ref, "…[truncated 112 bytes]") {
		t.Errorf("head_ref_name: %d bytes, ends %q", len(ref), ref[len(ref)-24:])
	}
	if se := long["mechanical_stderr"].(string); len(se) > MaxSummaryBytes || !strings.HasSuffix(se, " bytes]") {
		t.Errorf("mechanical_stderr: %d bytes", len(se))
	}
}

func TestMergeRepairSchema(t *testing.T) {
	s, err := MergeRepairSchema()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"pr_ref", "head_ref_name", "expected_base", "conflict_summary", "mechanical_stderr"}
	if !slices.Equal(s.Names(), want) || !slices.Equal(MergeRepairFactNames(), want) {
		t.Errorf("names %q and %q, want %q", s.Names(), MergeRepairFactNames(), want)
	}
	if probs := s.Validate(MergeRepairFacts(MergeRepair{})); len(probs) != 0 {
		t.Errorf("facts of an empty MergeRepair do not fit the schema: %v", probs)
	}
	if probs := s.Validate(map[string]any{"pr_ref": "x"}); len(probs) != 4 {
		t.Errorf("want 4 missing facts, got %v", probs)
	}
}
