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

func TestArithmeticHint(t *testing.T) {
	schema, err := testLaneContext("symphony")
	if err != nil {
		t.Fatal(err)
	}
	const tail = " %}); the math filters are plus, minus, times, divided_by and modulo."
	for _, tc := range []struct{ src, at, write string }{
		{"{{ issue.attempt_count + 1 }}", "1:24", "issue.attempt_count | plus: 1"},
		{"{{ attempt * 2 }}", "1:12", "attempt | times: 2"},
		{"{{ attempt/2 }}", "1:11", "attempt | divided_by: 2"},
		{"{% if attempt - 1 > 0 %}x{% endif %}", "1:15", "attempt | minus: 1"},
		{"{% assign n = attempt % 3 %}", "1:23", "attempt | modulo: 3"},
		{"{{ issue.labels[0].name + '!' }}", "1:25", "issue.labels[0].name | append: '!'"},
		// No operand on one side, or no arithmetic: no hint.
		{"{{ + 1 }}", "1:4", ""},
		{"{{ attempt + }}", "1:12", ""},
		{"{{ 'a' - 'b' }}", "1:8", ""},
		{"{{ attempt ; 2 }}", "1:12", ""},
	} {
		_, diags := Check(tc.src, "t.md", diag.Pos{}, Options{Context: schema})
		var got *diag.Diagnostic
		for _, d := range diags {
			if d.Code == "syntax_error" {
				got = d
				break
			}
		}
		if got == nil {
			t.Errorf("%q: no syntax error in %v", tc.src, diags)
			continue
		}
		if at := got.Subject.Start.String(); at != tc.at {
			t.Errorf("%q: syntax error at %s, want %s", tc.src, at, tc.at)
		}
		want := ""
		if tc.write != "" {
			want = "Liquid has no arithmetic operators: write " + tc.write + " (in a condition, assign it first: {% assign n = " + tc.write + tail
		}
		if got.Detail != want {
			t.Errorf("%q: detail\n%s\nwant\n%s", tc.src, got.Detail, want)
		}
	}
}
