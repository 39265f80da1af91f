package workflows

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sheaproject/shea/codes"
)

// TestPruneSurvivesEveryKeyword: an extension of the issue that uses any
// JSON Schema keyword keeps the pruning of a runner's undeclared fields
// working, in DecodeIssue (the CLI's --issue) and in RenderLane (a
// runner's Go value). Before, any keyword beyond the few the reduced
// validator knows (format first) made every issue with an undeclared field
// fail context_invalid.
func TestPruneSurvivesEveryKeyword(t *testing.T) {
	exts := map[string]string{
		"format":                 `{"type": "string", "format": "date-time"}`,
		"pattern+minLength":      `{"type": "string", "pattern": "^2", "minLength": 4, "examples": ["2026"]}`,
		"exclusiveMinimum":       `{"type": ["string", "integer"], "exclusiveMinimum": 0}`,
		"oneOf":                  `{"oneOf": [{"type": "string"}, {"type": "integer"}]}`,
		"not":                    `{"type": "string", "not": {"const": "never"}}`,
		"if/then/else":           `{"if": {"type": "string"}, "then": {"minLength": 1}, "else": {"type": "null"}}`,
		"contentMediaType":       `{"type": "string", "contentMediaType": "text/plain"}`,
		"uniqueItems/prefix":     `{"type": ["string", "array"], "uniqueItems": true, "prefixItems": [{"type": "string"}]}`,
		"dependentRequired":      `{"type": "string"}, "x_dep": {"type": "string"}`,
		"patternProperties deep": `{"type": "string"}, "meta": {"type": "object", "patternProperties": {"^k": {"type": "string"}}, "additionalProperties": false}`,
	}
	for name, ext := range exts {
		t.Run(name, func(t *testing.T) {
			front := "---\ntracker:\n  kind: memory\ntemplate_context:\n  schema: {\"type\": \"object\", \"properties\": {\"issue\": {\"properties\": {\"closed_at\": " + ext + "}" +
				map[bool]string{true: `, "dependentRequired": {"x_dep": ["closed_at"]}`, false: ""}[name == "dependentRequired"] + "}}}\n---\n"
			path := filepath.Join(t.TempDir(), "WORKFLOW.md")
			writeFile(t, path, front+"{{ issue.title }} {{ issue.closed_at }}\n")
			w, err := Gate(context.Background(), path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			in := `{"id": "1", "identifier": "A-1", "title": "T", "state": "Todo", "closed_at": "2026-01-01T00:00:00Z", "runner_field": 3, "blocked_by": [{"id": "2", "identifier": "A-2", "state": "Done", "weight": 3}]}`
			issue, diags := w.DecodeIssue([]byte(in), "issue.json")
			if diags.HasErrors() {
				t.Fatalf("DecodeIssue: %v", diags)
			}
			if _, ok := issue["runner_field"]; ok {
				t.Error("DecodeIssue kept runner_field")
			}
			got, err := w.RenderLane(context.Background(), LaneAgent, LaneInput{Issue: map[string]any{
				"id": "1", "identifier": "A-1", "title": "T", "state": "Todo", "closed_at": "2026-01-01T00:00:00Z",
				"runner_field": 3, "meta": map[string]any{"kx": "y", "other": 1},
			}})
			if err != nil || got != "T 2026-01-01T00:00:00Z" {
				t.Errorf("RenderLane = %q, %v", got, err)
			}
		})
	}
}

// TestFormatAsserted: format is checked for the data a runner passes
// (date-time, date, uri, email), naming the JSON pointer.
func TestFormatAsserted(t *testing.T) {
	for _, tt := range []struct{ format, good, bad string }{
		{"date-time", "2026-01-01T00:00:00Z", "yesterday"},
		{"date", "2026-01-01", "2026-13-01"},
		{"uri", "https://example.com/a", "not a uri"},
		{"email", "a@example.com", "nobody"},
	} {
		t.Run(tt.format, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "WORKFLOW.md")
			writeFile(t, path, "---\ntracker:\n  kind: memory\ntemplate_context:\n  schema:\n    properties:\n      issue:\n        properties:\n          closed_at: {type: string, format: "+tt.format+"}\n---\n{{ issue.closed_at }}\n")
			w, err := Gate(context.Background(), path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			base := `{"id": "1", "identifier": "A-1", "title": "T", "state": "Todo", "extra": 1, "closed_at": `
			if _, diags := w.DecodeIssue([]byte(base+`"`+tt.good+`"}`), "issue.json"); diags.HasErrors() {
				t.Errorf("good value refused: %v", diags)
			}
			_, diags := w.DecodeIssue([]byte(base+`"`+tt.bad+`"}`), "issue.json")
			if len(diags) != 1 || diags[0].Code != codes.ContextInvalid || !strings.Contains(diags[0].Summary, "at /closed_at:") || !strings.Contains(diags[0].Summary, tt.format) {
				t.Errorf("DecodeIssue of %q: %v", tt.bad, diags)
			}
			_, err = w.RenderLane(context.Background(), LaneAgent, LaneInput{Issue: map[string]any{
				"id": "1", "identifier": "A-1", "title": "T", "state": "Todo", "closed_at": tt.bad}})
			if err == nil || !strings.Contains(err.Error(), "/issue/closed_at") {
				t.Errorf("RenderLane of %q: %v", tt.bad, err)
			}
		})
	}
}

// TestReadsPath: a boundary input is rendered for a template that reads
// the value it varies, or anything above or below it.
func TestReadsPath(t *testing.T) {
	for _, tt := range []struct {
		reads  []string
		varies string
		want   bool
	}{
		{[]string{"issue.priority"}, "issue.priority", true},
		{[]string{"issue.title"}, "issue.priority", false},
		{[]string{"issue"}, "issue.priority", true},
		{[]string{"issue.blocked_by"}, "issue.blocked_by[0].state", true},
		{[]string{"issue.blocked_by.first.state"}, "issue.blocked_by[0].state", true},
		{[]string{"issue.labels[0]"}, "issue.labels", true},
		{[]string{"issue.labels.size"}, "issue.labels[0]", true},
		{[]string{"issue[key]"}, "issue.title", true},
		{[]string{"self[name]"}, "issue.title", true},
		{[]string{"attempt"}, "issue.title", false},
		{[]string{"issue.native_ref"}, "issue.native_ref.provider", true},
	} {
		if got := readsPath(readRoots(tt.reads), tt.varies); got != tt.want {
			t.Errorf("readsPath(%v, %q) = %v, want %v", tt.reads, tt.varies, got, tt.want)
		}
	}
}
