package strict

import (
	"testing"

	"github.com/sheaproject/shea/diag"
)

// An unknown input or property of a context that says where inputs are
// declared (Schema.DeclaredIn) ends its detail with the declaration to add,
// unless the detail suggests a close name (a typo is not declared), the
// value is a local, an index is on the way, or it is a string's property.
func TestDeclareHint(t *testing.T) {
	base, err := CompileSchema("ctx", []byte(`{"properties": {
		"issue": {"type": "object", "properties": {
			"title": {"type": "string"},
			"labels": {"type": "array", "items": {"type": "string"}},
			"meta": {"type": "object", "properties": {"owner": {"type": "string"}}}
		}},
		"attempt": {"type": ["integer", "null"]}
	}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	declared := base.DeclaredIn("template_context.schema")
	extra, err := CompileSchema("extra", []byte(`{"properties": {"stage": {"type": "string"}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	const issueHas = `issue has "labels", "meta", "title".`
	tests := []struct {
		name   string
		schema *Schema
		src    string
		want   string // the detail of the one error
	}{
		{"property", declared, "{{ issue.comments }}",
			issueHas + "\nIf your runner sends it, declare it in template_context.schema: {properties: {issue: {properties: {comments: {type: …}}}}}"},
		{"nested", declared, "{{ issue.meta.team }}",
			`issue.meta has "owner".` + "\nIf your runner sends it, declare it in template_context.schema: {properties: {issue: {properties: {meta: {properties: {team: {type: …}}}}}}}"},
		{"quoted key", declared, `{{ issue["due date"] }}`,
			issueHas + "\nIf your runner sends it, declare it in template_context.schema: {properties: {issue: {properties: {\"due date\": {type: …}}}}}"},
		{"input", declared, "{{ stage }}",
			`The template's inputs are "issue", "attempt".` + "\nIf your runner sends it, declare it in template_context.schema: {properties: {stage: {type: …}}}"},
		{"kept by Extend", declared.Extend(extra), "{{ issue.comments }}",
			issueHas + "\nIf your runner sends it, declare it in template_context.schema: {properties: {issue: {properties: {comments: {type: …}}}}}"},
		{"kept by Without", declared.Without("attempt"), "{{ issue.comments }}",
			issueHas + "\nIf your runner sends it, declare it in template_context.schema: {properties: {issue: {properties: {comments: {type: …}}}}}"},
		{"typo", declared, "{{ issue.titel }}", `Did you mean "issue.title"?`},
		{"input typo", declared, "{{ isue }}", `Did you mean "issue"?`},
		{"local", declared, "{% assign m = issue.meta %}{{ m.team }}", `m has "owner".`},
		{"loop variable", declared, "{% for l in issue.labels %}{{ l.name }}{% endfor %}", ""},
		{"string", declared, "{{ issue.title.words }}", ""},
		{"index on the way", declared, "{{ issue.labels[0].name }}", ""},
		{"not declared anywhere", base, "{{ issue.comments }}", issueHas},
		{"input not declared anywhere", base, "{{ stage }}", `The template's inputs are "issue", "attempt".`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := Check(tt.src, "t.liquid", diag.Pos{}, Options{Context: tt.schema})
			errs := diags.Errors()
			if len(errs) != 1 {
				t.Fatalf("Check(%q) = %v, want one error", tt.src, diags)
			}
			if errs[0].Detail != tt.want {
				t.Errorf("Check(%q) detail =\n%s\nwant\n%s", tt.src, errs[0].Detail, tt.want)
			}
		})
	}
	if base.DeclaredIn("x") == nil || (*Schema)(nil).DeclaredIn("x") != nil {
		t.Error("DeclaredIn: want a schema for a schema, nil for nil")
	}
}
