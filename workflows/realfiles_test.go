package workflows

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/internal/shared"
)

// realDeclared are the context schemas under which the real workflows that
// read inputs beyond issue and attempt are valid.
var realDeclared = map[string]string{
	"sociotechnica-org-symphony-ts-WORKFLOW.md": `{"type": "object", "properties": {
				"issue": {"type": "object", "properties": {
					"identifier": {"type": "string"}, "title": {"type": "string"}, "url": {"type": ["string", "null"]},
					"labels": {"type": "array", "items": {"type": "string"}}, "summary": {"type": "string"}}},
				"config": {"type": "object", "properties": {"tracker": {"type": "object", "properties": {
					"repo": {"type": "string"},
					"planReview": {"type": "object", "properties": {
						"planReadySignal": {"type": "string"}, "approvedSignal": {"type": "string"},
						"changesRequestedSignal": {"type": "string"}, "waivedSignal": {"type": "string"},
						"replyTemplateBlock": {"type": "string"},
						"metadataLabels": {"type": "object", "properties": {
							"planPath": {"type": "string"}, "branchName": {"type": "string"}}}}}}}}},
				"pull_request": {"type": ["object", "null"], "properties": {
					"kind": {"type": "string"},
					"pullRequest": {"type": "object", "properties": {"url": {"type": "string"}}},
					"pendingCheckNames": {"type": "array", "items": {"type": "string"}},
					"failingCheckNames": {"type": "array", "items": {"type": "string"}},
					"actionableReviewFeedback": {"type": "array", "items": {"type": "object", "properties": {
						"authorLogin": {"type": ["string", "null"]}, "summary": {"type": "string"},
						"path": {"type": ["string", "null"]}, "line": {"type": ["integer", "null"]},
						"url": {"type": "string"}}}}}},
				"lifecycle": {"type": ["object", "null"], "properties": {
					"kind": {"type": "string"}, "branchName": {"type": "string"}, "summary": {"type": "string"}}}}}`,
	"mobilyze-llc-symphony-ts-pipeline-config-templates-WORKFLOW-template.md": `{"type": "object", "properties": {
				"stageName": {"enum": ["investigate", "implement", "review", "merge"]},
				"reworkCount": {"type": "integer", "minimum": 0, "examples": [1]}}}`,
}

// TestRealWorkflows validates the real WORKFLOW.md files of
// ../shared/workflows (third-party data, read in place) and checks the
// verdicts its README gives: valid or not, and for each invalid file every
// offending name at its line:column in the file itself. Files that are
// invalid only because they read inputs beyond issue and attempt are
// validated again with those inputs declared, and must then be valid.
func TestRealWorkflows(t *testing.T) {
	dir := filepath.Dir(shared.Path(t, "workflows/README.md"))
	tests := []struct {
		file     string
		want     []string // "line:col code name", sorted by position; nil when valid
		declared string   // a context schema under which the file is valid
	}{
		{file: "openai-symphony-elixir-WORKFLOW.md"},
		{file: "openai-symphony-elixir-WORKFLOW.initial-fa75ec6.md"},
		{file: "openai-symphony-elixir-test-fixtures-startup_workflow.md"},
		{file: "zeefan1555-symphony-go-ref-itervox-symphony-example-testdata-workflows-basic.md"},
		{file: "zeefan1555-symphony-go-ref-itervox-symphony-example-testdata-workflows-no-front-matter.md"},
		{
			file: "zeefan1555-symphony-go-ref-itervox-symphony-example-testdata-workflows-invalid-yaml.md",
			// tracker: {bad yaml: [unclosed
			want: []string{"2:1 workflow_parse_error -"},
		},
		{
			file: "sociotechnica-org-symphony-ts-WORKFLOW.md",
			want: []string{
				"115:4 unknown_property issue.summary",
				"117:7 unknown_variable lifecycle",
				"120:14 unknown_variable lifecycle",
				"121:14 unknown_variable lifecycle",
				"122:15 unknown_variable lifecycle",
				"126:7 unknown_variable pull_request",
				"129:14 unknown_variable pull_request",
				"130:11 unknown_variable pull_request",
				"131:22 unknown_variable pull_request",
				"132:22 unknown_variable pull_request",
				"133:33 unknown_variable pull_request",
				"134:10 unknown_variable pull_request",
				"136:23 unknown_variable pull_request",
				"160:59 unknown_variable config",
				"167:28 unknown_variable config",
				"168:11 unknown_variable config",
				"169:11 unknown_variable config",
				"180:7 unknown_variable config",
				"181:7 unknown_variable config",
				"182:7 unknown_variable config",
				"186:4 unknown_variable config",
			},
			// issue is declared again, in part: merged into the profile's.
			declared: realDeclared["sociotechnica-org-symphony-ts-WORKFLOW.md"],
		},
		{
			file: "mobilyze-llc-symphony-ts-pipeline-config-templates-WORKFLOW-template.md",
			want: []string{
				"309:7 unknown_variable stageName",
				"436:7 unknown_variable stageName",
				"445:7 unknown_variable reworkCount",
				"446:22 unknown_variable reworkCount",
				"525:7 unknown_variable stageName",
				"536:7 unknown_variable reworkCount",
				"537:40 unknown_variable reworkCount",
				"563:7 unknown_variable stageName",
			},
			declared: realDeclared["mobilyze-llc-symphony-ts-pipeline-config-templates-WORKFLOW-template.md"],
		},
	}
	quoted := regexp.MustCompile(`"([^"]+)"`)
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s is not present", tt.file)
			}
			r, diags := Validate(context.Background(), path, Options{})
			if r.Profile != ProfileSymphony {
				t.Errorf("profile = %q, want symphony", r.Profile)
			}
			var got []string
			for _, d := range diags.Errors() {
				if d.Subject.Filename != path {
					t.Errorf("diagnostic in %s, want the workflow file: %v", d.Subject.Filename, d)
				}
				name := "-"
				if m := quoted.FindStringSubmatch(d.Summary); m != nil && d.Code != codes.WorkflowParseError {
					name = m[1]
					if d.Code == codes.UnknownProperty {
						name = d.Summary[strings.LastIndex(d.Summary, " of ")+4:] + "." + name
					}
				}
				got = append(got, fmt.Sprintf("%d:%d %s %s", d.Subject.Start.Line, d.Subject.Start.Column, d.Code, name))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			wantStatus := StatusValid
			if tt.want != nil {
				wantStatus = StatusInvalid
			}
			if r.Status != wantStatus {
				t.Errorf("status = %s, want %s", r.Status, wantStatus)
			}
			if last := r.Readback[len(r.Readback)-1].String(); last != "status="+wantStatus {
				t.Errorf("last readback line = %q", last)
			}
			if tt.declared == "" {
				return
			}
			r, diags = Validate(context.Background(), path, Options{ContextSchema: []byte(tt.declared), ContextSchemaName: "extension.json"})
			if r.Status != StatusValid {
				t.Errorf("with the inputs declared: status = %s, diagnostics:\n%v", r.Status, diags.Errors())
			}
		})
	}
}
