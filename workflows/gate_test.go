package workflows

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/render"
)

// runnerIssue is a runner's own issue type: json tags, a pointer, a
// field the schema does not declare.
type runnerIssue struct {
	ID         string   `json:"id"`
	Identifier string   `json:"identifier"`
	Title      string   `json:"title"`
	State      string   `json:"state"`
	URL        *string  `json:"url"`
	Labels     []string `json:"labels,omitempty"` // nil would be null, as in JSON
	Priority   *int     `json:"priority,omitempty"`
	Internal   string   `json:"internal_note"` // undeclared: left out
}

const gateWorkflow = "---\ntracker:\n  kind: memory\n---\n{{ issue.identifier }}: {{ issue.title }}{% if issue.url %} <{{ issue.url }}>{% endif %}{% if attempt %} (attempt {{ attempt }}){% endif %}\n"

func TestGatePassesAndKeepsCompiledLanes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	writeFile(t, path, gateWorkflow)
	w, err := Gate(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The workflow renders from what it compiled: the file is not read again.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	url := "https://t/1"
	two := 2
	for i, tt := range []struct {
		in   LaneInput
		want string
	}{
		{LaneInput{Issue: runnerIssue{ID: "1", Identifier: "A-1", Title: "One", State: "Todo", URL: &url, Internal: "x"}}, "A-1: One <https://t/1>"},
		{LaneInput{Issue: &runnerIssue{ID: "2", Identifier: "A-2", Title: "Two", State: "Todo"}, Attempt: &two}, "A-2: Two (attempt 2)"},
		{LaneInput{Issue: map[string]any{"id": "3", "identifier": "A-3", "title": "Three", "state": "Todo", "url": nil, "extra": 1}}, "A-3: Three"},
	} {
		got, err := w.RenderLane(context.Background(), LaneAgent, tt.in)
		if err != nil || got != tt.want {
			t.Errorf("%d: RenderLane = %q, %v; want %q", i, got, err, tt.want)
		}
	}
}

func TestGateFails(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		name, text string
		class      codes.Class
		want       []string // in Error()
	}{
		{"unknown property", "---\ntracker:\n  kind: memory\n---\n{{ issue.titel }}\n{{ issue.idd }}\n", codes.ClassTemplateRender,
			[]string{"template_render_error: ", ":5:4: unknown property \"titel\" of issue [unknown_property]\n    Did you mean \"issue.title\"?\n",
				":6:4: unknown property \"idd\" of issue [unknown_property]\n    Did you mean \"issue.id\"?"}},
		{"syntax", "---\ntracker:\n  kind: memory\n---\n{{ issue.titel }}\n{% if issue.title %}\n", codes.ClassTemplateParse,
			[]string{"template_parse_error: ", "unclosed_block", "unknown_property"}},
		{"render", "---\ntracker:\n  kind: memory\n---\n{{ 1 | divided_by: 0 }}\n", codes.ClassTemplateRender,
			[]string{"template_render_error: ", "[render_error]"}},
		{"config", "---\ntracker:\n  kind: memory\npolling:\n  interval_ms: soon\n---\n{{ issue.title }}\n", codes.ClassWorkflowConfig,
			[]string{"workflow_config_error: ", "[config_invalid]"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_")+".md")
			writeFile(t, path, tt.text)
			w, err := Gate(context.Background(), path, Options{})
			var werr *Error
			if w != nil || !errors.As(err, &werr) {
				t.Fatalf("Gate = %v, %v; want nil and an *Error", w, err)
			}
			if werr.Class != tt.class {
				t.Errorf("class = %s, want %s", werr.Class, tt.class)
			}
			for _, s := range tt.want {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("Error() lacks %q:\n%s", s, err)
				}
			}
			if l := diag.AsList(err); !l.HasErrors() {
				t.Error("diag.AsList finds no errors")
			}
		})
	}
	_, err := Gate(context.Background(), filepath.Join(dir, "missing.md"), Options{})
	var werr *Error
	if !errors.As(err, &werr) || werr.Class != codes.ClassMissingFile {
		t.Errorf("missing file: %v", err)
	}
}

// A runner's samples join the smoke renders; a failure names the sample.
func TestGateSamples(t *testing.T) {
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	// (The smoke matrix tries priority 0 itself, but never this identifier.)
	writeFile(t, path, "---\ntracker:\n  kind: memory\n---\n{{ issue.title }}{% if issue.identifier == \"ZERO\" %} {{ 10 | divided_by: issue.priority }}{% endif %}\n")
	zero, one := 0, 1
	good := runnerIssue{ID: "1", Identifier: "A-1", Title: "T", State: "Todo", Priority: &one}
	if _, err := Gate(context.Background(), path, Options{Samples: []LaneInput{{Issue: good}}}); err != nil {
		t.Fatalf("good sample: %v", err)
	}
	// 10 / 0 fails, for this sample only.
	bad := good
	bad.Identifier, bad.Priority = "ZERO", &zero
	_, err := Gate(context.Background(), path, Options{Samples: []LaneInput{{Issue: good}, {Issue: bad}}})
	// (The check warns about the division too: may_fail.)
	l := diag.AsList(err).Errors()
	if len(l) != 1 || l[0].Code != codes.RenderError || !strings.Contains(l[0].Summary, "Options.Samples[1]") || l[0].Subject.Filename != path {
		t.Errorf("bad sample: %v", err)
	}
	// A sample that does not fit the schema fails the gate too.
	_, err = Gate(context.Background(), path, Options{Samples: []LaneInput{{Issue: map[string]any{"id": "1", "identifier": "A-1", "title": 3, "state": "Todo"}}}})
	if l := diag.AsList(err).Errors(); len(l) != 1 || l[0].Code != codes.ContextInvalid || !strings.Contains(l[0].Summary, "Options.Samples[0]") {
		t.Errorf("misfit sample: %v", err)
	}
}

// Templates gives each template's text and start; compiling that text at
// that start reports what Load reports, at the same place.
func TestTemplatesAndCompile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	writeFile(t, path, "---\r\ntracker:\r\n  kind: memory\r\n---\r\n\r\n  Title: {{ issue.title }}\r\n")
	w, diags := Load(path, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ts := w.Templates()
	if len(ts) != 1 {
		t.Fatalf("Templates = %+v", ts)
	}
	want := TemplateSource{Key: LaneAgent, Kind: SourceWorkflowBody, Filename: path, Source: "Title: {{ issue.title }}", Start: diag.Pos{Line: 6, Column: 3, Byte: 40}}
	if d := cmp.Diff(want, ts[0]); d != "" {
		t.Errorf("Templates (-want +got):\n%s", d)
	}
	// The runner's copy, with a typo, compiled at the template's start.
	_, err := w.Compile("Title: {{ issue.titel }}", ts[0].Filename, ts[0].Start)
	var werr *Error
	if !errors.As(err, &werr) || werr.Class != codes.ClassTemplateRender {
		t.Fatalf("Compile = %v", err)
	}
	if got := werr.Diagnostics[0].Subject.Start; got != (diag.Pos{Line: 6, Column: 13, Byte: 50}) {
		t.Errorf("position %+v, want 6:13 (byte 50)", got)
	}
	if _, err := w.Compile("{% if x %}", "p.md", diag.Pos{}); !errors.As(err, &werr) || werr.Class != codes.ClassTemplateParse {
		t.Errorf("Compile of bad syntax = %v", err)
	}
	tpl, err := w.Compile("{{ issue.identifier }}", "p.md", diag.Pos{})
	if err != nil {
		t.Fatal(err)
	}
	in := LaneInput{Issue: runnerIssue{ID: "1", Identifier: "A-1", Title: "T", State: "s", Internal: "x"}}
	if out, err := w.RenderTemplate(context.Background(), tpl, in); err != nil || out != "A-1" {
		t.Errorf("RenderTemplate = %q, %v", out, err)
	}
	// tpl.Render is strict about the undeclared field.
	if _, err := tpl.Render(context.Background(), map[string]any{"issue": in.Issue}); err == nil {
		t.Error("Render accepted an undeclared property")
	}
}

// Options.Templates checks a runner's own templates with the lane inputs,
// or the inputs it declares.
func TestRunnerTemplatesOption(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "WORKFLOW.md")
	writeFile(t, path, "---\ntracker:\n  kind: memory\nagent:\n  reviewer_prompt: 'Review {{ issue.titel }}'\n  turns: 3\n---\n{{ issue.title }}\n")
	writeFile(t, filepath.Join(dir, "summary.md"), "Summary: {{ summary }}")
	summary := []byte(`{"type": "object", "properties": {"summary": {"type": "string"}}, "required": ["summary"]}`)
	_, diags := Load(path, Options{Templates: []RunnerTemplate{
		{Value: "agent.reviewer_prompt"},
		{Value: "agent.turns"},
		{Value: "agent.none"}, // optional: nothing to check
		{File: "summary.md", ContextSchema: summary},
		{File: "summary.md", Name: "lane-inputs"}, // reads summary, which lanes do not have
		{},
	}})
	type got struct {
		Code diag.Code
		At   string
	}
	var gots []got
	for _, d := range diags {
		gots = append(gots, got{d.Code, filepath.Base(d.Subject.String())})
	}
	want := []got{
		{codes.ConfigInvalid, "WORKFLOW.md"}, // neither Value nor File
		{codes.UnknownProperty, "WORKFLOW.md:5:31"},
		{codes.ConfigInvalid, "WORKFLOW.md:6:10"},
		{codes.UnknownVariable, "summary.md:1:13"},
	}
	if d := cmp.Diff(want, gots); d != "" {
		t.Errorf("diagnostics (-want +got):\n%s\n%v", d, diags)
	}
}

// Undeclared properties are left out wherever the schema closes an
// object, and kept where it allows any.
func TestPruneUndeclared(t *testing.T) {
	w, diags := Load(filepath.Join("..", "testdata", "symphony", "WORKFLOW.md"), Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	in := `{"id": "1", "identifier": "A-1", "title": "T", "state": "Todo", "comments": ["c"],
		"blocked_by": [{"id": "2", "identifier": "A-2", "state": "Done", "weight": 3}],
		"labels": ["x"]}`
	issue, diags := w.DecodeIssue([]byte(in), "issue.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	b, err := render.FromGo(issue)
	if err != nil {
		t.Fatal(err)
	}
	got := plain(b)
	want := map[string]any{"id": "1", "identifier": "A-1", "title": "T", "state": "Todo",
		"blocked_by": []any{map[string]any{"id": "2", "identifier": "A-2", "state": "Done"}}, "labels": []any{"x"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// The package's DecodeIssue, without a workflow, still refuses them.
	if _, diags := DecodeIssue([]byte(in), "issue.json", ProfileSymphony); !diags.HasErrors() {
		t.Error("DecodeIssue accepted undeclared properties")
	}
	// A misspelt property is named beside the missing one it stands for.
	_, diags = w.DecodeIssue([]byte(`{"id": "1", "identifier": "A-1", "titel": "T", "state": "Todo", "comments": []}`), "issue.json")
	if len(diags) != 2 || !strings.Contains(diags[0].Summary, `"title" is missing`) || diags[1].Detail != `Did you mean "title"?` {
		t.Errorf("misspelt: %v", diags)
	}
	// A wrong type is still an error, at its place.
	_, diags = w.DecodeIssue([]byte(`{"id": "1", "identifier": "A-1", "title": 3, "state": "Todo", "extra": true}`), "issue.json")
	if len(diags) != 1 || !strings.Contains(diags[0].Summary, "/title") {
		t.Errorf("got %v", diags)
	}
}

// plain converts render values to plain maps for comparison.
func plain(v any) any {
	switch x := v.(type) {
	case *render.Map:
		out := map[string]any{}
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			out[k] = plain(e)
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			out[k] = plain(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e)
		}
		return out
	}
	return v
}

// One gated workflow renders concurrently.
func TestGateConcurrentRenders(t *testing.T) {
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	writeFile(t, path, gateWorkflow)
	w, err := Gate(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func(g int) {
			id := string(rune('A' + g))
			out, err := w.RenderLane(context.Background(), LaneAgent, LaneInput{Issue: &runnerIssue{ID: id, Identifier: id, Title: "T", State: "s", Internal: "x"}})
			if err == nil && out != id+": T" {
				err = errors.New("got " + out)
			}
			errs <- err
		}(g)
	}
	for g := 0; g < 8; g++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
