package strict

import (
	"strings"
	"testing"

	"github.com/sheaproject/shea/diag"
)

func TestForeignLanguageNote(t *testing.T) {
	schema, err := testLaneContext("symphony")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ src, lang string }{
		{"Hi {{name}}\n{{#items}}- {{title}}\n{{/items}}\n", "Mustache/Handlebars ({{#items}})"},
		{"{{> header}}", "Mustache/Handlebars ({{> header}})"},
		{"{{^empty}}none{{/empty}}", "Mustache/Handlebars ({{^empty}})"},
		{"Issue {{ .Title }}", "Go text/template ({{ .Title }})"},
		{"{{range .Items}}{{.}}{{end}}", "Go text/template ({{range .Items}})"},
		{"{{if .Done}}y{{end}}", "Go text/template ({{if .Done}})"},
		{"{{- .Title -}}", "Go text/template ({{- .Title -}})"},
		{"{% set x = 1 %}{{ x }}", "Jinja ({% set x = 1 %})"},
		{"{% macro m() %}{% endmacro %}", "Jinja ({% macro m() %})"},
		{"{% block body %}{% endblock %}", "Jinja ({% block body %})"},
		{"{{ issue.title|default(\"x\") }}", `Jinja ({{ issue.title|default("x") }})`},
		{"{% for l in issue.labels %}{{ loop.index }}{% endfor %}", "Jinja ({{ loop.index }})"},
		// Liquid's own mistakes get no note.
		{"{{ issue.titel }}", ""},
		{"{% if issue.title %}", ""},
		{"{{ issue.title | upcase: }}", ""},
		{"{% assing x = 1 %}", ""},
	} {
		_, diags := Check(tc.src, "t.md", diag.Pos{}, Options{Context: schema})
		if len(diags) == 0 {
			t.Errorf("%q: no diagnostics", tc.src)
			continue
		}
		detail := diags[0].Detail
		if tc.lang == "" {
			if strings.Contains(detail, "This looks like") {
				t.Errorf("%q: unexpected note: %s", tc.src, detail)
			}
			continue
		}
		if !strings.Contains(detail, "This looks like "+tc.lang+", not Liquid; shea, and the orchestrator that reads this file, expect Liquid: ") {
			t.Errorf("%q: first diagnostic %v\ndetail: %s", tc.src, diags[0], detail)
		}
		for _, d := range diags[1:] {
			if strings.Contains(d.Detail, "This looks like") {
				t.Errorf("%q: the note is repeated on %v", tc.src, d)
			}
		}
	}
}
