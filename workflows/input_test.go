package workflows

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/render"
)

func TestDecodeIssue(t *testing.T) {
	const ok = `{"tracker_kind": "memory", "id": "I_1", "identifier": "#1", "title": "Fix", "state": "Todo"}`
	tests := []struct {
		name, profile, data string
		want                string // diagnostics, one a line; "" for none
	}{
		{"valid", ProfileShea, ok, ""},
		{"valid symphony issue", ProfileSymphony, `{"id": "1", "identifier": "A-1", "title": "Fix", "state": "Todo", "priority": 2}`, ""},
		{"wrong type at its value", ProfileShea,
			"{\"tracker_kind\": \"memory\", \"id\": \"I_1\", \"identifier\": \"#1\",\n \"title\": 7, \"state\": \"Todo\"}",
			`issue.json:2:11: the issue does not fit the shea issue schema at /title: expected string, but got integer [context_invalid]`},
		{"nested pointer", ProfileShea,
			`{"tracker_kind": "memory", "id": "I_1", "identifier": "#1", "title": "Fix", "state": "Todo", "labels": ["a", 2]}`,
			`issue.json:1:110: the issue does not fit the shea issue schema at /labels/1: expected string, but got integer [context_invalid]`},
		{"missing properties at the object", ProfileShea, `{"tracker_kind": "memory", "id": "I_1"}`,
			"issue.json:1:1: the issue does not fit the shea issue schema at /identifier: required property \"identifier\" is missing [context_invalid]\n" +
				"issue.json:1:1: the issue does not fit the shea issue schema at /title: required property \"title\" is missing [context_invalid]\n" +
				`issue.json:1:1: the issue does not fit the shea issue schema at /state: required property "state" is missing [context_invalid]`},
		{"unknown property at its key", ProfileShea,
			"{\"tracker_kind\": \"memory\", \"id\": \"I_1\", \"identifier\": \"#1\", \"title\": \"Fix\", \"state\": \"Todo\",\n  \"titel\": \"x\"}",
			`issue.json:2:3: the issue does not fit the shea issue schema at /titel: property "titel" is not part of the issue [context_invalid]`},
		{"not JSON", ProfileShea, "{\"id\": \"1\",\n}", `issue.json:2:1: the issue is not valid JSON: invalid character '}' looking for beginning of object key string [context_invalid]`},
		{"trailing text", ProfileShea, ok + "\n{}", `issue.json:2:1: the issue is not valid JSON: unexpected text after the JSON value [context_invalid]`},
		{"empty", ProfileShea, "", `issue.json:1:1: the issue is not valid JSON: the file is empty [context_invalid]`},
		{"not an object", ProfileShea, `[1]`, `issue.json:1:1: the issue must be a JSON object, not an array [context_invalid]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			issue, diags := DecodeIssue([]byte(tt.data), "issue.json", tt.profile)
			got := ""
			if len(diags) > 0 {
				got = diags.Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if (issue != nil) != (tt.want == "") {
				t.Errorf("issue = %v", issue)
			}
		})
	}

	// The unknown property's detail names the closest one.
	_, diags := DecodeIssue([]byte(`{"tracker_kind": "m", "id": "1", "identifier": "#1", "title": "t", "state": "s", "titel": "x"}`), "i.json", ProfileShea)
	if len(diags) != 1 || diags[0].Detail != `Did you mean "title"?` {
		t.Errorf("detail: %v", diags)
	}

	// A valid issue decodes to rendering values: integers stay integers,
	// objects keep their key order.
	issue, _ := DecodeIssue([]byte(`{"tracker_kind": "m", "id": "1", "identifier": "#1", "title": "t", "state": "s", "priority": 2, "project_fields": {"b": 1, "a": 2}}`), "i.json", ProfileShea)
	if issue["priority"] != int64(2) {
		t.Errorf("priority = %#v", issue["priority"])
	}
	if m, ok := issue["project_fields"].(*render.Map); !ok || strings.Join(m.Keys(), ",") != "b,a" {
		t.Errorf("project_fields = %#v", issue["project_fields"])
	}
}

func TestDecodeValues(t *testing.T) {
	tests := []struct {
		name, id, data string
		want           string
	}{
		{"exact set", "main_handoff_failure", `{"issue_ref": "#1", "issue_title": "Fix", "error": "boom"}`, ""},
		{"a value of another template", "main_handoff_failure",
			`{"issue_ref": "#1", "issue_title": "Fix", "error": "boom", "branch": "b"}`,
			`values.json:1:60: value "branch" is not declared by template main_handoff_failure [context_invalid]`},
		{"not a string", "main_handoff_failure", "{\"issue_ref\": \"#1\", \"issue_title\": \"Fix\",\n \"error\": 3}",
			`values.json:2:11: value "error" must be a string, not a number [context_invalid]`},
		{"missing values", "main_handoff_failure", `{"issue_ref": "#1"}`,
			`values.json:1:1: template main_handoff_failure needs the values "issue_title" and "error" [context_invalid]`},
		{"not an object", "main_handoff_failure", `"x"`, `values.json:1:1: the values must be a JSON object of strings, not a string [context_invalid]`},
		{"not JSON", "main_handoff_failure", `{"error": }`, `values.json:1:11: the values are not valid JSON: invalid character '}' looking for beginning of value [context_invalid]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			values, diags := DecodeValues([]byte(tt.data), "values.json", tt.id)
			got := ""
			if len(diags) > 0 {
				got = diags.Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if (values != nil) != (tt.want == "") {
				t.Errorf("values = %v", values)
			}
		})
	}
	_, diags := DecodeValues([]byte(`{"issue_ref": "#1", "issue_title": "Fix", "error": "boom", "branch": "b"}`), "values.json", "main_handoff_failure")
	if len(diags) != 1 || diags[0].Detail != `"branch" belongs to workspace_adoption and workspace_ensure. main_handoff_failure takes issue_ref, issue_title and error.` {
		t.Errorf("detail: %q", diags[0].Detail)
	}
}

func TestWorkpadTemplate(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/main\n")
	path := filepath.Join(dir, ".shea", "workflows", "w.md")
	writeFile(t, path, "---\ntracker:\n  kind: memory\nworkpad_templates:\n  merge_run: ../template/merge.md\n---\nAll lanes.\n")
	writeFile(t, filepath.Join(dir, ".shea", "template", "merge.md"), "Merged {{ issue_ref }}: {{ result }} ({{ pr }})\n")
	writeFile(t, filepath.Join(dir, ".shea", "template", "workpad", "workspace-ensure.md"), "Ensured {{ workspace_path }}\n")
	t.Chdir(dir)
	wf, diags := Load(".shea/workflows/w.md", Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var got []string
	for _, s := range wf.Workpads() {
		if s.ID == "merge_run" || s.ID == "workspace_ensure" || s.ID == "main_handoff" {
			got = append(got, strings.Join([]string{s.ID, string(s.Kind), s.Source, s.Path, strings.Join(s.Values, ",")}, " "))
		}
	}
	want := []string{
		"main_handoff workpad repository_markdown_default <builtin>/workpad/main-handoff.md issue_ref,issue_title,message,run_evidence,planned_handoff,run_id,backend,workspace_path,runtime_ownership_marker,documentation_impact",
		"workspace_ensure workpad repository_markdown_default .shea/workflows/../template/workpad/workspace-ensure.md issue_ref,issue_title,workspace_path,branch,evidence_summary",
		"merge_run evidence workflow_template_file .shea/workflows/../template/merge.md issue_ref,issue_title,generated_at,result,target_state,pr,decision,evidence_summary,preflight,merge_action,post_merge_readback,merge_repair_evidence,required_human_input",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("workpads (-want +got):\n%s", diff)
	}
	tpl, err := wf.WorkpadTemplate("merge_run")
	if err != nil {
		t.Fatal(err)
	}
	out, err := tpl.Render(context.Background(), workpadSmokeValues("merge_run"))
	if err != nil || out != "Merged smoke_issue_ref: smoke_result (smoke_pr)" {
		t.Errorf("Render = %q, %v", out, err)
	}
	if _, err := wf.WorkpadTemplate("merge_runs"); !errors.Is(err, ErrUnknownWorkpad) || !strings.Contains(err.Error(), `did you mean "merge_run"?`) {
		t.Errorf("unknown id: %v", err)
	}

	sym := filepath.Join(dir, "WORKFLOW.md")
	writeFile(t, sym, "---\ntracker:\n  kind: linear\n---\nBody.\n")
	sw, _ := Load(sym, Options{})
	if _, err := sw.WorkpadTemplate("merge_run"); !errors.Is(err, ErrUnknownWorkpad) || !strings.Contains(err.Error(), "symphony workflow has no workpad") {
		t.Errorf("symphony: %v", err)
	}
}

// TestDecodeDuplicateKeys: the library's JSON decoders refuse a key
// written twice, with a context_invalid error at the second occurrence
// naming the key's path.
func TestDecodeDuplicateKeys(t *testing.T) {
	_, diags := DecodeIssue([]byte("{\"id\": \"1\", \"identifier\": \"A-1\", \"title\": \"x\",\n \"state\": \"Todo\", \"title\": \"y\"}"), "issue.json", ProfileSymphony)
	if len(diags) != 1 || diags[0].Code != codes.ContextInvalid || diags[0].Error() != `issue.json:2:19: duplicate key "title" at /title [context_invalid]` {
		t.Errorf("DecodeIssue: %v", diags)
	}
	_, diags = DecodeValues([]byte(`{"issue_ref": "#1", "issue_title": "t", "reason": "a", "reason": "b"}`), "v.json", "review_invalid_handoff")
	if len(diags) != 1 || diags[0].Error() != `v.json:1:56: duplicate key "reason" at /reason [context_invalid]` {
		t.Errorf("DecodeValues: %v", diags)
	}
}
