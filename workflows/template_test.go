package workflows

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// A template given as a string compiles with a profile's inputs, and both
// compile and render fail with an *Error of the Symphony class.
func TestCompileTemplate(t *testing.T) {
	ctx := context.Background()
	tpl, err := CompileTemplate("{{ issue.identifier }}{% if attempt %} #{{ attempt }}{% endif %}", TemplateOptions{Profile: ProfileSymphony, Filename: "<builtin>/demo"})
	if err != nil {
		t.Fatal(err)
	}
	two := 2
	out, err := tpl.Render(ctx, LaneInput{Issue: map[string]any{"id": "1", "identifier": "A-1", "title": "T", "state": "Todo", "extra": 1}, Attempt: &two})
	if out != "A-1 #2" || err != nil {
		t.Errorf("got %q, %v", out, err)
	}
	for _, tt := range []struct {
		src   string
		class codes.Class
		at    string
	}{
		{"{{ issue.titel }}", codes.ClassTemplateRender, "<builtin>/demo:1:4"},
		{"{% if issue.title %}", codes.ClassTemplateParse, "<builtin>/demo:1:4"},
	} {
		_, err := CompileTemplate(tt.src, TemplateOptions{Profile: ProfileSymphony, Filename: "<builtin>/demo"})
		var werr *Error
		if !errors.As(err, &werr) || werr.Class != tt.class || werr.Diagnostics[0].Subject.String() != tt.at {
			t.Errorf("%s: got %v, want an *Error of class %s at %s", tt.src, err, tt.class, tt.at)
		}
	}
	// A render failure is an *Error too, with the class a runner branches on.
	_, err = tpl.Render(ctx, LaneInput{Issue: map[string]any{"id": "1"}})
	var werr *Error
	if !errors.As(err, &werr) || werr.Class != codes.ClassTemplateRender || werr.Diagnostics[0].Code != codes.ContextInvalid {
		t.Errorf("render: got %v, want an *Error of class template_render_error", err)
	}
}

// A standalone template reads only what its schema declares, or without
// one, the names its data holds; the profile's inputs only with a profile.
func TestCompileTemplateStandalone(t *testing.T) {
	ctx := context.Background()
	user := []byte(`{"type": "object", "properties": {"user": {"type": "object", "properties": {"name": {"type": "string"}}}}}`)
	tpl, err := CompileTemplate("Hi {{ user.name }}", TemplateOptions{ContextSchema: user})
	if err != nil {
		t.Fatal(err)
	}
	if out, err := tpl.RenderData(ctx, map[string]any{"user": map[string]any{"name": "Ann"}}); out != "Hi Ann" || err != nil {
		t.Errorf("schema: got %q, %v", out, err)
	}
	if _, err := CompileTemplate("{{ issue.title }}", TemplateOptions{ContextSchema: user}); err == nil || !strings.Contains(err.Error(), `unknown variable "issue"`) {
		t.Errorf("schema without profile: got %v, want issue unknown", err)
	}
	data := map[string]any{"user": map[string]any{"name": "Ann", "tags": []any{map[string]any{"k": 1}, map[string]any{"v": 2}}}}
	tpl, err = CompileTemplate("{{ user.name }}{% for t in user.tags %}{{ t.k }}{{ t.v }}{% endfor %}", TemplateOptions{Data: data})
	if err != nil {
		t.Fatal(err)
	}
	if out, err := tpl.RenderData(ctx, data); out != "Ann12" || err != nil {
		t.Errorf("data: got %q, %v", out, err)
	}
	for _, src := range []string{"{{ usr.name }}", "{{ user.nam }}", "{% for t in user.tags %}{{ t.w }}{% endfor %}"} {
		if _, err := CompileTemplate(src, TemplateOptions{Data: data}); err == nil {
			t.Errorf("%s: compiled, want an unknown name", src)
		}
	}
}

// RunnerTemplate.Default stands in for an absent or empty value, is gated
// like any template, and renders by name.
func TestRunnerTemplateDefault(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	issue := map[string]any{"id": "1", "identifier": "A-1", "title": "T", "state": "Todo"}
	for _, tt := range []struct {
		name, front, want string
	}{
		{"absent", "", "Default review of A-1"},
		{"empty", "agent:\n  reviewer_prompt: ''\n", "Default review of A-1"},
		{"blank block", "agent:\n  reviewer_prompt: |\n\n", "Default review of A-1"},
		{"present", "agent:\n  reviewer_prompt: 'Own review of {{ issue.identifier }}'\n", "Own review of A-1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name+".md")
			writeFile(t, path, "---\ntracker:\n  kind: memory\n"+tt.front+"---\n{{ issue.title }}\n")
			w, err := Gate(ctx, path, Options{Templates: []RunnerTemplate{{Value: "agent.reviewer_prompt", Default: "Default review of {{ issue.identifier }}\n"}}})
			if err != nil {
				t.Fatal(err)
			}
			out, err := w.RenderLane(ctx, "agent.reviewer_prompt", LaneInput{Issue: issue})
			if out != tt.want || err != nil {
				t.Errorf("got %q, %v; want %q", out, err, tt.want)
			}
		})
	}
	// A default is checked at the gate, its diagnostics in <builtin>/<name>.
	path := filepath.Join(dir, "absent.md")
	_, err := Gate(ctx, path, Options{Templates: []RunnerTemplate{{Value: "agent.reviewer_prompt", Name: "review", Default: "{{ issue.titel }}"}}})
	var werr *Error
	if !errors.As(err, &werr) || werr.Diagnostics[0].Subject.String() != "<builtin>/review:1:4" {
		t.Errorf("got %v, want unknown_property at <builtin>/review:1:4", err)
	}
	// Without a default, an absent value is no template.
	w, err := Gate(ctx, path, Options{Templates: []RunnerTemplate{{Value: "agent.reviewer_prompt"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.RenderLane(ctx, "agent.reviewer_prompt", LaneInput{Issue: issue}); !errors.Is(err, ErrUnknownLane) {
		t.Errorf("got %v, want ErrUnknownLane", err)
	}
}

// A runner template is trimmed unless it keeps its whitespace.
func TestRunnerTemplateKeepWhitespace(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	// (The value is not the front matter's last line, whose line break
	// both dialects' splits drop.)
	writeFile(t, path, "---\nagent:\n  reviewer_prompt: |\n    Review {{ issue.identifier }}\ntracker:\n  kind: memory\n---\nx\n")
	issue := map[string]any{"id": "1", "identifier": "A-1", "title": "T", "state": "Todo"}
	for _, keep := range []bool{false, true} {
		w, err := Gate(ctx, path, Options{Templates: []RunnerTemplate{{Value: "agent.reviewer_prompt", KeepWhitespace: keep}}})
		if err != nil {
			t.Fatal(err)
		}
		out, err := w.RenderLane(ctx, "agent.reviewer_prompt", LaneInput{Issue: issue})
		want := "Review A-1"
		if keep {
			want += "\n"
		}
		if out != want || err != nil {
			t.Errorf("keep=%v: got %q, %v; want %q", keep, out, err, want)
		}
	}
}

// A runner's issue struct renders as its JSON would, nil slices empty and
// times in RFC 3339; one without json tags matches the schema's names
// ignoring case and underscores, and one that matches nothing is named in
// the error.
func TestRenderLaneGoIssue(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "WORKFLOW.md")
	writeFile(t, path, "---\ntracker:\n  kind: memory\n---\n{{ issue.identifier }} [{{ issue.labels | join: ',' }}] {{ issue.blocked_by.size }} {{ issue.created_at }}\n")
	w, err := Gate(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	type blocker struct {
		Identifier string `json:"identifier"`
	}
	type issue struct {
		ID         string    `json:"id"`
		Identifier string    `json:"identifier"`
		Title      string    `json:"title"`
		State      string    `json:"state"`
		Labels     []string  `json:"labels"`
		BlockedBy  []blocker `json:"blocked_by"`
		CreatedAt  time.Time `json:"created_at"`
	}
	in := issue{ID: "1", Identifier: "A-1", Title: "T", State: "Todo", CreatedAt: time.Date(2026, 3, 30, 12, 0, 0, 0, time.UTC)}
	out, err := w.RenderLane(ctx, LaneAgent, LaneInput{Issue: in})
	if want := "A-1 [] 0 2026-03-30T12:00:00Z"; out != want || err != nil {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
	// Without json tags, the Go names match the schema's ignoring case and
	// underscores.
	type untagged struct {
		ID, Identifier, Title, State string
		BlockedBy                    []blocker
		CreatedAt                    time.Time
	}
	out, err = w.RenderLane(ctx, LaneAgent, LaneInput{Issue: untagged{"1", "A-1", "T", "Todo", []blocker{{"B-1"}}, in.CreatedAt}})
	if want := "A-1 [] 1 2026-03-30T12:00:00Z"; out != want || err != nil {
		t.Errorf("untagged: got %q, %v; want %q", out, err, want)
	}
	// A struct none of whose fields match is named in the error.
	type other struct{ Name, Note string }
	_, err = w.RenderLane(ctx, LaneAgent, LaneInput{Issue: other{"n", "x"}})
	l := diag.AsList(err)
	if len(l) != 1 || l[0].Code != codes.ContextInvalid || !strings.Contains(l[0].Detail, "workflows.other, whose fields have no json tags") {
		t.Errorf("other: got %v (%v)", err, l)
	}
	// The extra inputs cannot stand in for the issue.
	_, err = w.RenderLane(ctx, LaneAgent, LaneInput{Issue: in, Extra: map[string]any{"issue": 1}})
	if l := diag.AsList(err); len(l) != 1 || !strings.Contains(l[0].Summary, "the extra inputs cannot set issue") {
		t.Errorf("extra: got %v", err)
	}
	// Its diagnostic names where the extra inputs came from, when told.
	_, err = w.RenderLane(ctx, LaneAgent, LaneInput{Issue: in, Extra: map[string]any{"attempt": 1}, ExtraName: "extra.json"})
	if l := diag.AsList(err); len(l) != 1 || l[0].Subject.Filename != "extra.json" || !strings.Contains(l[0].Summary, "cannot set attempt") {
		t.Errorf("extra with a name: got %v", err)
	}
}
