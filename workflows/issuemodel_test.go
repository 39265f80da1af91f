package workflows

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
)

// With template_context.issue_model: replace (or Options.IssueModel for
// Options.ContextSchema), the declared issue is the whole issue model: a
// template reading a field of the profile's model the runner never sends
// fails the gate; with extend (the default) it passes and reads nil.
func TestIssueModelReplace(t *testing.T) {
	ctx := context.Background()
	const model = `{"properties": {"issue": {"type": "object", "additionalProperties": false, "properties": {"identifier": {"type": "string"}, "title": {"type": "string"}}}}}`
	const body = "{{ issue.identifier }} {{ issue.assignee_id }}\n"
	front := func(mode string) string {
		s := "---\ntracker:\n  kind: linear\ntemplate_context:\n  schema: {properties: {issue: {type: object, additionalProperties: false, properties: {identifier: {type: string}, title: {type: string}}}}}\n"
		if mode != "" {
			s += "  issue_model: " + mode + "\n"
		}
		return s + "---\n"
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		writeFile(t, p, text)
		return p
	}
	unknown := func(t *testing.T, err error, line, col int) {
		t.Helper()
		l := diag.AsList(err)
		if len(l) != 1 || l[0].Code != codes.UnknownProperty || !strings.Contains(l[0].Summary, `"assignee_id"`) || l[0].Subject.Start.Line != line || l[0].Subject.Start.Column != col {
			t.Errorf("got %v; want unknown property assignee_id at %d:%d", err, line, col)
		}
	}
	// The workflow states the model.
	_, err := Gate(ctx, write("replace.md", front("replace")+body), Options{})
	unknown(t, err, 8, 27)
	// extend, written or not, keeps the profile's field.
	for _, mode := range []string{"", "extend"} {
		w, err := Gate(ctx, write("extend"+mode+".md", front(mode)+body), Options{})
		if err != nil {
			t.Fatalf("extend %q: %v", mode, err)
		}
		out, err := w.RenderLane(ctx, LaneAgent, LaneInput{Issue: map[string]any{"id": "1", "identifier": "A-1", "title": "T", "state": "Todo"}})
		if out != "A-1 " || err != nil {
			t.Errorf("extend %q: %q, %v", mode, out, err)
		}
	}
	// The runner states the model (its Options.ContextSchema).
	plain := write("plain.md", "---\ntracker:\n  kind: linear\n---\n"+body)
	_, err = Gate(ctx, plain, Options{ContextSchema: []byte(model), IssueModel: IssueModelReplace})
	unknown(t, err, 5, 27)
	if _, err := Gate(ctx, plain, Options{ContextSchema: []byte(model)}); err != nil {
		t.Errorf("Options.ContextSchema extending: %v", err)
	}
	// The replaced model renders what the runner sends, and nothing of the
	// profile's is required any more.
	w, err := Gate(ctx, write("ok.md", "---\ntracker:\n  kind: linear\n---\n{{ issue.identifier }}: {{ issue.title }}\n"), Options{ContextSchema: []byte(model), IssueModel: IssueModelReplace})
	if err != nil {
		t.Fatal(err)
	}
	if out, err := w.RenderLane(ctx, LaneAgent, LaneInput{Issue: map[string]any{"identifier": "A-1", "title": "T"}}); out != "A-1: T" || err != nil {
		t.Errorf("render: %q, %v", out, err)
	}
	// replace without a schema, and a schema without issue, are errors.
	_, err = Gate(ctx, write("noschema.md", "---\ntracker:\n  kind: linear\ntemplate_context:\n  issue_model: replace\n---\nHi.\n"), Options{})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.ConfigInvalid || !strings.Contains(l[0].Summary, "no template_context.schema") || l[0].Subject.Start.Line != 5 {
		t.Errorf("replace without schema: %v", err)
	}
	_, err = Gate(ctx, plain, Options{ContextSchema: []byte(`{"properties": {"repo": {"type": "string"}}}`), IssueModel: IssueModelReplace})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.ConfigInvalid || !strings.Contains(l[0].Summary, "declares no issue") {
		t.Errorf("schema without issue: %v", err)
	}
	_, err = Gate(ctx, plain, Options{IssueModel: IssueModelReplace})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.ConfigInvalid || !strings.Contains(l[0].Summary, "Options.ContextSchema is empty") {
		t.Errorf("Options.IssueModel replace without a schema: %v", err)
	}
	_, err = Gate(ctx, plain, Options{IssueModel: "replcae"})
	if l := diag.AsList(err); len(l) != 1 || !strings.Contains(l[0].Detail, `"replace"`) {
		t.Errorf("unknown issue model: %v", err)
	}
	_, err = Gate(ctx, write("badvalue.md", front("merge")+"Hi.\n"), Options{})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.ConfigInvalid {
		t.Errorf("issue_model: merge: %v", err)
	}
}

// CompileTemplate takes the same choice: with IssueModelReplace, a field
// only the profile declares is unknown.
func TestCompileTemplateIssueModel(t *testing.T) {
	const model = `{"properties": {"issue": {"type": "object", "additionalProperties": false, "properties": {"identifier": {"type": "string"}}}}}`
	src := "{{ issue.identifier }} {{ issue.assignee_id }}"
	if _, err := CompileTemplate(src, TemplateOptions{Profile: ProfileSymphony, ContextSchema: []byte(model)}); err != nil {
		t.Errorf("extend: %v", err)
	}
	_, err := CompileTemplate(src, TemplateOptions{Profile: ProfileSymphony, ContextSchema: []byte(model), IssueModel: IssueModelReplace})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.UnknownProperty || !strings.Contains(l[0].Summary, `"assignee_id"`) {
		t.Errorf("replace: %v", err)
	}
	_, err = CompileTemplate(src, TemplateOptions{Profile: ProfileSymphony, IssueModel: IssueModelReplace})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.ConfigInvalid || !strings.Contains(l[0].Summary, "needs a Profile whose issue model ContextSchema replaces") {
		t.Errorf("replace without a schema: %v", err)
	}
	_, err = CompileTemplate(src, TemplateOptions{Profile: ProfileSymphony, ContextSchema: []byte(model), IssueModel: "merge"})
	if l := diag.AsList(err); len(l) != 1 || l[0].Code != codes.ConfigInvalid || !strings.Contains(l[0].Summary, `unknown issue model "merge"`) {
		t.Errorf("unknown model: %v", err)
	}
}
