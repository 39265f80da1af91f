package render

import (
	"context"
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
	"github.com/sheaproject/shea/strict"
)

// A key the schema declares but the data leaves out reads as nil in
// strict mode, as a key holding null does; a missing key the schema does
// not declare is still an error, and data the schema forbids is rejected
// before rendering.
func TestDeclaredMeansPresent(t *testing.T) {
	schema, err := strict.CompileSchema("ctx.json", []byte(`{
		"type": "object",
		"required": ["issue"],
		"properties": {
			"issue": {"type": "object", "required": ["title"], "additionalProperties": false, "properties": {
				"title": {"type": "string"},
				"description": {"type": ["string", "null"]},
				"extra": {"type": "object", "additionalProperties": true},
				"comments": {"type": "array", "items": {"type": "object", "properties": {"author": {"type": "string"}, "body": {"type": "string"}}}}
			}},
			"attempt": {"type": ["integer", "null"]}
		}
	}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	issue := `{"title": "T"}`
	partials := mapPartials{"card": "{{ x.title }}:{{ x.description }}", "comment": "{{ c.author }}-{{ c.body }}"}
	for _, tc := range []struct {
		name, src, data, want, err string
	}{
		{"if on a left-out key", `{% if issue.description %}yes{% else %}no{% endif %}`, issue, "no", ""},
		{"output of a left-out key", `[{{ issue.description }}]`, issue, "[]", ""},
		{"through a left-out key", `[{{ issue.description.size }}]`, issue, "[]", ""},
		{"left-out input", `{% if attempt %}retry {{ attempt }}{% else %}first{% endif %}`, issue, "first", ""},
		{"left-out item property", `{% for c in issue.comments %}{{ c.author }}:{{ c.body | default: "-" }};{% endfor %}`,
			`{"title": "T", "comments": [{"author": "a"}, {"body": "b"}]}`, "a:-;:b;", ""},
		{"left-out key in a default", `{{ issue.description | default: "none" }}`, issue, "none", ""},
		{"undeclared key of an open object", `[{{ issue.extra.nope }}]`, `{"title": "T", "extra": {}}`, "[]", ""},
		{"undeclared dynamic key", `{% assign k = "nope" %}{{ issue[k] }}`, issue, "",
			`"issue[…]" is missing from the data [unknown_variable]`},
		{"declared dynamic key", `{% assign k = "description" %}[{{ issue[k] }}]`, issue, "[]", ""},
		{"in a render partial", `{% render 'card', x: issue %}`, issue, "T:", ""},
		{"in an include partial with", `{% include 'card' with issue as x %}`, issue, "T:", ""},
		{"in a render partial for", `{% render 'comment' for issue.comments as c %}`,
			`{"title": "T", "comments": [{"author": "a"}]}`, "a-", ""},
		{"key the schema forbids", `{{ issue.title }}`, `{"title": "T", "titel": "x"}`, "", `[context_invalid]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tpl, diags := New(Options{Partials: partials}).Compile(tc.src, "p.md", diag.Pos{}, schema)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			vars, err := DecodeJSONObject([]byte(`{"issue": ` + tc.data + `}`))
			if err != nil {
				t.Fatal(err)
			}
			out, err := tpl.Render(context.Background(), vars)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("render error: %v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("error = %v, want %q", err, tc.err)
			}
			if out != tc.want {
				t.Errorf("out = %q, want %q", out, tc.want)
			}
		})
	}
}
