package render

import (
	"context"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/strict"
)

func laneSchema(t *testing.T) *strict.Schema {
	t.Helper()
	s, err := laneSchemaErr()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func laneSchemaErr() (*strict.Schema, error) { return profile.LaneContext("symphony") }

func issueVars() map[string]any {
	return map[string]any{
		"issue": map[string]any{
			"id": "1", "identifier": "ABC-1", "title": "Fix the bug", "state": "Todo",
			"url": nil, "labels": []any{"bug", "p1"},
		},
		"attempt": nil,
	}
}

func TestStrictRenderHappyPath(t *testing.T) {
	eng := New(Options{})
	tpl, diags := eng.Compile("{{ issue.identifier }}: {{ issue.title }}{% if issue.url %} <{{ issue.url }}>{% endif %}{% for l in issue.labels %} #{{ l }}{% endfor %}{% if attempt %} (retry {{ attempt }}){% endif %}", "p.md", diag.Pos{}, laneSchema(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out, err := tpl.Render(context.Background(), issueVars())
	if err != nil {
		t.Fatal(err)
	}
	if want := "ABC-1: Fix the bug #bug #p1"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

func TestStrictRenderMissingKeyIsPositionedError(t *testing.T) {
	eng := New(Options{})
	// issue declares no "branch"; a dynamic key is only known when rendering.
	tpl, diags := eng.Compile("line one\n  {% assign k = 'branch' %}{{ issue[k] }}", "p.md", diag.Pos{Line: 10, Column: 1, Byte: 200}, laneSchema(t))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	vars := issueVars()
	vars["issue"].(map[string]any)["native_ref"] = map[string]any{}
	out, err := tpl.Render(context.Background(), vars)
	if out != "" || err == nil {
		t.Fatalf("got %q, %v; want an error and no output", out, err)
	}
	e, ok := AsError(err)
	if !ok || e.Class != codes.ClassTemplateRender || len(e.Diagnostics) != 1 {
		t.Fatalf("error %#v", err)
	}
	d := e.Diagnostics[0]
	want := diag.Range{Filename: "p.md", Start: diag.Pos{Line: 11, Column: 31, Byte: 239}, End: diag.Pos{Line: 11, Column: 39, Byte: 247}}
	if d.Code != codes.UnknownVariable || d.Subject != want || !strings.Contains(d.Summary, `"issue[…]"`) {
		t.Errorf("got %v %+v %q", d.Code, d.Subject, d.Summary)
	}
}
