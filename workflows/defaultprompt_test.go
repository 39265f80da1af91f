package workflows

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// An empty body is the runner's default prompt when the runner gives one
// (Options.DefaultPrompt) or the workflow says the runner supplies it
// (shea.empty_body: runner_default); else, and when the workflow says
// "error", it stays an empty_workflow error.
func TestDefaultPrompt(t *testing.T) {
	ctx := context.Background()
	const def = "  Work on {{ issue.identifier }}.\n"
	cases := []struct {
		name, front, body, def string
		wantErr                bool   // an empty_workflow error
		wantSource             string // the prompt_source.agent line
		wantSmoke              string
		wantPrompt             string // RenderLane's output; "" expects an error
	}{
		{"runner default", "", "", def, false, "runner_default path=<builtin>/agent bytes=31", "pass", "Work on A-1."},
		{"setting and default", "shea:\n  empty_body: runner_default\n", "\n\n", def, false, "runner_default path=<builtin>/agent bytes=31", "pass", "Work on A-1."},
		{"setting without default", "shea:\n  empty_body: runner_default\n", "", "", false, "runner_default path=<none> bytes=0", "skipped", ""},
		{"body wins", "", "Body {{ issue.title }}.", def, false, "workflow_body path=WF bytes=23", "pass", "Body T."},
		{"setting says error", "shea:\n  empty_body: error\n", "", def, true, "workflow_body path=WF bytes=0", "fail", ""},
		{"no default", "", "", "", true, "workflow_body path=WF bytes=0", "fail", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "WORKFLOW.md")
			writeFile(t, path, "---\ntracker:\n  kind: linear\n"+c.front+"---\n"+c.body)
			w, _ := Load(path, Options{DefaultPrompt: c.def})
			r, diags := w.Validate(ctx)
			hasEmpty := false
			for _, d := range diags {
				hasEmpty = hasEmpty || d.Code == codes.EmptyWorkflow
			}
			if hasEmpty != c.wantErr || diags.HasErrors() != c.wantErr {
				t.Errorf("diagnostics %v; want empty_workflow %v", diags, c.wantErr)
			}
			got := map[string]string{}
			for _, l := range r.Readback {
				got[l.Key] = strings.TrimPrefix(l.String(), l.Key+"=")
			}
			if want := strings.ReplaceAll(c.wantSource, "WF", path); got["prompt_source.agent"] != want {
				t.Errorf("prompt_source.agent=%s; want %s", got["prompt_source.agent"], want)
			}
			if got["prompt_template_smoke.agent"] != c.wantSmoke {
				t.Errorf("prompt_template_smoke.agent=%s; want %s", got["prompt_template_smoke.agent"], c.wantSmoke)
			}
			out, err := w.RenderLane(ctx, LaneAgent, LaneInput{Issue: map[string]any{"id": "1", "identifier": "A-1", "title": "T", "state": "Todo"}})
			if out != c.wantPrompt || (err == nil) != (c.wantPrompt != "") {
				t.Errorf("RenderLane: %q, %v; want %q", out, err, c.wantPrompt)
			}
			if c.wantPrompt == "" && !c.wantErr {
				if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.EmptyWorkflow || !strings.Contains(l[0].Detail, "Options.DefaultPrompt") {
					t.Errorf("RenderLane without the runner's text: %v", err)
				}
			}
		})
	}
}

// The runner's default prompt is checked like a body, with diagnostics
// in <builtin>/agent; a blank one is an empty_workflow error.
func TestDefaultPromptChecked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	writeFile(t, path, "---\ntracker:\n  kind: linear\n---\n")
	_, err := Gate(context.Background(), path, Options{DefaultPrompt: "\nWork on {{ issue.identifer }}."})
	l := diag.AsList(err)
	if len(l) != 1 || l[0].Code != codes.UnknownProperty || l[0].Subject.Filename != "<builtin>/agent" || l[0].Subject.Start.Line != 2 || l[0].Subject.Start.Column != 12 {
		t.Errorf("got %v", l)
	}
	_, err = Gate(context.Background(), path, Options{DefaultPrompt: " \n "})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.EmptyWorkflow || l[0].Subject.Filename != "<builtin>/agent" {
		t.Errorf("blank: got %v", l)
	}
}
