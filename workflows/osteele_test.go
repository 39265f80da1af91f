package workflows

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/internal/shared"
)

// TestRealWorkflowsOsteele proves the real workflows of ../shared/workflows
// with osteele/liquid v1.9.2, as a Symphony port rendering with osteele
// would render them, and pins each verdict: every workflow shea calls
// valid (two once their extra inputs are declared) renders under osteele
// on every smoke input with the same output as shea's; the file whose YAML
// does not parse never reaches a template.
func TestRealWorkflowsOsteele(t *testing.T) {
	dir := filepath.Dir(shared.Path(t, "workflows/README.md"))
	tests := []struct {
		file     string
		declared string
		fatal    bool
	}{
		{file: "openai-symphony-elixir-WORKFLOW.md"},
		{file: "openai-symphony-elixir-WORKFLOW.initial-fa75ec6.md"},
		{file: "openai-symphony-elixir-test-fixtures-startup_workflow.md"},
		{file: "zeefan1555-symphony-go-ref-itervox-symphony-example-testdata-workflows-basic.md"},
		{file: "zeefan1555-symphony-go-ref-itervox-symphony-example-testdata-workflows-no-front-matter.md"},
		{file: "zeefan1555-symphony-go-ref-itervox-symphony-example-testdata-workflows-invalid-yaml.md", fatal: true},
		{file: "sociotechnica-org-symphony-ts-WORKFLOW.md", declared: realDeclared["sociotechnica-org-symphony-ts-WORKFLOW.md"]},
		{file: "mobilyze-llc-symphony-ts-pipeline-config-templates-WORKFLOW-template.md", declared: realDeclared["mobilyze-llc-symphony-ts-pipeline-config-templates-WORKFLOW-template.md"]},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s is not present", tt.file)
			}
			opts := Options{Engine: EngineOsteele}
			if tt.declared != "" {
				opts.ContextSchema, opts.ContextSchemaName = []byte(tt.declared), "extension.json"
			}
			r, diags := Validate(context.Background(), path, opts)
			for _, d := range diags {
				if strings.HasPrefix(string(d.Code), "osteele_") {
					t.Errorf("osteele: %v\n%s", d, d.Detail)
				}
			}
			engine := readbackValue(r, "prompt_engine")
			if tt.fatal {
				if r.Status != StatusInvalid || engine != "" {
					t.Errorf("status %s, prompt_engine %q: want invalid, no engine line", r.Status, engine)
				}
				return
			}
			if r.Status != StatusValid || !strings.HasPrefix(engine, "osteele/liquid version=v1.9.2 ") || readbackValue(r, "prompt_template_smoke.agent") != "pass" {
				t.Errorf("status %s, prompt_engine %q, smoke %q; errors:\n%v", r.Status, engine, readbackValue(r, "prompt_template_smoke.agent"), diags.Errors())
			}
		})
	}
}

// readbackValue returns the printed value of the readback line key.
func readbackValue(r *Report, key string) string {
	for _, l := range r.Readback {
		if l.Key == key {
			return strings.TrimPrefix(l.String(), key+"=")
		}
	}
	return ""
}

func TestValidateOsteele(t *testing.T) {
	tests := []struct {
		name, workflow string
		opts           Options
		want           []string // "line:col code" of every diagnostic
		engine         bool     // the readback names osteele
	}{
		{
			name:     "liquid tag in the body",
			workflow: "---\ntracker:\n  kind: linear\n---\nWork on {{ issue.title }}.\n{% liquid\necho issue.identifier\n%}\n",
			opts:     Options{Engine: EngineOsteele},
			want:     []string{"6:1 osteele_parse_error"},
			engine:   true,
		},
		{
			name:     "front matter asks for osteele; CRLF line breaks",
			workflow: "---\r\ntracker:\r\n  kind: linear\r\nshea:\r\n  engine: osteele\r\n---\r\n{% unless issue.url %}a{% elsif attempt %}b{% endunless %}\r\n",
			want:     []string{"7:24 osteele_parse_error"},
			engine:   true,
		},
		{
			name:     "the option overrides the front matter",
			workflow: "---\ntracker:\n  kind: linear\nshea:\n  engine: osteele\n---\n{% unless issue.url %}a{% elsif attempt %}b{% endunless %}\n",
			opts:     Options{Engine: EngineShea},
		},
		{
			name:     "output differs",
			workflow: "---\ntracker:\n  kind: linear\n---\n{{ issue.title }}\n{% # a note %}\n",
			opts:     Options{Engine: EngineOsteele},
			want:     []string{"6:1 osteele_output_differs"},
			engine:   true,
		},
		{
			name:     "a filter osteele lacks, in a runner template in the front matter",
			workflow: "---\ntracker:\n  kind: linear\nagent:\n  reviewer_prompt: \"Review {{ issue.title | base64_encode }}\"\ntemplate_context:\n  templates: [agent.reviewer_prompt]\n---\n{{ issue.title }}\n",
			opts:     Options{Engine: EngineOsteele},
			want:     []string{"5:28 osteele_render_error"},
			engine:   true,
		},
		{
			name:     "shea engine value in the front matter",
			workflow: "---\ntracker:\n  kind: linear\nshea:\n  engine: jinja\n---\n{{ issue.title }}\n",
			want:     []string{"5:3 config_invalid"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "WORKFLOW.md")
			if err := os.WriteFile(path, []byte(tt.workflow), 0o644); err != nil {
				t.Fatal(err)
			}
			tt.opts.Root = dir
			r, diags := Validate(context.Background(), path, tt.opts)
			var got []string
			for _, d := range diags {
				got = append(got, d.Subject.Start.String()+" "+string(d.Code))
			}
			if strings.Join(got, ", ") != strings.Join(tt.want, ", ") {
				t.Errorf("got %v, want %v\n%v", got, tt.want, diags)
			}
			if has := readbackValue(r, "prompt_engine") != ""; has != tt.engine {
				t.Errorf("prompt_engine line: %v, want %v", has, tt.engine)
			}
			wantStatus := StatusValid
			if diag.List(diags).HasErrors() {
				wantStatus = StatusInvalid
			}
			if r.Status != wantStatus {
				t.Errorf("status %s, want %s", r.Status, wantStatus)
			}
		})
	}
}

// TestOsteeleSamples renders the runner's own samples with osteele too: a
// title shea prints in full but whose .size osteele counts in bytes. (The
// size is read only for the sample's identifier: the smoke matrix's
// non-ASCII title would find the difference itself.)
func TestOsteeleSamples(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "WORKFLOW.md")
	if err := os.WriteFile(path, []byte("---\ntracker:\n  kind: linear\n---\n{{ issue.title }}{% if issue.identifier == 'A-1' %} ({{ issue.title.size }} characters){% endif %}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	issue := map[string]any{"id": "1", "identifier": "A-1", "title": "Café", "state": "Todo"}
	r, diags := Validate(context.Background(), path, Options{Root: dir, Engine: EngineOsteele, Samples: []LaneInput{{Issue: issue}}})
	if r.Status != StatusValid || len(diags) != 1 || diags[0].Code != codes.OsteeleOutputDiffers {
		t.Fatalf("status %s, %v", r.Status, diags)
	}
	d := diags[0]
	if d.Summary != `osteele/liquid prints "5" where shea (as Shopify Liquid) prints "4"` || !strings.Contains(d.Detail, "Options.Samples[0]") {
		t.Errorf("got %q\n%s", d.Summary, d.Detail)
	}
	if d.Subject.Start.String() != "5:54" {
		t.Errorf("at %v, want 5:54", d.Subject.Start)
	}
}

func TestUnknownEngineOption(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "WORKFLOW.md")
	if err := os.WriteFile(path, []byte("{{ issue.title }}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, diags := Load(path, Options{Root: dir, Engine: "osteel"})
	if len(diags) != 1 || diags[0].Code != codes.ConfigInvalid || !strings.Contains(diags[0].Detail, `"osteele"`) {
		t.Errorf("got %v", diags)
	}
}
