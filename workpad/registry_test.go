package workpad

import (
	"slices"
	"testing"
)

func TestRegistryOrderAndShape(t *testing.T) {
	want := []string{
		"main_handoff", "main_handoff_failure", "main_assignee_ownership", "main_quality_gate",
		"main_runtime_ownership", "main_usage_limit_pause", "parent_topology", "workspace_adoption",
		"workspace_ensure", "agent_review_run", "agent_review_handoff", "repeated_review_failure",
		"manual_review", "review_invalid_handoff", "rework_diagnostic", "review_freshness", "merge_run",
		"merge_repair", "doctor_triage", "human_review_repair", "forge_rework_run", "forge_rework_blocked",
		"lane_session",
	}
	if got := IDs(); !slices.Equal(got, want) {
		t.Fatalf("IDs() = %q\nwant %q", got, want)
	}
	for i, s := range Specs() {
		if len(s.Values) < 3 || s.Values[0] != "issue_ref" || s.Values[1] != "issue_title" {
			t.Errorf("%s: values %q do not start with issue_ref, issue_title", s.ID, s.Values)
		}
		seen := map[string]bool{}
		for _, v := range s.Values {
			if seen[v] {
				t.Errorf("%s declares %q twice", s.ID, v)
			}
			seen[v] = true
		}
		wantKind := KindEvidence // the Main Agent Workpad receipts come first, through workspace_ensure
		if i < 9 {
			wantKind = KindWorkpad
		}
		if s.Kind != wantKind {
			t.Errorf("%s: kind %s, want %s", s.ID, s.Kind, wantKind)
		}
	}
}

func TestSpecFileAndPath(t *testing.T) {
	s, ok := Lookup("rework_diagnostic")
	if !ok {
		t.Fatal("rework_diagnostic not found")
	}
	if s.File() != "rework-diagnostic.md" || s.Path() != "evidence/rework-diagnostic.md" {
		t.Errorf("File %q Path %q", s.File(), s.Path())
	}
	s, _ = Lookup("main_quality_gate")
	if s.Path() != "workpad/main-quality-gate.md" {
		t.Errorf("Path %q", s.Path())
	}
	if _, ok := Lookup("main-handoff"); ok {
		t.Error("Lookup accepts the file spelling of an id")
	}
}

func TestPerTemplateValueSets(t *testing.T) {
	for _, tc := range []struct {
		id   string
		has  []string
		lack []string
	}{
		{"main_handoff", []string{"message", "run_evidence", "documentation_impact", "runtime_ownership_marker"}, []string{"pr", "error", "findings"}},
		{"main_handoff_failure", []string{"error"}, []string{"message", "reason"}},
		{"merge_repair", []string{"generated_at", "pr", "result", "evidence_summary", "repair_evidence"}, []string{"pr_ref", "mechanical_stderr", "decision"}},
		{"rework_diagnostic", []string{"findings", "record_separator", "field_separator", "pr_ref", "stderr"}, []string{"pr", "patch_summary"}},
		{"review_freshness", []string{"changed_files", "record_separator", "patch_summary"}, []string{"field_separator", "findings"}},
		{"lane_session", []string{"claim_field", "claim_value", "attach_command", "git_identity"}, []string{"claim", "run"}},
	} {
		s, ok := Lookup(tc.id)
		if !ok {
			t.Fatalf("%s not found", tc.id)
		}
		for _, v := range tc.has {
			if !s.Has(v) {
				t.Errorf("%s lacks %q", tc.id, v)
			}
		}
		for _, v := range tc.lack {
			if s.Has(v) {
				t.Errorf("%s declares %q", tc.id, v)
			}
		}
	}
	if got, want := len(mustLookup(t, "agent_review_run").Values), 2+23; got != want {
		t.Errorf("agent_review_run has %d values, want %d", got, want)
	}
}

func TestDeclaredBy(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"pr", []string{"manual_review", "merge_run", "merge_repair", "forge_rework_run", "forge_rework_blocked", "lane_session"}},
		{"findings", []string{"rework_diagnostic"}},
		{"record_separator", []string{"rework_diagnostic", "review_freshness"}},
		{"runtime_ownership_marker", []string{"main_handoff", "main_runtime_ownership"}},
		{"issue_titel", nil},
	} {
		if got := DeclaredBy(tc.name); !slices.Equal(got, tc.want) {
			t.Errorf("DeclaredBy(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := DeclaredBy("issue_ref"); len(got) != 23 {
		t.Errorf("issue_ref declared by %d ids, want 23", len(got))
	}
}

func TestSpecsReturnsCopies(t *testing.T) {
	Specs()[0].Values[0] = "changed"
	s, _ := Lookup("main_handoff")
	s.Values[1] = "changed"
	if v := mustLookup(t, "main_handoff").Values; v[0] != "issue_ref" || v[1] != "issue_title" {
		t.Errorf("registry was modified through a returned spec: %q", v[:2])
	}
}

func mustLookup(t *testing.T, id string) Spec {
	t.Helper()
	s, ok := Lookup(id)
	if !ok {
		t.Fatalf("%s not found", id)
	}
	return s
}
